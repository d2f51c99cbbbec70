"""RULES.md §1.2 (standard level: strengthened attacks, parries, ripostes, end of the pile)."""

from __future__ import annotations

import pytest

from core.games.en_garde import EnGardeState
from core.games.en_garde.actions import AdvanceAttack, Attack, Draw, Parry, Pass, Retreat
from core.games.en_garde.commentary import comparison, round_words
from core.games.en_garde.pile import pile_size
from core.rules import CHANCE, IllegalAction
from tests.core.test_en_garde_script import (
    RULES,
    approach,
    burn,
    deal,
    one_left,
    play,
    three_left,
)


def at_five(level: str = "standard") -> EnGardeState:
    """Fencers on 11 and 16, seat 0 to move; both hold 1 2 3 4 5 and the pile has no 5."""
    return play(deal("12345", "12345", level=level), "5> d5 5> d5 5> d5 2> d2")


def at_four(level: str = "standard") -> EnGardeState:
    """Fencers on 13 and 17, seat 1 to move holding 1 2 3 4 4; seat 0 holds 1 2 4 4 5."""
    return play(deal("12445", "12344", level=level), "5> d5 3> d3 5> d5 3> d3 2> d2")


def test_standard_attack_may_be_strengthened_with_more_cards_of_the_same_value() -> None:
    state = approach("standard")
    assert [a for a in RULES.legal_actions(state) if isinstance(a, Attack)] == [
        Attack(5, 1),
        Attack(5, 2),
    ]
    with pytest.raises(IllegalAction, match="You hold only two 5s, not three 5s"):
        RULES.apply(state, Attack(5, 3))


def test_standard_attacker_draws_only_after_the_whole_play_then_the_defender_answers() -> None:
    state = play(at_four(), "x44")
    assert state.hands[1] == (1, 2, 3)
    assert state.pending is not None and state.pending.count == 2
    assert RULES.to_move(state) == CHANCE and state.actor == 1
    state = play(state, "d1 d1")
    assert state.hands[1] == (1, 1, 1, 2, 3)
    assert (RULES.to_move(state), RULES.view(state, 0).phase) == (0, "defend")


def test_standard_parry_needs_as_many_cards_of_the_same_value() -> None:
    state = play(at_four(), "x44 d1 d1")
    assert RULES.legal_actions(state) == [Parry(), Pass()]
    state = play(state, "p")
    assert state.hands[0] == (1, 2, 5)
    assert state.discard[-4:] == (4, 4, 4, 4)


def test_standard_unparried_attack_hits_at_once() -> None:
    state = play(approach("standard"), "x55")  # seat 1 holds no 5
    result = state.results[0]
    assert (result.winner, result.reason) == (0, "hit")
    assert "could not be parried" in result.detail


def test_attack_of_three_cards_can_never_be_parried() -> None:
    state = deal("44412", "55544", level="standard")
    state = play(state, "1> d1 5> d3 1< d2 5> d5 2> d2 5> d5 2< d1 3> d3")
    assert state.positions == (1, 5)
    assert state.hands == ((1, 2, 4, 4, 4), (3, 4, 4, 5, 5))
    state = play(state, "x444")
    assert (state.results[0].winner, state.results[0].reason) == (0, "hit")


def test_standard_defender_may_decline_a_parry_and_take_the_hit() -> None:
    state = play(at_five(), "x5 d1")
    assert Parry() in RULES.legal_actions(state)
    state = play(state, "-")
    result = state.results[0]
    assert (result.winner, result.reason) == (0, "hit")
    assert "was not parried" in result.detail


def test_standard_parry_then_riposte_before_drawing() -> None:
    state = play(at_five(), "x5 d1 p")
    assert RULES.view(state, 1).phase == "riposte"
    assert RULES.to_move(state) == 1
    assert state.hands[1] == (1, 2, 3, 4)
    pile = pile_size(state)
    state = play(state, "1<")
    assert RULES.to_move(state) == CHANCE and state.actor == 1
    state = play(state, "d3 d3")
    assert state.hands[1] == (2, 3, 3, 3, 4)
    assert pile_size(state) == pile - 2
    assert (RULES.to_move(state), RULES.view(state, 0).phase) == (0, "turn")


def test_standard_riposte_is_an_attack_that_can_itself_be_parried() -> None:
    state = play(at_four(), "x4 d1 p")
    assert state.hands[0] == (1, 2, 4, 5)
    state = play(state, "x4 d3 d3")
    assert state.pending is not None and state.pending.attacker == 0
    assert RULES.legal_actions(state) == [Parry(), Pass()]
    state = play(state, "p")
    assert (RULES.view(state, 1).phase, state.actor) == ("riposte", 1)


