"""RULES.md §1 match rules: first to five round wins, alternating starters, the `first` option,
and a new round starting by itself with the whole deck back."""

from __future__ import annotations

import pytest

from core.games.en_garde import EnGardeState
from core.games.en_garde.state import LEVELS
from core.rules import CHANCE, BadOption, IllegalAction
from tests.core.test_en_garde_script import RULES, burn, deal, new, play

APPROACH = "4> d3 5> d1 3> d2 4> d1 2< d4 3> d3"
"""From a deal of 55412 to the starter and 54321 to the other: distance 5, starter to move."""


def win_round(state: EnGardeState, winner: int) -> EnGardeState:
    """Basic level: deal and play a short round that `winner` wins with a hit."""
    starter = state.starter
    hands = {starter: "55412", 1 - starter: "54321"}
    state = play(deal(hands[0], hands[1], state), APPROACH)
    return play(state, "x5" if winner == starter else "2> d5 x3")


def test_the_first_to_win_five_rounds_wins_the_match() -> None:
    state = new("basic")
    for winner in (0, 1, 0, 1, 0, 1, 0, 1):
        state = win_round(state, winner)
    assert state.scores == (4, 4)
    assert RULES.outcome(state) is None
    state = win_round(state, 1)
    assert RULES.to_move(state) is None
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert (outcome.winners, outcome.scores) == ((1,), (4, 5))
    assert RULES.legal_actions(state) == []
    with pytest.raises(IllegalAction, match="over"):
        RULES.apply(state, RULES.parse(state, "d1"))


def test_starter_alternates_every_round_whatever_the_result() -> None:
    state = new("basic")
    starters = []
    for winner in (0, 0, 0, 1):
        starters.append(state.starter)
        state = win_round(state, winner)
    starters.append(state.starter)
    drawn = play(burn(deal("12345", "12345", state), leave=2, keep=10), "1> d5 2> d5")
    assert drawn.results[-1].winner is None
    starters.append(drawn.starter)
    assert starters == [0, 1, 0, 1, 0, 1]


def test_first_option_picks_who_starts_round_one() -> None:
    state = new("standard", first=1)
    assert state.starter == 1
    assert state.actor == 1
    state = win_round(RULES.new(2, {"level": "basic", "first": 1}), 0)
    assert state.starter == 0
    with pytest.raises(BadOption):
        RULES.new(2, {"first": 2})


def test_a_new_round_starts_by_itself_with_all_cards_back() -> None:
    state = win_round(new("basic"), 0)
    assert state.round == 2
    assert RULES.round_of(state) == 2
    assert RULES.to_move(state) == CHANCE
    view = RULES.view(state, None)
    assert (view.positions, view.hands, view.pile, view.discard_count) == (
        (1, 23),
        ((), ()),
        25,
        0,
    )
    assert view.phase == "deal"
    assert view.rounds[0].round == 1 and view.rounds[0].winner == 0


def test_every_finished_round_is_kept_with_who_won_and_why() -> None:
    state = win_round(win_round(new("basic"), 1), 1)
    assert [(r.round, r.winner, r.reason) for r in state.results] == [(1, 1, "hit"), (2, 1, "hit")]
    assert all(r.detail.endswith(".") for r in state.results)


def test_default_level_is_advanced_and_two_players_only() -> None:
    assert RULES.new(2, {}).level == "advanced"
    assert [o.key for o in RULES.options] == ["level", "first"]
    assert RULES.options[0].choices == LEVELS
    with pytest.raises(ValueError, match="2 players"):
        RULES.new(3, {})
    with pytest.raises(BadOption):
        RULES.new(2, {"level": "expert"})
