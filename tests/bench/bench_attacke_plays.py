"""Measure how large Attacke's full list of legal actions gets in random play (face_down on).

Run:  python -m tests.bench.bench_attacke_plays [--games N] [--seed S]   (from the root)

Random policies, 3 to 5 players: "uniform" picks any legal action (it empties hands fast,
since most plays use many cards); "mixed70" and "mixed90" pick among `strategy.candidates`
70% or 90% of the time and any legal action otherwise, so hands grow as in real play.
Printed: the largest list, the hand size it came from, and how long `legal_actions` took
there (never asserted).
"""

from __future__ import annotations

import argparse
import random
import time

from core.games.attacke import Attacke
from core.games.attacke.strategy import candidates
from core.rules import CHANCE


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = Attacke()
    for policy, share in (("uniform", 0.0), ("mixed70", 0.7), ("mixed90", 0.9)):
        largest, hand, seconds, plies = 0, 0, 0.0, 0
        for game in range(args.games):
            rng = random.Random(args.seed * 100_000 + game)
            state = rules.new(3 + game % 3, {"face_down": True})
            while rules.to_move(state) is not None:
                plies += 1
                if rules.to_move(state) == CHANCE:
                    state = rules.apply(state, rules.sample_chance(state, rng))
                    continue
                began = time.perf_counter()
                legal = rules.legal_actions(state)
                took = time.perf_counter() - began
                if len(legal) > largest:
                    largest, hand, seconds = len(legal), len(state.hands[state.actor]), took
                pool = candidates(state) if rng.random() < share else legal
                state = rules.apply(state, rng.choice(pool))
        print(
            f"{policy:8} {args.games} games, {plies} plies: largest legal list {largest} "
            f"from a {hand}-card hand ({seconds:.2f} s to build)"
        )


if __name__ == "__main__":
    main()
