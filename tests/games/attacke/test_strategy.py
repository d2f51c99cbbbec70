"""The bots' helpers: candidates are a few legal actions; evaluate stays in -1..1."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from core.ai import GreedyBot, decide
from core.games.attacke import strategy
from core.games.attacke.actions import Pass, Play, Return
from core.games.attacke.state import AttackeState
from core.games.attacke.strategy import (
    INITIATIVE,
    LEAD,
    _sights,
    candidates,
    evaluate,
    evaluate_all,
)
from core.match import ActionEntry, Header, Match, Seat
from core.play import play_out
from core.rules import CHANCE
from tests.games.attacke.script import RULES, deal, play

HANDS = ("R2 R3 B7 10S", "R4 R7 B2 B3 10S", "G2 G3 G4 Y2 Y3")


def test_candidates_offer_an_opening_per_colour_held() -> None:
    found = candidates(deal(*HANDS))
    assert Play((2,), colour="R") in found and Play((2, 3), colour="R") in found
    assert Play((7,), colour="B") in found
    assert all(RULES.check(deal(*HANDS), a) is None for a in found)


def test_candidates_in_a_fight_are_passes_and_the_cheapest_plays_that_beat_the_table() -> None:
    state = play(deal(*HANDS, face_down=True), "R:3; dG5")
    found = candidates(state)
    assert Pass(False) in found and Pass(True) in found
    assert Play((4,)) in found  # cheapest with knights
    assert Play((), (10,)) in found
    assert Play((), (), ("B2", "B3", "R4", "R7")) not in found
    assert any(isinstance(a, Play) and a.hidden for a in found)
    assert all(RULES.check(state, a) is None for a in found)
    assert len(found) <= 8


def test_candidates_for_a_chip_return_are_the_chips_owned() -> None:
    state = replace(deal(*HANDS), chips=(("B", "G"), (), ()))
    state = play(state, "R:2 10S; dY3; 7 10S; dY4; pass; pass")
    assert candidates(state) == [Return("B"), Return("G")]


def test_evaluate_stays_between_minus_one_and_one_and_favours_chips() -> None:
    state = replace(deal(*HANDS), chips=(("B", "G", "Y"), (), ()))
    assert evaluate(state, 0) > 0 > evaluate(state, 1)
    rng = random.Random(2)
    while RULES.to_move(state) is not None:
        for seat in range(3):
            assert -1.0 <= evaluate(state, seat) <= 1.0
        if RULES.to_move(state) == -1:
            state = RULES.apply(state, RULES.sample_chance(state, rng))
        else:
            state = RULES.apply(state, rng.choice(candidates(state)))
    winner = RULES.outcome(state)
    assert winner is not None
    assert evaluate(state, winner.winners[0]) == 1.0


def test_a_bot_fights_for_a_chip_it_lacks_rather_than_hoard_its_cards() -> None:
    """Found in a tournament: with a one-move lookahead a fight never paid (the chip comes only
    once the others pass), so greedy bots kept their cards and let a lone opener win colours it
    already owned, contest after contest, for ever. Being on course to win a contest for a
    missing chip now counts, so the bot fights."""
    state = replace(
        deal("G7 B2 B3 Y2", "G5 G4 R2 R3 10S", "R4 R5 Y3 Y4 P2"), chips=(("B", "G", "Y"), (), ())
    )
    state = play(state, "G:7; dR4")
    assert state.phase == "fight" and state.actor == 1
    choice = decide(GreedyBot(1), RULES, state, 1)
    assert isinstance(choice, Play)


def test_the_chip_is_in_sight_for_whoever_can_outbid_the_rest_not_whoever_leads_this_bid() -> None:
    """A value that changed hands with every bid made a deeper search see each of its bids
    answered, so it stopped fighting (it lost to greedy, and scored worse with more thinking).
    What each player could still lay decides it, and bidding does not change that."""
    state = replace(
        deal("G7 B2 B3 Y2", "G5 G4 R2 R3 10S", "R4 R5 Y3 Y4 P2"), chips=(("B",), (), ())
    )
    state = play(state, "G:7; dR4")  # seat 1 (G5 G4 and the 10-shield: 19) can beat 7
    assert state.totals[0] == 7 and state.actor == 1
    assert _sights(state)[1] == LEAD and _sights(state)[0] == 0.0
    bid = play(state, "4 5")
    assert bid.totals[1] > bid.totals[0]
    assert _sights(bid)[1] == LEAD and _sights(bid)[0] == 0.0
    assert evaluate(bid, 1) - evaluate(state, 1) < 0  # the bid only spent cards
    passed = play(state, "pass")
    assert _sights(passed)[1] == 0.0  # out of the contest


def _stalling() -> AttackeState:
    """Three players who all own green (and two more colours each); the first opens green
    with a 2, and the second, who could answer with a 3, is to fight or pass."""
    state = replace(
        deal("G2 Y2 Y3 P2", "G3 G4 R2 B3 P3", "R4 R5 B4 Y4 P4"),
        chips=(("G", "B", "R"), ("G", "B", "R"), ("G", "B", "Y")),
    )
    return play(state, "G:2; dR3")


def test_opening_the_next_contest_is_worth_the_initiative(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The opener picks the colour: the player who opens next, or who can outbid the rest in
    a contest whose chip they own already, holds `INITIATIVE`; a missing chip in sight is
    worth more (`LEAD`)."""
    state = _stalling()
    assert _sights(state) == [0.0, INITIATIVE, 0.0]
    assert 0 < INITIATIVE < LEAD
    won = play(state, "3; dY5; pass; pass")
    assert won.phase == "open" and won.actor == 1
    assert _sights(won) == [0.0, INITIATIVE, 0.0]
    judged = evaluate_all(won)
    monkeypatch.setattr(strategy, "INITIATIVE", 0.0)
    gain = 0.8 * INITIATIVE / won.chips_to_win  # a quarter chip, through "chips ahead"
    assert judged[1] - evaluate_all(won)[1] == pytest.approx(gain)


