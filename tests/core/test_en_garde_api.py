"""En Garde's Rules surface: notation, wire form, words, views, chance and its odds."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from core.games.en_garde.actions import (
    AdvanceAttack,
    Attack,
    Draw,
    Move,
    Parry,
    Pass,
    Retreat,
)
from core.registry import get
from core.rules import CHANCE, SPECTATOR, IllegalAction
from tests.core.test_en_garde_script import RULES, deal, new, play, three_left

TABLE = [
    ("d3", Draw(3, 0, "deal")),  # read in a state where seat 0 is dealt the next card
    ("3>", Move(3, True)),
    ("3<", Move(3, False)),
    ("x4", Attack(4, 1)),
    ("x44", Attack(4, 2)),
    ("3>x5", AdvanceAttack(3, 5, 1)),
    ("3>x55", AdvanceAttack(3, 5, 2)),
    ("p", Parry()),
    ("r2", Retreat(2)),
    ("-", Pass()),
]


def test_registry_serves_en_garde() -> None:
    rules = get("en-garde")
    assert (rules.id, rules.title, rules.min_players, rules.max_players) == (
        "en-garde",
        "En Garde",
        2,
        2,
    )
    assert rules.hides_information


@pytest.mark.parametrize(("text", "action"), TABLE)
def test_notation_table(text: str, action: object) -> None:
    state = new()
    assert RULES.notation(action) == text  # type: ignore[arg-type]
    assert RULES.parse(state, text) == action
    assert RULES.parse(state, f"  {text.upper()} ") == action


@pytest.mark.parametrize(
    "junk",
    ["", "x", "x6", "x45", "x444444", "6>", "3", "3>x", "3<x5", "d0", "r", "pp", "--", "move 3"],
)
def test_parse_rejects_junk_with_a_hint(junk: str) -> None:
    with pytest.raises(IllegalAction, match="not En Garde notation"):
        RULES.parse(new(), junk)


@pytest.mark.parametrize(("text", "action"), TABLE)
def test_wire_round_trip(text: str, action: object) -> None:
    assert RULES.from_wire(action.to_wire()) == action  # type: ignore[attr-defined]
    assert type(action).from_wire(action.to_wire()) == action  # type: ignore[attr-defined]


def test_a_draw_names_its_receiver_and_kind_on_the_wire_and_the_legacy_form_is_read() -> None:
    assert Draw(3, 1, "refill").to_wire() == ["draw", 3, 1, "refill"]
    assert RULES.from_wire(["draw", 3, 0, "deal"]) == Draw(3, 0, "deal")
    assert RULES.from_wire(["draw", 3]) == Draw(3)
    assert Draw(3).to_wire() == ["draw", 3]
    state = RULES.apply(new(), RULES.from_wire(["draw", 3]))  # old files: to whoever is due
    assert state == RULES.apply(new(), Draw(3, 0, "deal"))


def test_a_draw_naming_the_wrong_receiver_or_kind_is_refused() -> None:
    with pytest.raises(IllegalAction, match="goes to seat 1, not seat 2"):
        RULES.apply(new(), Draw(3, 1, "deal"))
    with pytest.raises(IllegalAction, match="the deal, not a refill"):
        RULES.apply(new(), Draw(3, 0, "refill"))
    refilling = play(deal("12345", "12345"), "3>")
    assert RULES.legal_actions(refilling)[0] == Draw(1, 0, "refill")
    with pytest.raises(IllegalAction, match="a refill, not the deal"):
        RULES.apply(refilling, Draw(1, 0, "deal"))
    with pytest.raises(IllegalAction, match="both who receives the card and why"):
        RULES.apply(refilling, Draw(1, 0))
    assert RULES.parse(refilling, "d1") == Draw(1, 0, "refill")


def test_an_action_class_reads_only_its_own_wire_form() -> None:
    with pytest.raises(IllegalAction, match="not the wire form of Move"):
        Move.from_wire(Parry().to_wire())


@pytest.mark.parametrize(
    "junk",
    [
        None,
        3,
        "move",
        b"draw",
        [],
        {},
        {"draw": 3},
        ["draw"],
        ["draw", 6],
        ["draw", 0],
        ["draw", True],
        ["draw", 3.0],
        ["draw", "3"],
        ["draw", 3, 4],
        ["draw", 3, 2, "deal"],
        ["draw", 3, True, "deal"],
        ["draw", 3, 0, "shuffle"],
        ["draw", 3, 0],
        ["draw", 3, 0, "deal", 1],
        ["move", 3, 1],
        ["move", 3],
        ["move", True, True],
        ["attack", 3, 0],
        ["attack", 3, False],
        ["advance", 1, 2],
        ["advance", 1, 2, None],
        ["parry", 1],
        ["pass", None],
        ["fence"],
        [["draw"], 3],
        [3, "draw"],
    ],
)
def test_from_wire_rejects_malformed_input(junk: object) -> None:
    with pytest.raises(IllegalAction, match="Not an En Garde action"):
        RULES.from_wire(junk)  # type: ignore[arg-type]


def test_apply_rejects_foreign_and_malformed_actions_in_words() -> None:
    state = deal("12345", "12345")
    for junk, words in [
        ("3>", "not an En Garde action"),
        (Move(6, True), "no card 6"),
        (Move(True, True), "no card True"),
        (Move(3, 1), "forward or backward"),  # type: ignore[arg-type]
        (Attack(4, 0), "one to five cards"),
        (Draw(3), "No card is due"),
        (Parry(), "no attack to answer"),
        (Pass(), "move or attack"),
    ]:
        with pytest.raises(IllegalAction, match=f"(?i){words}"):
            RULES.apply(state, junk)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="cards are being drawn"):
        RULES.apply(new(), Move(1, True))


def test_describe_in_plain_words_and_only_the_receiver_learns_a_draw() -> None:
    names = ("Ann", "Bob")
    dealing = new()
    assert RULES.describe(dealing, Draw(4), 0, names) == "Ann drew a 4"
    assert RULES.describe(dealing, Draw(4), None, names) == "Ann drew a 4"
    assert RULES.describe(dealing, Draw(4), 1, names) == "Ann drew a card"
    assert RULES.describe(dealing, Draw(4, 0, "deal"), 1, names) == "Ann drew a card"
    refill = play(deal("12345", "12345"), "5> d5 5>")
    assert RULES.describe(refill, Draw(2, 1, "refill"), 0, names) == "Bob drew a card"
    assert RULES.describe(refill, Draw(2, 1, "refill"), 1, names) == "Bob drew a 2"
    state = deal("12345", "12345")
    assert RULES.describe(state, Move(3, True), 1, names) == "Ann moved 3 forward"
    assert RULES.describe(state, Move(2, False), 1, names) == "Ann moved 2 backward"
    assert RULES.describe(state, Attack(5, 2), 1, names) == "Ann attacked with two 5s"
    assert (
        RULES.describe(state, AdvanceAttack(3, 5, 2), 1, names)
        == "Ann advanced 3 and attacked with two 5s"
    )
    defending = play(deal("12345", "12345"), "5> d5 5> d5 4> d4 3>x5 d3 d5")
    assert RULES.describe(defending, Parry(), 1, names) == "Ann parried with a 5"
    assert RULES.describe(defending, Retreat(2), 1, names) == "Ann retreated 2"
    assert RULES.describe(defending, Pass(), 1, names) == "Ann took the hit"
    last = play(three_left("basic"), "1> d5 1< d5 2> d5")
    assert RULES.describe(last, Pass(), 0, names) == "Bob declined the last attack"


def test_a_drawn_card_is_named_in_the_notation_of_its_receiver_only() -> None:
    dealing = new()
    for draw in (Draw(4, 0, "deal"), Draw(4)):
        assert [RULES.notation_seen(dealing, draw, v) for v in (None, 0)] == ["d4", "d4"]
        assert [RULES.notation_seen(dealing, draw, v) for v in (1, SPECTATOR)] == ["d?", "d?"]
    refill = play(deal("12345", "12345"), "5> d5 5>")
    assert RULES.notation_seen(refill, Draw(2, 1, "refill"), 0) == "d?"
    assert RULES.notation_seen(refill, Draw(2, 1, "refill"), 1) == "d2"
    assert RULES.notation_seen(refill, Move(3, True), 0) == "3>"


def test_a_seat_view_hides_the_other_hand_and_shows_counts() -> None:
    state = play(deal("12345", "23455"), "3> d1")
    mine, theirs, everything = RULES.view(state, 0), RULES.view(state, 1), RULES.view(state, None)
    assert mine.hands == ((1, 1, 2, 4, 5), None)
    assert theirs.hands == (None, (2, 3, 4, 5, 5))
    assert everything.hands == ((1, 1, 2, 4, 5), (2, 3, 4, 5, 5))
    assert mine.hand_sizes == theirs.hand_sizes == (5, 5)
    assert (mine.pile, mine.discard_top, mine.discard_count) == (14, 3, 1)
    assert (mine.viewer, mine.to_move, mine.level, mine.starter) == (0, 1, "advanced", 0)
    assert (mine.phase, mine.actor, mine.drawing, mine.draw_kind, mine.deal_round) == (
        "turn",
        1,
        None,
        None,
        None,
    )
    with pytest.raises(ValueError):
        RULES.view(state, 2)


def test_chance_offers_one_draw_per_value_left_in_the_pile() -> None:
    state = new()
    for card in (5, 5, 5, 5, 5, 4, 4, 4, 4):
        state = RULES.apply(state, Draw(card))
    assert RULES.to_move(state) == CHANCE
    assert RULES.legal_actions(state) == [Draw(v, 1, "deal") for v in (1, 2, 3, 4)]


def test_sample_chance_picks_each_unseen_card_equally_often() -> None:
    state = new()
    for card in (5, 5, 5, 5, 5, 4, 4, 4, 4):
        state = RULES.apply(state, Draw(card))
    counts = Counter(RULES.sample_chance(state, random.Random(seed)).card for seed in range(3000))
    unseen = {1: 5, 2: 5, 3: 5, 4: 1}
    assert set(counts) == set(unseen)
    total = sum(unseen.values())
    for value, n in unseen.items():
        assert abs(counts[value] / 3000 - n / total) < 0.04
    with pytest.raises(IllegalAction):
        RULES.sample_chance(play(state, "d1"), random.Random(1))  # the deal is complete


def test_round_of_counts_from_one() -> None:
    assert RULES.round_of(new()) == 1


def test_a_view_says_who_is_drawing_and_whether_it_is_the_deal_or_a_refill() -> None:
    dealing = RULES.view(play(new(first=1), "d3"), 1)
    assert (dealing.phase, dealing.drawing, dealing.draw_kind, dealing.deal_round) == (
        "deal",
        0,
        "deal",
        1,
    )
    refill = RULES.view(play(deal("12345", "12345"), "3>"), 1)
    assert (refill.phase, refill.drawing, refill.draw_kind, refill.deal_round) == (
        "refill",
        0,
        "refill",
        None,
    )
    assert refill.to_move == CHANCE and refill.actor == 0
