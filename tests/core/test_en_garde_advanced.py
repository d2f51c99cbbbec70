"""RULES.md §1.3 (advanced level: advance-and-attack, retreat, end of the pile)."""

from __future__ import annotations

import pytest

from core.games.en_garde import EnGardeState
from core.games.en_garde.actions import AdvanceAttack, Attack, Parry, Pass, Retreat
from core.games.en_garde.commentary import round_words
from core.games.en_garde.pile import pile_size
from core.rules import CHANCE, IllegalAction
from tests.core.test_en_garde_script import (
    RULES,
    approach,
    deal,
    one_left,
    play,
    three_left,
)


def at_eight() -> EnGardeState:
    """The seed's example: fencers on 10 and 18 (distance 8), seat 1 to move, both hold 1-5."""
    return play(deal("12345", "12345", level="advanced"), "5> d5 5> d5 4> d4")


def test_seed_example_advance_three_then_attack_with_a_five() -> None:
    state = at_eight()
    assert AdvanceAttack(3, 5, 1) in RULES.legal_actions(state)
    state = play(state, "3>x5")
    assert state.positions == (10, 15)
    assert state.hands[1] == (1, 2, 4)
    assert state.pending is not None and state.pending.advanced
    state = play(state, "d3 d5")
    assert RULES.legal_actions(state) == [
        Parry(),
        Retreat(1),
        Retreat(2),
        Retreat(3),
        Retreat(4),
        Retreat(5),
        Pass(),
    ]


def test_seed_example_the_defender_parries_then_takes_a_turn_before_drawing() -> None:
    state = play(at_eight(), "3>x5 d3 d5 p")
    assert (RULES.view(state, 0).phase, state.hands[0]) == ("riposte", (1, 2, 3, 4))
    assert AdvanceAttack(1, 4, 1) in RULES.legal_actions(state)  # a riposte may advance too
    state = play(state, "2<")
    assert RULES.to_move(state) == CHANCE and state.actor == 0
    state = play(state, "d1 d2")
    assert (state.positions, RULES.to_move(state)) == ((8, 15), 1)


def test_seed_example_the_defender_retreats_draws_and_the_attacker_plays_again() -> None:
    state = play(at_eight(), "3>x5 d3 d5 r4")
    assert state.positions == (6, 15)
    assert RULES.to_move(state) == CHANCE and state.actor == 0
    state = play(state, "d1")
    assert state.hands[0] == (1, 1, 2, 3, 5)
    assert (RULES.to_move(state), RULES.view(state, 1).phase) == (1, "turn")


def test_advance_attack_may_not_land_on_or_pass_the_opponent() -> None:
    state = approach("advanced")  # distance 5, seat 0 holds 1 2 4 5 5
    with pytest.raises(IllegalAction, match="land on your opponent"):
        RULES.apply(state, AdvanceAttack(5, 1, 1))
    with pytest.raises(IllegalAction, match="After moving 1 the distance is 4"):
        RULES.apply(state, AdvanceAttack(1, 3, 1))
    assert AdvanceAttack(1, 4, 1) in RULES.legal_actions(state)


def test_advance_attack_same_value_needs_one_more_card() -> None:
    state = play(deal("12445", "12344", level="advanced"), "5> d5 3> d3 5> d5 3> d3 2> d2")
    assert (state.positions, state.hands[1]) == ((13, 17), (1, 2, 3, 4, 4))
    with pytest.raises(IllegalAction, match="Moving with a 2 and attacking with a 2 needs two 2s"):
        RULES.apply(state, AdvanceAttack(2, 2, 1))
    state = play(state, "4< d1")
    assert (state.positions, state.hands[0]) == ((13, 21), (1, 2, 4, 4, 5))
    legal = RULES.legal_actions(state)
    assert AdvanceAttack(4, 4, 1) in legal
    assert AdvanceAttack(4, 4, 2) not in legal
    with pytest.raises(IllegalAction, match="needs three 4s"):
        RULES.apply(state, AdvanceAttack(4, 4, 2))
    assert play(state, "4>x4").positions == (17, 21)


