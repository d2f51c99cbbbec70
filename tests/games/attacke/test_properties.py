"""Random-play properties over a few hundred seeded games with 3, 4 and 5 players, with and
without the face-down variant.

Every ply checks: the seat to move has legal actions and a sample of them all apply; the 96
cards and 25 chips are conserved and no seat owns a colour twice; notation and wire forms
round-trip; a determinized state shows the mover the same view; other seats are never told a
face-down card; junk wire is refused. Every game ends.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from core.games.attacke.actions import Play
from core.games.attacke.deck import CHIP_COUNT, CHIPS_PER_COLOUR
from core.games.attacke.state import AttackeState
from core.games.attacke.strategy import candidates, determinize
from core.rules import CHANCE, IllegalAction, Wire
from tests.games.attacke.script import RULES, conserved

GAMES = 50
JUNK: list[Wire] = [["play", "R", [1], [], []], ["pass"], ["draw", "S7"], ["return", "r"], [None]]


def check_invariants(state: AttackeState) -> None:
    assert conserved(state)
    owned = Counter(c for chips in state.chips for c in chips)
    assert all(len(set(chips)) == len(chips) for chips in state.chips)
    assert all(n <= CHIPS_PER_COLOUR for n in owned.values())
    assert CHIP_COUNT - sum(owned.values()) >= 0
    assert hash(state) is not None


def check_action(state: AttackeState, action: object, rng: random.Random) -> None:
    after = RULES.apply(state, action)  # type: ignore[arg-type]
    assert after != state
    text = RULES.notation(action)  # type: ignore[arg-type]
    assert RULES.parse(state, text) == action
    assert RULES.from_wire(action.to_wire()) == action
    if isinstance(action, Play) and action.hidden:
        other = rng.choice([s for s in range(state.players) if s != state.actor])
        masked = replace(action, hidden=("R2",) * len(action.hidden))
        names = [f"P{s}" for s in range(state.players)]
        said = RULES.describe(state, action, other, names)
        assert said == RULES.describe(state, masked, other, names)


def one_game(players: int, face_down: bool, seed: int) -> int:
    """Play one random game; returns the largest legal list seen."""
    rng = random.Random(seed)
    state = RULES.new(players, {"face_down": face_down})
    largest = 0
    for _ in range(3000):
        mover = RULES.to_move(state)
        if mover is None:
            assert RULES.outcome(state) is not None
            return largest
        check_invariants(state)
        legal = RULES.legal_actions(state)
        assert legal
        largest = max(largest, len(legal))
        if mover == CHANCE:
            action = RULES.sample_chance(state, rng)
            assert action in legal
            check_action(state, action, rng)
        else:
            for tried in rng.sample(legal, min(3, len(legal))):
                check_action(state, tried, rng)
            view = RULES.view(state, mover)
            assert RULES.view(determinize(view, rng), mover) == view
            options = candidates(state)
            assert options and all(RULES.check(state, a) is None for a in options)
            action = rng.choice(options if rng.random() < 0.6 else legal)
        wire = rng.choice(JUNK)
        with pytest.raises(IllegalAction):
            RULES.apply(state, RULES.from_wire(wire))
        state = RULES.apply(state, action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("face_down", [False, True])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_keep_every_invariant_and_end(players: int, face_down: bool) -> None:
    for seed in range(GAMES):
        one_game(players, face_down, 1000 * players + seed)
