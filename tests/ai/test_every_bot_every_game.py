"""Every bot plays every game legally within its budget (strength is for `parlour tournament`,
never asserted here)."""

from __future__ import annotations

from typing import Any

import pytest

from core import registry
from core.ai import Budget, bots_for, decide, make_bot
from core.rules import IllegalAction, Rules
from tests.ai.script import decision_points

GAMES = registry.all()


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: r.id)
def test_every_bot_returns_a_legal_action_within_a_small_budget(
    rules: Rules[Any, Any, Any],
) -> None:
    for kind in bots_for(rules):
        for n, state in enumerate(decision_points(rules, len(kind), 4)):
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
    state = decision_points(rules, 3, 1)[0]
    bot = make_bot("ismcts:hard", seed=1)
    action = decide(
        bot, rules, state, rules.to_move(state), Budget(iterations=1_000_000, stop=lambda: True)
    )
    rules.apply(state, action)  # a legal answer, found without searching
