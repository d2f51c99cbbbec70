"""En Garde's actions in plain words, as a given seat may know them."""

from __future__ import annotations

from collections.abc import Sequence

from core.games.en_garde.actions import (
    AdvanceAttack,
    Attack,
    Draw,
    EnGardeAction,
    Move,
    Parry,
    Pass,
    Retreat,
)
from core.games.en_garde.pile import cards
from core.games.en_garde.state import EnGardeState


def describe(
    state: EnGardeState, action: EnGardeAction, viewer: int | None, names: Sequence[str]
) -> str:
    """`action`, taken in `state`; only the receiver (or everyone-view) learns a drawn card."""
    seat = state.actor
    who = names[seat] if seat < len(names) else f"Seat {seat + 1}"
    if isinstance(action, Draw):
        seen = viewer is None or viewer == seat
        return f"{who} drew {'a ' + str(action.card) if seen else 'a card'}"
    if isinstance(action, Move):
        return f"{who} moved {action.card} {'forward' if action.forward else 'backward'}"
    if isinstance(action, Attack):
        return f"{who} attacked with {cards(action.count, action.value)}"
    if isinstance(action, AdvanceAttack):
        strike = cards(action.count, action.value)
        return f"{who} advanced {action.move} and attacked with {strike}"
    if isinstance(action, Parry):
        attack = state.pending
        return f"{who} parried" + (f" with {cards(attack.count, attack.value)}" if attack else "")
    if isinstance(action, Retreat):
        return f"{who} retreated {action.card}"
    if isinstance(action, Pass) and state.phase == "last-chance":
        return f"{who} declined the last attack"
    return f"{who} took the hit"
