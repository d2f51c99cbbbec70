"""RULES.md §3 [decided] house rules and options: repetition, the capture limit and
exact_distance, one test per rule."""

from __future__ import annotations

import pytest

from core.games.crossing import PhalanxMove
from core.games.crossing.board import name
from core.rules import BadOption, IllegalAction
from tests.games.crossing.script import RULES, notations, play, position, sq

SHUFFLE = "a1-a2 h8-h7 a2-a1 h7-h8"
"""Four quiet moves that bring the position back (White a1, Black h8, White to move)."""


def shuffles(times: int) -> str:
    return " ".join([SHUFFLE] * times)


def test_the_options_are_named_house_rules_with_defaults_and_help() -> None:
    options = {o.key: o for o in RULES.options}
    assert set(options) == {"repetition", "capture_limit", "exact_distance"}
    assert options["repetition"].default is True
    assert options["capture_limit"].default == 200
    assert options["exact_distance"].default is False
    assert all(o.help for o in RULES.options)
    state = RULES.new(2, {})
    assert (state.repetition, state.capture_limit, state.exact_distance) == (True, 200, False)
    state = RULES.new(2, {"repetition": "off", "capture_limit": "50", "exact_distance": "yes"})
    assert (state.repetition, state.capture_limit, state.exact_distance) == (False, 50, True)


def test_bad_options_and_player_counts_are_refused() -> None:
    with pytest.raises(BadOption):
        RULES.new(2, {"capture_limit": -1})
    with pytest.raises(BadOption):
        RULES.new(2, {"komi": 1})
    with pytest.raises(ValueError, match="2 players"):
        RULES.new(3, {})


def test_threefold_repetition_with_the_same_side_to_move_is_a_draw() -> None:
    state = play(position(white="a1", black="h8"), SHUFFLE)
    assert RULES.outcome(state) is None  # twice so far
    state = play(state, "a1-a2 h8-h7 a2-a1")
    assert RULES.outcome(state) is None
    state = play(state, "h7-h8")
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.is_draw and state.end == "repetition"
    assert outcome.reason == "The same position, White to move, came up a third time: a draw"


def test_the_same_stones_with_the_other_side_to_move_are_another_position() -> None:
    state = play(position(white="a1 c3", black="h8"), "a1-a2 h8-h7 a2-b1 h7-h8 b1-a1")
    # White a1 c3, Black h8 came back with Black to move: a different position from the start
    assert state.positions.count(state.key) == 1
    state = play(state, "h8-h7 a1-a2 h7-h8 a2-a1")
    assert state.positions.count(state.key) == 2 and RULES.outcome(state) is None


def test_repetition_can_be_turned_off() -> None:
    state = play(position(white="a1", black="h8", repetition=False), shuffles(3))
    assert RULES.outcome(state) is None


def test_a_capture_or_a_crossing_starts_the_repetition_count_afresh() -> None:
    state = play(position(white="a1 c2 c3", black="c4 h8"), "c2:c3xc4")
    assert len(state.positions) == 1
    state = play(position(white="a1 g7", black="h8 b2"), "g7-g8+ b2-b1+")
    assert len(state.positions) == 1


def test_two_hundred_moves_in_a_row_without_a_capture_is_a_draw() -> None:
    state = position(white="a1", black="h8", repetition=False)
    state = play(state, shuffles(49) + " a1-a2 h8-h7 a2-a1")
    assert state.quiet == 199 and RULES.outcome(state) is None
    state = play(state, "h7-h8")
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.is_draw and state.end == "capture-limit"
    assert outcome.reason == "200 moves in a row without a capture: a draw"


def test_a_capture_resets_the_count_of_moves_without_one() -> None:
    state = play(position(white="a1 c2 c3", black="c5 h8", capture_limit=4), "a1-a2 h8-h7")
    assert state.quiet == 2
    state = play(position(white="a1 c2 c3", black="c5 h8", capture_limit=4), "a1-a2 h8-h7")
    state = play(state, "c2:c3xc5")
    assert state.quiet == 0
    state = play(state, "h7-h8 a2-a1 h8-h7")
    assert RULES.outcome(state) is None and state.quiet == 3


