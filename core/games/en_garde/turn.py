"""A fencer's turn: move, attack, or (advanced) advance-and-attack; then a refill.

A riposte is the same turn taken straight after a parry, before drawing. A player who has
nothing legal when a turn begins loses the round at once ("no-move"), so a turn in progress
always has at least one legal action.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from core.frozen import replace
from core.games.en_garde.actions import AdvanceAttack, Attack, EnGardeAction, Move
from core.games.en_garde.parry import can_defend
from core.games.en_garde.pile import (
    VALUES,
    card_count,
    card_value,
    cards,
    need,
    play_cards,
    without,
)
from core.games.en_garde.piste import distance, move_problem, moved
from core.games.en_garde.scoring import end_round, hit
from core.games.en_garde.state import EnGardeState
from core.games.en_garde.view import PendingAttack
from core.rules import IllegalAction

TurnAction = Move | Attack | AdvanceAttack


def turn_actions(state: EnGardeState, seat: int) -> list[TurnAction]:
    """Every move and attack `seat` could play now, in a stable order."""
    return list(_each_turn_action(state, seat))


def _each_turn_action(state: EnGardeState, seat: int) -> Iterator[TurnAction]:
    hand, gap = state.hands[seat], distance(state.positions)
    for card in sorted(set(hand)):
        for forward in (True, False):
            if move_problem(state.positions, seat, card, forward) is None:
                yield Move(card, forward)
    most = min(1, hand.count(gap)) if state.level == "basic" else hand.count(gap)
    for n in range(1, most + 1):
        yield Attack(gap, n)
    if state.level == "advanced":
        for step in sorted({c for c in hand if c < gap}):
            value = gap - step
            spare = hand.count(value) - (1 if value == step else 0)
            for n in range(1, spare + 1):
                yield AdvanceAttack(step, value, n)


def begin_turn(state: EnGardeState, seat: int, phase: Literal["turn", "riposte"]) -> EnGardeState:
    """Hand the turn to `seat`, or end the round if they have no legal move or attack (the
    first one found settles it: the whole list is not needed)."""
    ready = replace(state, phase=phase, actor=seat)
    if next(_each_turn_action(ready, seat), None) is not None:
        return ready
    return end_round(ready, 1 - seat, "no-move", "The player to move had no legal move or attack.")


def play_turn(state: EnGardeState, action: EnGardeAction) -> EnGardeState:
    """Check and play a turn action for `state.actor`; the actor then refills."""
    if isinstance(action, Move):
        return _move(state, action)
    if isinstance(action, Attack):
        return _attack(state, (), action.value, card_count(action.count), False)
    if isinstance(action, AdvanceAttack):
        if state.level != "advanced":
            raise IllegalAction("Advance-and-attack belongs to the advanced level")
        return _advance_attack(state, action)
    raise IllegalAction("It is your turn: move or attack (there is no attack to answer)")


def _move(state: EnGardeState, action: Move) -> EnGardeState:
    card, seat = card_value(action.card), state.actor
    if type(action.forward) is not bool:
        raise IllegalAction("A move goes forward or backward")
    need(state.hands[seat], card, 1)
    problem = move_problem(state.positions, seat, card, action.forward)
    if problem is not None:
        raise IllegalAction(problem)
    return _played(
        replace(state, positions=moved(state.positions, seat, card, action.forward)), (card,)
    )


def _advance_attack(state: EnGardeState, action: AdvanceAttack) -> EnGardeState:
    step, seat, count = card_value(action.move), state.actor, card_count(action.count)
    need(state.hands[seat], step, 1)
    problem = move_problem(state.positions, seat, step, forward=True)
    if problem is not None:
        raise IllegalAction(problem)
    gap = distance(state.positions) - step
    if gap > max(VALUES) or action.value != gap:
        then = "too far to attack" if gap > max(VALUES) else f"attack with {gap}s"
        raise IllegalAction(f"After moving {step} the distance is {gap}: {then}")
    value = card_value(action.value)
    if value == step and state.hands[seat].count(value) < count + 1:
        raise IllegalAction(
            f"Moving with a {step} and attacking with {cards(count, value)} "
            f"needs {cards(count + 1, value)}"
        )
    advanced = replace(state, positions=moved(state.positions, seat, step, True))
    return _attack(advanced, (step,), value, count, True)


def _attack(
    state: EnGardeState, before: tuple[int, ...], value: object, count: int, advanced: bool
) -> EnGardeState:
    """Play `before` (the advance card, if any) and `count` cards of `value` at the distance.

    The distance is checked before the card, so a player hears "too far", not "no card 9"."""
    seat, gap = state.actor, distance(state.positions)
    if gap > max(VALUES):
        raise IllegalAction(f"The distance is {gap}: too far to attack")
    if value != gap:
        raise IllegalAction(f"An attack needs cards equal to the distance, {gap}")
    value = card_value(value)
    if count > 1 and state.level == "basic":
        raise IllegalAction("The basic level has no strengthened attacks: attack with one card")
    need(without(state.hands[seat], *before), value, count)
    played = _played(state, (*before, *(value,) * count))
    if state.level == "basic":
        return hit(played, seat, value, count, f"at distance {gap} hit")
    attack = PendingAttack(seat, value, count, advanced)
    if not can_defend(played, 1 - seat, attack):
        how = "could be neither parried nor escaped" if advanced else "could not be parried"
        return hit(played, seat, value, count, how)
    return replace(played, pending=attack)


def _played(state: EnGardeState, played: tuple[int, ...]) -> EnGardeState:
    """Discard `played` from the actor's hand and start the actor's refill."""
    return replace(play_cards(state, played), phase="refill")
