"""RULES.md §5 beanstalks: strictly ascending (gaps allowed), six cards then a treasure, three
different treasures, one beanstalk at a time, never a giant card."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from core.games.englishman import EnglishmanState
from core.rules import IllegalAction
from tests.games.englishman.script import act, table


def board(fronts: str, **kw: Any) -> EnglishmanState:
    """Five castles with these front cards, the rest of the deck behind them."""
    return table("\n".join(f"{c} ..." for c in fronts.split()), **kw)


def test_beanstalk_cards_go_on_in_ascending_order_with_gaps() -> None:
    state = board("2 4 5 7 8", current="")
    for c in (1, 2, 3, 4, 5):
        state = act(replace(state, actions_left=3), f"{c}f>s")  # the turns themselves aside
    assert state.current == ("2", "4", "5", "7", "8")


def test_an_equal_or_lower_value_is_refused() -> None:
    state = board("3 5 1 7 8", current="4 5")
    with pytest.raises(IllegalAction, match="ascending"):
        act(state, "2f>s")
    with pytest.raises(IllegalAction, match="ascending"):
        act(state, "1f>s")


def test_giant_cards_never_go_on_a_beanstalk() -> None:
    state = board("Fee 5 1 7 8", current="4")
    with pytest.raises(IllegalAction, match="Giant cards"):
        act(state, "1f>s")


def test_a_treasure_needs_a_beanstalk_of_six_cards() -> None:
    state = board("Gold 5 1 7 8", current="1 2 3 4 5")
    with pytest.raises(IllegalAction, match="of 6 cards"):
        act(state, "1f>s")


def test_a_treasure_completes_a_six_card_beanstalk_and_a_new_one_starts() -> None:
    state = board("Gold 5 1 7 8", current="1 2 3 4 5 6")
    after = act(state, "1f>s")
    assert after.completed == (("1", "2", "3", "4", "5", "6", "Gold"),)
    assert after.current == ()
    after = act(after, "3f>s")
    assert after.current == ("1",)


def test_a_seventh_beanstalk_card_is_refused() -> None:
    state = board("Gold 9 1 7 8", current="1 2 3 4 5 6")
    with pytest.raises(IllegalAction, match="needs a treasure"):
        act(state, "2f>s")


def test_the_three_beanstalks_need_different_treasures() -> None:
    state = board("Gold Harp 1 7 8", current="1 2 3 4 5 6", completed=("1 2 3 4 5 6 Gold",))
    with pytest.raises(IllegalAction, match="different treasures"):
        act(state, "1f>s")
    assert act(state, "2f>s").completed[-1][-1] == "Harp"


def test_a_treasure_may_come_from_a_castle_back() -> None:
    state = table("1 ...\n2 ...\n3 Goose\n4 ...\n5 ...", current="1 2 3 4 5 6")
    assert act(state, "3b>s").completed[0][-1] == "Goose"


def test_jack_wins_when_his_third_beanstalk_is_completed() -> None:
    state = board(
        "Harp 9 1 7 8",
        current="1 2 3 4 5 6",
        completed=("1 2 3 4 5 6 Gold", "1 2 3 4 5 6 Goose"),
    )
    after = act(state, "1f>s")
    assert after.winner == 0 and after.reason == "Jack completed his third beanstalk"
