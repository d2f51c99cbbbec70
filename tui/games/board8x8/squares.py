"""The board's geometry: squares 0..63 (rank * 8 + file, a1 = 0, h8 = 63) and where each
one sits in the grid the widget draws.

Each square is 5 columns by 1 row (a marker, three columns for the stone, a marker); the rank
numbers stand on both sides and the files under rank 1, rank 8 at the top. The grid is 44
columns by 9 rows, so the whole table (11 rows with its border) fits an 80x24 terminal with the
move log below.
"""

from __future__ import annotations

SIZE = 8
FILES = "abcdefgh"
CELL = 5
"""Columns per square: a marker, three columns for the stone, a marker."""
LABEL = 2
"""Columns of the rank numbers on each side ("8 " and " 8")."""
GRID_WIDTH = LABEL + SIZE * CELL + LABEL
GRID_HEIGHT = SIZE + 1
SQUARES = range(SIZE * SIZE)


def square_of(file: int, rank: int) -> int:
    return rank * SIZE + file


def name(square: int) -> str:
    return f"{FILES[square % SIZE]}{square // SIZE + 1}"


def distance(a: int, b: int) -> int:
    """King steps from `a` to `b`: how far a stone slides, and which end of a phalanx leads."""
    return max(abs(a % SIZE - b % SIZE), abs(a // SIZE - b // SIZE))


def origin(square: int) -> tuple[int, int]:
    """The grid cell (x, y) where a square's three stone columns start."""
    return LABEL + (square % SIZE) * CELL + 1, SIZE - 1 - square // SIZE


def square_at(x: int, y: int) -> int | None:
    """The square under grid cell (x, y) (a click), or None on the coordinates."""
    x -= LABEL
    if 0 <= x < SIZE * CELL and 0 <= y < SIZE:
        return square_of(x // CELL, SIZE - 1 - y)
    return None
