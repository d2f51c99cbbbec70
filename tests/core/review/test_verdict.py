"""The review entry's data: what it holds, read back exactly, and every forgery refused."""

from __future__ import annotations

from typing import Any

import pytest

from core.review.accuracy import summarise
from core.review.judgement import Judgement
from core.review.verdict import Run, Verdict, read_data, review_data, review_fault
from core.rules import Wire

VERDICT = Verdict(
    entry=7,
    seat=1,
    before=-0.16,
    played=-0.7192,
    best=0.1074,
    played_notation="g7-h6",
    best_notation="a8:c6-f3",
    best_words="moved the phalanx a8–c6 to d5–f3",
    judgement=Judgement.BLUNDER,
)
RUN = Run("normal", 3, (0, 1), 5)


def decider(entry: int) -> int | None:
    """Entry 7 is seat 1's decision, entry 6 seat 0's; nothing else is a decision."""
    return {6: 0, 7: 1}.get(entry)


def test_a_verdict_reads_back_as_written() -> None:
    data = review_data(VERDICT, RUN)
    assert list(data) == [
        "entry",
        "seat",
        "before",
        "played",
        "best",
        "judgement",
        "played_notation",
        "best_notation",
        "best_words",
        "level",
        "seed",
        "seats",
        "total",
    ]
    assert read_data(data, 2, decider) == (VERDICT, RUN)
    assert review_fault(data, 2, decider) is None
    assert VERDICT.drop == 0.8266 and not VERDICT.accurate and not VERDICT.best_played


def forged(*, without: str = "", **changes: Any) -> dict[str, Wire]:
    data = review_data(VERDICT, RUN)
    data.update(changes)
    return {k: v for k, v in data.items() if k != without}


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (forged(entry=6), "must review a decision of seat 1"),
        (forged(entry=3), "must review a decision of seat 1"),
        (forged(seat=2), "a seat of this match"),
        (forged(entry="7"), "name a decision"),
        (forged(before=1.5), "before must be a win chance"),
        (forged(played=float("nan")), "played must be a win chance"),
        (forged(best=True), "best must be a win chance"),
        (forged(played=0.2), "cannot be better than its best"),
        (forged(judgement="?"), "does not fit its drop"),
        (forged(judgement="!!"), "not a review judgement"),
        (forged(best_notation=""), "best_notation must be plain text"),
        (forged(best_words="a\x1b[2Jb"), "best_words must be plain text"),
        (forged(without="played_notation"), "played_notation must be plain text"),
        (forged(level="insane"), "level must be one of"),
        (forged(seed=1.5), "seed and total"),
        (forged(total=0), "seed and total"),
        (forged(seats=[0]), "its own among them"),
        (forged(seats=[1, 1]), "distinct seats"),
        (forged(seats=[1, 5]), "distinct seats"),
    ],
)
def test_a_forged_review_entry_is_refused_with_the_reason(
    data: dict[str, Wire], reason: str
) -> None:
    fault = review_fault(data, 2, decider)
    assert fault is not None and reason in fault


def test_a_judgement_is_the_drop_judged() -> None:
    quiet = Verdict(7, 1, 0.1, 0.05, 0.12, "a", "b", "moved", None)
    assert review_fault(review_data(quiet, RUN), 2, decider) is None
    loud = Verdict(7, 1, 0.1, -0.2, 0.0, "a", "b", "moved", Judgement.MISTAKE)
    assert review_fault(review_data(loud, RUN), 2, decider) is None


def test_a_seats_summary_counts_accuracy_and_judgements() -> None:
    best = Verdict(7, 1, 0.1, 0.1, 0.1, "a", "a", "moved", None)
    close = Verdict(9, 1, 0.1, 0.06, 0.1, "b", "a", "moved", None)
    other = Verdict(8, 0, 0.1, 0.1, 0.1, "c", "c", "moved", None)
    figures = summarise([VERDICT, best, close, other], 1)
    assert (figures.decisions, figures.blunders, figures.mistakes) == (3, 1, 0)
    assert figures.accuracy == pytest.approx(2 / 3)
    assert figures.count(Judgement.BLUNDER) == 1
    assert summarise([], 0).accuracy is None
