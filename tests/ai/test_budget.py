"""A search stops at its iteration cap, at its deadline by the caller's clock, and on stop()."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core import registry
from core.ai import LEVELS, Budget, SearchBot, budget_for, decide, make_bot
from core.ai.budget import POLL
from tests.ai.script import decision_points, settle
from tests.ai.toys import HighCard, TicTacToe

RULES = TicTacToe()
START = RULES.new(2, {})


def _search(budget: Budget, kind: str = "mcts") -> int:
    bot = SearchBot(1, budget, kind="mcts" if kind == "mcts" else "ismcts")
    decide(bot, RULES, START, 0)
    assert bot.last is not None
    return bot.last.iterations


def test_the_iteration_cap_is_exact() -> None:
    assert _search(Budget(50)) == 50
    assert _search(Budget(1)) == 1


def test_the_budget_passed_to_decide_overrides_the_bots_own() -> None:
    bot = SearchBot(1, Budget(500))
    decide(bot, RULES, START, 0, Budget(40))
    assert bot.last is not None and bot.last.iterations == 40


def test_seconds_are_counted_on_the_callers_clock_polled_every_iteration() -> None:
    now = [0.0]
    reads = []

    def clock() -> float:
        reads.append(now[0])
        now[0] += 0.1  # each reading: a tenth of a second later
        return now[0]

    done = _search(Budget(1_000_000, seconds=1.0, clock=clock))
    assert done % POLL == 0
    assert done == POLL * (len(reads) - 2)  # one reading to start, one per poll from 0 on
    assert 8 * POLL <= done <= 10 * POLL


def test_no_iteration_starts_that_would_end_past_the_deadline() -> None:
    now, polls = [0.0], []

    def clock() -> float:
        return now[0]

    def stop() -> bool:  # polled before each iteration, just ahead of the clock
        if polls:
            now[0] += 0.3  # what the iteration since the last poll took
        polls.append(now[0])
        return False

    done = _search(Budget(1_000_000, seconds=1.0, clock=clock, stop=stop))
    assert done == 3  # polls at 0.3, 0.6, 0.9 s: a fourth iteration would end at 1.2 s
    assert now[0] <= 1.0


def test_seconds_without_a_clock_leave_the_iteration_cap_in_charge() -> None:
    assert _search(Budget(70, seconds=0.000001)) == 70


def test_stop_is_polled_and_ends_the_search_promptly() -> None:
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) >= 3

    assert _search(Budget(1_000_000, stop=stop)) == 2 * POLL


def test_a_search_stopped_before_it_starts_still_answers_a_legal_move() -> None:
    bot = SearchBot(1, Budget(1_000, stop=lambda: True))
    action = decide(bot, RULES, START, 0)
    assert action in RULES.legal_actions(START)
    assert bot.last is not None and bot.last.iterations == 0


def test_ismcts_respects_the_budget_too() -> None:
    rules = HighCard()
    state = settle(rules, rules.new(2, {}), random.Random(2))
    bot = SearchBot(3, Budget(64), kind="ismcts")
    decide(bot, rules, state, 0)
    assert bot.last is not None and bot.last.iterations == 64


@pytest.mark.parametrize(("iterations", "seconds"), [(0, 0.0), (5, -1.0)])
def test_a_budget_refuses_nonsense(iterations: int, seconds: float) -> None:
    with pytest.raises(ValueError):
        Budget(iterations, seconds)


SEARCHERS = [
    (game, f"{kind}:{level}")
    for game, kind in (("crossing", "mcts"), ("en-garde", "ismcts"), ("attacke", "ismcts"))
    for level in LEVELS
]


@pytest.mark.parametrize(("game", "spec"), SEARCHERS)
def test_a_level_keeps_to_its_seconds_on_a_clock_that_moves_with_the_work(
    game: str, spec: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every move applied costs 2 ms of a fake clock: the level's seconds, not its iterations,
    must end the search, and the decision must end within them."""
    rules = registry.get(game)
    now = [0.0]
    real_apply = rules.apply

    def apply(state: Any, action: Any) -> Any:
        now[0] += 0.002
        return real_apply(state, action)

    monkeypatch.setattr(rules, "apply", apply)
    state = decision_points(rules, 5, 1, with_choice=True)[0]
    budget = budget_for(spec, clock=lambda: now[0])
    bot = make_bot(spec, seed=3)
    assert isinstance(bot, SearchBot)
    began = now[0]
    decide(bot, rules, state, rules.to_move(state), budget)
    assert bot.last is not None
    assert 0 < bot.last.iterations < budget.iterations  # the clock stopped it
    assert now[0] - began <= budget.seconds
