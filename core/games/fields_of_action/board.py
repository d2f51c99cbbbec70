"""The 8 by 8 board: squares, the eight straight-line directions, and the stones on it.

A square is an int 0..63, index = rank * 8 + file (a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …,
h8 = 63), the order the golden vectors use. Names are the usual "a1".."h8".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Square = int
SIZE = 8
SQUARES = range(SIZE * SIZE)
FILES = "abcdefgh"
SIDES: tuple[str, str] = ("White", "Black")
"""Seat 0 plays White, seat 1 Black (whoever moves first)."""

DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1),
)  # fmt: skip
"""(file step, rank step): north, north-east, east, … clockwise."""


@dataclass(frozen=True)
class Stone:
    """One numbered stone: `side` 0 = White, 1 = Black; `number` 1..12."""

    side: int
    number: int

    @property
    def colour(self) -> Literal["White", "Black"]:
        return "White" if self.side == 0 else "Black"

    @property
    def label(self) -> str:
        """The golden vectors' spelling: W12, B7."""
        return f"{self.colour[0]}{self.number}"


STONES: tuple[tuple[Stone, ...], tuple[Stone, ...]] = (
    tuple(Stone(0, n) for n in range(1, 13)),
    tuple(Stone(1, n) for n in range(1, 13)),
)
"""The 24 stones, `STONES[side][number - 1]`."""

Board = tuple[Stone | None, ...]
"""64 cells in square order; None is an empty square."""


def file_of(square: Square) -> int:
    return square % SIZE


def rank_of(square: Square) -> int:
    return square // SIZE


_NAME_OF = tuple(f"{FILES[sq % SIZE]}{sq // SIZE + 1}" for sq in SQUARES)


def name(square: Square) -> str:
    """The square's name: d2 for square 11."""
    return _NAME_OF[square]


NAMES: dict[str, Square] = {text: sq for sq, text in enumerate(_NAME_OF)}
"""Lower-case square name -> square."""


def square(text: str) -> Square | None:
    """The square named `text` ("d2"), exactly as `name` writes it; None for anything else."""
    return NAMES.get(text)


def _ray(origin: Square, step: tuple[int, int]) -> tuple[Square, ...]:
    f, r = file_of(origin), rank_of(origin)
    out: list[Square] = []
    while True:
        f, r = f + step[0], r + step[1]
        if not (0 <= f < SIZE and 0 <= r < SIZE):
            return tuple(out)
        out.append(r * SIZE + f)


RAYS: tuple[tuple[tuple[Square, ...], ...], ...] = tuple(
    tuple(_ray(sq, step) for step in DIRECTIONS) for sq in SQUARES
)
"""RAYS[square][direction]: the squares along that line, nearest first, up to the edge."""

AROUND: tuple[tuple[Square, ...], ...] = tuple(
    tuple(ray[0] for ray in RAYS[sq] if ray) for sq in SQUARES
)
"""The (up to 8) squares touching each square."""


def line(origin: Square, target: Square) -> int | None:
    """The distance from origin to target along a straight line, or None when not on one."""
    df = file_of(target) - file_of(origin)
    dr = rank_of(target) - rank_of(origin)
    if (df, dr) == (0, 0) or (df and dr and abs(df) != abs(dr)):
        return None
    return max(abs(df), abs(dr))


def touching(board: Board, target: Square, ignore: Square | None = None) -> int:
    """How many stones touch `target`, leaving out the stone on `ignore` (a stone moving away)."""
    return sum(1 for sq in AROUND[target] if sq != ignore and board[sq] is not None)
