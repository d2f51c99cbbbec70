"""Fields of Action's moves in plain words (all information is open, so every viewer reads
the same): "White moved stone 12 from d2 to d5"; "Black's 7 captured White's 3 on e4 — Black has
3 4 5 of a run"."""

from __future__ import annotations

from collections.abc import Sequence

from core.games.fields_of_action.actions import Capture, FieldsAction
from core.games.fields_of_action.board import SIDES, name
from core.games.fields_of_action.runs import RUN_TO_WIN, longest_run, spoken, winning_run
from core.games.fields_of_action.state import FieldsState
from core.voice import ADVISED, TOLD, Voice


def describe(
    state: FieldsState, action: FieldsAction, viewer: int | None, names: Sequence[str]
) -> str:
    """`action`, taken in `state` by the side to move; `names` are the seats' names."""
    return _voiced(state, action, names, TOLD)


def advise(state: FieldsState, action: FieldsAction, names: Sequence[str]) -> str:
    """`action` as advice to the side about to take it: "capture Black's 3 on e4 with your 7
    — White has 3 4 5 of a run"."""
    return _voiced(state, action, names, ADVISED)


def _voiced(state: FieldsState, action: FieldsAction, names: Sequence[str], voice: Voice) -> str:
    side = state.mover
    who, foe = _name(names, side), _name(names, 1 - side)
    stone = state.board[action.origin]
    number = stone.number if stone is not None else "?"
    if not isinstance(action, Capture):
        moved = voice.subject(who) + voice.verb("move")  # "stone": "moved 4" read as a distance
        return f"{moved} stone {number} from {name(action.origin)} to {name(action.target)}"
    run = longest_run((*state.captured[side], action.number))
    took = voice.pick(
        f"{who}'s {number} captured {foe}'s {action.number} on {name(action.target)}",
        f"capture {foe}'s {action.number} on {name(action.target)} with your {number}",
    )
    if len(run) >= RUN_TO_WIN:
        return f"{took} — {who} has {winning_run(run)}"
    numbers = "number" if len(run) == 1 else "numbers"
    return f"{took} — {who}'s best run: {numbers} {spoken(run)} ({len(run)} of {RUN_TO_WIN})"


def _name(names: Sequence[str], side: int) -> str:
    return names[side] if side < len(names) and names[side] else SIDES[side]
