"""Notation, wire forms and plain-word descriptions of Crossing moves."""

from __future__ import annotations

import pytest

from core.games.crossing import PhalanxMove, Step
from core.rules import IllegalAction, Wire
from tests.games.crossing.script import RULES, play, position, sq

NAMES = ("White", "Black")


def test_a_step_is_written_from_dash_to_and_a_crossing_ends_in_plus() -> None:
    assert RULES.notation(Step(sq("c2"), sq("c3"))) == "c2-c3"
    assert RULES.notation(Step(sq("c7"), sq("c8"), crosses=True)) == "c7-c8+"


def test_a_phalanx_is_written_tail_colon_lead_then_the_leading_stones_destination() -> None:
    assert RULES.notation(PhalanxMove(sq("c2"), sq("c4"), sq("c6"))) == "c2:c4-c6"
    assert RULES.notation(PhalanxMove(sq("c2"), sq("c4"), sq("c5"), capture=True)) == "c2:c4xc5"
    crossing = PhalanxMove(sq("b6"), sq("d4"), sq("e3"), capture=True, crosses=False)
    assert RULES.notation(crossing) == "b6:d4xe3"


def test_parsing_fills_in_the_marks_and_ignores_case_and_spaces() -> None:
    state = position(white="c2 c3 c4 e7", black="c5 a8")
    capture = PhalanxMove(sq("c2"), sq("c4"), sq("c5"), capture=True)
    assert RULES.parse(state, "c2:c4xc5") == capture
    assert RULES.parse(state, " C2 : C4 - C5 ") == capture
    assert RULES.parse(state, "c2:c4\u2013c5") == capture
    assert RULES.parse(state, "e7-e8") == Step(sq("e7"), sq("e8"), crosses=True)
    assert RULES.parse(state, "e7-e8+") == Step(sq("e7"), sq("e8"), crosses=True)


def test_parsing_refuses_marks_the_position_contradicts() -> None:
    state = position(white="c2 c3 e6", black="a8")
    with pytest.raises(IllegalAction, match="no enemy stone on c5"):
        RULES.parse(state, "c2:c3xc5")
    with pytest.raises(IllegalAction, match="no crossing"):
        RULES.parse(state, "e6-e7+")


@pytest.mark.parametrize(
    "text",
    ["", "c2", "c2-", "c2c3", "i2-i3", "c9-c8", "c2-c4", "c2:c2-c3", "c2:d4-e6", "c2:c4-b5",
     "c2:c4-c2", "x", "c2-c3++", "c2:c3:c4-c5", "resign"],
)  # fmt: skip
def test_parsing_refuses_junk_with_a_hint(text: str) -> None:
    with pytest.raises(IllegalAction):
        RULES.parse(RULES.new(2, {}), text)


def test_wire_forms_are_short_lists_whose_first_item_names_the_action() -> None:
    step = Step(sq("c7"), sq("c8"), crosses=True)
    assert step.to_wire() == ["step", "c7", "c8", True]
    move = PhalanxMove(sq("c2"), sq("c4"), sq("c5"), capture=True)
    assert move.to_wire() == ["phalanx", "c2", "c4", "c5", True, False]
    assert RULES.from_wire(step.to_wire()) == step
    assert PhalanxMove.from_wire(move.to_wire()) == move
    with pytest.raises(IllegalAction, match="not the wire form of Step"):
        Step.from_wire(move.to_wire())


JUNK: list[Wire] = [
    None, 3, "step", [], ["step"], ["step", "c2", "c3"], ["step", "c2", "c3", 1],
    ["step", "c2", "c4", False], ["step", "c2", "c2", False], ["step", "C2", "c3", False],
    ["step", "c2", "z9", False], ["step", 10, 18, False], ["step", "c2", "c3", False, False],
    ["phalanx", "c2", "c4", "c6", False], ["phalanx", "c2", "c4", "c6", 0, False],
    ["phalanx", "c2", "d4", "e6", False, False], ["phalanx", "c2", "c4", "c3", False, False],
    ["phalanx", "c2", "c2", "c3", False, False], ["phalanx", "c2", "c4", "d5", False, False],
    ["phalanx", None, "c4", "c6", False, False], ["jump", "c2", "c3", False],
    [True, "c2", "c3", False], {"step": ["c2", "c3"]}, b"step", 2.5,
]  # fmt: skip


@pytest.mark.parametrize("wire", JUNK)
def test_junk_wire_forms_raise_illegal_action(wire: Wire) -> None:
    with pytest.raises(IllegalAction):
        RULES.from_wire(wire)


def test_apply_refuses_what_is_not_a_crossing_move() -> None:
    state = RULES.new(2, {})
    for junk in (None, "d2-d3", ["step", "d2", "d3", False], Step(99, 3), Step(True, 9)):
        with pytest.raises(IllegalAction):
            RULES.apply(state, junk)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="mark the move with \\+"):
        RULES.apply(position(white="e7", black="a8"), Step(sq("e7"), sq("e8")))
    with pytest.raises(IllegalAction, match="mark it with x"):
        unmarked = PhalanxMove(sq("c2"), sq("c3"), sq("c4"))
        RULES.apply(position(white="c2 c3", black="c4 a8"), unmarked)
    with pytest.raises(IllegalAction, match="marks are yes or no"):
        RULES.apply(state, Step(sq("d2"), sq("d3"), crosses=0))  # type: ignore[arg-type]


def test_describe_says_each_move_in_plain_words() -> None:
    seed = position(white="d1 d2 d3 d4", black="d5 d6 d7 h8")
    words = RULES.describe(seed, RULES.parse(seed, "d1:d4xd5"), None, NAMES)
    assert words == "White moved the phalanx d1\u2013d4 to d2\u2013d5, capturing d5"
    assert RULES.describe(seed, RULES.parse(seed, "d4-c4"), 0, NAMES) == "White moved d4 to c4"
    black = position(white="e7 h1", black="b2", mover=1)
    words = RULES.describe(black, RULES.parse(black, "b2-a1"), None, NAMES)
    assert words == "Black's stone crossed on a1 \u2014 White must cross in reply"
    owing = play(black, "b2-a1")
    words = RULES.describe(owing, RULES.parse(owing, "e7-e8"), 1, ("Ann", "Bob"))
    assert words == "Ann's stone crossed on e8, cancelling Bob's crossing"
    words = RULES.describe(owing, RULES.parse(owing, "h1-h2"), 1, NAMES)
    assert words == "White moved h1 to h2, leaving Black's crossing unanswered: Black wins"
    march = position(white="c5 c6 c7", black="a1")
    words = RULES.describe(march, RULES.parse(march, "c5:c7-c8"), None, ())
    assert words == (
        "White moved the phalanx c5\u2013c7 to c6\u2013c8; its leading stone crossed on c8 "
        "\u2014 Black must cross in reply"
    )
