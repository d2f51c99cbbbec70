"""RULES.md §4 [decided], the engine's safeguards as house rules: threefold repetition with the
same side to move is a draw; 200 moves in a row without a capture is a draw (0 = no limit)."""

from __future__ import annotations

from core.games.fields_of_action import FieldsState
from core.games.fields_of_action.state import position_key
from tests.games.fields_of_action.script import BLACK, RULES, play, setup

SHUTTLE = "W1 a1, W2 a2, B1 h8, B2 h7, B3 d5, B4 e4"
"""Each side can shuttle a stone to and fro: a1-b1 b1-a1, h8-g8 g8-h8 (all N = 1)."""
ROUND_TRIP = "a1-b1 h8-g8 b1-a1 g8-h8"


def shuttle(state: FieldsState, times: int) -> FieldsState:
    return play(state, " ".join([ROUND_TRIP] * times))


def test_the_third_time_a_position_comes_up_with_the_same_side_to_move_is_a_draw() -> None:
    start = setup(SHUTTLE)
    twice = shuttle(start, 1)
    assert twice.board == start.board and RULES.outcome(twice) is None
    almost = play(twice, "a1-b1 h8-g8 b1-a1")
    assert RULES.outcome(almost) is None
    third = play(almost, "g8-h8")
    outcome = RULES.outcome(third)
    assert outcome is not None and outcome.winners == ()
    assert outcome.reason == "The same position came up a third time"
    assert RULES.to_move(third) is None


def test_a_position_repeats_only_with_the_same_side_to_move() -> None:
    start = setup(SHUTTLE)
    turned = play(start, "a1-b1 h8-g8 b1-b2 g8-h8 b2-a1")  # White went round a triangle
    assert turned.board == start.board and turned.mover == BLACK
    assert turned.seen.count(position_key(turned.board, turned.mover)) == 1
    assert turned.seen.count(position_key(start.board, start.mover)) == 1


def test_with_repetition_off_a_repeated_position_plays_on() -> None:
    state = shuttle(setup(SHUTTLE, repetition=False), 3)
    assert RULES.outcome(state) is None


def test_two_hundred_moves_in_a_row_without_a_capture_is_a_draw() -> None:
    state = shuttle(setup(SHUTTLE, repetition=False), 49)
    state = play(state, "a1-b1 h8-g8 b1-a1")
    assert state.since_capture == 199 and RULES.outcome(state) is None
    state = play(state, "g8-h8")
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == ()
    assert outcome.reason == "200 moves in a row without a capture"


def test_a_capture_starts_the_count_again() -> None:
    state = shuttle(setup(SHUTTLE + ", W3 f5", repetition=False), 2)
    assert state.since_capture == 8 and len(state.seen) == 9
    state = play(state, "f5xe4")
    assert state.since_capture == 0 and len(state.seen) == 1


def test_capture_limit_zero_turns_the_count_off() -> None:
    state = shuttle(setup(SHUTTLE, repetition=False, capture_limit=0), 60)
    assert state.since_capture == 240 and RULES.outcome(state) is None


def test_the_capture_limit_takes_any_count() -> None:
    state = shuttle(setup(SHUTTLE, repetition=False, capture_limit=8), 2)
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.reason == "8 moves in a row without a capture"
