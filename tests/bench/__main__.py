"""Parlour's benchmarks in one table: `python -m tests.bench [--quick]` from the repository root.

Every row is measured side by side with its baseline in the same run (alternating samples
where processes are timed), so the load of the machine affects both alike, and is printed
with its target (issues 12 and 21) and ✓ or ✗:

  launch       process start to the menu's first frame vs a bare Textual app's    ≤ 1.2×
  --version    `parlour --version` vs `python -c "import msgpack, platformdirs"`  ≤ 1.5×
  verify       `parlour verify` of a finished match vs the same bare import       ≤ 1.5×
  action       validate + apply + append + fsync vs bare msgpack + write + fsync   ≤ 1.1×
  seek         a random position of a 10,000-entry match (snapshots) vs folding    ≤ 5 ms
  list         `parlour list` over 1,000 saved matches vs the same bare import:    ≤ 4×
               with their summaries but no listing cache, warm (the cache kept),
               and files without summaries (copied in), no listing cache: listed
               unchecked from their headers, and checked in full with `--check` (no aim)
  resume list  the same listing in-process (`scan_matches`), cold and warm         ≤ 300 ms
  playouts     random playouts per second, per game (vs the rules alone: no log)     -
  memory       peak RSS of a 5-seat Attacke match with bots vs a bare interpreter  ≤ 150 MB
               (ismcts:normal bots, to the end or 90 s of play; --quick: ismcts:easy, 40 steps)
  remote       one host process serving 50 En Garde matches to 100 scripted guests over
               loopback: actions/s, round trip p50/p99 (Act sent -> the update showing it)
               vs a local submit with its fsync, host memory per match   p99 ≤ 20 ms
               (10 s of play; --quick: 10 matches, 3 s; bench_remote.py prints more)
  review       a 60-decision En Garde match reviewed at normal (issue 18), seconds,
               beside one bot decision at normal                                   ≤ 60 s
               (--quick: its first 15 decisions, scaled to 60; bench_review.py: every game, level)

`--quick` takes fewer samples and a smaller store (a smoke run of a few tens of seconds); the
full run takes a few minutes. Figures are medians. Nothing is asserted: the exit code is 0.

Child processes run from bytecode, as an installed Parlour does: the checkout's packages are
compiled first and the children run without PYTHONDONTWRITEBYTECODE (set on the development
machine, it made every child compile every Parlour module again, which the bare baselines,
importing only compiled site-packages, never paid).
The older scripts (`bench_log.py`, `bench_launch.py`) print their parts in more detail; this
table reuses their code.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.bench.bench_launch import BARE, PARLOUR  # noqa: E402

BARE_IMPORT = "import msgpack, platformdirs"
CLI = "import sys; sys.argv[0] = 'parlour'; from tui.cli import main; sys.exit(main())"
"""What the `parlour` console script runs, from this checkout (the installed script may point
to another one)."""


@dataclass(frozen=True)
class Row:
    name: str
    measured: str
    baseline: str
    figure: float
    """The compared figure: a ratio, or milliseconds / megabytes for absolute targets."""
    unit: str
    target: float | None

    @property
    def verdict(self) -> str:
        if self.target is None:
            return " "
        return "✓" if self.figure <= self.target else "✗"


def _say(text: str) -> None:
    print(f"\r{text:<78}", end="", file=sys.stderr, flush=True)


def bytecode_env(env: dict[str, str]) -> dict[str, str]:
    """`env` for child processes that run from bytecode, as an installed Parlour does.

    Compiles the checkout's packages (into the ignored `__pycache__` folders) and drops
    PYTHONDONTWRITEBYTECODE, which would have every child compile every Parlour module again."""
    import compileall

    for package in ("core", "replays", "tui", "tests"):
        compileall.compile_dir(ROOT / package, quiet=1)
    return {name: value for name, value in env.items() if name != "PYTHONDONTWRITEBYTECODE"}


@dataclass(frozen=True)
class Child:
    """A timed child process: its command line, environment, and what to do before each run."""

    command: Sequence[str]
    env: dict[str, str]
    before: Callable[[], object] | None = None


def _run(child: Child) -> float:
    if child.before is not None:
        child.before()
    begin = time.perf_counter()
    subprocess.run(
        child.command,
        env=child.env,
        cwd=ROOT,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - begin


def side_by_side(
    commands: dict[str, Sequence[str] | Child], env: dict[str, str], runs: int
) -> dict[str, float]:
    """Median seconds of each command, sampled in turn (after one warm-up run each)."""
    children = {
        name: command if isinstance(command, Child) else Child(command, env)
        for name, command in commands.items()
    }
    for child in children.values():
        _run(child)
    times: dict[str, list[float]] = {name: [] for name in children}
    for run in range(runs):
        for name, child in children.items():
            times[name].append(_run(child))
        _say(f"  {', '.join(children)}: {run + 1}/{runs}")
    return {name: statistics.median(t) for name, t in times.items()}


# -- the rows -------------------------------------------------------------------------------
def bench_processes(env: dict[str, str], match_file: Path, runs: int) -> list[Row]:
    py = sys.executable
    launch = side_by_side(
        {"bare": [py, "-c", BARE], "parlour": [py, "-c", PARLOUR]}, env, max(3, runs // 2)
    )
    headless = side_by_side(
        {
            "bare": [py, "-c", BARE_IMPORT],
            "version": [py, "-c", CLI, "--version"],
            "verify": [py, "-c", CLI, "verify", str(match_file)],
        },
        env,
        runs,
    )
    ms = {k: v * 1000 for k, v in {**launch, **{f"h-{k}": v for k, v in headless.items()}}.items()}
    return [
        Row(
            "launch to menu frame",
            f"{ms['parlour']:.0f} ms",
            f"bare Textual {ms['bare']:.0f} ms",
            launch["parlour"] / launch["bare"],
            "×",
            1.2,
        ),
        Row(
            "parlour --version",
            f"{ms['h-version']:.0f} ms",
            f"bare import {ms['h-bare']:.0f} ms",
            headless["version"] / headless["bare"],
            "×",
            1.5,
        ),
        Row(
            "parlour verify (finished match)",
            f"{ms['h-verify']:.0f} ms",
            f"bare import {ms['h-bare']:.0f} ms",
            headless["verify"] / headless["bare"],
            "×",
            1.5,
        ),
    ]


def bench_action(folder: Path, matches: int, seed: int) -> tuple[Row, list[Any]]:
    """One action through the store vs bare msgpack + write + fsync, interleaved per action."""
    from core import registry
    from replays.store import create_match
    from tests.bench.bench_log import OPTIONS, SEATS, play_to_end

    rules = registry.get("en-garde")
    stored: list[float] = []
    bare: list[float] = []
    longest: list[Any] = []
    with open(folder / "bare.msgpack", "ab") as plain:
        for n in range(matches):
            with create_match(rules, SEATS, OPTIONS) as opened:

                def clocked(action: Any, opened: Any = opened) -> None:
                    start = time.perf_counter()
                    entry = opened.submit(action)
                    stored.append(time.perf_counter() - start)
                    start = time.perf_counter()  # the floor, right after, on the same disk
                    plain.write(msgpack.packb(entry.to_wire(), use_bin_type=True))
                    plain.flush()
                    os.fsync(plain.fileno())
                    bare.append(time.perf_counter() - start)

                play_to_end(opened.match, clocked, seed + n)
                played = [e for _, e in opened.match.actions()]
            longest = max(longest, played, key=len)
            _say(f"  one action: match {n + 1}/{matches}")
    full, floor = statistics.median(stored), statistics.median(bare)
    return Row(
        "one action (validate+apply+append+fsync)",
        f"{full * 1e6:.0f} µs",
        f"msgpack+write+fsync {floor * 1e6:.0f} µs",
        full / floor,
        "×",
        1.1,
    ), longest


def bench_seek(seed: int, queries: int) -> Row:
    import contextlib
    import io

    from tests.bench.bench_log import LONG, seek_times, series_entries

    with contextlib.redirect_stdout(io.StringIO()):
        series, header, entries = series_entries(LONG, seed)
    rng = random.Random(seed)
    targets = [rng.randrange(len(entries) + 1) for _ in range(queries)]
    snap, fold = seek_times(series, header, entries, targets)
    return Row(
        f"seek in a {LONG:,}-entry match",
        f"{snap * 1e3:.2f} ms",
        f"fold from start {fold * 1e3:.1f} ms ({fold / snap:.0f}×)",
        snap * 1e3,
        "ms",
        5.0,
    )


def make_store(count: int, seed: int) -> None:
    """`count` saved En Garde matches (finished and unfinished) in PARLOUR_HOME's folder.

    A dozen random matches are played once; each file is one of them (a prefix for the
    unfinished ones) under its own header, written with one fsync."""
    import uuid

    from core import registry
    from core.match import Header, Match
    from replays import paths
    from replays.logfile import LogWriter
    from replays.store import file_name
    from tests.bench.bench_log import OPTIONS, SEATS, play_to_end

    rules = registry.get("en-garde")
    played = []
    for n in range(12):
        match = Match(rules, Header(rules.id, OPTIONS, SEATS, "x"))
        play_to_end(match, match.submit, seed + n)
        outcome = match.outcome()
        assert outcome is not None
        end = {"winners": list(outcome.winners), "scores": list(outcome.scores)}
        match.record("end", {**end, "reason": outcome.reason})  # as the store ends a match
        played.append(list(match.entries))
    folder = paths.matches_dir()
    for n in range(count):
        entries = played[n % len(played)]
        if n % 3:  # cut part-way: before the end record
            entries = entries[: (len(entries) - 1) * (n % 3) // 3]
        minute, second = divmod(n, 60)
        header = Header(
            rules.id,
            OPTIONS,
            SEATS,
            uuid.UUID(int=n + 1).hex,
            created=f"2026-01-{1 + n // 1440 % 28:02d}T{minute // 60 % 24:02d}:"
            f"{minute % 60:02d}:{second:02d}+00:00",
            app_version="0.1.0",
        )
        with LogWriter.create(folder / file_name(header), header) as writer:
            writer.append_many(entries)
            writer.vouch()  # played by the real rules: the summary beside it may be kept
        if n % 100 == 99:
            _say(f"  resume list: {n + 1}/{count} files written")


def bench_list_command(env: dict[str, str], count: int, runs: int) -> list[Row]:
    """`parlour list` as a process vs the bare import: summaries without a listing cache, the
    cache kept, and a copy of the store without its summaries (as files copied in arrive), no
    listing cache, with and without `--check`."""
    import shutil

    from replays import catalogue, paths
    from replays.summary import SUFFIX

    home = paths.home()
    assert home is not None
    bare_home = home.parent / f"{home.name}-unsummarised"
    shutil.copytree(
        paths.matches_dir(), bare_home / "matches", ignore=shutil.ignore_patterns(f"*{SUFFIX}")
    )
    assert not list((bare_home / "matches").glob(f"*{SUFFIX}"))
    cache = catalogue.cache_path()
    bare_cache = bare_home / "state" / cache.name
    unsummarised = {**env, "PARLOUR_HOME": str(bare_home)}

    def as_copied_in() -> None:
        """No listing cache and no summaries: the listing keeps the summaries it made."""
        bare_cache.unlink(missing_ok=True)
        for kept in (bare_home / "matches").glob(f"*{SUFFIX}"):
            kept.unlink()

    py = sys.executable
    times = side_by_side(
        {
            "bare": [py, "-c", BARE_IMPORT],
            "cold": Child([py, "-c", CLI, "list"], env, lambda: cache.unlink(missing_ok=True)),
            "warm": Child([py, "-c", CLI, "list"], env),
            "unsummarised": Child([py, "-c", CLI, "list"], unsummarised, as_copied_in),
            "checked": Child([py, "-c", CLI, "list", "--check"], unsummarised, as_copied_in),
        },
        env,
        runs,
    )
    bare = times["bare"]
    baseline = f"bare import {bare * 1e3:.0f} ms"
    return [
        Row(
            f"parlour list, {count:,} matches, {what}",
            f"{times[key] * 1e3:.0f} ms",
            baseline,
            times[key] / bare,
            "×",
            target,
        )
        for key, what, target in (
            ("cold", "no cache", 4.0),
            ("warm", "warm", 4.0),
            ("unsummarised", "no summaries, 1st", 4.0),
            ("checked", "no summaries, --check", None),
        )
    ]


def bench_listing(env: dict[str, str], count: int, seed: int, runs: int) -> list[Row]:
    from replays import catalogue
    from replays.store import scan_matches

    make_store(count, seed)
    process_rows = bench_list_command(env, count, max(3, runs))
    cold: list[float] = []
    warm: list[float] = []
    for run in range(runs):
        catalogue.cache_path().unlink(missing_ok=True)
        start = time.perf_counter()
        listed = scan_matches()
        cold.append(time.perf_counter() - start)
        start = time.perf_counter()
        again = scan_matches()
        warm.append(time.perf_counter() - start)
        assert len(listed.matches) == len(again.matches) == count, len(listed.matches)
        _say(f"  resume list: {run + 1}/{runs}")
    c, w = statistics.median(cold) * 1e3, statistics.median(warm) * 1e3
    return [
        Row(
            f"resume list, {count:,} matches, cold",
            f"{c:.0f} ms",
            "no listing cache",
            c,
            "ms",
            300.0,
        ),
        Row(
            f"resume list, {count:,} matches, warm",
            f"{w:.0f} ms",
            f"cache ({c / w:.0f}× cold)",
            w,
            "ms",
            300.0,
        ),
        *process_rows,
    ]


def bench_playouts(seconds: float, seed: int) -> list[Row]:
    """Random playouts a second per game, the rules alone vs through a Match (the fold every
    saved match goes through)."""
    from core.match import Header, Match, Seat
    from core.rules import CHANCE, Coached
    from tests.stress.common import games, players_for

    rows = []
    for rules in games():
        players = players_for(rules)

        def bare_playout(rng: random.Random, rules: Any = rules, players: int = players) -> None:
            state = rules.new(players, {})
            coached = isinstance(rules, Coached)
            while (seat := rules.to_move(state)) is not None:
                if seat == CHANCE:
                    action = rules.sample_chance(state, rng)
                else:
                    moves = rules.candidates(state) if coached else rules.legal_actions(state)
                    action = rng.choice(list(moves))
                state = rules.apply(state, action)

        def match_playout(rng: random.Random, rules: Any = rules, players: int = players) -> None:
            seats = tuple(Seat(f"B{n}", "bot", "random") for n in range(players))
            match = Match(rules, Header(rules.id, {}, seats, "p"))
            coached = isinstance(rules, Coached)
            while (seat := match.to_move()) is not None:
                state = match.state
                if seat == CHANCE:
                    match.submit(rules.sample_chance(state, rng))
                else:
                    moves = rules.candidates(state) if coached else rules.legal_actions(state)
                    match.submit(rng.choice(list(moves)))

        rates = []
        for playout in (bare_playout, match_playout):
            rng, done, start = random.Random(seed), 0, time.perf_counter()
            while time.perf_counter() - start < seconds:
                playout(rng)
                done += 1
            rates.append(done / (time.perf_counter() - start))
        rows.append(
            Row(
                f"random playouts/s: {rules.id}",
                f"{rates[0]:.0f}/s",
                f"through a Match {rates[1]:.0f}/s",
                rates[0] / rates[1],
                "×",
                None,
            )
        )
        _say(f"  playouts: {rules.id}")
    return rows


MEMORY = """
import random, sys
from core import registry
from core.ai import make_bot
from core.match import Header, Match, Seat
from core.play import play_out
rules = registry.get("attacke")
import time
spec, limit, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
began = time.monotonic()
seats = tuple(Seat(f"Bot {n}", "bot", spec) for n in range(5))
match = Match(rules, Header(rules.id, {}, seats, "memory"))
bots = {n: make_bot(spec, n) for n in range(5)}
rng = random.Random(1)
from core.play import play_step, Over
for _ in range(limit):
    if isinstance(play_step(match, bots, rng), Over) or time.monotonic() - began > seconds:
        break
