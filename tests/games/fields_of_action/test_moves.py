"""RULES.md §4, a move: one stone, a straight line, exactly N squares (N = the stones around
it), jumping allowed, never onto a friendly stone, capturing an enemy stone it ends on."""

from __future__ import annotations

import pytest

from core.games.fields_of_action.actions import Capture, Move
from core.games.fields_of_action.board import NAMES
from core.games.fields_of_action.field import reach
from core.rules import IllegalAction
from tests.games.fields_of_action.script import BLACK, RULES, WHITE, at, play, setup


def test_a_stone_moves_exactly_as_many_squares_as_stones_around_it() -> None:
    state = setup("W1 d4, W2 d5, B1 e5, B9 h1")
    assert reach(state.board, NAMES["d4"]) == 2
    assert at(state, "d4") == ["b2", "b4", "b6", "d2", "d6", "f2", "f4", "f6"]
    for target in ("d3", "e4", "a4"):
        with pytest.raises(IllegalAction, match="exactly 2 squares"):
            RULES.apply(state, Move(NAMES["d4"], NAMES[target]))


def test_stones_of_both_colours_count_and_only_the_eight_squares_around() -> None:
    state = setup("W1 d4, W2 c3, B1 e5, B2 d3, W3 d6, B3 f4")
    assert reach(state.board, NAMES["d4"]) == 3  # c3, e5, d3; d6 and f4 are two away


def test_a_stone_moves_in_a_straight_line_only() -> None:
    state = setup("W1 d4, W2 d5, B1 e5, B9 h1")
    with pytest.raises(IllegalAction, match="not a straight line"):
        RULES.apply(state, Move(NAMES["d4"], NAMES["e6"]))


def test_a_stone_may_jump_over_stones_of_either_colour() -> None:
    state = setup("W1 d4, W2 d5, B1 e5, B9 h1")
    assert play(state, "d4-d6").stone_at("d6").number == 1  # over White's 2
    assert play(state, "d4-f6").stone_at("f6").number == 1  # over Black's 1


def test_a_stone_may_not_leave_the_board() -> None:
    state = setup("W1 b2, W2 a1, W3 a2, W4 b1, B9 h8")  # N = 3 from b2
    assert at(state, "b2") == ["b5", "e2", "e5"]


def test_a_stone_may_not_end_on_a_friendly_stone() -> None:
    state = setup("W1 d4, W2 d5, B1 c3, W3 d6, B9 h1")
    assert "d6" not in at(state, "d4")
    with pytest.raises(IllegalAction, match="your own 3"):
        RULES.apply(state, Move(NAMES["d4"], NAMES["d6"]))


def test_ending_on_an_enemy_stone_captures_it() -> None:
    state = setup("W1 d4, W2 d5, B1 c3, B7 f6, B9 h1")
    capture = Capture(NAMES["d4"], NAMES["f6"], 7)
    assert capture in RULES.legal_actions(state)
    after = RULES.apply(state, capture)
    assert after.stone_at("f6") == state.stone_at("d4")
    assert after.stone_at("d4") is None
    assert after.captured == ((7,), ())
    assert len(after.stones) == len(state.stones) - 1
    assert after.last is not None and after.last.captured == state.stone_at("f6")
    assert after.since_capture == 0


def test_a_move_onto_an_enemy_stone_is_a_capture_and_must_name_that_stone() -> None:
    state = setup("W1 d4, W2 d5, B1 c3, B7 f6, B9 h1")
    with pytest.raises(IllegalAction, match="that move captures it"):
        RULES.apply(state, Move(NAMES["d4"], NAMES["f6"]))
    with pytest.raises(IllegalAction, match="Black's 7, not 8"):
        RULES.apply(state, Capture(NAMES["d4"], NAMES["f6"], 8))
    with pytest.raises(IllegalAction, match="no stone to capture"):
        RULES.apply(state, Capture(NAMES["d4"], NAMES["f2"], 8))


def test_you_move_one_of_your_own_stones() -> None:
    state = setup("W1 d4, W2 d5, B1 e5, B9 h1")
    with pytest.raises(IllegalAction, match="no stone on a1"):
        RULES.apply(state, Move(NAMES["a1"], NAMES["a2"]))
    with pytest.raises(IllegalAction, match="Black's, not yours"):
        RULES.apply(state, Move(NAMES["e5"], NAMES["e7"]))


def test_the_sides_take_turns() -> None:
    state = play(setup("W1 d4, W2 d5, B1 e5, B9 h1"), "d4-d6")
    assert (state.mover, RULES.to_move(state)) == (BLACK, BLACK)
    state = play(state, "e5-g7")
    assert RULES.to_move(state) == WHITE