def test_only_a_parry_answers_a_plain_attack() -> None:
    state = play(deal("12345", "12345", level="advanced"), "5> d5 5> d5 5> d5 2> d2 x5 d1")
    assert RULES.legal_actions(state) == [Parry(), Pass()]
    with pytest.raises(IllegalAction, match="Only a parry answers a plain attack"):
        RULES.apply(state, Retreat(1))


def test_retreat_must_stay_on_the_piste() -> None:
    state = deal("25253", "21453", level="advanced")
    state = play(state, "2> d2 1> d1 3> d4 1< d2 4> d4 4> d1 4>x55 d4 d5 d1")
    assert (state.positions, state.actor, state.hands[1]) == ((14, 19), 1, (1, 2, 2, 3, 5))
    assert RULES.legal_actions(state) == [Retreat(1), Retreat(2), Retreat(3), Pass()]
    with pytest.raises(IllegalAction, match="off the piste"):
        RULES.apply(state, Retreat(5))


def test_a_defender_who_can_neither_parry_nor_retreat_is_hit() -> None:
    state = deal("55124", "34143", level="advanced")
    state = play(state, "5> d4 1> d5 5> d3 3> d2 4>x4 d2 d5 r3 d3")
    assert (state.positions, state.hands[1]) == ((15, 22), (2, 3, 4, 4, 5))
    state = play(state, "5>x22")  # seat 1 has one 2 and only one space behind
    result = state.results[0]
    assert (result.winner, result.reason) == (0, "hit")
    assert "neither parried nor escaped" in result.detail


def test_advanced_retreat_after_last_card_decides_by_advance() -> None:
    state = play(one_left("advanced"), "2>x4 d5")
    assert (pile_size(state), state.hands[0]) == (0, (1, 3, 5, 5))
    state = play(state, "r1")
    result = state.results[0]  # hands would favour seat 0 (two 5s at distance 5 against one)
    assert (result.winner, result.reason) == (1, "advance")
    assert "retreated after the last card" in result.detail
    assert "advance 10 against 7" in result.detail


def test_a_round_decided_by_advance_names_who_advanced_farther() -> None:
    """The round-end panel said "…; advance 10 against 7." without saying whose advance."""
    state = play(play(one_left("advanced"), "2>x4 d5"), "r1")
    assert round_words(state.results[0], ("Ann", "Ben")) == (
        "The defender retreated after the last card was drawn; Ben advanced farther, 10 spaces "
        "against 7."
    )


def test_advanced_parry_after_last_card_compares_hands() -> None:
    state = play(one_left("advanced"), "1>x5 d5 p")
    result = state.results[0]
    assert (result.winner, result.reason) == (0, "hands")
    assert result.detail == "Hands compared at distance 5: a 5 against no 5s."


def test_advanced_retreat_whose_own_refill_draws_the_last_card_compares_hands() -> None:
    state = play(three_left("advanced"), "2>x4 d5 d5 r1")
    assert (state.positions, pile_size(state)) == ((3, 8), 1)
    state = play(state, "d5")
    result = state.results[0]  # seat 1 advanced farther, but hands decide
    assert (result.winner, result.reason) == (0, "hands")
    assert result.detail == "Hands compared at distance 5: three 5s against two 5s."


def test_advance_attack_and_retreat_belong_to_the_advanced_level() -> None:
    for level in ("basic", "standard"):
        state = approach(level)
        with pytest.raises(IllegalAction, match="advanced level"):
            RULES.apply(state, AdvanceAttack(1, 4, 1))


def test_an_attack_beyond_any_card_is_refused_as_too_far_not_as_a_bad_card() -> None:
    state = deal("12345", "12345")
    assert state.positions == (1, 23)
    with pytest.raises(IllegalAction, match="After moving 1 the distance is 21: too far"):
        RULES.apply(state, AdvanceAttack(1, 21))
    with pytest.raises(IllegalAction, match="The distance is 22: too far"):
        RULES.apply(state, Attack(22))


def test_a_retreat_after_the_last_card_reveals_no_hand() -> None:
    state = play(one_left("advanced"), "2>x4 d5 r1")
    assert state.results[0].hands is None
    assert RULES.view(state, 0).hands[1] is None
