"""Benchmark the resume list: `replays.store.scan_matches()` over 1,000 saved En Garde matches.

Run:  python tests/bench/bench_listing.py [--matches 1000] [--seed 1] [--dir FOLDER] [--profile]

Builds a store (`PARLOUR_HOME` in a temporary folder, or `--dir`) holding `--matches` random
advanced-level En Garde matches, about half finished and half stopped part-way, each played
in memory by the real rules and written through the real log writer (`LogWriter.create`,
`append_many`, `close`): the same bytes `parlour selfplay` writes, without one fsync per
action. Then it times `scan_matches()`:

* **cold**: no listing cache (`state/listing.msgpack` deleted before every run);
* **warm**: the cache written by the previous run.

Each figure is the median of `--repeat` runs (page cache warm: the files were just written or
read). `--profile` prints the top of a cProfile of one cold run. Figures are printed, never
asserted; the target is 300 ms for both.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import tempfile
import time
from pathlib import Path

SEATS_SPEC = ("Random 1", "Random 2")


def build(count: int, seed: int) -> tuple[int, int]:
    """Write `count` matches into the store; (finished, unfinished)."""
    import core
    from core import registry
    from core.ai import make_bot
    from core.match import Header, Match, Seat
    from core.play import play_step
    from replays import paths
    from replays.logfile import LogWriter
    from replays.store import file_name

    rules = registry.get("en-garde")
    seats = tuple(Seat(name, "bot", "random") for name in SEATS_SPEC)
    rng = random.Random(seed)
    folder = paths.matches_dir()
    finished = 0
    for number in range(count):
        header = Header(
            game=rules.id,
            options={"level": "advanced"},
            seats=seats,
            match_id=f"{rng.getrandbits(128):032x}",
            created=f"2025-06-{1 + number % 28:02d}T12:00:00+00:00",
            app_version=core.__version__,
        )
        match = Match(rules, header)
        bots = {n: make_bot("random", rng.getrandbits(32)) for n in range(2)}
        chance = random.Random(rng.getrandbits(32))
        stop = None if number % 2 == 0 else rng.randrange(20, 200)
        steps = 0
        while match.to_move() is not None and (stop is None or steps < stop):
            play_step(match, bots, chance)
            steps += 1
        entries = list(match.entries)
        if match.outcome() is not None:
            outcome = match.outcome()
            assert outcome is not None
            from core.match import MetaEntry

            entries.append(
                MetaEntry(
                    "end",
                    {
                        "winners": list(outcome.winners),
                        "scores": list(outcome.scores),
                        "reason": outcome.reason,
                    },
                    0.0,
                )
            )
            finished += 1
        writer = LogWriter.create(folder / file_name(header), header)
        writer.append_many(entries)
        writer.vouch()  # played by the real rules, its end record theirs: a summary is kept
        writer.close()
    return finished, count - finished


def timed(runs: int, cold: bool) -> float:
    from replays import catalogue, store

    figures = []
    for _ in range(runs):
        if cold:
            catalogue.cache_path().unlink(missing_ok=True)
        start = time.perf_counter()
        listing = store.scan_matches()
        figures.append(time.perf_counter() - start)
        assert not listing.unreadable, listing.unreadable[:3]
    return statistics.median(figures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--dir", type=Path, help="the store folder (default: a temporary one)")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        home = args.dir or Path(scratch)
        os.environ["PARLOUR_HOME"] = str(home)
        from replays import paths, store

        have = len(list(paths.matches_dir().glob("*.parlour")))
        if have < args.matches:
            start = time.perf_counter()
            done, going = build(args.matches - have, args.seed)
            print(
                f"wrote {done} finished and {going} unfinished matches "
                f"in {time.perf_counter() - start:.1f} s into {paths.matches_dir()}"
            )
        files = list(paths.matches_dir().glob("*.parlour"))
        size = sum(p.stat().st_size for p in files)
        print(f"{len(files)} match files, {size / 1e6:.1f} MB")
        cold = timed(args.repeat, cold=True)
        warm = timed(args.repeat, cold=False)
        print(f"scan_matches cold (no listing cache): {cold * 1000:7.1f} ms  (target 300 ms)")
        print(f"scan_matches warm (listing cache):    {warm * 1000:7.1f} ms  (target 300 ms)")
        if args.profile:
            from replays import catalogue

            catalogue.cache_path().unlink(missing_ok=True)
            profiler = cProfile.Profile()
            profiler.runcall(store.scan_matches)
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(18)


if __name__ == "__main__":
    main()
