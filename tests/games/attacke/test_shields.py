"""RULES.md §2 "Shields": the 7-shield joker; the 10-shield's limit and its chip penalty."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.games.attacke.actions import Play, Return
from core.rules import IllegalAction
from tests.games.attacke.script import RULES, deal, play

HANDS = ("R2 R3 10S 10S", "R4 R7 B2 B3 10S", "G2 G3 G4 Y2 7S")


def test_the_7_shield_counts_7_with_or_without_knights_in_any_contest() -> None:
    state = play(deal(*HANDS), "R:2; dB4; 4; dB5")
    state = play(state, "7S; dG5")  # seat 2 holds no red knight at all
    assert state.total(2) == 7
    state = play(deal(*HANDS), "R:2; dB4; 4; dB5; pass; 3; dG5")
    state = play(state, "pass")
    assert state.phase == "open" and state.actor == 0  # seat 0 won with 2 + 3 = 5


def test_a_7_shield_may_join_knights_in_one_play() -> None:
    state = play(deal("R2 R3 7S 7S", *HANDS[1:]), "R:2; dB4; 4; dB5; pass; 3 7S; dG5")
    assert state.laid[0] == ("R2", "R3", "7S") and state.total(0) == 12


def test_a_player_may_lay_only_one_10_shield_in_a_play() -> None:
    state = deal(*HANDS)
    with pytest.raises(IllegalAction, match="only one 10-shield"):
        RULES.apply(state, Play((2,), (10, 10), (), "R"))


def test_a_10_shield_in_an_opening_counts_for_the_limit() -> None:
    state = play(deal(*HANDS), "R:2 10S; dB5; 7 10S; dG5; pass")
    assert state.actor == 0
    with pytest.raises(IllegalAction, match="only one 10-shield"):
        RULES.apply(state, RULES.parse(state, "10S"))


def test_another_10_shield_may_be_laid_in_the_next_contest() -> None:
    state = play(deal(*HANDS), "R:2 10S; dB5; pass; pass")
    state = play(state, "R:3 10S")
    assert state.laid[0] == ("R3", "10S")


def test_a_passer_who_laid_a_10_shield_returns_a_chip_of_their_choice_before_drawing() -> None:
    state = replace(deal(*HANDS), chips=(("B", "G"), (), ()))
    state = play(state, "R:2 10S; dY3; 7 10S; dY4; pass; pass+draw")
    assert state.phase == "return" and state.actor == 0 and state.pending_draw
    assert state.discard == ("R2", "10S") and state.laid[0] == ()  # discarded first
    assert RULES.view(state, 1).pending_return == 0
    assert RULES.legal_actions(state) == [Return("B"), Return("G")]
    with pytest.raises(IllegalAction, match="own no such chip"):
        RULES.apply(state, Return("R"))
    with pytest.raises(IllegalAction, match="give back"):
        RULES.apply(state, RULES.parse(state, "pass"))
    state = play(state, "return G")
    assert state.chips[0] == ("B",)
    assert state.phase == "draw" and state.actor == 0  # then the chosen draw
    state = play(state, "dP5")
    assert state.results[-1].winner == 1 and state.results[-1].returned == ((0, "G"),)


def test_a_passer_who_laid_a_10_shield_and_owns_no_chip_returns_nothing() -> None:
    state = play(deal(*HANDS), "R:2 10S; dY3; 7 10S; dY4; pass; pass")
    assert state.phase == "open" and state.chips == ((), ("R",), ())


def test_a_winner_who_laid_a_10_shield_returns_nothing() -> None:
    state = replace(deal(*HANDS), chips=((), ("B",), ()))
    state = play(state, "R:2; dY3; 10S; dY4; pass; pass")
    assert state.chips[1] == ("R", "B")
    assert state.phase == "open" and state.actor == 1


def test_a_10_shield_in_an_opening_counts_for_the_penalty() -> None:
    state = replace(deal(*HANDS), chips=(("Y",), (), ()))
    state = play(state, "R:2 10S; dY3; 7 10S; dY4; pass")  # 17 beats the opening 12
    assert state.phase == "fight" and state.actor == 0
    state = play(state, "pass")
    assert state.phase == "return" and RULES.legal_actions(state) == [Return("Y")]
    state = play(state, "return Y")
    assert state.chips == ((), ("R",), ()) and state.phase == "open" and state.actor == 1
