"""The Englishman's starved check, timed: it runs after every action, so it must be cheap.

Prints the median and worst cost of `is_starved` (the pool count plus the fast test) and of the
whole win check `verdict` over positions from random games, and of RULES.md's literal
try-every-choice test on the same tasks for comparison. Run from the repository root:

    python tests/bench/bench_starved.py [--games 60] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core.games.englishman import Englishman, EnglishmanState
from core.games.englishman.judge import verdict
from core.games.englishman.starved import (
    can_finish,
    can_finish_by_choices,
    is_starved,
    jack_needs,
    pool,
)

RULES = Englishman()


def positions(games: int, seed: int) -> list[EnglishmanState]:
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        state = RULES.apply(RULES.new(2, {}), RULES.sample_chance(RULES.new(2, {}), rng))
        while RULES.to_move(state) is not None:
            moves = RULES.legal_actions(state)
            if state.actor == 0 and rng.random() < 0.9:
                safe = [m for m in moves if RULES.apply(state, m).winner != 1]
                moves = safe or moves
            state = RULES.apply(state, rng.choice(moves))
            found.append(state)
    return found


def timed(fn: object, states: list[EnglishmanState], repeat: int = 20) -> list[float]:
    call = fn  # type: ignore[assignment]
    costs = []
    for state in states:
        best = float("inf")
        for _ in range(3):  # best of three batches: the position's cost, not the machine's noise
            start = time.perf_counter()
            for _ in range(repeat):
                call(state)  # type: ignore[operator]
            best = min(best, (time.perf_counter() - start) / repeat)
        costs.append(best)
    return costs


def literal(state: EnglishmanState) -> bool:
    length, top, later = jack_needs(len(state.completed), state.current)
    return not can_finish_by_choices(pool(state.castles), length, top, later)


def show(name: str, costs: list[float]) -> None:
    median, worst = statistics.median(costs), max(costs)
    print(f"{name:<34} median {median * 1e6:7.1f} us   worst {worst * 1e6:7.1f} us")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    states = [s for s in positions(args.games, args.seed) if len(s.completed) < 3]
    print(f"{len(states)} positions from {args.games} random games")
    show(
        "is_starved (pool + fast test)",
        timed(lambda s: is_starved(s.castles, len(s.completed), s.current), states),
    )
    show("RULES.md literal (every choice)", timed(literal, states))
    show("whole win check (verdict)", timed(verdict, states))
    fresh = [s for s in states if not s.completed and not s.current]
    show(
        "is_starved, empty beanstalk only",
        timed(lambda s: is_starved(s.castles, len(s.completed), s.current), fresh),
    )
    show("literal, empty beanstalk only", timed(literal, fresh))
    # The literal test's worst case: an empty beanstalk, two more to come, and no choice works.
    task = ((2, 2, 2, 2, 2, 2, 1, 1, 1), 0, 0, 2)
    show("fast test, 84 failing choices", timed(lambda t: can_finish(*t), [task] * 50))
    show("literal, 84 failing choices", timed(lambda t: can_finish_by_choices(*t), [task] * 50))
    live = [s for s in states if s.phase != "over"]
    first = {id(s): RULES.legal_actions(s)[0] for s in live}
    show("one apply (judged)", timed(lambda s: RULES.apply(s, first[id(s)]), live, repeat=5))
    giant = [s for s in live if s.actor == 1][::20]
    show("Giant's legal_actions (~400)", timed(RULES.legal_actions, giant, repeat=2))


if __name__ == "__main__":
    main()
