"""RULES.md §2 "A contest": the opening, fights, passes and the contest's end."""

from __future__ import annotations

import pytest

from core.games.attacke import AttackeState
from core.games.attacke.actions import Pass, Play
from core.rules import CHANCE, IllegalAction
from tests.games.attacke.script import RULES, deal, play

HANDS = ("R2 R3 R5 7S", "R4 R7 B2 B3 10S", "G2 G3 G4 Y2 R2")


def start() -> AttackeState:
    return deal(*HANDS)


def test_the_opener_chooses_the_colour_with_a_face_up_knight_and_announces_the_total() -> None:
    state = play(start(), "R:2 3")
    assert state.colour == "R"
    assert state.laid[0] == ("R2", "R3")
    assert RULES.view(state, 1).totals == (5, 0, 0)
    assert RULES.view(state, 1).to_beat == 5


def test_an_opening_may_add_shields() -> None:
    state = play(start(), "R:2 7S")
    assert state.laid[0] == ("R2", "7S")
    assert state.total(0) == 9


def test_an_opening_needs_a_knight_of_its_colour() -> None:
    state = start()
    with pytest.raises(IllegalAction, match="at least one face-up red knight"):
        RULES.apply(state, Play((), (7,), (), "R"))
    with pytest.raises(IllegalAction, match="You hold no blue 2"):
        RULES.apply(state, Play((2,), (), (), "B"))
    with pytest.raises(IllegalAction, match="choosing its colour"):
        RULES.apply(state, Play((2,)))


def test_an_opening_cannot_mix_in_knights_of_another_colour() -> None:
    with pytest.raises(IllegalAction):
        RULES.parse(start(), "R:2 G3")


def test_the_opener_draws_exactly_one_card_however_many_they_played() -> None:
    state = play(start(), "R:2 3 5 7S")
    assert RULES.to_move(state) == CHANCE and state.phase == "draw" and state.actor == 0
    state = play(state, "dB5")
    assert state.hands[0] == ("B5",)
    assert state.phase == "fight" and state.actor == 1


def test_a_player_due_to_open_who_holds_a_knight_must_open() -> None:
    state = start()
    assert Pass(False) not in RULES.legal_actions(state)
    with pytest.raises(IllegalAction, match="must open"):
        RULES.apply(state, Pass(True))


def test_play_goes_round_in_seat_order_from_the_opener_skipping_passed_players() -> None:
    state = deal("R2 R3 R5 7S G5", "R4 R7 B2 B3", "G2 G3 G4 Y2 R2", first=1)
    state = play(state, "R:4; dY4")
    assert state.actor == 2
    state = play(state, "pass")
    assert state.actor == 0
    state = play(state, "5; dY5")
    assert state.actor == 1  # seat 2 has passed


def test_a_fight_must_take_the_running_total_strictly_above_the_highest() -> None:
    state = play(start(), "R:5; dB4")
    with pytest.raises(IllegalAction, match="above 5"):
        RULES.apply(state, RULES.parse(state, "4"))
    state = play(state, "7; dB5")
    assert state.total(1) == 7


def test_a_fight_uses_knights_of_the_contest_colour_and_shields_only() -> None:
    state = play(start(), "R:2; dB4")
    with pytest.raises(IllegalAction, match="red 3"):
        RULES.apply(state, Play((3,)))  # seat 1 holds blue 3, not red
    with pytest.raises(IllegalAction, match="already red"):
        RULES.apply(state, Play((3,), colour="B"))
    state = play(state, "10S; dB5")
    assert state.laid[1] == ("10S",)


def test_the_running_total_counts_every_card_laid_in_the_contest_and_goes_round_again() -> None:
    state = play(start(), "R:2; dB4; 4; dB5; pass; 3; dG5")  # seat 0: 2 + 3 = 5 > 4
    assert state.total(0) == 5 and state.laid[0] == ("R2", "R3")
    state = play(state, "7; dG7")  # seat 1: 4 + 7 = 11
    assert state.total(1) == 11 and state.actor == 0


def test_a_fighter_draws_exactly_one_card() -> None:
    state = play(start(), "R:2; dB4; 4 10S")
    assert state.phase == "draw" and state.actor == 1
    state = play(state, "dY7")
    assert len(state.hands[1]) == 4 and state.phase == "fight"


def test_a_passer_discards_their_laid_cards_and_chooses_whether_to_draw() -> None:
    state = play(start(), "R:2; dB4; 4; dB5")
    assert state.phase == "fight" and state.actor == 2
    state = play(state, "pass")
    assert state.discard == () and state.actor == 0  # nothing laid, nothing drawn
    state = play(state, "pass+draw")
    assert state.discard == ("R2",) and state.laid[0] == ()
    assert state.phase == "draw" and state.actor == 0


def test_a_passer_who_does_not_draw_keeps_their_hand() -> None:
    state = play(start(), "R:2; dB4; pass")
    assert state.hands[1] == ("R4", "R7", "B2", "B3", "10S")
    assert state.passed == (False, True, False)


def test_the_contest_ends_when_one_player_is_left_and_the_winner_takes_the_chip() -> None:
    state = play(start(), "R:2 3; dB4; pass; pass+draw")
    assert state.phase == "draw" and state.actor == 2  # the last passer draws first
    state = play(state, "dP2")
    assert state.chips[0] == ("R",)
    assert state.results[-1].winner == 0 and state.results[-1].chip == "R"


def test_the_winner_discards_their_laid_cards_without_drawing() -> None:
    state = play(start(), "R:2 3; dB4; pass; pass")
    assert state.hands[0] == ("R5", "B4", "7S")
    assert state.discard == ("R2", "R3")
    assert state.laid == ((), (), ())
    assert state.phase == "open" and state.actor == 0


def test_a_winner_who_already_owns_the_colour_takes_nothing() -> None:
    state = play(start(), "R:2; dB4; pass; pass; R:3; dB5; pass; pass")
    assert state.chips[0] == ("R",)
    assert state.results[-1].chip is None


def test_the_winner_opens_the_next_contest_and_may_choose_the_same_colour() -> None:
    state = play(start(), "R:2; dB4; pass; pass")
    assert state.actor == 0 and state.phase == "open"
    state = play(state, "R:3")
    assert state.colour == "R" and state.contest == 2


def test_the_ended_contest_stays_on_the_table_until_the_next_opening() -> None:
    state = play(start(), "R:2 3; dB4; pass; pass")
    view = RULES.view(state, 1)
    assert view.colour is None and view.contest == 1
    assert view.last_result is not None
    assert view.last_result.laid == ("R2", "R3") and view.last_result.total == 5
    assert RULES.round_of(state) == 1
    state = play(state, "B:4")
    assert RULES.view(state, 1).last_result is None and RULES.round_of(state) == 2
    assert len(state.results) == 1
