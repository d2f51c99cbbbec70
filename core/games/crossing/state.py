"""Crossing's position: one frozen record, which is also every seat's view (nothing is hidden).

Everything a board widget draws is here or one property away: the stones by colour, the
crossed (locked) stones, the crossed count per side, whether the side to move owes a
counter-crossing, the last move (to highlight it) and the moves since the last capture.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from core.games.crossing.board import LOCKED, SQUARES, START, STONE, owner

End = Literal["unanswered", "no-move-owing", "no-move", "repetition", "capture-limit"]
"""Why a match ended. unanswered: a crossing was not answered on the very next move (the
crosser wins); no-move-owing: the side to move owed a counter-crossing and had no move (loses);
no-move: the side to move had no move and owed nothing (draw); repetition: the same position
with the same side to move came up a third time (draw, house rule); capture-limit: that many
moves in a row without a capture (draw, house rule)."""


@dataclass(frozen=True)
class LastMove:
    """The move just made, for highlighting: who moved, from where, to where, what it took."""

    seat: int
    origins: tuple[int, ...]
    """The moved stones' squares before the move, leading stone first."""
    targets: tuple[int, ...]
    """Where they landed, in the same order."""
    captured: int | None
    """The square of the captured stone (the leading stone now stands there), or None."""
    crossed: bool
    """The leading stone reached the opponent's back rank."""


@dataclass(frozen=True)
class CrossingState:
    cells: str = START
    """64 cells, a1..h8 (index = rank * 8 + file): "." empty, "W"/"B" a stone, "w"/"b" a
    crossed (locked) stone. See `board`."""
    mover: int = 0
    """The seat to move (0 White, 1 Black); once over, the seat that would have moved."""
    ply: int = 0
    """Moves made so far."""
    quiet: int = 0
    """Moves in a row without a capture (the `capture_limit` house rule counts these)."""
    positions: tuple[str, ...] = ()
    """Position keys (cells + side to move) since the last capture or crossing, the current
    one last. Neither can be undone, so no earlier position can come back: this is all the
    `repetition` house rule needs."""
    last: LastMove | None = None
    winner: int | None = None
    end: End | None = None
    exact_distance: bool = False
    repetition: bool = True
    capture_limit: int = 200
    """0 = no limit."""

    @property
    def over(self) -> bool:
        return self.end is not None

    @property
    def key(self) -> str:
        """This position for the repetition rule: the cells and the side to move."""
        return self.cells + "WB"[self.mover]

    def stones(self, seat: int) -> tuple[int, ...]:
        """Every square holding a stone of `seat`, crossed or not."""
        return tuple(s for s in SQUARES if owner(self.cells[s]) == seat)

    def free(self, seat: int) -> tuple[int, ...]:
        """The squares of `seat`'s stones that can still move (not crossed)."""
        return tuple(s for s in SQUARES if self.cells[s] == STONE[seat])

    def locked(self, seat: int) -> tuple[int, ...]:
        """The squares of `seat`'s crossed stones: locked, they never move or get captured."""
        return tuple(s for s in SQUARES if self.cells[s] == LOCKED[seat])

    @property
    def white(self) -> tuple[int, ...]:
        return self.stones(0)

    @property
    def black(self) -> tuple[int, ...]:
        return self.stones(1)

    @property
    def crossed(self) -> tuple[int, int]:
        """Crossed stones per seat (crossed stones are never captured, so this only grows)."""
        return (self.cells.count(LOCKED[0]), self.cells.count(LOCKED[1]))

    @property
    def owes(self) -> bool:
        """The side to move must cross on this move or lose: the opponent has crossed more."""
        crossed = self.crossed
        return crossed[1 - self.mover] > crossed[self.mover]

    @property
    def turn(self) -> int:
        """The turn number from 1: White's move and Black's reply make one turn."""
        return self.ply // 2 + 1
