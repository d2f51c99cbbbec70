"""Tournament statistics: tallies, the Wilson interval on the score, decision times."""

from __future__ import annotations

import pytest

from core.ai.tournament import Tally, Timing, summary, tally, timing, wilson
from core.rules import Outcome


def test_wilson_matches_the_textbook_values() -> None:
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_refuses_an_impossible_tally() -> None:
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_a_tally_counts_wins_draws_and_losses_from_the_bots_seat() -> None:
    results = [(Outcome((0,)), 0), (Outcome((0,)), 1), (Outcome(()), 1), (Outcome((1, 2)), 2)]
    assert tally(results) == Tally(wins=2, draws=1, losses=1)


def test_the_score_counts_draws_as_half_and_the_interval_is_on_the_score() -> None:
    t = Tally(wins=6, draws=2, losses=2)
    assert t.matches == 10 and t.score == 7.0 and t.rate == 0.7
    assert t.interval == wilson(7.0, 10)
    assert Tally().rate == 0.5


def test_timing_gives_mean_and_max_per_decision() -> None:
    assert timing([0.5, 1.5, 1.0]) == Timing(3, 1.0, 1.5)
    assert timing([]) == Timing(0, 0.0, 0.0)
    with pytest.raises(ValueError):
        timing([-1.0])


def test_the_summary_reads_as_a_sentence() -> None:
    line = summary("ismcts:normal", "random", Tally(18, 1, 1), Timing(40, 0.412, 0.97))
    assert line.startswith("ismcts:normal against random: 18 won, 1 drawn, 1 lost of 20; ")
    assert "score 92.5% (95% CI " in line
    assert line.endswith("0.412 s a decision on average, 0.970 s at most")
