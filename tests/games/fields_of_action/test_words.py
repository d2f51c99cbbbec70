"""Notation, wire forms, plain-words commentary and what the board widget reads."""

from __future__ import annotations

import pytest

from core.games.fields_of_action import Capture, Move
from core.games.fields_of_action.board import NAMES
from core.rules import IllegalAction
from tests.games.fields_of_action.script import BLACK, RULES, WHITE, new, play, setup

D2, D5, F6, D4 = NAMES["d2"], NAMES["d5"], NAMES["f6"], NAMES["d4"]
CAPTURE = "W1 d4, W2 d5, B1 c3, B7 f6, B9 h1"


def test_notation_writes_from_sign_to() -> None:
    assert RULES.notation(Move(D2, D5)) == "d2-d5"
    assert RULES.notation(Capture(D4, F6, 7)) == "d4xf6"


def test_parse_reads_notation_loosely_and_the_position_tells_a_capture() -> None:
    start = new()
    for text in ("d2-d5", "D2-D5", " d2 d5 ", "d2d5", "d2\u2013d5"):
        assert RULES.parse(start, text) == Move(D2, D5)
    state = setup(CAPTURE)
    assert RULES.parse(state, "d4xf6") == Capture(D4, F6, 7)
    assert RULES.parse(state, "d4-f6") == Capture(D4, F6, 7)


def test_parse_refuses_what_it_cannot_read() -> None:
    for junk in ("", "d2", "d2-d2", "i1-a1", "d2-d9", "d2xd5x", "12", "d2 - d5 - d6"):
        with pytest.raises(IllegalAction, match="notation"):
            RULES.parse(new(), junk)
    with pytest.raises(IllegalAction, match="no enemy stone on d5"):
        RULES.parse(new(), "d2xd5")
    with pytest.raises(IllegalAction, match="no stone on d4"):
        RULES.parse(new(), "d4xd6")


def test_wire_forms_name_the_action_and_round_trip() -> None:
    assert Move(D2, D5).to_wire() == ["move", "d2", "d5"]
    assert Capture(D4, F6, 7).to_wire() == ["capture", "d4", "f6", 7]
    for action in (Move(D2, D5), Capture(D4, F6, 7)):
        assert RULES.from_wire(action.to_wire()) == action
        assert type(action).from_wire(action.to_wire()) == action
    with pytest.raises(IllegalAction, match="not the wire form of Capture"):
        Capture.from_wire(["move", "d2", "d5"])


JUNK = [
    None, 3, "d2-d5", [], ["move"], ["move", "d2"], ["move", "d2", "d5", 7], ["jump", "d2", "d5"],
    ["move", "D2", "d5"], ["move", "d2", "d2"], ["move", "d2", "i5"], ["move", 11, 35],
    ["capture", "d4", "f6"], ["capture", "d4", "f6", 0], ["capture", "d4", "f6", 13],
    ["capture", "d4", "f6", True], ["capture", "d4", "f6", 7.0], ["capture", "d4", "f6", "7"],
    {"move": ["d2", "d5"]}, [b"move", "d2", "d5"], ["move", "d2", None],
]  # fmt: skip


@pytest.mark.parametrize("wire", JUNK, ids=repr)
def test_junk_wire_forms_are_refused(wire: object) -> None:
    with pytest.raises(IllegalAction, match="Not a Fields of Action move"):
        RULES.from_wire(wire)  # type: ignore[arg-type]


def test_apply_refuses_malformed_actions() -> None:
    for junk in (Move(-1, 3), Move(2, 64), Move(True, 3), Capture(D4, F6, 0), "d2-d5", None):
        with pytest.raises(IllegalAction):
            RULES.apply(new(), junk)  # type: ignore[arg-type]


def test_describe_says_who_moved_which_stone_where() -> None:
    names = ("White", "Black")
    assert RULES.describe(new(), Move(D2, D5), None, names) == "White moved stone 12 from d2 to d5"
    assert RULES.describe(new(), Move(D2, D5), BLACK, ("Ann", "Bob")) == (
        "Ann moved stone 12 from d2 to d5"
    )
    # "stone": "moved 4 from h3 to g2" read as a distance, for a stone that went one square
    assert RULES.advise(new(), Move(D2, D5), names) == "move stone 12 from d2 to d5"
    state = setup("B7 d4, B2 d5, W1 c3, W3 f6, W9 h1", mover=BLACK, captured=((), (4, 5)))
    assert RULES.describe(state, Capture(D4, F6, 3), WHITE, names) == (
        "Black's 7 captured White's 3 on f6 — Black's best run: numbers 3 4 5 (3 of 5)"
    )
    won = setup(CAPTURE, captured=((4, 5, 6, 8), ()))
    assert RULES.describe(won, Capture(D4, F6, 7), None, names) == (
        "White's 1 captured Black's 7 on f6 — White has 4 5 6 7 8, a run of five"
    )


def test_the_state_shows_what_a_board_widget_needs() -> None:
    state = play(setup(CAPTURE + ", B10 h2", captured=((3,), (1, 2))), "d4xf6")
    assert RULES.view(state, WHITE) is state and RULES.view(state, None) is state
    assert dict(state.stones)["f6"].colour == "White"
    assert dict(state.stones)["f6"].number == 1
    assert state.captured == ((3, 7), (1, 2))
    assert state.runs == ((3,), (1, 2))
    last = state.last
    assert last is not None
    assert (last.origin, last.target) == (D4, F6)
    assert (last.stone.label, last.captured and last.captured.label) == ("W1", "B7")
    assert state.since_capture == 0
    state = play(state, "h1-g2")
    assert state.since_capture == 1 and state.last is not None and state.last.captured is None
    with pytest.raises(ValueError):
        RULES.view(state, 2)


def test_a_turn_is_a_move_by_each_side() -> None:
    state = new()
    assert RULES.round_of(state) == 1
    state = play(state, "d2-d5")
    assert RULES.round_of(state) == 1
    state = play(state, "e7-e4")
    assert RULES.round_of(state) == 2


def test_there_are_no_chance_events() -> None:
    import random

    with pytest.raises(IllegalAction):
        RULES.sample_chance(new(), random.Random(1))
