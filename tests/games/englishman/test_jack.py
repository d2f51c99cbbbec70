"""RULES.md §5 Jack's turn: exactly three actions, each one of the four kinds; never front to
back; an empty castle can receive cards; a castle of one card has no back-to-front move."""

from __future__ import annotations

import pytest

from core.games.englishman.actions import BackToFront, BackToStalk, FrontToFront, FrontToStalk
from core.rules import IllegalAction
from tests.games.englishman.script import RULES, act, table

BOARD = """
1 2 3 ...
Fee 4 ...
Gold 5 ...
6 ...
Fi 7 ...
"""


def test_front_card_to_the_front_of_a_different_castle() -> None:
    state = table(BOARD)
    after = act(state, "1f>4")
    assert after.castles[0] == state.castles[0][1:]
    assert after.castles[3] == ("1", *state.castles[3])


def test_front_card_to_its_own_castle_is_refused() -> None:
    with pytest.raises(IllegalAction, match="different castle"):
        act(table(BOARD), "2f>2")


def test_front_card_onto_the_beanstalk() -> None:
    after = act(table(BOARD), "1f>s")
    assert after.current == ("1",) and after.castles[0][0] == "2"


def test_back_card_to_the_front_of_the_same_castle() -> None:
    state = table(BOARD)
    after = act(state, "3b>f")
    assert after.castles[2] == (state.castles[2][-1], *state.castles[2][:-1])


def test_back_card_onto_the_beanstalk() -> None:
    state = table(BOARD)
    back = next(i for i, c in enumerate(state.castles) if c[-1].isdigit())
    after = act(state, f"{back + 1}b>s")
    assert after.current == (state.castles[back][-1],)
    assert after.castles[back] == state.castles[back][:-1]


def test_jack_has_three_actions_a_turn_then_the_giant_one() -> None:
    state = table(BOARD)
    seen = []
    for text in ("1f>4", "4f>1", "1f>4"):
        seen.append((RULES.to_move(state), state.actions_left))
        state = act(state, text)
    assert seen == [(0, 3), (0, 2), (0, 1)]
    assert RULES.to_move(state) == 1 and state.actions_left == 1
    state = act(state, "1>2,3>5")
    assert RULES.to_move(state) == 0 and state.actions_left == 3
    assert state.turn == 3


def test_each_of_jacks_actions_is_its_own_log_entry() -> None:
    state = table(BOARD)
    after = act(state, "1f>s")
    assert after.last == FrontToStalk(0)


def test_a_card_may_be_moved_onto_an_empty_castle() -> None:
    state = table("1 ...\n-\n2 ...\n3 ...\n4 ...")
    after = act(state, "1f>2")
    assert after.castles[1] == ("1",)


def test_nothing_can_be_taken_from_an_empty_castle() -> None:
    state = table("1 ...\n-\n2 ...\n3 ...\n4 ...")
    for text in ("2f>1", "2f>s", "2b>f", "2b>s"):
        with pytest.raises(IllegalAction, match="empty"):
            act(state, text)


def test_a_castle_of_one_card_has_no_back_to_front_move() -> None:
    state = table("1 ...\n5\n2 ...\n3 ...\n4 ...")
    with pytest.raises(IllegalAction, match="no move"):
        act(state, "2b>f")
    assert BackToFront(1) not in RULES.legal_actions(state)


def test_a_castle_of_one_card_gives_that_card_as_front_and_as_back() -> None:
    state = table("1 ...\n5\n2 ...\n3 ...\n4 ...")
    assert act(state, "2f>s").current == ("5",) == act(state, "2b>s").current
    assert {FrontToStalk(1), BackToStalk(1)} <= set(RULES.legal_actions(state))


def test_jack_never_moves_a_card_from_front_to_back() -> None:
    state = table(BOARD)
    for move in RULES.legal_actions(state):
        assert isinstance(move, FrontToFront | FrontToStalk | BackToFront | BackToStalk)
    with pytest.raises(IllegalAction):
        RULES.parse(state, "1f>b")


def test_jack_lists_exactly_the_legal_moves_of_a_position() -> None:
    state = table("1 ...\n-\nFee ...\n9 ...\nGold 4", current="3")
    moves = set(RULES.legal_actions(state))
    backs = [c[-1] if c else "" for c in state.castles]
    expected: set[object] = {FrontToFront(s, t) for s in (0, 2, 3, 4) for t in range(5) if t != s}
    expected |= {FrontToStalk(3)}  # 1 is below the 3, Fee never, Gold needs six cards
    expected |= {BackToFront(c) for c in (0, 2, 3, 4)}
    expected |= {BackToStalk(c) for c in (0, 2, 3, 4) if backs[c].isdigit() and int(backs[c]) > 3}
    assert moves == expected


def test_giant_actions_are_refused_on_jacks_turn() -> None:
    with pytest.raises(IllegalAction, match="Giant's actions"):
        act(table(BOARD), "x1:1")
