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


def decision_points(
    rules: Any, seed: int, count: int, *, share: float = 0.15, with_choice: bool = False
) -> list[Any]:
    """States where a seat must decide, from seeded random play: each decision is kept with
    probability `share` (only those with more than one move when `with_choice`)."""
    rng = random.Random(seed)
    players = max(rules.min_players, min(3, rules.max_players))
    state, found = rules.new(players, {}), []
    while len(found) < count:
        seat = rules.to_move(state)
        if seat is None:
            state = rules.new(players, {})
            continue
        if (
            seat != CHANCE
            and (not with_choice or len(rules.legal_actions(state)) > 1)
            and rng.random() < share
        ):
            found.append(state)
        state = rules.apply(
            state,
            rules.sample_chance(state, rng)
            if seat == CHANCE
            else rng.choice(rules.legal_actions(state)),
        )
    return found
