"""Helpers for the bot tests: deal to a decision, play a match between two bots."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from core.ai import Bot, decide
from core.rules import CHANCE, Outcome


def settle(rules: Any, state: Any, rng: random.Random) -> Any:
    """Let chance act until a seat must decide (or the match is over)."""
    while rules.to_move(state) == CHANCE:
        state = rules.apply(state, rules.sample_chance(state, rng))
    return state


def play(rules: Any, bots: Sequence[Bot], seed: int, players: int = 2) -> Outcome:
    """One match, bots by seat, chance from `seed`."""
    rng = random.Random(seed)
    state = rules.new(players, {})
    for _ in range(10_000):
        seat = rules.to_move(state)
        if seat is None:
            outcome: Outcome = rules.outcome(state)
            return outcome
        if seat == CHANCE:
            state = rules.apply(state, rules.sample_chance(state, rng))
        else:
            state = rules.apply(state, decide(bots[seat], rules, state, seat))
    raise AssertionError("the match did not end")
