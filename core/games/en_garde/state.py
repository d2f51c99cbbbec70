"""En Garde's position: one frozen record of tuples.

There is no deck order anywhere: the draw pile is whatever of the 25 cards is in neither hand
nor the discard, and each draw is a chance action naming the card (see `pile`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from core.games.en_garde.view import PendingAttack, RoundResult

Level = Literal["basic", "standard", "advanced"]
LEVELS: tuple[Level, ...] = ("basic", "standard", "advanced")

Phase = Literal["deal", "refill", "turn", "defend", "riposte", "last-chance", "over"]
"""As view.Phase, with chance split in two: "deal" (ten cards at a round's start, alternately,
the round's starter first) and "refill" (`actor` draws back up to five after a turn)."""

ROUNDS_TO_WIN = 5


@dataclass(frozen=True)
class EnGardeState:
    level: Level
    first: int
    """The seat that starts round 1; starters alternate from there."""
    round: int
    phase: Phase
    actor: int
    """Who acts now: the seat to play, or the seat receiving cards while chance deals."""
    positions: tuple[int, int] = (1, 23)
    hands: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    """Sorted card values."""
    discard: tuple[int, ...] = ()
    """Every card played this round, oldest first (views show only the top and the count)."""
    pending: PendingAttack | None = None
    results: tuple[RoundResult, ...] = ()

    @property
    def starter(self) -> int:
        return self.first if self.round % 2 == 1 else 1 - self.first

    @property
    def scores(self) -> tuple[int, int]:
        wins = [r.winner for r in self.results]
        return (wins.count(0), wins.count(1))