def test_standard_riposte_without_a_legal_play_loses_the_round() -> None:
    state = deal("33442", "55532", level="standard")
    state = play(state, "3> d3 5> d1 3< d3 5> d1 4> d4 5> d1 4< d4 3> d1 2> d2 x2 d5")
    assert state.positions == (3, 5)
    assert state.hands[0] == (2, 3, 3, 4, 4)
    state = play(state, "p")  # left with 3 3 4 4 on space 3 at distance 2: nothing is legal
    result = state.results[0]
    assert (result.winner, result.reason) == (1, "no-move")


def test_standard_has_no_retreat_and_no_advance_attack() -> None:
    state = approach("standard")
    assert not any(isinstance(a, AdvanceAttack) for a in RULES.legal_actions(state))
    with pytest.raises(IllegalAction, match="advanced level"):
        RULES.apply(state, AdvanceAttack(1, 4, 1))
    state = play(at_five(), "x5 d1")
    with pytest.raises(IllegalAction, match="no retreat"):
        RULES.apply(state, Retreat(1))


def test_standard_end_of_pile_more_cards_equal_to_the_distance_wins() -> None:
    state = play(one_left("standard"), "1> d5")
    result = state.results[0]
    assert (result.winner, result.reason) == (0, "hands")
    assert result.detail == "Hands compared at distance 5: two 5s against a 5."


def test_standard_has_no_last_attack_turn() -> None:
    state = play(one_left("standard"), "1>")
    assert state.hands[1].count(5) == 1  # seat 1 could hit at distance 5 in the basic level
    state = play(state, "d5")
    assert state.phase == "round-over"
    assert state.results[0].reason == "hands"


def test_standard_end_of_pile_equal_hands_then_advance_decides() -> None:
    state = play(one_left("standard"), "1< d5")
    result = state.results[0]
    assert (result.winner, result.reason) == (1, "advance")
    assert result.detail == (
        "Hands compared at distance 7: no card can match it; advance 11 against 4."
    )


def test_standard_end_of_pile_equal_hands_and_advance_is_a_drawn_round() -> None:
    state = play(burn(deal("12345", "12345", level="standard"), leave=2, keep=10), "1> d5 2> d5")
    result = state.results[0]
    assert (result.winner, result.reason) == (None, "draw")
    assert state.scores == (0, 0)


def test_standard_attack_whose_refill_drew_the_last_card_must_still_be_parried() -> None:
    state = burn(deal("13455", "12234", level="standard"), leave=2)
    state = play(state, "4< d5 x5 d5")
    assert (state.positions, pile_size(state)) == ((7, 12), 0)
    assert RULES.view(state, 1).phase == "defend"
    parried = play(state, "p")
    result = parried.results[0]  # no riposte turn: hands at once, though seat 1 advanced farther
    assert (result.winner, result.reason) == (0, "hands")
    assert result.detail == "Hands compared at distance 5: two 5s against no 5s."
    hit = play(state, "-")
    assert (hit.results[0].winner, hit.results[0].reason) == (0, "hit")


def test_refill_cut_short_counts_as_drawing_the_last_card() -> None:
    state = play(three_left("standard"), "1> d5 x5 d5 p x5")
    assert state.hands[0] == (2, 3, 4) and pile_size(state) == 1
    state = RULES.apply(state, Draw(5))
    assert state.hands[0] == (2, 3, 4, 5)
    assert (RULES.to_move(state), RULES.view(state, None).phase) == (1, "defend")
    state = play(state, "p")
    assert (state.results[0].winner, state.results[0].reason) == (0, "hands")


def test_a_hand_comparison_reveals_both_final_hands_to_both_seats() -> None:
    state = play(one_left("standard"), "1> d5")
    result = state.results[0]
    assert state.phase == "round-over"
    assert result.hands == ((2, 3, 4, 5, 5), (1, 2, 3, 4, 5)) == state.hands
    assert (result.distance, result.held) == (5, (2, 1))
    for seat in (0, 1, None):
        assert RULES.view(state, seat).hands == state.hands
    names = ("Ann", "Ben")
    assert comparison(result, names) == "at distance 5: Ann has two 5s, Ben has one"
    assert round_words(result, names) == (
        "Ann 2 3 4 5 5 · Ben 1 2 3 4 5 — at distance 5: Ann has two 5s, Ben has one"
    )
    following = play(state, "d1")  # the next round's deal hides hands again
    assert RULES.view(following, 0).hands == ((), None)


def test_equal_counts_reveal_the_hands_and_say_the_advance_decided() -> None:
    state = play(one_left("standard"), "1< d5")
    result = state.results[0]
    assert result.reason == "advance" and result.hands == state.hands
    assert comparison(result, ("Ann", "Ben")) == (
        "at distance 7: no card can match it; Ben advanced farther, 11 spaces against 4"
    )


def test_a_hit_reveals_no_hand() -> None:
    state = play(at_five(), "x5 d1 -")
    assert state.results[0].hands is None
    assert RULES.view(state, 0).hands[1] is None and RULES.view(state, 1).hands[0] is None
    assert comparison(state.results[0], ("Ann", "Ben")) is None
