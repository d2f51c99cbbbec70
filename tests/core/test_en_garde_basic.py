"""RULES.md §1 (material, match, setup) and §1.1 (basic level), one test per rule."""

from __future__ import annotations

import pytest

from core.games.en_garde.actions import Attack, Draw, Move, Pass
from core.games.en_garde.pile import pile_size
from core.rules import CHANCE, IllegalAction
from tests.core.test_en_garde_script import RULES, approach, burn, deal, new, play, three_left


def test_round_setup_fencers_on_the_ends_five_cards_each_fifteen_in_the_pile() -> None:
    state = deal("12345", "12345", level="basic")
    view = RULES.view(state, None)
    assert view.positions == (1, 23)
    assert view.hand_sizes == (5, 5)
    assert view.pile == 15
    assert view.distance == 22
    assert view.advances == (0, 0)


def test_the_pile_is_the_unseen_cards_and_a_draw_must_name_one() -> None:
    state = new("basic")
    for _ in range(5):
        state = RULES.apply(state, Draw(5))
    assert Draw(5) not in RULES.legal_actions(state)
    with pytest.raises(IllegalAction, match="No 5 is left"):
        RULES.apply(state, Draw(5))


def test_move_exactly_the_card_value_forward_or_backward() -> None:
    state = play(deal("12345", "12345", level="basic"), "4> d4")
    assert state.positions == (5, 23)
    state = play(state, "3> d3")
    assert state.positions == (5, 20)
    state = play(state, "2< d2 3< d3")
    assert state.positions == (3, 23)


def test_move_may_not_leave_the_piste() -> None:
    state = deal("12345", "12345", level="basic")
    with pytest.raises(IllegalAction, match="end of the piste"):
        RULES.apply(state, Move(1, forward=False))
    state = play(state, "2> d2")
    with pytest.raises(IllegalAction, match="end of the piste"):
        RULES.apply(state, Move(2, forward=False))  # seat 1, still on space 23
    state = play(state, "2> d2")
    assert state.positions == (3, 21)
    with pytest.raises(IllegalAction, match="off the piste"):
        RULES.apply(state, Move(3, forward=False))
    assert Move(2, forward=False) in RULES.legal_actions(state)


def test_move_may_not_land_on_or_pass_the_opponent() -> None:
    state = approach("basic")
    with pytest.raises(IllegalAction, match="land on your opponent"):
        RULES.apply(state, Move(5, forward=True))
    state = play(state, "2> d5 1> d4")
    assert state.positions == (8, 10)
    with pytest.raises(IllegalAction, match="carry you past"):
        RULES.apply(state, Move(4, forward=True))
    assert [a for a in RULES.legal_actions(state) if isinstance(a, Move) and a.forward] == [
        Move(1, forward=True)
    ]


def test_forward_is_toward_the_opponent_for_both_seats() -> None:
    state = play(deal("12345", "12345", level="basic"), "1> d1 1> d1")
    assert state.positions == (2, 22)
    assert RULES.view(state, None).advances == (1, 1)


def test_a_hand_is_refilled_to_five_after_the_turn() -> None:
    state = play(deal("12345", "12345", level="basic"), "3>")
    assert RULES.to_move(state) == CHANCE
    assert state.hands[0] == (1, 2, 4, 5)
    state = play(state, "d1")
    assert state.hands[0] == (1, 1, 2, 4, 5)
    assert RULES.to_move(state) == 1


def test_you_may_only_play_cards_you_hold() -> None:
    state = deal("11111", "22222", level="basic")
    with pytest.raises(IllegalAction, match="You hold no 4"):
        RULES.apply(state, Move(4, forward=True))


def test_attack_needs_a_card_equal_to_the_distance() -> None:
    state = play(deal("55412", "54321", level="basic"), "4> d3 5> d1 3> d2 4> d1")
    assert state.positions == (8, 14)
    with pytest.raises(IllegalAction, match="distance is 6: too far"):
        RULES.apply(state, Attack(5))
    state = approach("basic")
    assert Attack(5) in RULES.legal_actions(state)
    with pytest.raises(IllegalAction, match="equal to the distance, 5"):
        RULES.apply(state, Attack(4))


def test_basic_attack_always_hits_and_wins_the_round() -> None:
    state = play(approach("basic"), "x5")
    assert (state.results[0].winner, state.results[0].reason) == (0, "hit")
    assert state.scores == (1, 0)
    assert state.phase == "round-over"


def test_basic_attack_is_a_single_card() -> None:
    state = approach("basic")
    assert state.hands[0].count(5) == 2
    assert Attack(5, 2) not in RULES.legal_actions(state)
    with pytest.raises(IllegalAction, match="no strengthened attacks"):
        RULES.apply(state, Attack(5, 2))


def test_no_legal_move_or_attack_loses_the_round() -> None:
    state = deal("33444", "55123", level="basic")
    state = play(state, "3> d3 5> d5 3< d4 5> d5 4> d3 5> d5 4< d4 5>")
    assert state.positions == (1, 3)
    assert state.hands[0] == (3, 3, 4, 4, 4)  # no 1 to step, no 2 to attack, no room behind
    state = play(state, "d1")
    result = state.results[0]
    assert (result.winner, result.reason) == (1, "no-move")
    assert state.phase == "round-over"


def test_basic_last_attack_chance_after_the_pile_ends() -> None:
    state = play(three_left("basic"), "1> d5 1< d5 2>")
    assert state.positions == (4, 8)
    state = play(state, "d5")
    assert pile_size(state) == 0
    assert RULES.view(state, 1).phase == "last-chance"
    assert RULES.to_move(state) == 1
    assert RULES.legal_actions(state) == [Attack(4), Pass()]
    with pytest.raises(IllegalAction, match="no more moves"):
        RULES.apply(state, Move(1, forward=True))
    won = play(state, "x4")
    assert (won.results[0].winner, won.results[0].reason) == (1, "hit")


def test_basic_last_chance_declined_goes_to_advance() -> None:
    state = play(three_left("basic"), "1> d5 1< d5 2> d5 -")
    result = state.results[0]
    assert (result.winner, result.reason) == (1, "advance")
    assert "advance 15 against 3" in result.detail


def test_basic_without_a_last_attack_card_advance_decides_at_once() -> None:
    state = play(three_left("basic"), "1> d5 1> d5 3> d5")
    result = state.results[0]
    assert (result.winner, result.reason) == (1, "advance")
    assert "no last attack" in result.detail
    assert state.phase == "round-over"


def test_equal_advance_is_a_drawn_round_that_scores_nobody() -> None:
    state = burn(deal("12345", "12345", level="basic"), leave=2, keep=10)
    assert state.positions == (2, 21)
    state = play(state, "1> d5 2> d5")
    result = state.results[0]
    assert (result.winner, result.reason) == (None, "draw")
    assert state.scores == (0, 0)
    assert state.phase == "round-over"


def test_the_basic_end_of_pile_reveals_no_hand() -> None:
    state = play(three_left("basic"), "1> d5 1< d5 2> d5 -")
    assert state.phase == "round-over" and state.results[0].hands is None
    assert RULES.view(state, 0).hands[1] is None
