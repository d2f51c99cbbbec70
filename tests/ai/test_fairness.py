"""The fairness swap test for the hidden-hand games (En Garde and Attacke), every bot and level.

For a fixed seed, replacing the opponents' hidden cards with any other arrangement consistent
with the bot's view leaves the bot's choice unchanged: the bot never learns the real hands.
A level differs from another only in its budget, so each level runs on its own budget (the
searchers' iterations cut to `MOST`, the seconds dropped so the test does not hang on the
machine's speed).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from core import registry
from core.ai import BOTS, LEVELS, Budget, decide, make_bot, parse_spec
from core.rules import Rules
from tests.ai.script import decision_points

HIDDEN = [r for r in registry.all() if r.hides_information]
SPECS = [f"{kind}:{level}" for kind in ("greedy", "ismcts") for level in LEVELS]
MOST = 400
"""A searcher's iterations in this test: `hard`'s 3,000 would take minutes for no more proof."""


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("rules", HIDDEN, ids=lambda r: r.id)
def test_other_hidden_cards_consistent_with_the_view_leave_the_choice_unchanged(
    rules: Rules[Any, Any, Any], spec: str
) -> None:
    determinize = getattr(rules, "determinize")  # noqa: B009 - every hidden game has one
    kind, level = parse_spec(spec)
    budget = Budget(min(BOTS[kind].budget(level).iterations, MOST))
    rng = random.Random(11)
    points = 6 if budget.iterations <= 60 else 2
    for state in decision_points(rules, 3, points, share=0.2, with_choice=True):
        seat = rules.to_move(state)
        view = rules.view(state, seat)
        choices = set()
        for _ in range(4):
            other = state if not choices else determinize(view, rng)
            assert rules.view(other, seat) == view
            bot = make_bot(spec, seed=99)
            choices.add(decide(bot, rules, other, seat, budget))
        assert len(choices) == 1, f"{rules.id}: {spec} chose differently: {choices}"
