"""The 8x8 board: squares, directions and the cells string a position is kept in.

A square is an index 0..63, `rank * 8 + file` (a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63),
the order of the golden vectors. A position's stones are a 64-character string of cells:

    .   empty
    W   a white stone        w   a white stone that has crossed (locked on rank 8)
    B   a black stone        b   a black stone that has crossed (locked on rank 1)

White is seat 0 and starts on ranks 1-2; Black is seat 1 and starts on ranks 7-8.
"""

from __future__ import annotations

from typing import Final

SIZE: Final = 8
SQUARES: Final = range(SIZE * SIZE)
FILES: Final = "abcdefgh"

EMPTY: Final = "."
STONE: Final = ("W", "B")
"""A free stone of each seat."""
LOCKED: Final = ("w", "b")
"""A crossed (locked) stone of each seat."""

DIRECTIONS: Final[tuple[tuple[int, int], ...]] = (
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
)
"""The 8 directions as (file step, rank step): up the board first, then clockwise."""

FAR_RANK: Final = (SIZE - 1, 0)
"""The rank each seat crosses onto: White rank 8, Black rank 1 (0-based ranks)."""

START: Final = "W" * 16 + EMPTY * 32 + "B" * 16
"""White on ranks 1-2, Black on ranks 7-8."""


def file_of(square: int) -> int:
    return square % SIZE


def rank_of(square: int) -> int:
    return square // SIZE


def name(square: int) -> str:
    """The algebraic name of a square, e.g. 0 -> "a1", 63 -> "h8"."""
    return f"{FILES[square % SIZE]}{square // SIZE + 1}"


def square(text: str) -> int | None:
    """The square named `text` ("a1".."h8", any case), or None when it names no square."""
    if len(text) != 2:
        return None
    column, row = text[0].lower(), text[1]
    if column not in FILES or row not in "12345678":
        return None
    return (int(row) - 1) * SIZE + FILES.index(column)


def shift(origin: int, direction: tuple[int, int], distance: int = 1) -> int | None:
    """The square `distance` steps from `origin` in `direction`, or None off the board."""
    f = origin % SIZE + direction[0] * distance
    r = origin // SIZE + direction[1] * distance
    if 0 <= f < SIZE and 0 <= r < SIZE:
        return r * SIZE + f
    return None


def _ray(origin: int, direction: tuple[int, int]) -> tuple[int, ...]:
    squares, at = [], shift(origin, direction)
    while at is not None:
        squares.append(at)
        at = shift(at, direction)
    return tuple(squares)


RAYS: Final[dict[tuple[int, tuple[int, int]], tuple[int, ...]]] = {
    (origin, direction): _ray(origin, direction) for origin in SQUARES for direction in DIRECTIONS
}
"""(square, direction) -> the squares from it that way to the edge, nearest first: move
generation walks these instead of computing each step (it runs for every position a search
opens)."""


def direction_between(origin: int, target: int) -> tuple[tuple[int, int], int] | None:
    """(unit direction, distance) from `origin` to `target` along a rank, file or diagonal.

    None when the squares are equal or not on one line.
    """
    df = target % SIZE - origin % SIZE
    dr = target // SIZE - origin // SIZE
    distance = max(abs(df), abs(dr))
    if distance == 0 or (df and dr and abs(df) != abs(dr)):
        return None
    return (_sign(df), _sign(dr)), distance


def owner(cell: str) -> int | None:
    """The seat whose stone a cell holds (crossed or not), or None for an empty cell."""
    if cell in "Ww":
        return 0
    if cell in "Bb":
        return 1
    return None


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)
