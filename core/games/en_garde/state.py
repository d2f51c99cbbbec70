"""En Garde's position: one frozen record of tuples.

There is no deck order anywhere: the draw pile is whatever of the 25 cards is in neither hand
nor the discard, and each draw is a chance action naming the card (see `pile`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from core.games.en_garde.view import PendingAttack, Phase, RoundResult

Level = Literal["basic", "standard", "advanced"]
LEVELS: tuple[Level, ...] = ("basic", "standard", "advanced")

__all__ = ["LEVELS", "ROUNDS_TO_WIN", "EnGardeState", "Level", "Phase"]

ROUNDS_TO_WIN = 5


@dataclass(frozen=True)
class EnGardeState:
    level: Level
    first: int
    """The seat that starts round 1; starters alternate from there."""
    round: int
    """The round on the table (in round-over, the round that has just ended)."""
    phase: Phase
    actor: int
    """Who acts now: the seat to play, or the seat receiving cards while chance deals (in
    round-over: the next round's starter; in over: the match winner)."""
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
    def chance(self) -> bool:
        """Chance acts next: a deal, a refill, or the deal that starts the next round."""
        return self.phase in ("deal", "refill", "round-over")

    @property
    def scores(self) -> tuple[int, int]:
        wins = [r.winner for r in self.results]
        return (wins.count(0), wins.count(1))
