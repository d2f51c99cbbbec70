"""The bots' helpers (issue 11): determinize, evaluate, candidates."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from core.games.en_garde import EnGardeState
from core.games.en_garde.state import LEVELS
from core.games.en_garde.strategy import candidates, determinize, evaluate
from core.rules import CHANCE
from tests.core.test_en_garde_script import RULES


def positions(level: str, seed: int) -> Iterator[EnGardeState]:
    rng = random.Random(seed)
    state = RULES.new(2, {"level": level, "starts": seed % 2 + 1})
    yield state
    while RULES.to_move(state) is not None:
        if RULES.to_move(state) == CHANCE:
            state = RULES.apply(state, RULES.sample_chance(state, rng))
        else:
            state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
        yield state


@pytest.mark.parametrize("level", LEVELS)
def test_a_determinized_state_shows_the_seat_exactly_the_same_view(level: str) -> None:
    rng, count = random.Random(5), 0
    for seed in range(5):
        for state in positions(level, seed):
            for seat in (0, 1):
                view = RULES.view(state, seat)
                guess = determinize(view, rng)
                assert RULES.view(guess, seat) == view
                if RULES.to_move(guess) is not None:
                    assert RULES.legal_actions(guess)  # a position the game could reach
                count += 1
    assert count > 2000


def test_determinize_keeps_what_the_seat_knows_and_samples_the_rest() -> None:
    rng = random.Random(2)
    state = next(s for s in positions("advanced", 4) if s.phase == "turn" and len(s.discard) > 3)
    view = RULES.view(state, 0)
    guesses = [determinize(view, rng) for _ in range(40)]
    assert all(g.hands[0] == state.hands[0] for g in guesses)
    assert all(g.discard[-1] == state.discard[-1] for g in guesses)
    assert len({g.hands[1] for g in guesses}) > 1


def test_evaluate_stays_in_range_and_knows_the_winner() -> None:
    last = None
    for state in positions("standard", 7):
        for seat in (0, 1):
            assert -1.0 <= evaluate(state, seat) <= 1.0
        last = state
    assert last is not None
    outcome = RULES.outcome(last)
    assert outcome is not None
    winner = outcome.winners[0]
    assert evaluate(last, winner) == 1.0 and evaluate(last, 1 - winner) == -1.0


def test_candidates_are_the_legal_actions() -> None:
    for state in list(positions("advanced", 8))[:200]:
        assert candidates(state) == RULES.legal_actions(state)
