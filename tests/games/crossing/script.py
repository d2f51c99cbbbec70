"""Scripting helpers for the Crossing tests: set up positions by naming squares, play notation.

Examples::

    position(white="d1 d2 d3 d4", black="d5 d6 d7 d8")      White to move
    position(white="a7", black="h2", crossed_black="c1", mover=0, exact_distance=True)
    play(state, "d2-d3 e7-e6 d1:d3-d5")
"""

from __future__ import annotations

from dataclasses import replace

from core.games.crossing import Crossing, CrossingState
from core.games.crossing.board import EMPTY, LOCKED, STONE, square

RULES = Crossing()


def sq(text: str) -> int:
    found = square(text)
    assert found is not None, text
    return found


def squares(text: str) -> list[int]:
    return [sq(t) for t in text.split()]


def position(
    white: str = "",
    black: str = "",
    crossed_white: str = "",
    crossed_black: str = "",
    mover: int = 0,
    **options: object,
) -> CrossingState:
    """A fresh match (with `options`) whose board holds just the stones named, `mover` to move."""
    board = [EMPTY] * 64
    for text, cell in (
        (white, STONE[0]),
        (black, STONE[1]),
        (crossed_white, LOCKED[0]),
        (crossed_black, LOCKED[1]),
    ):
        for at in squares(text):
            assert board[at] == EMPTY, f"two stones on one square in {text!r}"
            board[at] = cell
    return from_cells("".join(board), mover, **options)


def from_cells(cells: str, mover: int = 0, **options: object) -> CrossingState:
    """A fresh match (with `options`) on a 64-cell board string (golden vector form)."""
    state = replace(RULES.new(2, options), cells=cells, mover=mover)
    return replace(state, positions=(state.key,))


def play(state: CrossingState, script: str) -> CrossingState:
    """Apply each space-separated notation token in turn."""
    for token in script.split():
        state = RULES.apply(state, RULES.parse(state, token))
    return state


def notations(state: CrossingState) -> set[str]:
    return {RULES.notation(a) for a in RULES.legal_actions(state)}
