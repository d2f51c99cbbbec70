"""RULES.md §5 setup: the Giant's-wife move (any card to any place within the same castle),
which Jack may skip with w-; Jack then takes the first turn."""

from __future__ import annotations

import pytest

from core.games.englishman.actions import KeepDeal, Wife
from core.rules import IllegalAction
from tests.games.englishman.script import RULES, act, dealt

DEAL = """
1 2 3 4 5 6 7 8 9 Gold
...
...
...
...
"""


def test_the_wife_move_takes_any_card_to_any_place_in_the_same_castle() -> None:
    state = dealt(DEAL)
    assert act(state, "w1:2>7").castles[0] == ("1", "3", "4", "5", "6", "7", "2", "8", "9", "Gold")
    assert act(state, "w1:10>1").castles[0][:3] == ("Gold", "1", "2")
    assert act(state, "w1:1>10").castles[0][-2:] == ("Gold", "1")
    assert act(state, "w1:1>10").castles[1:] == state.castles[1:]


def test_the_wife_move_can_bring_a_card_from_the_front_to_the_back() -> None:
    after = act(dealt(DEAL), "w1:1>10")
    assert after.castles[0][-1] == "1"


def test_every_card_to_every_other_place_is_listed_plus_keeping_the_deal() -> None:
    state = dealt(DEAL)
    moves = RULES.legal_actions(state)
    assert KeepDeal() in moves
    assert len(moves) == 1 + 5 * 10 * 9
    assert all(m.card != m.to for m in moves if isinstance(m, Wife))


def test_jack_may_keep_the_deal() -> None:
    state = dealt(DEAL)
    after = act(state, "w-")
    assert after.castles == state.castles and after.phase == "play"


def test_a_wife_move_to_the_same_place_is_refused_pointing_to_w_dash() -> None:
    with pytest.raises(IllegalAction, match="w-"):
        act(dealt(DEAL), "w3:4>4")


@pytest.mark.parametrize("text", ["w1:11>1", "w1:1>11", "w6:1>2"])
def test_a_wife_move_outside_the_castle_is_refused(text: str) -> None:
    with pytest.raises(IllegalAction):
        act(dealt(DEAL), text)


def test_jack_takes_the_first_turn_with_three_actions_after_the_setup_move() -> None:
    after = act(dealt(DEAL), "w-")
    assert RULES.to_move(after) == 0 and after.actions_left == 3 and after.turn == 1


def test_only_the_wife_move_is_allowed_at_setup_and_only_then() -> None:
    with pytest.raises(IllegalAction, match="wife"):
        act(dealt(DEAL), "1f>2")
    with pytest.raises(IllegalAction, match="once"):
        act(act(dealt(DEAL), "w-"), "w1:1>2")


def test_a_wife_move_that_makes_a_giant_pattern_loses_at_once() -> None:
    state = dealt("Fee Fi Fo 1 Fum 2 3 4 5 6\n...\n...\n...\n...")
    after = act(state, "w1:5>4")
    assert after.winner == 1 and after.reason.startswith("vertical")