def test_a_bot_fights_to_open_the_next_contest_when_winning_brings_no_chip(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found by hunting long five-player matches between greedy bots: a player owning three
    colours opened one of them with a 2 or a 3, contest after contest (154 times running in a
    match of 980 decisions), because the others owned it too and, with no chip to win, kept
    their cards and drew. Opening the next contest now counts, so a bot answers the 2."""
    state = _stalling()
    assert state.phase == "fight" and state.actor == 1
    assert all(decide(GreedyBot(seed), RULES, state, 1) == Play((3,)) for seed in range(4))
    monkeypatch.setattr(strategy, "INITIATIVE", 0.0)
    assert decide(GreedyBot(0), RULES, state, 1) == Pass(True)  # what it did before


def _greedy_match(seed: int, limit: int) -> tuple[int, int]:
    """Five greedy players, chance and bots seeded from `seed`, for at most `limit`
    decisions: the decisions played, and the most contests one player won running in colours
    it owned already."""
    seats = tuple(Seat(f"Greedy {n}", "bot", "greedy") for n in range(5))
    match = Match(RULES, Header(RULES.id, {}, seats, "hunt"))
    bots = {seat: GreedyBot(seed * 10 + seat) for seat in range(5)}
    play_out(match, bots, random.Random(seed), max_plies=limit)
    plies = sum(1 for e in match.entries if isinstance(e, ActionEntry) and e.seat != CHANCE)
    running = longest = 0
    for before, result in itertools.pairwise(match.state.results):
        again = result.chip is None and result.winner == before.winner
        running = running + 1 if again else 0
        longest = max(longest, running)
    return plies, longest


def test_five_greedy_players_do_not_stall_on_colours_they_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seed 28 of a hunt through seeds 0-149 with `_greedy_match`: without the initiative the
    match took 1,039 decisions, one player winning 44 contests running in colours it owned (19
    in the first 400 decisions)."""
    plies, longest = _greedy_match(28, 400)
    assert plies < 400 and longest < 5
    monkeypatch.setattr(strategy, "INITIATIVE", 0.0)
    plies, longest = _greedy_match(28, 400)
    assert plies == 400 and longest > 15  # what it did before


JUDGED = {
    3: [
        (-0.24961, 0.057969, -0.0129),
        (-0.42651, -0.194668, 0.221253),
        (-0.02651, -0.202667, 0.029125),
        (1.0, -1.0, -1.0),
    ],
    4: [
        (-0.158607, 0.018936, -0.174145, -0.082048),
        (-0.027818, -0.035616, -0.149141, -0.088014),
        (0.278088, -0.337549, -0.451016, -0.490008),
        (1.0, -1.0, -1.0, -1.0),
    ],
    5: [
        (-0.169832, -0.209593, -0.2016, -0.2016, 0.182445),
        (-0.302009, -0.312783, -0.404799, -0.404799, 0.219941),
        (-0.610751, -0.723885, -0.660525, -0.715966, 0.610751),
        (-1.0, -1.0, -1.0, -1.0, 1.0),
    ],
}
"""What `evaluate` said seat by seat, before `evaluate_all` took its work over and before the
initiative counted, after 5, 12 and 18 random decisions and at the end of a seeded match (seed
= players)."""


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_seat_is_judged_at_once_as_it_was_seat_by_seat(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(strategy, "INITIATIVE", 0.0)  # the pinned values came before it
    rng = random.Random(players)
    state = RULES.new(players, {})
    decided = 0
    judged = []
    while RULES.to_move(state) is not None:
        if RULES.to_move(state) == -1:
            state = RULES.apply(state, RULES.sample_chance(state, rng))
            continue
        if decided in (5, 12, 18):
            judged.append(evaluate_all(state))
        state = RULES.apply(state, rng.choice(candidates(state)))
        decided += 1
    judged.append(evaluate_all(state))
    assert judged == [pytest.approx(values, abs=1e-6) for values in JUDGED[players]]
    assert [evaluate(state, seat) for seat in range(players)] == list(judged[-1])
