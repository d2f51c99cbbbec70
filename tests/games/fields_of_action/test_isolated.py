"""RULES.md §4, the isolated stone (N = 0): any distance in one straight line, jumping allowed,
onto an empty square touching at least two stones (not counting itself), never capturing."""

from __future__ import annotations

import pytest

from core.games.fields_of_action.actions import Capture, Move
from core.games.fields_of_action.board import NAMES
from core.rules import IllegalAction
from tests.games.fields_of_action.script import RULES, at, play, setup


def test_an_isolated_stone_moves_any_distance_in_one_line_and_may_jump() -> None:
    state = setup("W1 a4, W2 c4, B1 d5, B2 d3")
    assert at(state, "a4") == ["d4", "e4"]  # both beyond White's 2 on c4
    assert play(state, "a4-e4").stone_at("e4").number == 1
    with pytest.raises(IllegalAction, match="not a straight line"):
        RULES.apply(state, Move(NAMES["a4"], NAMES["c5"]))


def test_an_isolated_stone_lands_only_on_an_empty_square_touching_two_stones() -> None:
    state = setup("W1 a4, W2 c4, B1 d5, B2 d3")
    with pytest.raises(IllegalAction, match="touching at least two stones, and f4 touches 0"):
        RULES.apply(state, Move(NAMES["a4"], NAMES["f4"]))
    with pytest.raises(IllegalAction, match="must end on an empty square"):
        RULES.apply(state, Move(NAMES["a4"], NAMES["c4"]))


def test_an_isolated_stone_does_not_count_itself_among_the_stones_it_lands_beside() -> None:
    state = setup("W1 a4, W2 c4, B1 d5, B2 d3")  # b4 touches c4, and a4 which it leaves
    assert "b4" not in at(state, "a4")
    with pytest.raises(IllegalAction, match="b4 touches 1"):
        RULES.apply(state, Move(NAMES["a4"], NAMES["b4"]))


def test_an_isolated_stone_never_captures() -> None:
    state = setup("W1 a4, B3 c4, B1 d5, B2 d3")  # c4 touches d5 and d3, but holds Black's 3
    assert at(state, "a4") == ["d4", "e4"]
    with pytest.raises(IllegalAction, match="never captures"):
        RULES.apply(state, Capture(NAMES["a4"], NAMES["c4"], 3))
