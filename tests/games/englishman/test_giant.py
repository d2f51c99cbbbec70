"""RULES.md §5 the Giant's turn: one action, one of discard a beanstalk card from anywhere,
move the front four (order kept; source of at least four) or two different single front
cards as one action. Never from the back, never a giant card or a treasure discarded."""

from __future__ import annotations

import pytest

from core.games.englishman.actions import Discard, DoubleMove, MoveFour
from core.rules import IllegalAction
from tests.games.englishman.script import RULES, act, table

BOARD = """
1 Gold 2 3 4 ...
5 6
Fee 7 ...
-
8 Harp ...
"""


def test_the_giant_discards_a_beanstalk_card_from_anywhere_in_any_castle() -> None:
    state = table(BOARD, actor=1)
    after = act(state, "x1:4")
    assert after.castles[0] == state.castles[0][:3] + state.castles[0][4:]
    assert after.discards == ("3",)
    deep = len(state.castles[2])
    card = state.castles[2][-1]
    if card.isdigit():
        assert act(state, f"x3:{deep}").discards == (card,)


@pytest.mark.parametrize("text", ["x1:2", "x3:1"])
def test_the_giant_never_discards_giant_cards_or_treasures(text: str) -> None:
    with pytest.raises(IllegalAction, match="only beanstalk cards"):
        act(table(BOARD, actor=1), text)


def test_a_discard_outside_a_castle_is_refused() -> None:
    with pytest.raises(IllegalAction, match="places 1 to 2"):
        act(table(BOARD, actor=1), "x2:3")
    with pytest.raises(IllegalAction, match="no cards"):
        act(table(BOARD, actor=1), "x4:1")


def test_the_front_four_move_keeps_their_order_and_goes_to_the_front() -> None:
    state = table(BOARD, actor=1)
    after = act(state, "1>3")
    assert after.castles[2] == ("1", "Gold", "2", "3", *state.castles[2])
    assert after.castles[0] == state.castles[0][4:]


def test_the_front_four_move_can_fill_an_empty_castle() -> None:
    after = act(table(BOARD, actor=1), "1>4")
    assert after.castles[3] == ("1", "Gold", "2", "3")


def test_the_front_four_move_needs_a_source_of_at_least_four() -> None:
    state = table("1 2 3 ...\n5 6 7\n4 ...\n-\n8 ...", actor=1)
    with pytest.raises(IllegalAction, match="needs four"):
        act(state, "2>1")
    assert MoveFour(1, 0) not in RULES.legal_actions(state)
    assert act(table("1 2 3 ...\n5 6 7 9\n4 ...\n-\n8 ...", actor=1), "2>4").castles[3] == (
        "5",
        "6",
        "7",
        "9",
    )


def test_the_front_four_go_to_a_different_castle() -> None:
    with pytest.raises(IllegalAction, match="different castle"):
        act(table(BOARD, actor=1), "1>1")


def test_the_double_move_moves_two_front_cards_one_after_the_other() -> None:
    state = table(BOARD, actor=1)
    after = act(state, "1>4,2>4")
    assert after.castles[3] == ("5", "1")
    assert after.castles[0] == state.castles[0][1:] and after.castles[1] == ("6",)


def test_the_double_move_may_take_two_cards_from_the_same_castle() -> None:
    state = table(BOARD, actor=1)
    after = act(state, "1>4,1>5")
    assert after.castles[3] == ("1",) and after.castles[4][0] == "Gold"


def test_the_second_move_may_not_take_the_card_the_first_just_placed() -> None:
    with pytest.raises(IllegalAction, match="different card"):
        act(table(BOARD, actor=1), "1>4,4>5")
    state = table(BOARD, actor=1)
    assert all(
        m.second_source != m.first_target
        for m in RULES.legal_actions(state)
        if isinstance(m, DoubleMove)
    )


def test_the_second_move_needs_a_card_left_to_take() -> None:
    state = table("1 ...\n5\n2 ...\n3 ...\n4 ...", actor=1)
    with pytest.raises(IllegalAction, match="empty"):
        act(state, "2>1,2>3")


def test_the_double_move_is_one_action_judged_once_after_both_moves() -> None:
    # After the first move (the 7 from castle 1 onto castle 4) the fronts show Fee Fi Fo Fum;
    # the second move covers the Fee again with the 9 of castle 2: no win.
    state = table("7 Fee ...\n9 Fi ...\nFo ...\n1 ...\nFum ...", actor=1)
    after = act(state, "1>4,2>1")
    assert RULES.outcome(after) is None
    assert after.fronts[0] == "9"
    assert RULES.to_move(after) == 0 and after.actions_left == 3


def test_the_giant_has_one_action_a_turn() -> None:
    state = table(BOARD, actor=1)
    assert state.actions_left == 1
    assert RULES.to_move(act(state, "x1:1")) == 0


def test_the_giants_legal_actions_are_every_kind_he_may_take() -> None:
    state = table("1 2 3 ...\n5 6 7\nFee\n-\nHarp ...", actor=1)
    moves = RULES.legal_actions(state)
    discards = {m for m in moves if isinstance(m, Discard)}
    assert Discard(1, 2) in discards and Discard(2, 0) not in discards
    assert all(state.castles[m.castle][m.card].isdigit() for m in discards)
    fours = {m for m in moves if isinstance(m, MoveFour)}
    assert fours == {MoveFour(s, t) for s in (0, 4) for t in range(5) if t != s}
    doubles = [m for m in moves if isinstance(m, DoubleMove)]
    assert DoubleMove(2, 3, 2, 0) not in doubles  # castle 3 is empty after its only card goes
    assert DoubleMove(0, 3, 0, 3) in doubles
    for m in moves:
        RULES.apply(state, m)


def test_jacks_actions_are_refused_on_the_giants_turn() -> None:
    with pytest.raises(IllegalAction, match="Jack's actions"):
        act(table(BOARD, actor=1), "1f>2")
