"""Every bot plays every game legally within its budget (strength is for `parlour tournament`,
never asserted here)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core import registry
from core.ai import Budget, bots_for, decide, make_bot
from core.rules import CHANCE, IllegalAction, Rules

GAMES = registry.all()


def positions(rules: Rules[Any, Any, Any], count: int, seed: int) -> list[Any]:
    """Decision points from random play, a few plies apart."""
    rng = random.Random(seed)
    players = max(rules.min_players, min(3, rules.max_players))
    state, found = rules.new(players, {}), []
    while len(found) < count:
        seat = rules.to_move(state)
        if seat is None:
            state = rules.new(players, {})
            continue
        if seat != CHANCE and rng.random() < 0.15:
            found.append(state)
        state = rules.apply(state, rules.sample_chance(state, rng) if seat == CHANCE
                            else rng.choice(rules.legal_actions(state)))
    return found


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: r.id)
def test_every_bot_returns_a_legal_action_within_a_small_budget(
    rules: Rules[Any, Any, Any],
) -> None:
    for kind in bots_for(rules):
        for n, state in enumerate(positions(rules, 4, seed=len(kind))):
            seat = rules.to_move(state)
            bot = make_bot(kind if kind == "random" else f"{kind}:easy", seed=n)
            budget = Budget(iterations=24)
            action = decide(bot, rules, state, seat, budget)
            try:
                rules.apply(state, action)
            except IllegalAction as err:  # pragma: no cover - the assertion says it
                raise AssertionError(f"{kind} played an illegal {action!r}: {err}") from None


def test_a_bot_stops_at_once_when_asked_to() -> None:
    rules = registry.get("en-garde")
    state = positions(rules, 1, seed=3)[0]
    bot = make_bot("ismcts:hard", seed=1)
    action = decide(bot, rules, state, rules.to_move(state),
                    Budget(iterations=1_000_000, stop=lambda: True))
    rules.apply(state, action)  # a legal answer, found without searching
