"""RULES.md §4: board, numbered setup, the seed's example, who moves first, the options."""

from __future__ import annotations

import pytest

from core.games.fields_of_action.actions import Move
from core.games.fields_of_action.board import NAMES, SIZE
from core.games.fields_of_action.setup import turned
from core.rules import BadOption, IllegalAction, resolve_options
from tests.games.fields_of_action.script import BLACK, RULES, WHITE, at, new

DIAGRAM = """
8  B8  B7  B6  B5  .   .   .   .
7  .   .   .   .   B12 B11 B10 B9
6  B4  B3  B2  B1  .   .   .   .
5  .   .   .   .   .   .   .   .
4  .   .   .   .   .   .   .   .
3  .   .   .   .   W1  W2  W3  W4
2  W9  W10 W11 W12 .   .   .   .
1  .   .   .   .   W5  W6  W7  W8
"""


def test_the_setup_is_the_diagram_of_rules_section_4() -> None:
    state = new()
    for row in DIAGRAM.strip().splitlines():
        rank, *cells = row.split()
        for file, cell in zip("abcdefgh", cells, strict=True):
            stone = state.stone_at(f"{file}{rank}")
            assert (stone.label if stone else ".") == cell, f"{file}{rank}"


def test_each_side_has_twelve_stones_numbered_one_to_twelve() -> None:
    stones = [stone for _, stone in new().stones]
    for side in (WHITE, BLACK):
        assert sorted(s.number for s in stones if s.side == side) == list(range(1, 13))


def test_the_two_sides_are_half_turns_of_each_other() -> None:
    state = new()
    for square in range(SIZE * SIZE):
        stone, other = state.board[square], state.board[turned(square)]
        assert (stone is None) == (other is None)
        if stone is not None and other is not None:
            assert (other.side, other.number) == (1 - stone.side, stone.number)


def test_the_seeds_example_w12_on_d2_moves_exactly_three() -> None:
    state = new()
    assert at(state, "d2") == ["a5", "d5", "g2", "g5"]
    with pytest.raises(IllegalAction, match="exactly 3 squares, not 2"):
        RULES.apply(state, Move(NAMES["d2"], NAMES["d4"]))


def test_both_sides_have_36_moves_in_the_starting_position() -> None:
    assert len(RULES.legal_actions(new())) == 36
    assert len(RULES.legal_actions(new(first="black"))) == 36


def test_white_moves_first_by_default() -> None:
    state = new()
    assert RULES.to_move(state) == WHITE
    assert RULES.seat_names == ("White", "Black")
    assert all(state.board[a.origin].side == WHITE for a in RULES.legal_actions(state))


def test_option_first_black_lets_black_move_first() -> None:
    chosen = resolve_options(RULES.options, {"first": "black"})  # as --option first=black
    state = RULES.new(2, chosen)
    assert RULES.to_move(state) == BLACK
    assert state.first == BLACK
    assert RULES.to_move(RULES.apply(state, RULES.parse(state, "e7-e4"))) == WHITE


def test_options_refuse_what_they_do_not_declare() -> None:
    for bad in ({"first": "red"}, {"first": 1}, {"capture_limit": -1}, {"repetition": "maybe"}):
        with pytest.raises(BadOption):
            new(**bad)
    with pytest.raises(ValueError, match="2 players"):
        RULES.new(3, {})


def test_the_house_rules_default_to_on() -> None:
    state = new()
    assert (state.repetition, state.capture_limit) == (True, 200)
    off = RULES.new(2, resolve_options(RULES.options, {"repetition": "off", "capture_limit": "0"}))
    assert (off.repetition, off.capture_limit) == (False, 0)


def test_metadata_names_the_game() -> None:
    assert (RULES.id, RULES.title, RULES.chapter) == (
        "fields-of-action",
        "Fields of Action",
        "turn",
    )
    assert (RULES.min_players, RULES.max_players, RULES.hides_information) == (2, 2, False)
    assert RULES.tagline
