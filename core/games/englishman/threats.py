"""How close the Giant is to each of his wins, for the castles widget and the bots."""

from __future__ import annotations

from dataclasses import dataclass

from core.games.englishman.cards import STALKS_TO_WIN
from core.games.englishman.castles import best_window, front_words
from core.games.englishman.starved import (
    discards_to_starve,
    finishable,
    jack_needs,
    jack_task,
    pool,
)
from core.games.englishman.state import EnglishmanState


@dataclass(frozen=True)
class Threats:
    parallel: int
    """Different giant words on castle fronts, of 4 (4 = the parallel win)."""
    vertical: int
    """Most different giant words among four consecutive cards of one castle, of 4."""
    vertical_castle: int | None
    """The castle (0..4) with that best window; None when no castle shows a giant word."""
    needed: int
    """Beanstalks Jack still has to complete (3 minus the completed ones)."""
    finishable: int
    """How many of those the beanstalk cards in the castles can still make (fewer = starved)."""
    discards: int | None
    """The fewest discards that starve Jack (0: he is starved); None when none can (he has
    his three beanstalks, or all he still needs is a treasure)."""

    def lines(self) -> tuple[str, str, str]:
        """Three short lines, e.g. "parallel: 3 of 4 words on castle fronts"."""
        where = "" if self.vertical_castle is None else f" (castle {self.vertical_castle + 1})"
        stalks = "beanstalk" if self.needed == 1 else "beanstalks"
        if not self.needed:
            starved = "starved: no longer a threat, Jack has all his beanstalks"
        elif self.discards is None:
            starved = "starved: no longer a threat, Jack needs only a treasure"
        else:
            starved = f"starved: Jack can finish {self.finishable} of {self.needed} {stalks}"
            if self.discards:
                starved += f"; {self.giant_needs()} away"
        return (
            f"parallel: {self.parallel} of 4 words on castle fronts",
            f"vertical: {self.vertical} of 4 words together{where}",
            starved,
        )

    def giant_needs(self) -> str:
        """ "3 discards", "1 discard" (of a match still being played)."""
        return f"{self.discards} discard{'' if self.discards == 1 else 's'}"


def threats(state: EnglishmanState) -> Threats:
    vertical, castle = best_window(state.castles)
    completed = len(state.completed)
    needed = max(0, STALKS_TO_WIN - completed)
    can, discards = 0, None
    if needed:
        counts = pool(state.castles)
        can = finishable(counts, *jack_needs(completed, state.current))
        task = jack_task(completed, state.current)
        discards = None if task is None else discards_to_starve(counts, *task)
    return Threats(
        parallel=front_words(state.castles),
        vertical=vertical,
        vertical_castle=castle,
        needed=needed,
        finishable=can,
        discards=discards,
    )