def test_the_capture_limit_can_be_set_or_turned_off() -> None:
    short = play(position(white="a1", black="h8", capture_limit=4), SHUFFLE)
    assert short.end == "capture-limit"
    assert RULES.outcome(short).reason == "4 moves in a row without a capture: a draw"  # type: ignore[union-attr]
    off = play(position(white="a1", black="h8", capture_limit=0, repetition=False), shuffles(60))
    assert RULES.outcome(off) is None and off.quiet == 240


def test_the_capture_limit_counts_plies_and_a_crossing_does_not_reset_it() -> None:
    state = play(position(white="a1 g7", black="h6 b2", capture_limit=5), "a1-a2 h6-h5")
    assert state.quiet == 2 and state.ply == 2  # each side's move is one
    state = play(state, "g7-g8+")
    assert state.quiet == 3 and state.positions == (state.key,)  # repetition starts afresh
    state = play(state, "b2-b1+")
    assert state.quiet == 4 and state.crossed == (1, 1) and RULES.outcome(state) is None
    state = play(state, "a2-a1")
    assert state.end == "capture-limit"


def test_an_owed_reply_is_settled_before_a_house_rule_draw_and_the_games_result_wins() -> None:
    start = position(white="e6 a3", black="d3 h6", capture_limit=3)
    state = play(start, "e6-e7 d3-d2 e7-e8+")
    assert state.quiet == 3 and RULES.outcome(state) is None and state.owes
    answered = play(state, "d2-d1+")
    assert answered.end == "capture-limit"
    unanswered = play(state, "d2-c3")
    assert unanswered.end == "unanswered" and unanswered.quiet == 4
    assert RULES.outcome(unanswered).winners == (0,)  # type: ignore[union-attr]
    stuck = play(position(white="f7 g7 h7", black="h8", capture_limit=1), "f7-g8+")
    assert stuck.quiet == 1 and stuck.end == "no-move-owing" and stuck.winner == 0


def test_exact_distance_makes_a_phalanx_move_exactly_as_far_as_it_has_stones() -> None:
    state = position(white="d1 d2 d3", black="a8", exact_distance=True)
    upward = {n for n in notations(state) if n[3:5] == "d3" or n.startswith("d3-d")}
    assert upward == {"d3-d4", "d2:d3-d5", "d1:d3-d6"}
    with pytest.raises(IllegalAction, match="exactly 3 squares"):
        RULES.apply(state, PhalanxMove(sq("d1"), sq("d3"), sq("d5")))
    free = position(white="d1 d2 d3", black="a8")
    assert {"d1:d3-d4", "d1:d3-d5"} <= notations(free)


def test_with_exact_distance_a_phalanx_of_n_captures_only_exactly_n_squares_ahead() -> None:
    short = position(white="d2 d3 d4", black="d5 a8", exact_distance=True)
    assert not any(n.startswith(("d2:d4", "d3:d4")) for n in notations(short))
    with pytest.raises(IllegalAction, match="exactly 3 squares, a capture too"):
        RULES.apply(short, PhalanxMove(sq("d2"), sq("d4"), sq("d5"), capture=True))
    assert "d2:d4xd5" in notations(position(white="d2 d3 d4", black="d5 a8"))  # option off
    ahead = position(white="d2 d3 d4", black="d7 a8", exact_distance=True)
    assert {n for n in notations(ahead) if n.startswith(("d2:d4", "d3:d4"))} == {
        "d2:d4xd7",
        "d3:d4-d6",
    }
    assert sorted(name(s) for s in play(ahead, "d2:d4xd7").white) == ["d5", "d6", "d7"]
    between = position(white="d2 d3 d4", black="d6 a8", exact_distance=True)
    assert {n for n in notations(between) if n.startswith(("d2:d4", "d3:d4"))} == {"d3:d4xd6"}
    blocked = position(white="d1 d2 d3", black="d6 d7 d8 a8", exact_distance=True)
    assert not any(n.startswith("d1:d3") for n in notations(blocked))  # d6 blocks the third
