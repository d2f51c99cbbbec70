"""RULES.md §4, winning: five captured enemy numbers in a run (any order of capture, no wrap
from 12 to 1), or an opponent with no legal move on their turn."""

from __future__ import annotations

import pytest

from core.games.fields_of_action.runs import has_winning_run, longest_run
from core.rules import IllegalAction
from tests.games.fields_of_action.script import BLACK, RULES, WHITE, play, setup

CAPTURE_B6 = "W1 d4, W2 d5, B1 c3, B6 f6, B9 h1, B10 h2"
"""White's 1 on d4 (2 around it) takes Black's 6 on f6 with d4xf6."""


def test_five_captured_numbers_in_a_run_win_in_any_order_of_capture() -> None:
    state = setup(CAPTURE_B6, captured=((8, 4, 7, 5), ()))
    after = play(state, "d4xf6")
    assert after.captured[WHITE] == (4, 5, 6, 7, 8)
    outcome = RULES.outcome(after)
    assert outcome is not None and outcome.winners == (WHITE,)
    assert outcome.reason == "White captured 4 5 6 7 8, a run of five"
    assert RULES.to_move(after) is None
    assert RULES.legal_actions(after) == []
    with pytest.raises(IllegalAction, match="over"):
        play(after, "h1-h3")


def test_a_run_of_five_among_other_captures_wins() -> None:
    after = play(setup(CAPTURE_B6, captured=((1, 3, 4, 5, 7), ())), "d4xf6")
    outcome = RULES.outcome(after)
    assert outcome is not None and outcome.winners == (WHITE,)
    assert after.runs[WHITE] == (3, 4, 5, 6, 7)


def test_five_captures_with_a_gap_are_not_a_run() -> None:
    after = play(setup(CAPTURE_B6, captured=((2, 3, 4, 8), ())), "d4xf6")
    assert RULES.outcome(after) is None
    assert after.runs[WHITE] == (2, 3, 4)
    assert not has_winning_run((1, 2, 4, 5, 6, 8, 9, 11))


def test_a_run_does_not_wrap_from_twelve_to_one() -> None:
    state = setup("W1 d4, W2 d5, B1 c3, B2 f6, B9 h1", captured=((10, 11, 12, 1), ()))
    after = play(state, "d4xf6")
    assert RULES.outcome(after) is None
    assert after.runs[WHITE] == (10, 11, 12)
    assert longest_run((11, 12, 1, 2, 3)) == (1, 2, 3)


def test_the_longest_run_helper_names_the_run_in_progress() -> None:
    assert longest_run(()) == ()
    assert longest_run((7,)) == (7,)
    assert longest_run((7, 3, 5, 4, 12, 1)) == (3, 4, 5)
    assert longest_run((1, 2, 5, 6)) == (1, 2)  # the lower on a tie
    assert longest_run(range(1, 13)) == tuple(range(1, 13))


def test_a_player_left_without_a_legal_move_loses() -> None:
    state = setup("B1 d4, W1 c3, W2 c4, W3 c5, W4 d3, W9 h6")
    assert RULES.legal_actions(play(state, "c5-c7"))  # Black's 1 (4 around it) could move
    after = play(state, "h6-e3")  # now 5 around it: every line of 5 leaves the board
    assert after.mover == BLACK and RULES.legal_actions(after) == []
    outcome = RULES.outcome(after)
    assert outcome is not None and outcome.winners == (WHITE,)
    assert outcome.reason == "Black has no legal move"
    assert after.result is not None and after.result.reason == "no-move"


def test_a_winning_run_longer_than_five_is_said_with_its_own_length() -> None:
    """The end said "captured 2 3 4 5 6 7, a run of five": six numbers."""
    after = play(setup(CAPTURE_B6, captured=((2, 3, 4, 5, 7), ())), "d4xf6")
    outcome = RULES.outcome(after)
    assert outcome is not None and outcome.winners == (WHITE,)
    assert outcome.reason == "White captured 2 3 4 5 6 7, a run of six"
