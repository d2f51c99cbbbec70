"""The bout's choices and answers: every action open now, the defender's parry, retreat or
hit, and basic's last attack chance.

A parry costs cards but draws none: the defender takes a riposte turn first and refills after
it. If the attack's refill drew the last card, a parry ends the round by hand comparison and a
retreat (advanced) by advance alone.
"""

from __future__ import annotations

from core.frozen import replace
from core.games.en_garde import deal
from core.games.en_garde.actions import Attack, EnGardeAction, Parry, Pass, Retreat
from core.games.en_garde.parry import check_parry, check_retreat, defences
from core.games.en_garde.pile import card_count, card_value, pile_size, play_cards
from core.games.en_garde.piste import distance, moved
from core.games.en_garde.scoring import by_advance, by_hands, hit
from core.games.en_garde.state import EnGardeState
from core.games.en_garde.turn import begin_turn, turn_actions
from core.rules import IllegalAction


def choices(state: EnGardeState) -> list[EnGardeAction]:
    """Every action open now, in a stable order: the cards chance may draw, or the decisions
    of the seat to act (what `legal_actions` lists and the bots choose from)."""
    if state.chance:
        return list(deal.draws(state))
    if state.phase in ("turn", "riposte"):
        return list(turn_actions(state, state.actor))
    if state.phase == "defend":
        return list(defences(state))
    if state.phase == "last-chance":
        return [Attack(distance(state.positions)), Pass()]
    return []


def answer(state: EnGardeState, action: EnGardeAction) -> EnGardeState:
    """The defender's reply to `state.pending`."""
    attack = state.pending
    assert attack is not None
    seat = state.actor
    if isinstance(action, Pass):
        return hit(state, attack.attacker, attack.value, attack.count, "was not parried")
    if isinstance(action, Parry):
        check_parry(state, attack)
        parried = _discarding(state, (attack.value,) * attack.count)
        if pile_size(parried) == 0:
            return by_hands(parried)
        return begin_turn(parried, seat, "riposte")
    if isinstance(action, Retreat):
        if state.level != "advanced":
            raise IllegalAction("There is no retreat in this level: parry or take the hit")
        card = check_retreat(state, attack, action.card)
        back = replace(
            _discarding(state, (card,)),
            positions=moved(state.positions, seat, card, forward=False),
        )
        if pile_size(back) == 0:
            return by_advance(back, "The defender retreated after the last card was drawn")
        return replace(back, phase="refill")
    if attack.advanced:
        raise IllegalAction("You are under attack: parry, retreat or take the hit")
    raise IllegalAction("Only a parry answers a plain attack: parry or take the hit")


def last_chance(state: EnGardeState, action: EnGardeAction) -> EnGardeState:
    """Basic level, pile empty: attack with the distance card, or let it go."""
    if isinstance(action, Pass):
        return by_advance(state, "The pile ran out and the last attack was declined")
    if not isinstance(action, Attack):
        raise IllegalAction("The pile is empty: no more moves. Attack or decline")
    value, gap = card_value(action.value), distance(state.positions)
    if value != gap:
        raise IllegalAction(f"An attack needs cards equal to the distance, {gap}")
    if card_count(action.count) != 1:
        raise IllegalAction("The basic level has no strengthened attacks: attack with one card")
    played = _discarding(state, (value,))
    return hit(played, state.actor, value, 1, "in the last chance hit")


def _discarding(state: EnGardeState, played: tuple[int, ...]) -> EnGardeState:
    return replace(play_cards(state, played), pending=None)
