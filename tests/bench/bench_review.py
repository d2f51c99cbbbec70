"""How long the match review takes: `python -m tests.bench.bench_review [--quick]` (not a test).

For every game (Attacke with three players), a match of greedy bots (seeded) is written to a
file, and its first decisions are reviewed at each level with `replays.review.review_file`,
the whole path a player's review takes (file lock, replay, one search per decision and a duel
when the move played was not the search's choice, the entry appended and fsynced). Printed per
game and level: seconds per decision reviewed, beside the bare baseline of the same decisions
chosen by the searching bot of that level (`ismcts`, iterations only), and the ratio.

Then the aim of issue 18: a whole En Garde match of at least 60 decisions (advanced level,
greedy bots) reviewed at `normal`, seconds for 60 decisions, against 60 s. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from core import registry  # noqa: E402
from core.ai import Budget, SearchBot, make_bot  # noqa: E402
from core.ai.bots import BOTS  # noqa: E402
from core.match import ActionEntry, Seat  # noqa: E402
from core.play import play_out  # noqa: E402
from core.review.verdict import LEVELS  # noqa: E402
from replays.review import review_file  # noqa: E402
from replays.store import create_match, load_match  # noqa: E402

AIM_DECISIONS = 60
AIM_SECONDS = 60.0
PLY_LIMIT = 400


def bot_match(game: str, seed: int, options: dict[str, Any] | None = None) -> Path:
    """A match of greedy bots at every seat (to its end, or `PLY_LIMIT` decisions)."""
    rules: Any = registry.get(game)
    players = 3 if game == "attacke" else rules.min_players
    seats = tuple(Seat(f"Greedy {n}", "bot", "greedy") for n in range(1, players + 1))
    with create_match(rules, seats, options or {}) as opened:
        bots = {n: make_bot("greedy", seed + n) for n in range(players)}
        play_out(
            opened.match,
            bots,
            random.Random(seed),
            submit=opened.submit,
            max_plies=PLY_LIMIT,
        )
        return opened.path


def reviewed(path: Path, level: str, decisions: int | None) -> tuple[float, int]:
    """(seconds, decisions reviewed) of reviewing `decisions` decisions (None: all) of every
    seat of the match at `path`."""
    told: list[int] = []

    def stop() -> bool:
        return decisions is not None and len(told) > decisions

    started = time.perf_counter()
    review = review_file(
        path, level=level, seats="all", progress=lambda d, t: told.append(d), should_stop=stop
    )
    return time.perf_counter() - started, review.done


def bot_baseline(path: Path, level: str, decisions: int) -> float:
    """Median seconds of the level's searching bot choosing the first `decisions` decisions
    of the match (iterations only, as the review counts)."""
    match, _ = load_match(path)
    rules = match.rules
    seconds: list[float] = []
    budget: Budget = BOTS["ismcts"].budget(level)  # type: ignore[arg-type]
    for index, entry in enumerate(match.entries):
        if len(seconds) >= decisions:
            break
        if not isinstance(entry, ActionEntry) or entry.seat < 0:
            continue
        state = match.state_at(index)
        legal = list(rules.candidates(state))  # type: ignore[attr-defined]
        if len(legal) < 2:
            continue
        bot = SearchBot(index, budget)
        started = time.perf_counter()
        bot.choose(rules, rules.view(state, entry.seat), legal)
        seconds.append(time.perf_counter() - started)
    return statistics.median(seconds) if seconds else 0.0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.bench_review")
    parser.add_argument("--quick", action="store_true", help="fewer decisions, easy and normal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", help="comma-separated game ids (default: every game)")
    args = parser.parse_args(argv)
    counts = (
        {"easy": 4, "normal": 3, "hard": 1} if args.quick else {"easy": 10, "normal": 6, "hard": 2}
    )
    levels = ("easy", "normal") if args.quick else LEVELS
    games = args.games.split(",") if args.games else [rules.id for rules in registry.all()]
    with tempfile.TemporaryDirectory(prefix="parlour-bench-review-") as folder:
        os.environ["PARLOUR_HOME"] = folder
        print(
            f"{'game':18} {'level':7} {'decisions':>9} {'review/decision':>16} "
            f"{'bot decision':>13} {'ratio':>7}"
        )
        for game in games:
            path = bot_match(game, args.seed)
            for level in levels:
                source = path.read_bytes()
                seconds, done = reviewed(path, level, counts[level])
                path.write_bytes(source)  # the next level starts from the unreviewed match
                bare = bot_baseline(path, level, counts[level])
                each = seconds / done if done else 0.0
                print(
                    f"{game:18} {level:7} {done:9d} {each:14.2f} s {bare:11.2f} s "
                    f"{each / bare if bare else 0:6.1f}×",
                    flush=True,
                )
        seconds, done, bare = aim(args.seed, 15 if args.quick else None)
        per_sixty = seconds / done * AIM_DECISIONS
        verdict = "✓" if per_sixty <= AIM_SECONDS else "✗"
        print(
            f"\nEn Garde at normal: {done} decisions reviewed in {seconds:.1f} s = "
            f"{per_sixty:.1f} s per {AIM_DECISIONS} decisions (aim ≤ {AIM_SECONDS:.0f} s) "
            f"{verdict}; a bot decision at normal {bare:.2f} s"
        )
    when = time.strftime("%Y-%m-%d %H:%M")
    print(f"(python {sys.version.split()[0]}, {os.cpu_count()} cpus, {when})")
    return 0


def aim(seed: int, limit: int | None) -> tuple[float, int, float]:
    """(seconds, decisions reviewed, a normal bot decision's median seconds) for an advanced
    En Garde match of at least `AIM_DECISIONS` decisions reviewed at normal (only its first
    `limit` decisions when given). PARLOUR_HOME must name a folder to write in."""
    path = bot_match("en-garde", seed, {"level": "advanced"})
    while _decisions(path) < AIM_DECISIONS:
        seed += 1
        path = bot_match("en-garde", seed, {"level": "advanced"})
    seconds, done = reviewed(path, "normal", limit)
    return seconds, done, bot_baseline(path, "normal", 10)


def _decisions(path: Path) -> int:
    match, _ = load_match(path)
    return sum(1 for _, entry in match.actions() if entry.seat >= 0)


if __name__ == "__main__":
    sys.exit(main())
