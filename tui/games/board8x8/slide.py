"""Stones sliding to their squares and a captured stone fading: a hand-rolled frame animation.

Textual's animator drives the grid's `progress` from 0 to 1 and each frame draws the moving
stones part way (the screen's "wait until still" waits for it too); with the app's animations
off the board jumps to the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from tui.games.board8x8.adapter import BoardAdapter, LastShown, Piece
from tui.games.board8x8.grid import BoardGrid
from tui.games.board8x8.squares import distance

V = TypeVar("V")
A = TypeVar("A")

SLIDE_PER_SQUARE = 0.09
SLIDE_SHORTEST = 0.25
SLIDE_LONGEST = 0.7


@dataclass(frozen=True)
class Slide:
    """One move on its way: the stones going from square to square, and the stone it took."""

    moves: tuple[tuple[int, int], ...]
    pieces: tuple[Piece, ...]
    """The stone each move carries, as it stands at its destination."""
    captured: int | None
    taken: Piece | None

    @classmethod
    def of(cls, adapter: BoardAdapter[V, A], view: V, last: LastShown) -> Slide:
        pieces = []
        for _, to in last.moves:
            piece = adapter.piece(view, to)
            pieces.append(piece if piece is not None else Piece(0))
        return cls(last.moves, tuple(pieces), last.captured, last.taken)

    @property
    def duration(self) -> float:
        """Seconds: longer for a longer way, within bounds so a long move does not drag."""
        start, end = self.moves[0]
        way = SLIDE_PER_SQUARE * distance(start, end) + 0.1
        return min(SLIDE_LONGEST, max(SLIDE_SHORTEST, way))


class Slider:
    """Runs slides on a grid's `progress`, one at a time."""

    def __init__(self, grid: BoardGrid) -> None:
        self.grid = grid
        self.slide: Slide | None = None

    def start(self, slide: Slide) -> None:
        self.slide = slide
        self.grid.progress = 0.0
        self.grid.animate(
            "progress", 1.0, duration=slide.duration, easing="in_out_cubic", on_complete=self._slid
        )

    def _slid(self) -> None:
        if self.grid.progress >= 1.0:
            self.slide = None
            self.grid.refresh()

    def stop(self) -> None:
        """Jump to the end (a move taken back, a replay stepping, animations off)."""
        if self.grid.app.animator.is_being_animated(self.grid, "progress"):
            self.grid.animate("progress", 1.0, duration=0.01)
        else:
            self.grid.progress = 1.0
        self.slide = None

    def at(self, progress: float) -> Slide | None:
        """The slide to draw at `progress`: none once it has arrived."""
        return self.slide if progress < 1.0 else None

    @property
    def sliding(self) -> bool:
        return self.slide is not None and self.grid.progress < 1.0