print(peak(), len(match))
"""
PEAK = """
def peak():
    # VmHWM: this process's own peak resident set (ru_maxrss survives exec: it would report
    # the parent's peak when that is larger).
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
"""
MEMORY = PEAK + MEMORY
BARE_MEMORY = PEAK + "print(peak(), 0)"


def bench_memory(env: dict[str, str], spec: str, steps: int, seconds: float) -> Row:
    def peak(code: str, *args: str) -> tuple[float, int]:
        out = subprocess.run(
            [sys.executable, "-c", code, *args],
            env=env,
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()
        return int(out[0]) / 1024, int(out[1])

    bare, _ = peak(BARE_MEMORY)
    used, entries = peak(MEMORY, spec, str(steps), str(seconds))
    return Row(
        f"peak memory, 5-seat Attacke, {spec} bots",
        f"{used:.0f} MB",
        f"bare python {bare:.0f} MB ({entries} entries)",
        used,
        "MB",
        150.0,
    )


# -- the table ------------------------------------------------------------------------------
def table(rows: list[Row], seconds: float) -> str:
    lines = [f"{'benchmark':<42} {'measured':>10}  {'baseline':<38} {'figure':>9} {'target':>9}"]
    lines.append("-" * len(lines[0]) + "---")
    for row in rows:
        target = f"≤ {row.target:g} {row.unit}" if row.target is not None else "-"
        figure = f"{row.figure:.2f} {row.unit}"
        lines.append(
            f"{row.name:<42} {row.measured:>10}  {row.baseline:<38} {figure:>9} "
            f"{target:>9} {row.verdict}"
        )
    lines.append(
        f"(python {sys.version.split()[0]}, {os.cpu_count()} cpus, "
        f"{time.strftime('%Y-%m-%d %H:%M')}, {seconds:.0f} s)"
    )
    return "\n".join(lines)


def bench_review(seed: int, quick: bool) -> Row:
    """A 60-decision En Garde match reviewed at normal (issue 18's aim), in seconds."""
    from tests.bench.bench_review import AIM_DECISIONS, AIM_SECONDS, aim

    seconds, done, bare = aim(seed, 15 if quick else None)
    per_sixty = seconds / done * AIM_DECISIONS
    return Row(
        f"review: {AIM_DECISIONS} En Garde decisions (normal)",
        f"{per_sixty:.1f} s",
        f"one bot decision {bare * 1000:.0f} ms",
        per_sixty,
        "s",
        AIM_SECONDS,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.bench", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--quick", action="store_true", help="a fast smoke run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", type=Path, help="where the files go (default: a temp dir)")
    parser.add_argument(
        "--only", help="comma-separated: launch,action,seek,list,playouts,memory,remote,review"
    )
    args = parser.parse_args(argv)
    quick = args.quick
    wanted = set((args.only or "launch,action,seek,list,playouts,memory,remote,review").split(","))
    began = time.perf_counter()
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="parlour-bench-") as folder:
        base = Path(folder)
        home = base / "home"
        home.mkdir()
        os.environ["PARLOUR_HOME"] = str(home)
        env = bytecode_env({**os.environ, "PARLOUR_HOME": str(home)})
        steps: list[tuple[str, Callable[[], Any]]] = []
        longest: list[Any] = []

        def action() -> None:
            row, played = bench_action(base, 2 if quick else 8, args.seed)
            rows.append(row)
            longest.extend(played)

        def launch() -> None:
            from core import registry
            from replays.store import create_match
            from tests.bench.bench_log import OPTIONS, SEATS, play_to_end

            with create_match(registry.get("en-garde"), SEATS, OPTIONS) as opened:
                play_to_end(opened.match, opened.submit, args.seed)
                match_file = opened.path
            rows.extend(bench_processes(env, match_file, 5 if quick else 15))

        def listing() -> None:
            listing_home = base / "list-home"
            listing_home.mkdir()
            os.environ["PARLOUR_HOME"] = str(listing_home)
            try:
                listing_env = {**env, "PARLOUR_HOME": str(listing_home)}
                rows.extend(bench_listing(listing_env, 1000, args.seed, 2 if quick else 5))
            finally:
                os.environ["PARLOUR_HOME"] = str(home)

        def remote() -> None:
            from tests.bench.bench_remote import measure, sizes
            from tests.bench.bench_remote import rows as remote_rows

            matches, seconds, local_matches = sizes(quick)
            rows.extend(remote_rows(measure(matches, seconds, args.seed, local_matches), Row))

        for name, run in (
            ("launch", launch),
            ("action", action),
            ("seek", lambda: rows.append(bench_seek(args.seed, 20 if quick else 100))),
            ("list", listing),
            ("playouts", lambda: rows.extend(bench_playouts(0.5 if quick else 3.0, args.seed))),
            (
                "memory",
                lambda: rows.append(
                    bench_memory(
                        env,
                        "ismcts:easy" if quick else "ismcts:normal",
                        40 if quick else 100_000,
                        10 if quick else 90,
                    )
                ),
            ),
            ("remote", remote),
            ("review", lambda: rows.append(bench_review(args.seed, quick))),
        ):
            if name in wanted:
                steps.append((name, run))
        try:
            for name, run in steps:
                _say(f"{name}…")
                run()
        except KeyboardInterrupt:
            print("\ninterrupted: the rows measured so far", file=sys.stderr)
        _say("")
        print(file=sys.stderr)
    print(table(rows, time.perf_counter() - began))
    return 0


if __name__ == "__main__":
    sys.exit(main())
