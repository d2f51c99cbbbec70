"""The board's geometry: squares 0..63 (rank * 8 + file, a1 = 0, h8 = 63) and where each
one sits in the grid the widget draws, at every size the board is drawn in.

A square is `cell` columns by `rows` rows: three columns for the stone with a marker either
side, on the square's middle row. The rank numbers stand on both sides of that row and the
files under rank 1, rank 8 at the top. The smallest board (5 by 1, 44 columns by 9 rows) fits
an 80x24 terminal with the move log below; bigger ones keep the squares about square on
screen (a row is about two columns high). A square an even number of rows high is drawn half a
row lower, its top and bottom halves in half blocks (▀ ▄), so the stone's row is its middle.
"""

from __future__ import annotations

from dataclasses import dataclass

SIZE = 8
FILES = "abcdefgh"
LABEL = 2
"""Columns of the rank numbers on each side ("8 " and " 8")."""
STONE = 3
"""Columns of a stone ("○12", " ○+")."""
SQUARES = range(SIZE * SIZE)


def square_of(file: int, rank: int) -> int:
    return rank * SIZE + file


def name(square: int) -> str:
    return f"{FILES[square % SIZE]}{square // SIZE + 1}"


def distance(a: int, b: int) -> int:
    """King steps from `a` to `b`: how far a stone slides, and which end of a phalanx leads."""
    return max(abs(a % SIZE - b % SIZE), abs(a // SIZE - b // SIZE))


@dataclass(frozen=True)
class Geometry:
    """The grid for squares `cell` columns wide and `rows` rows high."""

    cell: int
    rows: int

    @property
    def shift(self) -> int:
        """Half rows the squares are drawn lower: 1 when a square's middle is a row boundary."""
        return 1 - self.rows % 2

    @property
    def board_rows(self) -> int:
        """Rows of the squares themselves (the files' row below them not counted)."""
        return SIZE * self.rows + self.shift

    @property
    def width(self) -> int:
        return LABEL + SIZE * self.cell + LABEL

    @property
    def height(self) -> int:
        return self.board_rows + 1

    def stone_row(self, rank: int) -> int:
        """The grid row of a rank's stones (and of its numbers): its squares' middle row."""
        return (SIZE - 1 - rank) * self.rows + self.rows // 2

    def left(self, file: int) -> int:
        """The grid column where a file's squares start."""
        return LABEL + file * self.cell

    def origin(self, square: int) -> tuple[int, int]:
        """The grid cell (x, y) where a square's three stone columns start."""
        x = self.left(square % SIZE) + (self.cell - STONE) // 2
        return x, self.stone_row(square // SIZE)

    def rank_at_half(self, half: int) -> int | None:
        """The rank whose square covers half row `half` of the grid (None: off the board)."""
        half -= self.shift
        if 0 <= half < 2 * SIZE * self.rows:
            return SIZE - 1 - half // (2 * self.rows)
        return None

    def square_at(self, x: int, y: int) -> int | None:
        """The square under grid cell (x, y) (a click), or None on the coordinates.

        A row of half blocks belongs to the square of its lower half (of its upper half on
        the board's last row)."""
        x -= LABEL
        if not 0 <= x < SIZE * self.cell or not 0 <= y < self.board_rows:
            return None
        rank = self.rank_at_half(2 * y + 1)
        if rank is None:
            rank = self.rank_at_half(2 * y)
        return None if rank is None else square_of(x // self.cell, rank)


SIZES = (Geometry(5, 1), Geometry(5, 2), Geometry(7, 3), Geometry(9, 4))
"""The sizes the board is drawn in, smallest first."""
SMALLEST = SIZES[0]
CELL = SMALLEST.cell
GRID_WIDTH, GRID_HEIGHT = SMALLEST.width, SMALLEST.height
"""The smallest grid: 44 columns by 9 rows."""


def fitting(width: int, height: int) -> Geometry:
    """The biggest board that fits `width` columns by `height` rows (the smallest if none)."""
    fits = [g for g in SIZES if g.width <= width and g.height <= height]
    return fits[-1] if fits else SMALLEST
