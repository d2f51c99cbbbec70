"""Scripting helpers for the Fields of Action tests: positions from a list of stones, moves
from notation.

    board("W12 d2, W5 e1, B7 e4")   a board with just those stones
    at(state, "d2")                 the squares the stone on d2 can reach, sorted
    play(state, "d2-d5 e7-e5")      apply each notation token in turn
"""

from __future__ import annotations

from core.games.fields_of_action import FieldsOfAction, FieldsState
from core.games.fields_of_action.board import NAMES, STONES, Board, Stone, name
from core.games.fields_of_action.setup import position

RULES = FieldsOfAction()
WHITE, BLACK = 0, 1


def new(**options: object) -> FieldsState:
    return RULES.new(2, options)


def board(stones: str) -> Board:
    """A board holding exactly the listed stones, e.g. "W12 d2, B7 e4"."""
    cells: list[Stone | None] = [None] * 64
    for entry in stones.split(","):
        label, where = entry.split()
        side = "WB".index(label[0])
        assert cells[NAMES[where]] is None, f"{where} listed twice"
        cells[NAMES[where]] = STONES[side][int(label[1:]) - 1]
    return tuple(cells)


def setup(
    stones: str,
    mover: int = WHITE,
    captured: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
    *,
    repetition: bool = True,
    capture_limit: int = 200,
) -> FieldsState:
    """A position with those stones, `mover` to move, no history."""
    return position(
        board(stones), mover, captured, repetition=repetition, capture_limit=capture_limit
    )


def at(state: FieldsState, square: str) -> list[str]:
    """The squares the stone on `square` can legally reach, sorted."""
    return sorted(name(a.target) for a in RULES.legal_actions(state) if name(a.origin) == square)


def play(state: FieldsState, script: str) -> FieldsState:
    """Apply each space-separated notation token."""
    for token in script.split():
        state = RULES.apply(state, RULES.parse(state, token))
    return state
