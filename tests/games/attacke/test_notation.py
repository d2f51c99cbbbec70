"""Notation, wire forms and plain words for every Attacke action."""

from __future__ import annotations

import pytest

from core.games.attacke.actions import AttackeAction, Draw, First, Pass, Play, Return, from_wire
from core.rules import SPECTATOR, IllegalAction, Wire
from tests.games.attacke.script import RULES, deal, play

HANDS = ("R2 R3 B7 10S", "R4 R7 B2 B3 10S", "G2 G3 G4 Y2 Y3")
NAMES = ["Ann", "Bob", "Cy"]

EXAMPLES: dict[str, AttackeAction] = {
    "first 2": First(1),
    "dR5": Draw("R5"),
    "d10S": Draw("10S"),
    "R:2 3 5": Play((2, 3, 5), colour="R"),
    "G:4 7S": Play((4,), (7,), colour="G"),
    "5 7S": Play((5,), (7,)),
    "10S": Play((), (10,)),
    "4 ?R2 ?10S": Play((4,), (), ("R2", "10S")),
    "?B3 ?G3 ?P7": Play((), (), ("B3", "G3", "P7")),
    "pass": Pass(False),
    "pass+draw": Pass(True),
    "return G": Return("G"),
}


def test_every_notation_example_reads_back_and_writes_the_same() -> None:
    state = play(deal(*HANDS), "R:2")
    for text, action in EXAMPLES.items():
        assert RULES.parse(state, text) == action
        assert RULES.notation(action) == text


def test_notation_ignores_case_spacing_order_and_reads_coloured_knights_in_a_fight() -> None:
    state = play(deal(*HANDS), "R:2; dG5")
    assert RULES.parse(state, " r: 5  2 3 ") == Play((2, 3, 5), colour="R")
    assert RULES.parse(state, "7s r4") == Play((4,), (7,))
    assert RULES.parse(state, "PASS + DRAW") == Pass(True)
    assert RULES.parse(state, "return green") == Return("G")
    assert Play((5, 2), (10, 7), ("P7", "B3")) == Play((2, 5), (7, 10), ("B3", "P7"))


@pytest.mark.parametrize(
    "junk",
    [
        "",
        "x",
        "R:",
        "Q:2",
        "6",
        "G4",
        "8S",
        "?",
        "?Z9",
        "return",
        "return Q",
        "first 9",
        "dQ2",
        "pass draw",
        "R:2:3",
    ],
)
def test_junk_notation_is_refused(junk: str) -> None:
    state = play(deal(*HANDS), "R:2; dG5")
    with pytest.raises(IllegalAction):
        RULES.parse(state, junk)


def test_every_action_round_trips_through_its_wire_form() -> None:
    for action in EXAMPLES.values():
        wire = action.to_wire()
        assert RULES.from_wire(wire) == action
        assert type(action).from_wire(wire) == action
    with pytest.raises(IllegalAction):
        Pass.from_wire(Draw("R2").to_wire())


JUNK: list[Wire] = [
    None,
    3,
    "pass",
    [],
    [3],
    ["pass"],
    ["pass", 1],
    ["pass", None],
    ["first", True],
    ["first", 5],
    ["first", -1],
    ["first", 1.0],
    ["draw", "R1"],
    ["draw", 5],
    ["draw"],
    ["return", "Q"],
    ["return", 1],
    ["play"],
    ["play", "R", [2], []],
    ["play", "Q", [2], [], []],
    ["play", None, [True], [], []],
    ["play", None, [6], [], []],
    ["play", None, [], [8], []],
    ["play", None, [], [], ["X2"]],
    ["play", None, "2", [], []],
    ["play", None, [], [], [], []],
    ["play", None, [2] * 200, [], []],
    {"play": 1},
    ["nope", 1],
    [b"pass", True],
]


@pytest.mark.parametrize("wire", JUNK, ids=repr)
def test_junk_wire_is_refused_with_illegal_action(wire: Wire) -> None:
    with pytest.raises(IllegalAction):
        from_wire(wire)


def test_describe_names_a_drawn_card_only_to_its_receiver() -> None:
    state = play(deal(*HANDS), "R:2 3")
    assert RULES.describe(state, Draw("P7"), 0, NAMES) == "Ann drew a purple 7"
    assert RULES.describe(state, Draw("P7"), None, NAMES) == "Ann drew a purple 7"
    assert RULES.describe(state, Draw("P7"), 1, NAMES) == "Ann drew a card"


def test_describe_leaves_a_passer_s_draw_to_the_pass_for_those_who_do_not_see_the_card() -> None:
    """ "Bob passed and drew a card" was followed by "Bob drew a card" (after the contest's
    result, out of order): the others learn nothing more from the draw."""
    state = play(deal(*HANDS), "R:2 3; dG5; pass+draw")
    assert state.actor == 1 and state.passed[1]
    assert RULES.describe(state, Draw("P7"), 0, NAMES) == ""
    assert RULES.describe(state, Draw("P7"), SPECTATOR, NAMES) == ""
    assert RULES.describe(state, Draw("P7"), 1, NAMES) == "Bob drew a purple 7"
    assert RULES.describe(state, Draw("P7"), None, NAMES) == "Bob drew a purple 7"


def test_describe_gives_an_opening_total_only_where_it_adds_to_the_cards_named() -> None:
    start = deal(*HANDS)
    assert RULES.describe(start, Play((2,), colour="R"), 1, NAMES) == (
        "Ann opened a red contest with a red 2"
    )
    state = play(start, "R:2; dG5")
    twins = deal("B4 B4 R2 10S", *HANDS[1:])
    assert RULES.describe(twins, Play((4, 4), colour="B"), 1, NAMES) == (
        "Ann opened a blue contest with two blue 4s, for a total of 8"
    )
    assert RULES.describe(state, Play((7,)), 2, NAMES) == (
        "Bob fought with a red 7, for a total of 7"
    )


def test_a_pass_says_whether_it_drew() -> None:
    """Said in the pass itself, not left to the draw's own line: what happened since a
    player's turn leaves card lines out, and drawing or not is the passer's choice."""
    state = play(deal(*HANDS), "R:2; dG5")
    assert RULES.describe(state, Pass(True), 0, NAMES) == "Bob passed and drew a card"
    assert RULES.describe(state, Pass(False), 0, NAMES) == "Bob passed without drawing"
    assert RULES.advise(state, Pass(True), NAMES) == "pass and draw a card"
    assert RULES.advise(state, Pass(False), NAMES) == "pass without drawing"


def test_describe_words_plays_passes_and_returns_for_any_seat_count() -> None:
    start = deal(*HANDS)
    opening = Play((2, 3), (10,), colour="R")
    assert RULES.describe(start, opening, 2, NAMES) == (
        "Ann opened a red contest with the red 2 and 3 and a 10-shield, for a total of 15"
    )
    state = play(start, "R:2; dG5")
    fought = "Bob fought with a red 7, for a total of 7"
    assert RULES.describe(state, Play((7,)), 0, NAMES) == fought
    state = play(state, "pass")
    assert RULES.describe(state, Pass(True), 0, NAMES) == (
        "Cy passed and drew a card; Ann wins the contest"
    )
    assert RULES.describe(state, Return("B"), 0, NAMES) == "Cy gave back the blue chip"
    assert RULES.describe(start, First(2), 0, NAMES) == "Cy is the first player"
    assert RULES.describe(start, First(4), 0, NAMES) == "Player 5 is the first player"
