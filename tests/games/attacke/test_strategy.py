"""The bots' helpers: candidates are a few legal actions; evaluate stays in -1..1."""

from __future__ import annotations

import random
from dataclasses import replace

from core.games.attacke.actions import Pass, Play, Return
from core.games.attacke.strategy import candidates, evaluate
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


def test_a_bot_fights_for_the_chip_that_wins_it_the_game_rather_than_hoard_its_cards() -> None:
    """Found in a tournament: with a one-move lookahead a fight never paid (the chip comes only
    once the others pass), so greedy bots kept their cards and let a lone opener win colours it
    already owned, contest after contest, for ever. Being on course to win a contest for a
    missing chip counts (`prospects`: the contest in sight, and the game in sight when that
    chip is the last one needed), so the bot fights. For an earlier chip the fitted weights
    may rather keep the cards: in the games they were fitted on, a contest in sight was often
    lost again."""
    from core.ai import GreedyBot, decide

    state = replace(
        deal("G7 B2 B3 Y2", "G5 G4 R2 R3 10S", "R4 R5 Y3 Y4 P2"),
        chips=(("B", "G", "Y"), ("B", "R", "Y"), ()),
    )
    state = play(state, "G:7; dR4")
    assert state.phase == "fight" and state.actor == 1
    choice = decide(GreedyBot(1), RULES, state, 1)
    assert isinstance(choice, Play)
