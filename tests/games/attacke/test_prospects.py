"""Attacke's judgement of a position: each seat's chance of winning (`prospects`)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from core.games.attacke.prospects import FEATURES, WEIGHTS, chances, features
from core.games.attacke.strategy import candidates, evaluate
from tests.games.attacke.script import RULES, deal, play

HANDS = ("G7 B2 B3 Y2", "G5 G4 R2 R3 10S", "R4 R5 Y3 Y4 P2")
SIGHT = FEATURES.index("the open contest in sight")
GAME = FEATURES.index("the game in sight")


def test_every_feature_has_a_weight() -> None:
    assert len(WEIGHTS) == len(FEATURES)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_chances_share_one_whole_and_evaluate_maps_them_onto_minus_one_to_one(
    players: int,
) -> None:
    rng = random.Random(players)
    state = RULES.new(players, {"face_down": players == 4})
    while RULES.to_move(state) is not None:
        odds = chances(state)
        assert len(odds) == players and all(0 < p < 1 for p in odds)
        assert sum(odds) == pytest.approx(1.0)
        for seat in range(players):
            assert evaluate(state, seat) == pytest.approx(2 * odds[seat] - 1)
        if RULES.to_move(state) == -1:
            state = RULES.apply(state, RULES.sample_chance(state, rng))
        else:
            state = RULES.apply(state, rng.choice(candidates(state)))


def test_each_chip_won_raises_a_players_chance() -> None:
    state = deal(*HANDS)
    before = chances(state)[1]
    for owned in (("B",), ("B", "G"), ("B", "G", "Y")):
        after = chances(replace(state, chips=((), owned, ())))[1]
        assert after > before
        before = after


def test_the_contest_is_in_sight_for_whoever_can_outbid_the_rest_not_whoever_leads_the_bid() -> (
    None
):
    """A value that changed hands with every bid made a deeper search see each of its bids
    answered, so it stopped fighting (it lost to greedy, and scored worse with more thinking).
    What each player could still lay decides it, and bidding does not change that."""
    state = replace(deal(*HANDS), chips=(("B",), (), ()))
    state = play(state, "G:7; dR4")  # seat 1 (G5 G4 and the 10-shield: 19) can beat 7
    assert state.totals[0] == 7 and state.actor == 1
    assert [row[SIGHT] for row in features(state)] == [0.0, 1.0, 0.0]
    bid = play(state, "4 5")
    assert bid.totals[1] > bid.totals[0]
    assert [row[SIGHT] for row in features(bid)] == [0.0, 1.0, 0.0]
    assert chances(bid)[1] < chances(state)[1]  # the bid only spent cards
    passed = play(state, "pass")
    assert features(passed)[1][SIGHT] == 0.0  # out of the contest


def test_a_contest_for_the_last_chip_in_sight_is_the_game_in_sight() -> None:
    state = replace(deal(*HANDS), chips=((), ("B", "R", "Y"), ()))
    state = play(state, "G:7; dR4")
    assert features(state)[1][GAME] == 1.0
    owned = replace(state, chips=((), ("B", "G", "R"), ()))  # the green chip is no use to seat 1
    assert features(owned)[1][SIGHT] == 0.0 and features(owned)[1][GAME] == 0.0
    assert chances(state)[1] > chances(replace(state, chips=((), ("B", "R"), ())))[1]


def test_no_seat_is_in_sight_between_contests_and_equal_reach_goes_to_the_higher_total() -> None:
    assert all(row[SIGHT] == 0.0 for row in features(deal(*HANDS)))
    even = play(deal("G7 B2 B3 Y2", "G7 R2 R3 Y4 P2", "R4 R5 Y3 Y4 P2"), "G:7; dR4")
    assert [row[SIGHT] for row in features(even)] == [1.0, 0.0, 0.0]  # both reach 7; 7 is laid
