"""RULES.md §2 option `face_down`: once per contest, cards laid face down count 1 each."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.games.attacke import AttackeState
from core.games.attacke.actions import Play
from core.games.attacke.notation import public
from core.rules import IllegalAction
from tests.games.attacke.script import RULES, deal, play

HANDS = ("R2 R3 B7 10S", "R4 R7 B2 B3 10S", "G2 G3 G4 Y2 Y3")


def start(face_down: bool = True) -> AttackeState:
    return deal(*HANDS, face_down=face_down)


def test_cards_face_down_count_one_each_whatever_they_are() -> None:
    state = play(start(), "R:2 ?B7 ?10S")
    assert state.laid[0] == ("R2",) and state.hidden[0] == ("B7", "10S")
    assert state.total(0) == 4


def test_cards_face_down_need_the_option() -> None:
    with pytest.raises(IllegalAction, match="face_down variant"):
        RULES.apply(start(face_down=False), RULES.parse(start(), "R:2 ?B7"))


def test_cards_face_down_may_be_laid_alone_in_a_fight() -> None:
    state = play(start(), "R:2; dG5; ?B2 ?B3 ?10S")
    assert state.laid[1] == () and state.total(1) == 3


def test_a_player_lays_cards_face_down_in_only_one_play_per_contest() -> None:
    state = play(start(), "R:2; dG5; ?B2 ?B3 ?10S; dG7; pass; ?B7 ?10S; dP2")
    assert state.actor == 1
    with pytest.raises(IllegalAction, match="already laid cards face down"):
        RULES.apply(state, RULES.parse(state, "4 ?R7"))
    state = play(state, "4 7; dP3; pass")
    state = play(state, "P:3 ?G7")  # a new contest: face down again
    assert state.hidden[1] == ("G7",)


def test_a_face_down_10_shield_neither_uses_the_limit_nor_brings_the_penalty() -> None:
    state = deal(HANDS[0], "R4 R7 B2 10S 10S", HANDS[2], face_down=True)
    state = play(state, "R:2; dG5; ?10S ?B2 ?R4; dG7; pass; 3; dP2")
    state = play(state, "10S; dP3")  # the face-down one did not use the limit
    assert state.laid[1] == ("10S",) and state.total(1) == 13
    state = replace(start(), chips=((), ("G",), ()))
    state = play(state, "R:2; dG5; ?10S ?B2 ?B3; dG7; pass; 3; dP2; pass")
    assert state.chips[1] == ("G",)  # no chip returned
    assert state.phase == "open" and state.actor == 0


def test_the_opening_colour_must_come_from_a_face_up_knight() -> None:
    with pytest.raises(IllegalAction, match="face-up red knight"):
        RULES.apply(start(), RULES.parse(start(), "R:?R2"))
    with pytest.raises(IllegalAction, match="face-up blue knight"):
        RULES.apply(start(), Play((), (10,), ("B7",), "B"))


def test_cards_face_down_stay_hidden_from_other_seats_in_views_and_words() -> None:
    before = start()
    action = RULES.parse(before, "R:2 ?B7 ?10S")
    state = RULES.apply(before, action)
    other = RULES.view(state, 1)
    assert other.hidden[0] is None and other.hidden_counts[0] == 2 and other.totals[0] == 4
    assert RULES.view(state, 0).hidden[0] == ("B7", "10S")
    assert RULES.view(state, None).hidden[0] == ("B7", "10S")
    names = ["Ann", "Bob", "Cy"]
    told = RULES.describe(before, action, 1, names)
    assert told == "Ann opened a red contest with a red 2 and two cards face down, for a total of 4"
    assert "blue" not in told and "shield" not in told
    assert "a blue 7 and a 10-shield" in RULES.describe(before, action, 0, names)
    assert public(action) == "R:2 +2?"


def test_cards_face_down_are_discarded_face_down() -> None:
    state = play(start(), "R:2 ?B7; dG5; pass; pass")
    assert "B7" in state.discard
    view = RULES.view(state, 1)
    assert view.discard == 2 and view.discard_cards is None
    assert view.last_result is not None and view.last_result.hidden == 1
    assert view.last_result.laid == ("R2",)
