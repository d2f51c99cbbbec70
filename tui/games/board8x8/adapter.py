"""What a game tells the board: the stones as drawn, the last move, and a `BoardAdapter` that
answers the board's questions about a view (which stones may be picked, where they may go and
the action that makes, the words beside the board)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from textual.content import Content

V_contra = TypeVar("V_contra", contravariant=True)
A = TypeVar("A")
"""The game's action: what a move on the board composes."""

GLYPH = ("○", "●")
"""White's and Black's stones: the shape tells them apart, not only the colour."""
SIDE = ("White", "Black")


@dataclass(frozen=True)
class Piece:
    """A stone as the board draws it."""

    seat: int
    """0 White (○), 1 Black (●)."""
    label: str = ""
    """Up to two characters after the glyph: a number ("12", "7 "), "+" for a crossed stone."""
    locked: bool = False
    """It can never move again (drawn underlined)."""

    @property
    def text(self) -> str:
        """Three columns: " ○ ", " ○+" (one-character label), "○12", "○7 " (two)."""
        glyph = GLYPH[self.seat]
        if not self.label:
            return f" {glyph} "
        if len(self.label) == 1:
            return f" {glyph}{self.label}"
        return f"{glyph}{self.label[:2]}"


@dataclass(frozen=True)
class LastShown:
    """The last move for the board: which stones went where, and the stone it took."""

    moves: tuple[tuple[int, int], ...]
    """(from, to) per moved stone, leading stone first."""
    captured: int | None = None
    """The square whose stone was taken (the capturing stone stands there now)."""
    taken: Piece | None = None
    """The stone that was taken, so it can fade out."""


class Plied(Protocol):
    """A view the board can draw: it counts the moves made, so the board slides a stone when
    the count grows by one (and jumps when a move is taken back or a replay seeks)."""

    @property
    def ply(self) -> int: ...


class BoardAdapter(Protocol[V_contra, A]):
    """What a game tells the board. Squares are 0..63, rank * 8 + file (a1 = 0, h8 = 63)."""

    title: str
    phalanxes: bool
    """Stones move in lines (Crossing): Tab, + and - compose a phalanx."""

    def piece(self, view: V_contra, square: int) -> Piece | None:
        """The stone on `square`, or None."""
        ...

    def last(self, view: V_contra) -> LastShown | None: ...

    def movable(self, view: V_contra, seat: int) -> frozenset[int]:
        """The squares of the stones `seat` may pick now."""
        ...

    def lines(self, view: V_contra, square: int) -> tuple[tuple[int, ...], ...]:
        """The lines of stones through a picked stone that may move together, each ordered
        from one end to the other (empty for games whose stones move alone)."""
        ...

    def destinations(
        self, view: V_contra, seat: int, selection: tuple[int, ...]
    ) -> Mapping[int, A]:
        """Where the selection may go: destination square -> the action."""
        ...

    def action(
        self, view: V_contra, seat: int, selection: tuple[int, ...], target: int
    ) -> A | None:
        """The action moving `selection` to `target` would be, though illegal (so the rules
        can say why), or None when no action has that shape."""
        ...

    def captures(self, action: A) -> bool: ...

    def crosses(self, action: A) -> bool: ...

    def notation(self, action: A) -> str: ...

    def about(self, view: V_contra, seat: int, selection: tuple[int, ...]) -> str:
        """A line on the picked stones: how they move."""
        ...

    def refuse(self, view: V_contra, seat: int, square: int) -> str:
        """Why the stone (or nothing) on `square` cannot be picked."""
        ...

    def panel(self, view: V_contra, names: Sequence[str], *, over: bool) -> Content:
        """The side panel beside the board: players, counts, the last move; the side to move is
        marked unless the match is `over` (a resignation ends it while the view plays on)."""
        ...

    def banner(self, view: V_contra, names: Sequence[str]) -> str:
        """A warning that must not be missed ("Black must cross now or lose"), or ""."""
        ...

    def warning(self, view: V_contra, action: A) -> str:
        """What playing `action` would cost that its mover must not miss ("it does not cross:
        you lose the match"), said before Enter plays it; "" for an ordinary move."""
        ...
