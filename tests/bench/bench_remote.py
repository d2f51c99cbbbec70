"""Remote play under load: one host process serving many matches of guests over loopback.

Run:  python -m tests.bench.bench_remote [--quick] [--matches 50] [--seconds 10] [--pace 10]
                                         [--dir FOLDER]

A host process (this file with `--serve`) opens `--matches` En Garde matches (advanced level,
two remote seats each) behind one server, as `parlour host --headless` does, and prints their
invitations. This process then plays every seat at once with scripted guests (`SocketLink`
tables choosing random legal moves from their views, as `parlour join --bot random` does),
for `--seconds` or until every match is over (every guest joins first; joining is not timed).
At each turn a guest thinks for a random (exponential) time of 1/`--pace` s on average before
it acts, so the actions of different matches arrive at random moments as people's do, not in
waves; unpaced, a bot would also trip the server's limit of 20 frames a second.

Printed, side by side with the baseline measured in the same run on the same disk (a local
`OpenMatch.submit`: validate, apply, append and fsync, with no network):

* actions a second the host took, over every match;
* the round trip of one action, p50 and p99: the guest sends its `Act` until the update that
  shows it has arrived (the host's validate + write + fsync, and both hops over loopback);
* host memory per match: the host process's resident set once every match is being played,
  less the same process's before any match was opened, over the matches.

Not part of the test run (pytest collects test_*.py only); figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PACE = 10.0
"""How often a guest acts once it is its turn: it thinks 1/PACE s on average (the server
allows 20 frames a second; a person sends one every few seconds)."""
T = TypeVar("T")
OPTIONS = {"level": "advanced"}
"""The longer En Garde: a match of random moves lasts a few hundred entries."""


def resident_kb() -> int:
    """This process's resident set now (VmRSS), in kB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


# -- the host process -----------------------------------------------------------------------
async def serve(matches: int) -> None:
    """Host `matches` matches behind one server; print their invitations as one JSON line,
    then serve until a line arrives on stdin, and print the memory used and entries kept."""
    from core import registry
    from core.match import Seat
    from replays.remote.hosting import LOOPBACK, Plan, invitations, open_host
    from replays.remote.server import Hosting, bound_port, listen

    rules = registry.get("en-garde")
    hosting = Hosting()
    server = await listen(hosting, LOOPBACK, 0)
    port = bound_port(server)
    before = resident_kb()
    plan = Plan(rules, (Seat("Ann"), Seat("Ben")), ("remote", "remote"), OPTIONS, bot_pause=0.0)
    hosts, runners, seats = [], [], []
    for _ in range(matches):
        host, keys = open_host(plan)
        hosting.add(host)
        made = invitations(host, keys, LOOPBACK, port, tls=False)
        hosts.append(host)
        runners.append(asyncio.create_task(host.run()))
        seats.append([str(made[0]), str(made[1])])
    print(json.dumps({"invitations": seats}), flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.readline)
    after = resident_kb()
    entries = sum(len(host.match) for host in hosts)
    over = sum(host.match.is_over for host in hosts)
    for host in hosts:
        host.close()
    for runner in runners:
        runner.cancel()
    server.close()
    await server.wait_closed()
    print(
        json.dumps(
            {
                "before": before,
                "after": after,
                "entries": entries,
                "over": over,
                "cpu": time.process_time(),
            }
        )
    )


# -- the guests (this process) ---------------------------------------------------------------
@dataclass
class Load:
    """What the guests measured."""

    round_trips: list[float] = field(default_factory=list)
    actions: int = 0
    finished: int = 0
    dropped: int = 0


async def seated(url: str) -> tuple[Any, Any]:
    """A guest's link and table, joined."""
    from replays.remote.invite import parse
    from tui.tables.link import SocketLink

    link = SocketLink(parse(url))
    return link, await link.open()


async def guest(link: Any, table: Any, seed: int, stop_at: float, pace: float, load: Load) -> None:
    """One seat played with random legal moves until the match is over or time is up: at
    each turn the guest thinks for a random while, then acts."""
    from core.ai import decide_from_view, make_bot
    from core.play import Decide

    bot, rng = make_bot("random", seed), random.Random(seed)
    changed = asyncio.Event()
    sent: list[tuple[int, float]] = []

    def on_change(rewritten: bool) -> None:
        if sent and table.position > sent[0][0]:
            load.round_trips.append(time.perf_counter() - sent.pop()[1])
        changed.set()

    table.changed = on_change
    link.ended = lambda why: changed.set()
    try:
        while not table.is_over and time.monotonic() < stop_at:
            changed.clear()
            if isinstance(table.step(), Decide) and not sent:
                await asyncio.sleep(min(rng.expovariate(pace), stop_at - time.monotonic()))
                if time.monotonic() >= stop_at:
                    break
                action = decide_from_view(bot, table.rules, table.view(table.seat), rng)
                sent.append((table.position, time.perf_counter()))
                table.submit(action)
                load.actions += 1
            try:
                await asyncio.wait_for(changed.wait(), max(0.01, stop_at - time.monotonic()))
            except TimeoutError:
                break
        load.finished += table.is_over
        load.dropped += bool(table.link_state)
    finally:
        link.close()


