"""The numbered setup of RULES.md §4 (White's half; Black's is its 180° turn)."""

from __future__ import annotations

from core.frozen import replace
from core.games.fields_of_action.board import NAMES, SIZE, STONES, Board, Square, Stone
from core.games.fields_of_action.state import FieldsState, position_key
from core.games.fields_of_action.turn import judge

WHITE_SETUP: tuple[tuple[str, int], ...] = (
    ("e3", 1), ("f3", 2), ("g3", 3), ("h3", 4),
    ("e1", 5), ("f1", 6), ("g1", 7), ("h1", 8),
    ("a2", 9), ("b2", 10), ("c2", 11), ("d2", 12),
)  # fmt: skip
"""White's stones: square, number. W12 on d2 touches W11, W1 and W5 (the seed's example)."""


def turned(square: Square) -> Square:
    """The square a half turn of the board puts `square` on (a1 <-> h8)."""
    return SIZE * SIZE - 1 - square


def starting_board() -> Board:
    cells: list[Stone | None] = [None] * (SIZE * SIZE)
    for text, number in WHITE_SETUP:
        cells[NAMES[text]] = STONES[0][number - 1]
        cells[turned(NAMES[text])] = STONES[1][number - 1]
    return tuple(cells)


def position(
    board: Board,
    mover: int,
    captured: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
    *,
    first: int = 0,
    repetition: bool = True,
    capture_limit: int = 200,
) -> FieldsState:
    """A position to start from (the setup, a puzzle, a test): no history, already judged."""
    state = FieldsState(
        board=tuple(board),
        mover=mover,
        first=first,
        captured=(tuple(sorted(captured[0])), tuple(sorted(captured[1]))),
        seen=(position_key(tuple(board), mover),),
        repetition=repetition,
        capture_limit=capture_limit,
    )
    return replace(state, result=judge(state))
