"""A Fields of Action position: one frozen record of tuples, open to both players.

It carries what the board widget shows (stones by square, each side's captures, the last
move, moves since the last capture) and what the house rules need: `seen` holds the position
keys since the last capture, so threefold repetition is decided from the state alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from core.games.fields_of_action.board import SIDES, Board, Square, Stone, name, square
from core.games.fields_of_action.runs import longest_run

Reason = Literal["run", "no-move", "repetition", "capture-limit"]


@dataclass(frozen=True)
class LastMove:
    """The move just made: the stone, from where to where, and the stone it took (if any)."""

    origin: Square
    target: Square
    stone: Stone
    captured: Stone | None = None


@dataclass(frozen=True)
class Result:
    """How the game ended; `winner` None is a draw."""

    winner: int | None
    reason: Reason
    detail: str
    """One sentence for players, e.g. "White captured 4 5 6 7 8, a run of five"."""


@dataclass(frozen=True)
class FieldsState:
    board: Board
    """64 cells, a1, b1, …, h1, a2, …, h8; each a Stone or None."""
    mover: int
    """The side to move: 0 White, 1 Black (also when the game is over: who would move)."""
    first: int = 0
    """The side that made the first move."""
    captured: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    """captured[side]: the numbers of the enemy stones that side has taken, sorted."""
    last: LastMove | None = None
    since_capture: int = 0
    """Moves (by either side) since the last capture, or since the start."""
    ply: int = 0
    """Moves made so far."""
    seen: tuple[bytes, ...] = ()
    """Position keys (board and side to move) since the last capture, oldest first, ending with
    this position's. A capture removes a stone for good, so older positions cannot recur."""
    repetition: bool = True
    """House rule: the third occurrence of a position with the same side to move is a draw."""
    capture_limit: int = 200
    """House rule: this many moves in a row without a capture is a draw; 0 = no limit."""
    result: Result | None = None

    def stone_at(self, where: Square | str) -> Stone | None:
        """The stone on a square, given as 0..63 or by name ("d2")."""
        found = square(where) if isinstance(where, str) else where
        if found is None:
            raise ValueError(f"{where!r} is not a square")
        return self.board[found]

    @property
    def stones(self) -> tuple[tuple[str, Stone], ...]:
        """Every stone on the board with its square's name, in square order."""
        return tuple((name(sq), s) for sq, s in enumerate(self.board) if s is not None)

    @property
    def runs(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each side's longest run of captured numbers so far (see `runs.longest_run`)."""
        return (longest_run(self.captured[0]), longest_run(self.captured[1]))

    @property
    def to_move(self) -> int | None:
        return None if self.result is not None else self.mover

    @property
    def mover_name(self) -> str:
        return SIDES[self.mover]


def position_key(board: Board, mover: int) -> bytes:
    """The board and the side to move as 65 bytes (0 empty, 1..12 White, 13..24 Black)."""
    cells = [0 if s is None else s.side * 12 + s.number for s in board]
    return bytes([*cells, mover])
