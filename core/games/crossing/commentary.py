"""Crossing's moves in plain words (nothing is hidden, so every viewer reads the same)."""

from __future__ import annotations

from collections.abc import Sequence

from core.games.crossing.actions import CrossingAction, Step
from core.games.crossing.board import name
from core.games.crossing.state import CrossingState
from core.voice import ADVISED, TOLD, Voice

SEATS = ("White", "Black")
DASH = "\u2013"
"""An en dash, between the end squares of a phalanx."""


def describe(
    state: CrossingState, action: CrossingAction, viewer: int | None, names: Sequence[str]
) -> str:
    """`action`, taken in `state`, e.g. "White moved the phalanx c2-c4 to c3-c5, capturing c5"
    or "Black's stone crossed on a1 — White must cross in reply"."""
    del viewer  # open information: everyone reads the same words
    return _voiced(state, action, names, TOLD)


def advise(state: CrossingState, action: CrossingAction, names: Sequence[str]) -> str:
    """`action` as advice to the side about to take it: "cross on g8 from h7 — Black must
    cross in reply"."""
    return _voiced(state, action, names, ADVISED)


def _voiced(
    state: CrossingState, action: CrossingAction, names: Sequence[str], voice: Voice
) -> str:
    seat = state.mover
    who, other = _name(names, seat), _name(names, 1 - seat)
    owed = state.owes
    where = name(action.target)
    move = voice.subject(who) + voice.verb("move")
    if isinstance(action, Step):
        moved = f"{move} {name(action.origin)} to {where}"
    else:
        stones, targets = action.stones, action.targets
        moved = (
            f"{move} the phalanx {name(stones[-1])}{DASH}{name(stones[0])} "
            f"to {name(targets[-1])}{DASH}{name(targets[0])}"
        )
        if action.capture:
            moved += f", capturing {where}"
    if not action.crosses:
        if owed:
            return f"{moved}, leaving {other}'s crossing unanswered: {other} wins"
        return moved
    after = f", cancelling {other}'s crossing" if owed else f" — {other} must cross in reply"
    if isinstance(action, Step):
        crossed = f"{who}'s stone crossed on {where}"
        return voice.pick(crossed, f"cross on {where} from {name(action.origin)}") + after
    return f"{moved}; its leading stone {voice.pick('crossed', 'crosses')} on {where}{after}"


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) and names[seat] else SEATS[seat]
