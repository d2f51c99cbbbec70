"""Notation and wire forms: every action round-trips; junk is refused with IllegalAction."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.games.englishman.actions import (
    ACTION_CLASSES,
    BackToFront,
    BackToStalk,
    Deal,
    Discard,
    DoubleMove,
    EnglishmanAction,
    FrontToFront,
    FrontToStalk,
    KeepDeal,
    MoveFour,
    Wife,
)
from core.rules import IllegalAction
from tests.games.englishman.script import RULES, action, dealt, table

EXAMPLES = {
    "1f>3": FrontToFront(0, 2),
    "2b>s": BackToStalk(1),
    "2b>f": BackToFront(1),
    "1f>s": FrontToStalk(0),
    "x3:4": Discard(2, 3),
    "4>2": MoveFour(3, 1),
    "1>2,3>5": DoubleMove(0, 1, 2, 4),
    "w2:3>7": Wife(1, 2, 6),
    "w-": KeepDeal(),
}


@pytest.mark.parametrize(("text", "expected"), EXAMPLES.items())
def test_the_notation_examples(text: str, expected: EnglishmanAction) -> None:
    assert action(text) == expected
    assert RULES.notation(expected) == text
    assert action(text.upper().replace(">", " > ")) == expected


def test_every_legal_action_round_trips_through_notation_and_wire() -> None:
    rng = random.Random(11)
    state = RULES.new(2, {})
    deal = RULES.sample_chance(state, rng)
    checked = 0
    for probe in (state, dealt("1 ...\n2 ...\n3 ...\n4 ...\n5 ...")):
        for a in RULES.legal_actions(probe):
            checked += 1
            assert RULES.parse(probe, RULES.notation(a)) == a
            assert RULES.from_wire(a.to_wire()) == a
            assert type(a).from_wire(a.to_wire()) == a
    assert RULES.parse(state, RULES.notation(deal)) == deal
    assert Deal.from_wire(deal.to_wire()) == deal
    for diagram, actor in (("1 ...\n2 ...\n-\n4 Fee\n5 ...", 0), ("1 ...\n2 3\n-\n4 ...\n5", 1)):
        probe = table(diagram, actor=actor)
        for a in RULES.legal_actions(probe):
            checked += 1
            assert RULES.parse(probe, RULES.notation(a)) == a
            assert RULES.from_wire(a.to_wire()) == a
    assert checked > 500


def test_an_action_class_reads_only_its_own_wire_form() -> None:
    with pytest.raises(IllegalAction):
        FrontToFront.from_wire(["four", 0, 1])


@pytest.mark.parametrize(
    "text", ["", "1f>6", "0f>1", "1f>b", "x3", "x3:0", "1>2,", "w2:0>1", "deal:fee.x", "f1>2"]
)
def test_junk_notation_is_refused_plainly(text: str) -> None:
    with pytest.raises(IllegalAction, match="not Englishman notation"):
        action(text)


JUNK_WIRE: list[object] = [
    None,
    1,
    "front",
    [],
    [1, 2],
    ["front"],
    ["front", 0],
    ["front", 0, 5],
    ["front", 0, -1],
    ["front", True, 1],
    ["front", 0, 1.0],
    ["front", "0", 1],
    ["front-stalk", 0, 1],
    ["back", None],
    ["keep", 1],
    ["wife", 0, 1],
    ["wife", 0, 1, 50],
    ["wife", 0, False, 2],
    ["discard", 0],
    ["discard", 5, 0],
    ["four", 1, 2, 3],
    ["double", 0, 1, 2],
    ["double", 0, 1, 2, 9],
    ["deal"],
    ["deal", []],
    ["deal", [["1"] * 10] * 4],
    ["deal", [["1"] * 10] * 4 + [["1"] * 9]],
    ["deal", [["1"] * 10] * 4 + [["1"] * 9 + ["fee"]]],
    ["deal", [["1"] * 10] * 4 + [["1"] * 9 + [7]]],
    ["deal", "1111"],
    ["nothing", 0],
    {"front": [0, 1]},
]


@pytest.mark.parametrize("wire", JUNK_WIRE, ids=repr)
def test_junk_wire_is_refused_with_illegal_action(wire: object) -> None:
    with pytest.raises(IllegalAction, match="Not an action of The Blood of an Englishman"):
        RULES.from_wire(wire)  # type: ignore[arg-type]


def test_a_well_formed_deal_of_the_wrong_cards_is_read_but_refused_by_apply() -> None:
    deal = RULES.from_wire(["deal", [["1"] * 10] * 5])
    with pytest.raises(IllegalAction, match="exactly the 50 cards"):
        RULES.apply(RULES.new(2, {}), deal)


def test_non_actions_are_refused_by_apply() -> None:
    state = table("1 ...\n2 ...\n3 ...\n4 ...\n5 ...")
    for junk in (None, "1f>2", ["front", 0, 1], FrontToFront(True, 1), FrontToFront(0, 9)):
        with pytest.raises(IllegalAction):
            RULES.apply(state, junk)  # type: ignore[arg-type]
    assert len(ACTION_CLASSES) == 10


TAGS = [
    "deal",
    "wife",
    "keep",
    "front",
    "front-stalk",
    "back",
    "back-stalk",
    "discard",
    "four",
    "double",
    "Fee",
    "fee",
    "7",
]
wire_values: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-3, max_value=60)
    | st.floats(allow_nan=False)
    | st.text(max_size=6)
    | st.sampled_from(TAGS),
    lambda inner: st.lists(inner, max_size=6),
    max_leaves=14,
)


@settings(max_examples=200, deadline=None)
@given(wire_values)
def test_any_wire_value_reads_as_an_action_or_is_refused_plainly(wire: Any) -> None:
    try:
        read = RULES.from_wire(wire)
    except IllegalAction:
        return
    assert read.to_wire() == wire


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="12345xwsfb>:,-/. deal", max_size=10))
def test_any_text_parses_as_an_action_or_is_refused_plainly(text: str) -> None:
    try:
        read = action(text)
    except IllegalAction:
        return
    assert action(RULES.notation(read)) == read
