"""Three in a row on a 3×3 board: a test-only game that proves a new game needs no frame change.

It is added the way docs/ADDING_A_GAME.md says (a rules class, a kit, a registry line each),
but from inside tests/, and played through the real screens by tests/seam/test_seam.py.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from core.rules import IllegalAction, Option, Outcome, Wire, resolve_options

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS = ("X", "O")


@dataclass(frozen=True)
class Place:
    """Put the mover's mark on `square` (0..8, a1 = 0 bottom left, row by row)."""

    square: int

    def to_wire(self) -> Wire:
        return ["place", self.square]

    @classmethod
    def from_wire(cls, wire: Wire) -> Place:
        if (
            not isinstance(wire, list)
            or len(wire) != 2
            or wire[0] != "place"
            or not isinstance(wire[1], int)
            or isinstance(wire[1], bool)
            or not 0 <= wire[1] < 9
        ):
            raise IllegalAction(f"{wire!r} is not a three-in-a-row move")
        return cls(wire[1])


@dataclass(frozen=True)
class Board:
    cells: tuple[int | None, ...] = (None,) * 9
    mover: int = 0
    last: int | None = None

    @property
    def winner(self) -> int | None:
        for a, b, c in LINES:
            if self.cells[a] is not None and self.cells[a] == self.cells[b] == self.cells[c]:
                return self.cells[a]
        return None

    @property
    def over(self) -> bool:
        return self.winner is not None or all(c is not None for c in self.cells)


def square_name(square: int) -> str:
    return "abc"[square % 3] + str(square // 3 + 1)


class ThreeInARow:
    id: ClassVar[str] = "three-in-a-row"
    title: ClassVar[str] = "Three in a Row"
    tagline: ClassVar[str] = "Noughts and crosses (test-only)"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options: ClassVar[tuple[Option, ...]] = ()
    hides_information: ClassVar[bool] = False
    seat_names: ClassVar[tuple[str, ...]] = MARKS
    chapter: ClassVar[str] = ""

    def new(self, players: int, options: Mapping[str, object]) -> Board:
        if players != 2:
            raise ValueError("Three in a Row is for 2 players")
        resolve_options(self.options, options)
        return Board()

    def to_move(self, state: Board) -> int | None:
        return None if state.over else state.mover

    def legal_actions(self, state: Board) -> list[Place]:
        return [] if state.over else [Place(i) for i, c in enumerate(state.cells) if c is None]

    def sample_chance(self, state: Board, rng: random.Random) -> Place:
        raise IllegalAction("Three in a Row has no chance")

    def apply(self, state: Board, action: Place) -> Board:
        if state.over:
            raise IllegalAction("The game is over")
        if not isinstance(action, Place):
            raise IllegalAction("That is not a three-in-a-row move")
        if state.cells[action.square] is not None:
            raise IllegalAction(f"{square_name(action.square)} is taken")
        cells = list(state.cells)
        cells[action.square] = state.mover
        return Board(tuple(cells), 1 - state.mover, action.square)

    def outcome(self, state: Board) -> Outcome | None:
        if not state.over:
            return None
        winner = state.winner
        if winner is None:
            return Outcome((), reason="the board is full")
        return Outcome((winner,), reason=f"{MARKS[winner]} has three in a row")

    def view(self, state: Board, seat: int | None) -> Board:
        return state

    def notation(self, action: Place) -> str:
        return square_name(action.square)

    def parse(self, state: Board, text: str) -> Place:
        text = text.strip().lower()
        if len(text) == 2 and text[0] in "abc" and text[1] in "123":
            return Place("abc".index(text[0]) + 3 * (int(text[1]) - 1))
        raise IllegalAction(f"{text!r} is not a square (a1..c3)")

    def from_wire(self, wire: Wire) -> Place:
        return Place.from_wire(wire)

    def describe(
        self, state: Board, action: Place, viewer: int | None, names: Sequence[str]
    ) -> str:
        return f"{names[state.mover]} put {MARKS[state.mover]} on {square_name(action.square)}"

    def round_of(self, state: Board) -> int:
        return 1
