"""RULES.md §1 match rules: first to five round wins, alternating starters, the `first` option,
a finished round kept on the table, and the next round starting with its own first deal card
(the whole deck back)."""

from __future__ import annotations

import pytest

from core.games.en_garde import EnGardeState, notation
from core.games.en_garde.actions import Draw, EnGardeAction
from core.games.en_garde.deal import table
from core.games.en_garde.state import LEVELS
from core.rules import CHANCE, BadOption, IllegalAction
from tests.core.test_en_garde_script import RULES, burn, deal, new, play

APPROACH = "4> d3 5> d1 3> d2 4> d1 2< d4 3> d3"
"""From a deal of 55412 to the starter and 54321 to the other: distance 5, starter to move."""


def win_round(state: EnGardeState, winner: int) -> EnGardeState:
    """Basic level: deal and play a short round that `winner` wins with a hit (the state
    before may be a new match or a round-over table; the one returned is round-over)."""
    starter = table(state).starter
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
        starters.append(RULES.view(state, None).drawing)  # who is dealt the round's first card
        state = win_round(state, winner)
    starters.append(RULES.view(state, None).drawing)
    drawn = play(burn(deal("12345", "12345", state), leave=2, keep=10), "1> d5 2> d5")
    assert drawn.results[-1].winner is None
    starters.append(RULES.view(drawn, None).drawing)
    assert starters == [0, 1, 0, 1, 0, 1]


def test_first_option_picks_who_starts_round_one() -> None:
    state = new("standard", first=1)
    assert state.starter == 1
    assert state.actor == 1
    state = win_round(RULES.new(2, {"level": "basic", "starts": 2}), 0)
    assert RULES.view(state, None).drawing == 0
    assert play(state, "d1").starter == 0
    with pytest.raises(BadOption):
        RULES.new(2, {"starts": 3})


def test_a_finished_round_stays_on_the_table_until_the_next_deal_begins() -> None:
    before = play(deal("55412", "54321", new("basic")), APPROACH)
    state = play(before, "x5")
    assert (state.phase, state.round, RULES.to_move(state)) == ("round-over", 1, CHANCE)
    assert RULES.round_of(state) == 2  # the next action (a deal card) belongs to round 2
    for seat in (0, 1, None):
        view = RULES.view(state, seat)
        assert (view.phase, view.round, view.positions) == ("round-over", 1, (6, 11))
        assert (view.discard_top, view.discard_count, view.pile) == (5, 7, 9)
        assert view.hand_sizes == (4, 5)
        assert view.scores == (1, 0) and view.rounds[-1].winner == 0
        assert (view.drawing, view.draw_kind, view.deal_round) == (1, "deal", 2)
        assert view.pending is None
    assert RULES.view(state, 0).hands == ((1, 2, 4, 5), None)  # a hit reveals no hand
    assert RULES.view(state, 1).hands == (None, (1, 1, 1, 2, 3))
    assert RULES.legal_actions(state) == [Draw(v, 1, "deal") for v in (1, 2, 3, 4, 5)]


def test_the_first_deal_card_resets_the_piste_and_brings_all_cards_back() -> None:
    over = win_round(new("basic"), 0)
    state = RULES.apply(over, Draw(4, 1, "deal"))
    assert (state.round, RULES.round_of(state), state.phase, state.actor) == (2, 2, "deal", 0)
    view = RULES.view(state, None)
    assert (view.positions, view.hands, view.pile, view.discard_count) == (
        (1, 23),
        ((), (4,)),
        24,
        0,
    )
    assert (view.drawing, view.draw_kind, view.deal_round) == (0, "deal", 2)
    assert view.rounds[0].round == 1 and view.rounds[0].winner == 0


def test_an_old_log_with_the_next_deal_straight_after_the_round_end_replays_the_same() -> None:
    """Old files have only ["draw", card] after the round-ending action: the same sequence
    reaches the same states, the first of those draws doing the reset."""
    full = win_round(win_round(new("basic"), 0), 1)
    script = [*_cards_of(new("basic"), 0), *_cards_of(win_round(new("basic"), 0), 1)]
    state = new("basic")
    for action in script:
        legacy = Draw(action.card) if isinstance(action, Draw) else action
        state = RULES.apply(state, RULES.from_wire(legacy.to_wire()))
    assert state == full


def _cards_of(state: EnGardeState, winner: int) -> list[EnGardeAction]:
    """The actions `win_round` plays from `state` (deal cards in full form)."""
    actions: list[EnGardeAction] = []
    starter = table(state).starter
    hands = {starter: "55412", 1 - starter: "54321"}
    for i in range(5):
        for seat in (starter, 1 - starter):
            actions.append(Draw(int(hands[seat][i]), seat, "deal"))
    tail = "x5" if winner == starter else "2> d5 x3"
    for token in f"{APPROACH} {tail}".split():
        actions.append(notation.parse(token))  # its draws are made legacy by the caller
    return actions


def test_every_finished_round_is_kept_with_who_won_and_why() -> None:
    state = win_round(win_round(new("basic"), 1), 1)
    assert [(r.round, r.winner, r.reason) for r in state.results] == [(1, 1, "hit"), (2, 1, "hit")]
    assert all(r.detail.endswith(".") for r in state.results)


def test_default_level_is_advanced_and_two_players_only() -> None:
    assert RULES.new(2, {}).level == "advanced"
    assert [o.key for o in RULES.options] == ["level", "starts"]
    assert RULES.options[0].choices == LEVELS
    with pytest.raises(ValueError, match="2 players"):
        RULES.new(3, {})
    with pytest.raises(BadOption):
        RULES.new(2, {"level": "expert"})


def test_files_from_before_seats_counted_from_one_still_name_the_same_starter() -> None:
    """`first` (0 or 1) in an older match header is `starts` one higher."""
    assert RULES.new(2, {"first": 1}) == RULES.new(2, {"starts": 2})
    assert RULES.new(2, {"first": 0}) == RULES.new(2, {"starts": 1})
