"""RULES.md §3 winning: crossing, the reply it demands, cancelled crossings, locked stones and
the no-legal-move outcomes, one test per rule."""

from __future__ import annotations

import pytest

from core.games.crossing import PhalanxMove, Step
from core.games.crossing.board import name
from core.rules import IllegalAction
from tests.games.crossing.script import RULES, notations, play, position, sq


def test_a_stone_reaching_the_opponents_back_rank_has_crossed_and_is_locked() -> None:
    state = play(position(white="e7", black="a8"), "e7-e8+")
    assert state.crossed == (1, 0)
    assert state.locked(0) == (sq("e8"),)
    assert state.free(0) == ()
    assert state.last is not None and state.last.crossed
    assert RULES.outcome(state) is None  # Black may still answer


def test_a_black_stone_crosses_on_rank_one() -> None:
    state = play(position(white="h1", black="d2", mover=1), "d2-d1+")
    assert state.crossed == (0, 1)
    assert state.locked(1) == (sq("d1"),)


def test_reaching_your_own_back_rank_is_no_crossing() -> None:
    state = play(position(white="e2", black="d7 a5"), "e2-e1 d7-d8")
    assert state.crossed == (0, 0)
    assert "e1-e2" in notations(state)


def test_an_unanswered_crossing_wins_on_the_very_next_move() -> None:
    state = play(position(white="e7", black="a8"), "e7-e8+")
    assert state.owes and RULES.to_move(state) == 1
    state = play(state, "a8-a7")
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.reason == "White's crossing was not answered"
    assert RULES.to_move(state) is None
    assert RULES.legal_actions(state) == []
    with pytest.raises(IllegalAction, match="over"):
        RULES.apply(state, Step(sq("a7"), sq("a6")))


def test_the_side_that_owes_a_counter_crossing_may_make_other_moves_but_loses_by_them() -> None:
    state = play(position(white="e7", black="a8 b2"), "e7-e8+")
    legal = notations(state)
    assert {"b2-b1+", "b2-a1+", "b2-c1+"} <= legal and "a8-a7" in legal
    lost = play(state, "b2-b3")
    assert RULES.outcome(lost) is not None and RULES.outcome(lost).winners == (0,)  # type: ignore[union-attr]


def test_crossings_cancel_when_answered_at_once_and_play_continues() -> None:
    state = play(position(white="e7 a3", black="d2 h6"), "e7-e8+ d2-d1+")
    assert RULES.outcome(state) is None
    assert state.crossed == (1, 1)
    assert not state.owes
    assert RULES.to_move(state) == 0
    state = play(state, "a3-a4 h6-h5")
    assert RULES.outcome(state) is None  # no debt left: quiet moves are fine


def test_after_your_move_the_opponent_having_more_crossed_stones_than_you_loses() -> None:
    start = position(white="f7 a3", black="c2 h6", crossed_white="e8", crossed_black="d1")
    state = play(start, "f7-f8+")
    assert state.crossed == (2, 1) and state.owes
    answered = play(state, "c2-c1+")
    assert answered.crossed == (2, 2) and RULES.outcome(answered) is None
    unanswered = play(state, "h6-h5")
    assert RULES.outcome(unanswered).winners == (0,)  # type: ignore[union-attr]


def test_crossed_stones_never_move() -> None:
    state = position(white="a3", black="h6", crossed_white="e8")
    assert not any(n.startswith("e8") for n in notations(state))
    with pytest.raises(IllegalAction, match="e8 has crossed: crossed stones never move"):
        RULES.apply(state, Step(sq("e8"), sq("e7")))


def test_crossed_stones_are_never_part_of_a_moving_phalanx() -> None:
    state = position(white="e6 e7 a3", black="h6", crossed_white="e8")
    downward = {n for n in notations(state) if n[3:5] == "e6" or n.startswith("e6-e")}
    assert downward == {"e6-e5", "e7:e6-e5", "e7:e6-e4"}
    with pytest.raises(IllegalAction, match="e8 has crossed"):
        RULES.apply(state, PhalanxMove(sq("e8"), sq("e6"), sq("e5")))


def test_crossed_stones_cannot_be_captured_and_still_block() -> None:
    state = position(white="e3 e4 e5 a5", black="h6", crossed_black="e1 d1")
    down = {n for n in notations(state) if n.startswith("e5:e3")}
    assert down == {"e5:e3-e2"}
    with pytest.raises(IllegalAction, match="e1 has crossed: a crossed stone cannot be captured"):
        RULES.apply(state, PhalanxMove(sq("e5"), sq("e3"), sq("e1"), capture=True))
    assert "e3-d2" in notations(state) and "e4:e3-e2" in notations(state)
    assert not any(n.endswith("d1") for n in notations(state))


def test_a_capture_that_lands_on_the_far_rank_is_a_crossing() -> None:
    state = position(white="d6 d7", black="d8 a1")
    assert "d6:d7xd8+" in notations(state)
    state = play(state, "d6:d7xd8+")
    assert state.crossed == (1, 0) and state.locked(0) == (sq("d8"),)
    assert state.owes and [name(s) for s in state.black] == ["a1"]


def test_a_player_with_no_legal_move_who_owes_a_counter_crossing_loses() -> None:
    state = play(position(white="f7 g7 h7", black="h8"), "f7-g8+")
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.reason == "Black owed a counter-crossing and had no move"
    assert state.end == "no-move-owing"


def test_a_player_with_no_legal_move_who_owes_nothing_draws() -> None:
    stuck = position(white="f7 g7 h7 a4", black="g8 h8", crossed_white="f8", crossed_black="a1")
    state = play(stuck, "a4-a5")
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.is_draw
    assert outcome.reason == "Black had no move: a draw"


def test_a_side_left_with_only_crossed_stones_has_no_move() -> None:
    state = play(position(white="c7", black="e5", crossed_black="a1"), "c7-c8+")
    assert state.crossed == (1, 1) and RULES.outcome(state) is None  # cancelled
    state = play(state, "e5-e4")
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.is_draw
    assert outcome.reason == "White had no move: a draw"
