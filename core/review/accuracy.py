"""A seat's review in figures: accuracy and how many moves of each judgement."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from core.review.judgement import Judgement
from core.review.verdict import Verdict


@dataclass(frozen=True)
class Summary:
    """One seat's reviewed decisions: how many, the share that were accurate (within 0.05 of
    the best; None with none reviewed), and the count of each judgement."""

    seat: int
    decisions: int
    accuracy: float | None
    inaccuracies: int
    mistakes: int
    blunders: int

    def count(self, judgement: Judgement) -> int:
        return {
            Judgement.INACCURACY: self.inaccuracies,
            Judgement.MISTAKE: self.mistakes,
            Judgement.BLUNDER: self.blunders,
        }[judgement]


def summarise(verdicts: Iterable[Verdict], seat: int) -> Summary:
    """The summary of `seat`'s verdicts among `verdicts`."""
    mine = [v for v in verdicts if v.seat == seat]
    judged = [v.judgement for v in mine]
    accuracy = sum(v.accurate for v in mine) / len(mine) if mine else None
    return Summary(
        seat,
        len(mine),
        accuracy,
        judged.count(Judgement.INACCURACY),
        judged.count(Judgement.MISTAKE),
        judged.count(Judgement.BLUNDER),
    )
