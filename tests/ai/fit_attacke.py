"""How Attacke's `prospects.WEIGHTS` are fitted: `python -m tests.ai.fit_attacke` (not a test).

Plays `--games` seeded games of 3 to 5 players (three in five of them with 3), each seat a
`greedy` bot or, one time in three, a `random` one, and keeps every position where a player
opens or fights, with its `prospects.features` and the seat that went on to win (games with a
shared win are left out). Every `--hold`-th game is held out. The weights then maximise the
likelihood of the winners under the conditional logit `prospects.chances` (Newton's method:
the log likelihood is concave, so a few steps reach its top), and the script prints them with
the log loss on the held-out positions beside a guess that gives every seat the same chance.

The greedy bots judge with the weights in force when the script runs, so a fit describes
games played by the bots of the commit it ran on (docs/BOTS.md names the commit and seed of
the weights in use). Takes a few minutes.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence

from core.ai import decide, make_bot
from core.games.attacke import prospects
from core.games.attacke.rules import Attacke
from core.rules import CHANCE

Position = tuple[list[tuple[float, ...]], int]
"""Each seat's features, and the seat that won."""


def play(rules: Attacke, rng: random.Random) -> list[Position]:
    """One game's decisions to open or fight, labelled with its winner ([] for a shared win)."""
    players = rng.choice((3, 3, 3, 4, 5))
    bots = {
        seat: make_bot("random" if rng.random() < 1 / 3 else "greedy", rng.randrange(1 << 30))
        for seat in range(players)
    }
    state = rules.new(players, {})
    seen: list[list[tuple[float, ...]]] = []
    while (seat := rules.to_move(state)) is not None:
        if seat == CHANCE:
            action = rules.sample_chance(state, rng)
        else:
            if state.phase in ("open", "fight"):
                seen.append(prospects.features(state))
            action = decide(bots[seat], rules, state, seat)
        state = rules.apply(state, action)
    outcome = rules.outcome(state)
    if outcome is None or len(outcome.winners) != 1:
        return []
    return [(rows, outcome.winners[0]) for rows in seen]


def chances(weights: Sequence[float], rows: Sequence[Sequence[float]]) -> list[float]:
    scores = [math.fsum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def log_loss(weights: Sequence[float], data: Sequence[Position]) -> float:
    """Mean -log(chance given to the seat that won)."""
    return -math.fsum(math.log(chances(weights, rows)[won]) for rows, won in data) / len(data)


def newton_step(weights: list[float], data: Sequence[Position], ridge: float) -> list[float]:
    """One step of Newton's method on the mean log likelihood (a small ridge keeps the
    system solvable when a feature never varies)."""
    n = len(weights)
    gradient = [0.0] * n
    curvature = [[ridge if i == j else 0.0 for j in range(n)] for i in range(n)]
    for rows, won in data:
        p = chances(weights, rows)
        mean = [math.fsum(p[s] * rows[s][k] for s in range(len(rows))) for k in range(n)]
        for k in range(n):
            gradient[k] += rows[won][k] - mean[k]
        for s, row in enumerate(rows):
            d = [row[k] - mean[k] for k in range(n)]
            for i in range(n):
                if d[i]:
                    line, di = curvature[i], p[s] * d[i]
                    for j in range(n):
                        line[j] += di * d[j]
    return [w + step for w, step in zip(weights, solve(curvature, gradient), strict=True)]


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix · x = vector (Gaussian elimination with partial pivoting)."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            for c in range(col, n + 1):
                rows[r][c] -= factor * rows[col][c]
    x = [0.0] * n
    for r in reversed(range(n)):
        x[r] = (rows[r][n] - math.fsum(rows[r][c] * x[c] for c in range(r + 1, n))) / rows[r][r]
    return x


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.ai.fit_attacke", description=__doc__)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--hold", type=int, default=5, help="hold out every Nth game")
    parser.add_argument("--every", type=int, default=3, help="fit on every Nth position")
    parser.add_argument("--steps", type=int, default=8)
    args = parser.parse_args(argv)
    rules, rng = Attacke(), random.Random(args.seed)
    train: list[Position] = []
    held: list[Position] = []
    for game in range(args.games):
        (held if game % args.hold == 0 else train).extend(play(rules, rng))
        if game % 100 == 99:
            print(f"played {game + 1}/{args.games} games", file=sys.stderr, flush=True)
    train = train[:: args.every]
    weights = [0.0] * len(prospects.FEATURES)
    for step in range(args.steps):
        weights = newton_step(weights, train, 1e-6)
        print(f"step {step + 1}: log loss {log_loss(weights, train):.4f}", file=sys.stderr)
    players = [len(rows) for rows, _ in held]
    even = math.fsum(math.log(n) for n in players) / len(players)
    print(f"{len(train)} positions fitted, {len(held)} held out")
    print(f"held-out log loss {log_loss(weights, held):.4f} (every seat alike: {even:.4f})")
    for name, weight in zip(prospects.FEATURES, weights, strict=True):
        print(f"  {weight:+.3f}  {name}")
    print("WEIGHTS = (" + ", ".join(f"{w:.3f}" for w in weights) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