async def play(
    invitations: list[list[str]], seconds: float, pace: float, seed: int
) -> tuple[Load, float]:
    """Every guest joins first (the joining is not timed), then all play at once."""
    from replays.remote.server import STRANGERS_PER_ADDRESS

    urls = [url for pair in invitations for url in pair]
    door = asyncio.Semaphore(STRANGERS_PER_ADDRESS)  # the host lets in so many at once from here

    async def let_in(url: str) -> tuple[Any, Any]:
        async with door:
            return await seated(url)

    joined = await asyncio.gather(*(let_in(url) for url in urls))
    load = Load()
    began = time.monotonic()
    stop_at = began + seconds
    await asyncio.gather(
        *(
            guest(link, table, seed * 1000 + n, stop_at, pace, load)
            for n, (link, table) in enumerate(joined)
        )
    )
    return load, time.monotonic() - began


# -- the baseline: a local action on the same disk ---------------------------------------------
def local_submits(matches: int, seed: int) -> list[float]:
    """Seconds of each `OpenMatch.submit` (with its fsync) of a few local random matches."""
    from core import registry
    from replays.store import create_match
    from tests.bench.bench_log import SEATS, timed_submits

    rules = registry.get("en-garde")
    times: list[float] = []
    for n in range(matches):
        with create_match(rules, SEATS, OPTIONS) as opened:
            times += timed_submits(opened.match, opened.submit, seed + n)
    return times


def p99(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100)[98] if len(samples) > 1 else samples[0]


@dataclass(frozen=True)
class Figures:
    matches: int
    seconds: float
    load: Load
    local: list[float]
    pace: float
    memory_kb: float
    entries: int
    over: int
    host_cpu: float
    """CPU seconds of the host process, start to stop (idle waiting is not counted)."""

    @property
    def rate(self) -> float:
        return self.load.actions / self.seconds


def measure(
    matches: int, seconds: float, seed: int, local_matches: int, pace: float = PACE
) -> Figures:
    """The host in its own process, every guest here; the local baseline before and after."""
    local = local_submits(local_matches, seed)
    server = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), "--serve", str(matches)],
        cwd=ROOT,
        env=dict(os.environ),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdin is not None and server.stdout is not None
        invitations = json.loads(server.stdout.readline())["invitations"]
        load, took = asyncio.run(play(invitations, seconds, pace, seed))
        server.stdin.write("stop\n")
        server.stdin.flush()
        host = json.loads(server.stdout.readline())
        server.wait(30)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(10)
    local += local_submits(local_matches, seed + 100)
    memory = (host["after"] - host["before"]) / matches
    return Figures(
        matches, took, load, local, pace, memory, host["entries"], host["over"], host["cpu"]
    )


def rows(figures: Figures, Row: Callable[..., T]) -> list[T]:
    """The figures as rows of the bench table (`Row` is `tests.bench.__main__.Row`, passed in:
    the runner is `__main__` when started with `python -m tests.bench`)."""
    trips, local = figures.load.round_trips, figures.local
    rtt50, rtt99 = statistics.median(trips) * 1e3, p99(trips) * 1e3
    loc50, loc99 = statistics.median(local) * 1e3, p99(local) * 1e3
    n = figures.matches
    return [
        Row(
            f"remote actions/s, {n} matches",
            f"{figures.rate:.0f}/s",
            f"local submit {1e3 / loc50:.0f}/s (one at a time)",
            figures.rate,
            "/s",
            None,
        ),
        Row(
            f"remote round trip p50, {n} matches",
            f"{rtt50:.1f} ms",
            f"local submit p50 {loc50:.2f} ms ({rtt50 / loc50:.0f}×)",
            rtt50,
            "ms",
            None,
        ),
        Row(
            f"remote round trip p99, {n} matches",
            f"{rtt99:.1f} ms",
            f"local submit p99 {loc99:.2f} ms ({rtt99 / loc99:.0f}×)",
            rtt99,
            "ms",
            20.0,
        ),
        Row(
            "host memory per hosted match",
            f"{figures.memory_kb:.0f} kB",
            f"RSS delta over {n} matches",
            figures.memory_kb / 1024,
            "MB",
            None,
        ),
    ]


def sizes(quick: bool) -> tuple[int, float, int]:
    """(matches, seconds of play, local matches for the baseline)."""
    return (10, 3.0, 1) if quick else (50, 10.0, 2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    parser.add_argument("--matches", type=int, help="matches hosted at once (default 50)")
    parser.add_argument("--seconds", type=float, help="seconds of play (default 10)")
    parser.add_argument(
        "--pace",
        type=float,
        default=PACE,
        help=f"a guest thinks 1/PACE s on average (default {PACE:g})",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", type=Path, help="where the files go (default: a temp dir)")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)  # the host process
    args = parser.parse_args(argv)
    if args.serve is not None:
        asyncio.run(serve(args.serve))
        return 0
    matches, seconds, local_matches = sizes(args.quick)
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="parlour-bench-") as folder:
        os.environ["PARLOUR_HOME"] = str(folder)
        figures = measure(
            args.matches or matches, args.seconds or seconds, args.seed, local_matches, args.pace
        )
    load = figures.load
    print(
        f"{figures.matches} En Garde matches hosted by one process, {2 * figures.matches} "
        f"guests here, {figures.seconds:.1f} s of play "
        f"(guests think 1/{figures.pace:g} s on average)"
    )
    print(
        f"  {load.actions} guest actions, {len(load.round_trips)} round trips timed; "
        f"{figures.entries} entries kept by the host; {figures.over} matches over; "
        f"{load.dropped} guests cut off at the end; the host process used "
        f"{figures.host_cpu:.1f} s of CPU"
    )
    from tests.bench.__main__ import Row, table

    print(table(rows(figures, Row), figures.seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
