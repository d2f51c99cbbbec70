"""What may answer an attack: a parry of equal cards, or (advanced, against an
advance-and-attack only) a retreat; otherwise the defender is hit."""

from __future__ import annotations

from core.games.en_garde.actions import Parry, Pass, Retreat
from core.games.en_garde.pile import card_value, cards
from core.games.en_garde.piste import move_problem
from core.games.en_garde.state import EnGardeState
from core.games.en_garde.view import PendingAttack
from core.rules import IllegalAction


def can_parry(hand: tuple[int, ...], attack: PendingAttack) -> bool:
    return hand.count(attack.value) >= attack.count


def retreats(state: EnGardeState, defender: int, attack: PendingAttack) -> list[Retreat]:
    """Every legal retreat: any card that keeps the defender on the piste."""
    if not attack.advanced:
        return []
    return [
        Retreat(card)
        for card in sorted(set(state.hands[defender]))
        if move_problem(state.positions, defender, card, forward=False) is None
    ]


def can_defend(state: EnGardeState, defender: int, attack: PendingAttack) -> bool:
    return can_parry(state.hands[defender], attack) or bool(retreats(state, defender, attack))


def defences(state: EnGardeState) -> list[Parry | Retreat | Pass]:
    """The defender's choices; Pass (take the hit) is always among them."""
    attack = state.pending
    assert attack is not None
    parry: list[Parry | Retreat | Pass] = (
        [Parry()] if can_parry(state.hands[state.actor], attack) else []
    )
    return [*parry, *retreats(state, state.actor, attack), Pass()]


def check_parry(state: EnGardeState, attack: PendingAttack) -> None:
    held = state.hands[state.actor].count(attack.value)
    if held < attack.count:
        need = cards(attack.count, attack.value)
        raise IllegalAction(f"A parry needs {need}; you hold {cards(held, attack.value)}")


def check_retreat(state: EnGardeState, attack: PendingAttack, card: object) -> int:
    value = card_value(card)
    if not attack.advanced:
        raise IllegalAction("Only a parry answers a plain attack; retreat is not allowed")
    if value not in state.hands[state.actor]:
        raise IllegalAction(f"You hold no {value}")
    problem = move_problem(state.positions, state.actor, value, forward=False)
    if problem is not None:
        raise IllegalAction(problem)
    return value
