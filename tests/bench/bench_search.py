"""How fast the searchers think, per game: `python -m tests.bench.bench_search` (not a test).

For every registered game, a position a few random moves in (seeded), and each searching bot
at `normal`: iterations per second, the seconds one decision takes on its level's budget, and
how many moves that decision weighed. Beside it, the bare costs the search builds on, each
apart: one `apply` of a move, one `candidates` list, one `evaluate` (medians over the moves of
a position), so a slow game shows whether its rules or the search are to blame. Figures are
medians of a few decisions; nothing is asserted.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from core import registry  # noqa: E402
from core.ai import BOTS, bots_for, budget_for, make_bot  # noqa: E402
from core.rules import CHANCE, Coached  # noqa: E402

PLIES = 6
"""Random decisions played before measuring: past the opening, where lists are typical."""
SAMPLES = 3


def position(rules: Any, seed: int) -> Any:
    """A position `PLIES` random decisions in, with a seat to decide."""
    rng = random.Random(seed)
    state = rules.new(rules.min_players, {})
    decided = 0
    while True:
        seat = rules.to_move(state)
        if seat is None:
            return position(rules, seed + 1000)
        if seat == CHANCE:
            state = rules.apply(state, rules.sample_chance(state, rng))
            continue
        if decided == PLIES:
            return state
        moves = (
            rules.candidates(state) if isinstance(rules, Coached) else (rules.legal_actions(state))
        )
        state = rules.apply(state, rng.choice(list(moves)))
        decided += 1


def bare_costs(rules: Any, state: Any) -> tuple[float, float, float]:
    """Seconds for one apply, one candidates and one evaluate (medians over up to 50 moves;
    each action is rebuilt from its wire form first, so nothing it caches is reused)."""
    seat = rules.to_move(state)
    applies, lists, judged = [], [], []
    for action in list(rules.candidates(state))[:50]:
        fresh = rules.from_wire(action.to_wire())
        started = time.perf_counter()
        after = rules.apply(state, fresh)
        applies.append(time.perf_counter() - started)
        started = time.perf_counter()
        rules.candidates(state)
        lists.append(time.perf_counter() - started)
        started = time.perf_counter()
        rules.evaluate(after, seat)
        judged.append(time.perf_counter() - started)
    return statistics.median(applies), statistics.median(lists), statistics.median(judged)


def main() -> None:
    print(
        f"{'game':18} {'bot':14} {'moves':>5} {'iter/s':>8} {'decision':>9} "
        f"{'apply':>8} {'candidates':>10} {'evaluate':>9}"
    )
    for rules in registry.all():
        for kind in bots_for(rules):
            if BOTS[kind].needs == "nothing" or kind == "greedy":
                continue
            spec = f"{kind}:normal"
            rates, seconds, moves = [], [], 0
            for sample in range(SAMPLES):
                state = position(rules, sample)
                seat = rules.to_move(state)
                legal = list(rules.candidates(state))
                moves = max(moves, len(legal))
                bot = make_bot(spec, sample)
                started = time.perf_counter()
                bot.choose(
                    rules, rules.view(state, seat), legal, budget_for(spec, clock=time.monotonic)
                )
                took = time.perf_counter() - started
                done = bot.last.iterations  # type: ignore[attr-defined]
                seconds.append(took)
                rates.append(done / took if took else 0.0)
            apply, listing, judging = bare_costs(rules, position(rules, 0))
            print(
                f"{rules.id:18} {spec:14} {moves:5d} {statistics.median(rates):8.0f} "
                f"{statistics.median(seconds) * 1000:6.0f} ms {apply * 1e6:5.0f} µs "
                f"{listing * 1e6:7.0f} µs {judging * 1e6:6.0f} µs",
                flush=True,
            )


if __name__ == "__main__":
    main()
