"""Benchmark the match log: what one saved action costs, and how fast any position is reached.

Run:  python tests/bench/bench_log.py [--dir FOLDER] [--seed S]

1. One action through the real path (Match.submit: validate + apply, then the store's log writer:
   pack + hash-chain + write + fsync) against a bare `msgpack.packb` + write + fsync of the
   same entry record, plus the rules-only share (submit with no writer).
2. Reaching a random entry of a 10,000-entry match with `Match.state_at` and snapshots every 64
   entries, against folding from the start (snapshots disabled).
   A single En Garde match ends long before 10,000 entries (5 round wins; a random match has
   about 250 to 400), so the 10,000 entries are consecutive random En Garde matches folded as
   one log by a bench-only wrapper rules (`Series`): every entry is a real En Garde action
   applied by the real rules. The same comparison is printed for the longest single match too.

Not part of the test run (pytest collects test_*.py only); figures vary with the machine and
its disk, so they are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack  # type: ignore[import-untyped]

from core import registry
from core.ai import decide, make_bot
from core.match import ActionEntry, Header, Match, Seat
from core.rules import CHANCE, Outcome, Rules, Wire

SEATS = (Seat("Random 1", "bot", "random"), Seat("Random 2", "bot", "random"))
OPTIONS = {"level": "advanced"}
LONG = 10_000


def play_to_end(match: Match, submit: Callable[[Any], object], seed: int) -> None:
    """Random bots and a seeded chance generator play `match` until it is over."""
    rules, chance = match.rules, random.Random(seed)
    bots = [make_bot("random", seed * 10 + seat) for seat in range(len(match.header.seats))]
    while (seat := match.to_move()) is not None:
        if seat == CHANCE:
            submit(rules.sample_chance(match.state, chance))
        else:
            submit(decide(bots[seat], rules, match.state, seat))


def timed_submits(match: Match, submit: Callable[[Any], object], seed: int) -> list[float]:
    """Seconds taken by each submit of a whole random match (choosing a move is not timed)."""
    times: list[float] = []

    def clocked(action: Any) -> None:
        start = time.perf_counter()
        submit(action)
        times.append(time.perf_counter() - start)

    play_to_end(match, clocked, seed)
    return times


def bench_action(folder: Path, matches: int, seed: int) -> list[ActionEntry]:
    from replays.store import create_match

    rules = registry.get("en-garde")
    os.environ["PARLOUR_HOME"] = str(folder / "home")
    stored: list[float] = []
    bare_only: list[float] = []
    entries: list[ActionEntry] = []
    longest: list[ActionEntry] = []
    for n in range(matches):
        with create_match(rules, SEATS, OPTIONS) as opened:
            stored += timed_submits(opened.match, opened.submit, seed + n)
            played = [e for _, e in opened.match.actions()]
        entries += played
        longest = max(longest, played, key=len)
        header = Header(rules.id, OPTIONS, SEATS, f"bench{n}")
        plain = Match(rules, header)  # the same match again, with no writer
        bare_only += timed_submits(plain, plain.submit, seed + n)

    # The same records, packed and fsynced with nothing else: the floor any log must pay.
    bare: list[float] = []
    with open(folder / "bare.msgpack", "ab") as stream:
        for entry in entries:
            start = time.perf_counter()
            stream.write(msgpack.packb(entry.to_wire(), use_bin_type=True))
            stream.flush()
            os.fsync(stream.fileno())
            bare.append(time.perf_counter() - start)

    full, floor, rules_only = (statistics.median(t) for t in (stored, bare, bare_only))
    print(
        f"1. One action ({len(stored)} actions of {matches} random advanced matches; "
        f"files in {folder}, median per action)"
    )
    print(
        f"   {'Match.submit + store log writer (validate, apply, chain, fsync)':<66}"
        f"{full * 1e6:>9.1f} µs"
    )
    print(f"   {'bare msgpack.packb + write + fsync of the same record':<66}{floor * 1e6:>9.1f} µs")
    print(f"   {'   the rules alone (Match.submit with no writer)':<66}{rules_only * 1e6:>9.1f} µs")
    print(
        f"   ratio full / bare: {full / floor:.2f}x   "
        f"(means: {statistics.fmean(stored) * 1e6:.1f} µs vs "
        f"{statistics.fmean(bare) * 1e6:.1f} µs)"
    )
    return longest


@dataclass(frozen=True)
class SeriesState:
    finished: int
    """Matches completed before the current one."""
    inner: Any


class Series:
    """Bench-only rules: one real En Garde match after another, as one endless log."""

    id = "en-garde-series"
    title = "En Garde series (benchmark)"
    min_players = max_players = 2
    options = registry.get("en-garde").options
    hides_information = True

    def __init__(self, inner: Rules[Any, Any, Any]) -> None:
        self.inner = inner
        self._options: Mapping[str, object] = {}

    def new(self, players: int, options: Mapping[str, object]) -> SeriesState:
        self._options = dict(options)
        return SeriesState(0, self.inner.new(players, options))

    def to_move(self, state: SeriesState) -> int | None:
        return self.inner.to_move(state.inner)

    def apply(self, state: SeriesState, action: Any) -> SeriesState:
        inner = self.inner.apply(state.inner, action)
        if self.inner.outcome(inner) is None:
            return SeriesState(state.finished, inner)
        return SeriesState(state.finished + 1, self.inner.new(2, self._options))

    def outcome(self, state: SeriesState) -> Outcome | None:
        return None

    def legal_actions(self, state: SeriesState) -> list[Any]:
        return self.inner.legal_actions(state.inner)

    def sample_chance(self, state: SeriesState, rng: random.Random) -> Any:
        return self.inner.sample_chance(state.inner, rng)

    def view(self, state: SeriesState, seat: int | None) -> Any:
        return self.inner.view(state.inner, seat)

    def from_wire(self, wire: Wire) -> Any:
        return self.inner.from_wire(wire)


def series_entries(count: int, seed: int) -> tuple[Series, Header, list[ActionEntry]]:
    series = Series(registry.get("en-garde"))
    header = Header(series.id, OPTIONS, SEATS, "series")
    match = Match(series, header)  # type: ignore[arg-type]
    rng, bots = random.Random(seed), [make_bot("random", seed + 1), make_bot("random", seed + 2)]
    while len(match) < count:
        seat = match.to_move()
        assert seat is not None
        if seat == CHANCE:
            match.submit(series.sample_chance(match.state, rng))
        else:
            match.submit(decide(bots[seat], series, match.state, seat))  # type: ignore[arg-type]
    finished = match.state.finished
    print(
        f"   ({count} entries = {finished} complete random En Garde matches and part of one "
        "more, folded by the bench-only Series rules)"
    )
    return series, header, [e for _, e in match.actions()]


def seek_times(
    rules: Any, header: Header, entries: Sequence[ActionEntry], targets: Sequence[int]
) -> tuple[float, float]:
    """Mean seconds of state_at(n) over `targets`: with snapshots every 64, and from the start."""
    snapshots = Match(rules, header, entries, snapshot_every=64)
    folding = Match(rules, header, entries, snapshot_every=10**9)
    results = []
    for match in (snapshots, folding):
        start = time.perf_counter()
        for n in targets:
            match.state_at(n)
        results.append((time.perf_counter() - start) / len(targets))
    assert all(snapshots.state_at(n) == folding.state_at(n) for n in targets[:5])
    return results[0], results[1]


def bench_seek(longest: Sequence[ActionEntry], seed: int) -> None:
    rng = random.Random(seed)
    print("\n2. Reaching a random entry with Match.state_at (mean of the same random entries)")
    series, header, entries = series_entries(LONG, seed)
    rows = [(f"{LONG}-entry log", series, header, entries, 100)]
    game = registry.get("en-garde")
    rows.append(
        (
            f"longest single match ({len(longest)} entries)",
            game,
            Header(game.id, OPTIONS, SEATS, "longest"),
            list(longest),
            300,
        )
    )
    for label, rules, head, log, queries in rows:
        targets = [rng.randrange(len(log) + 1) for _ in range(queries)]
        snap, fold = seek_times(rules, head, log, targets)
        print(
            f"   {label:<42} snapshots every 64: {snap * 1e3:8.3f} ms   "
            f"fold from start: {fold * 1e3:8.3f} ms   ratio {fold / snap:6.1f}x"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, help="where to write the files (default: a temp dir)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--matches", type=int, default=8, help="matches for part 1")
    args = parser.parse_args()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="parlour-bench-") as folder:
        longest = bench_action(Path(folder), args.matches, args.seed)
    bench_seek(longest, args.seed)
    print(f"\n(total {time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
