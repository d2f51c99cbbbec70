"""How close the Giant is to each of his wins, for the castles widget and the bots."""

from __future__ import annotations

from dataclasses import dataclass

from core.games.englishman.cards import STALKS_TO_WIN
from core.games.englishman.castles import best_window, front_words
from core.games.englishman.starved import finishable, jack_needs, pool, slack
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
    slack: int
    """How far Jack's best plan is above the starved line, in cards (negative = starved): with
    one beanstalk to go, the usable values above its top beyond those it lacks; with more,
    sum_v min(c_v, m) - 6m after finishing the current one as well as possible."""

    def lines(self) -> tuple[str, str, str]:
        """Three short lines, e.g. "parallel: 3 of 4 words on castle fronts"."""
        where = "" if self.vertical_castle is None else f" (castle {self.vertical_castle + 1})"
        stalks = "beanstalk" if self.needed == 1 else "beanstalks"
        starved = (
            f"starved: Jack can finish {self.finishable} of the {self.needed} {stalks} "
            f"he needs (slack {self.slack})"
            if self.needed
            else "starved: no longer a threat, Jack has all his beanstalks"
        )
        return (
            f"parallel: {self.parallel} of 4 words on castle fronts",
            f"vertical: {self.vertical} of 4 words together{where}",
            starved,
        )


def threats(state: EnglishmanState) -> Threats:
    vertical, castle = best_window(state.castles)
    completed = len(state.completed)
    needed = max(0, STALKS_TO_WIN - completed)
    can, spare = 0, 0
    if needed:
        length, top, later = jack_needs(completed, state.current)
        counts = pool(state.castles)
        can = finishable(counts, length, top, later)
        spare = slack(counts, length, top, later)
    return Threats(
        parallel=front_words(state.castles),
        vertical=vertical,
        vertical_castle=castle,
        needed=needed,
        finishable=can,
        slack=spare,
    )
