"""Attacke's position: one frozen record of tuples.

There is no deck order anywhere: the draw pile is whatever of the 96 cards is in no hand, not
laid in the contest and not among the discards since the last reshuffle (see `pile`).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.games.attacke.deck import value_of
from core.games.attacke.view import ContestResult, Phase


@dataclass(frozen=True)
class AttackeState:
    players: int
    chips_to_win: int
    face_down: bool
    phase: Phase
    actor: int
    """Who acts now, or who receives the card chance draws."""
    hands: tuple[tuple[str, ...], ...]
    """Card codes in canonical order."""
    laid: tuple[tuple[str, ...], ...]
    """Face-up cards each seat has laid in this contest."""
    hidden: tuple[tuple[str, ...], ...]
    """Face-down cards each seat has laid in this contest (option `face_down`)."""
    passed: tuple[bool, ...]
    chips: tuple[tuple[str, ...], ...]
    first: int | None = None
    contest: int = 1
    colour: str | None = None
    opener: int = 0
    discard: tuple[str, ...] = ()
    """Cards discarded since the last reshuffle (canonical order)."""
    pending_draw: bool = False
    returned: tuple[tuple[int, str], ...] = ()
    results: tuple[ContestResult, ...] = ()

    def total(self, seat: int) -> int:
        return sum(value_of(c) for c in self.laid[seat]) + len(self.hidden[seat])

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self.total(s) for s in range(self.players))

    @property
    def to_beat(self) -> int:
        return max(self.totals)

    @property
    def between(self) -> bool:
        """No contest is open: before the first, or the last one has ended."""
        return self.colour is None

    def active(self) -> list[int]:
        return [s for s in range(self.players) if not self.passed[s]]

    def after(self, seat: int) -> int:
        """The next seat in seat order after `seat` that has not passed."""
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if not self.passed[nxt]:
                return nxt
        return seat
