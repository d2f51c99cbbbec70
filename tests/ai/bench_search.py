"""Search speed, iterations per second: `python -m tests.ai.bench_search` (not a test).

Toy games always; En Garde too once `core.games.en_garde.strategy` exists (coached, and with
the random-rollout fallback: determinize only).
"""

from __future__ import annotations

import random
import time
from typing import Any

from core.ai import Budget, SearchBot, decide
from tests.ai.script import settle
from tests.ai.toys import DiceCounting, HighCard, Race, TicTacToe


def speed(rules: Any, players: int = 2, iterations: int = 1_000) -> float:
    state = settle(rules, rules.new(players, {}), random.Random(1))
    bot = SearchBot(1, Budget(iterations), kind="ismcts")
    started = time.perf_counter()
    decide(bot, rules, state, rules.to_move(state))
    assert bot.last is not None
    return bot.last.iterations / (time.perf_counter() - started)


def games() -> list[tuple[str, Any, int]]:
    found: list[tuple[str, Any, int]] = [
        ("tic-tac-toe (open, random playouts)", TicTacToe(), 2),
        ("high card (hidden, coached)", HighCard(), 2),
        ("counting (hidden dice, uncoached)", DiceCounting(), 2),
        ("race, 4 seats (open)", Race(), 4),
    ]
    try:
        from core.games.en_garde import EnGarde, strategy  # type: ignore[attr-defined]
    except ImportError:
        return found

    class Coached(EnGarde):
        determinize = staticmethod(strategy.determinize)
        evaluate = staticmethod(strategy.evaluate)
        candidates = staticmethod(strategy.candidates)

    class Fallback(EnGarde):
        determinize = staticmethod(strategy.determinize)

    return [*found, ("en garde (coached)", Coached(), 2), ("en garde (fallback)", Fallback(), 2)]


if __name__ == "__main__":
    for name, rules, players in games():
        print(f"{name:40} {speed(rules, players, 300):8.0f} iterations/s")
