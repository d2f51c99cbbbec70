"""Crash harness: bot matches of every game played in a child process killed with SIGKILL.

    python -m tests.stress.crash --matches 20 --seed 1 [--kills-per-match 4] [--torn 0.5]

For each match a child process (this module with `--child`) opens the match file through
`replays.store` (so every record is fsynced before play goes on) and plays random bots,
printing the file's entry count after every record it saved. The parent kills it with SIGKILL
at a random moment: after a random number of saved records plus a random delay, or (one kill
in five) a random time after the child started, which also lands in imports and in the
creation of the file. In "torn"
runs the child writes every record in two halves with a pause between them, so many kills land
in the middle of a record write. After each kill the parent opens the match (which repairs a
torn tail), checks that nothing the child had saved is missing, and the next child resumes it;
after the last kill the parent plays the match to its end itself.

Report: matches, kills, kills that tore a record, resumable files, entries lost per kill (an
acknowledged entry lost is a failure; at most the one being written may go), unreadable files
(must be 0). Ctrl-C stops cleanly with the report so far. Exit 1 if anything failed.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PAUSE = 0.004
"""Seconds between the two halves of a record in torn mode."""


# -- the child ------------------------------------------------------------------------------
class _TwoHalves:
    """A file stream whose writes go out in two fsynced halves with a pause between them."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, data: bytes) -> int:
        half = max(1, len(data) // 2)
        self._stream.write(data[:half])
        self._stream.flush()
        os.fsync(self._stream.fileno())
        time.sleep(PAUSE)
        self._stream.write(data[half:])
        return len(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def child(game: str, seed: int, torn: bool) -> int:
    from core import registry
    from replays import paths
    from replays.store import create_match, open_match
    from tests.stress.common import bot_seats, players_for, random_bots, step

    rules = registry.get(game)
    existing = sorted(paths.matches_dir().glob("*.parlour"))
    rng = random.Random(seed)
    if existing:
        opened = open_match(existing[0], rules=rules)
    else:
        opened = create_match(rules, bot_seats(players_for(rules, random.Random(seed // 1000))))
    print(f"path {opened.path}", flush=True)
    writer = opened.writer
    if torn:
        writer._stream = _TwoHalves(writer._stream)  # type: ignore[assignment]
    sink = writer.append

    def acknowledged(entry: Any) -> None:
        sink(entry)
        print(f"saved {writer.count}", flush=True)

    opened.match._sink = acknowledged  # every record the match writes goes through here
    print(f"saved {writer.count}", flush=True)
    bots = random_bots(len(opened.match.header.seats), seed)
    with opened:
        while step(opened.match, bots, rng, opened.submit):
            pass
    print("done", flush=True)
    return 0


# -- the parent -----------------------------------------------------------------------------
@dataclass
class Report:
    matches: int = 0
    finished: int = 0
    kills: int = 0
    torn_kills: int = 0
    resumable: int = 0
    unreadable: int = 0
    lost: Counter[int] = field(default_factory=Counter)
    """Entries lost per kill -> how many kills."""
    failures: list[str] = field(default_factory=list)
    per_game: Counter[str] = field(default_factory=Counter)
    empty_files: int = 0
    """Kills between creating a file and writing its header (fault 1 of issue 12)."""

    def lines(self, seconds: float) -> list[str]:
        lost = ", ".join(
            f"{n} entr{'y' if n == 1 else 'ies'}: {k}" for n, k in sorted(self.lost.items())
        )
        games = ", ".join(f"{g} {n}" for g, n in sorted(self.per_game.items()))
        acknowledged_lost = sum(k for n, k in self.lost.items() if n < 0)
        return [
            f"matches            {self.matches} ({games})",
            f"played to the end  {self.finished}",
            f"kills (SIGKILL)    {self.kills}   of which mid-record (torn tail found) "
            f"{self.torn_kills}",
            f"resumable          {self.resumable} of {self.kills} kills",
            f"lost per kill      {lost or '-'}   (acknowledged entries lost: {acknowledged_lost})",
            f"unreadable files   {self.unreadable}",
            "killed before the header was written (0-byte file, known fault 1): "
            f"{self.empty_files}",
            f"failures           {len(self.failures)}",
            *(f"  - {f}" for f in self.failures[:20]),
            f"time               {seconds:.1f} s",
        ]


def _spawn(home: Path, game: str, seed: int, torn: bool) -> subprocess.Popen[str]:
    env = {**os.environ, "PARLOUR_HOME": str(home)}
    command = [sys.executable, "-m", "tests.stress.crash", "--child", game, "--seed", str(seed)]
    if torn:
        command.append("--torn-writes")
    return subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def _run_until_kill(proc: subprocess.Popen[str], after: int, delay: float) -> tuple[int, bool]:
    """Read acknowledgements until `after` of them came, wait `delay`, SIGKILL. Returns the
    last acknowledged entry count and whether the child finished first."""
    acked, seen = -1, 0
    assert proc.stdout is not None
    if after < 0:  # at any moment from the start: imports, creating the file, the first moves
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        lines = proc.stdout.read().splitlines()
        acks = [int(line.split()[1]) for line in lines if line.startswith("saved ")]
        return (acks[-1] if acks else -1), any(line.startswith("done") for line in lines)
    for line in proc.stdout:
        if line.startswith("saved "):
            acked = int(line.split()[1])
            seen += 1
            if seen > after:
                break
        elif line.startswith("done"):
            proc.wait()
            return acked, True
    else:
        proc.wait()
        return acked, True
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    # The child may have acknowledged more before it died: read what it printed.
    for line in proc.stdout.read().splitlines():
        if line.startswith("saved "):
            acked = int(line.split()[1])
        elif line.startswith("done"):
            return acked, True
    return acked, False


def _check_after_kill(home: Path, acked: int, report: Report, label: str) -> int:
    """Open (and repair) the match after a kill; returns the entries it holds (-1: none)."""
    from replays import paths
    from replays.errors import LogError
    from replays.logfile import read_log
    from replays.store import open_match

    os.environ["PARLOUR_HOME"] = str(home)
    files = sorted(paths.matches_dir().glob("*.parlour")) if paths.matches_dir().exists() else []
    if not files:
        report.resumable += 1  # killed before a file existed: nothing to lose, the next starts anew
        return -1
    path = files[0]
    if path.stat().st_size == 0:
        report.empty_files += 1
        path.unlink()  # fault 1 (another helper fixes it): start the match afresh
        report.resumable += 1
        return -1
    try:
        # What the child left, counted before opening: opening a finished match whose `end`
        # record the kill prevented appends that record itself (the store's repair).
        entries = read_log(path).entries
        recovered = len(entries)
        with open_match(path) as opened:
            damage = opened.damage
    except LogError as err:
        if acked < 0:  # killed while the header was being written: known fault 1 territory
            report.empty_files += 1
            path.unlink()
            report.resumable += 1
            return -1
        report.unreadable += 1
        report.failures.append(f"{label}: cannot be opened after a kill: {err}")
        return -1
    report.resumable += 1
    known = len(opened.match.entries)
    if damage is not None:
        report.torn_kills += 1
    if recovered < acked:
        report.lost[recovered - acked] += 1
        report.failures.append(f"{label}: {acked - recovered} acknowledged entries lost")
    elif recovered > acked + 1:
        tail = [getattr(e, "what", type(e).__name__) for e in entries[max(acked, 0) :]]
        report.failures.append(
            f"{label}: {recovered - acked} records written unacknowledged "
            f"({', '.join(tail)}; acknowledged {acked})"
        )
    else:
        report.lost[1 if damage is not None else 0] += 1
    return known


def _finish(home: Path, seed: int, report: Report, label: str) -> None:
    from replays import paths
    from replays.store import open_match
    from tests.stress.common import random_bots, step

    os.environ["PARLOUR_HOME"] = str(home)
    path = sorted(paths.matches_dir().glob("*.parlour"))[0]
    rng = random.Random(seed)
    with open_match(path) as opened:
        bots = random_bots(len(opened.match.header.seats), seed)
        while step(opened.match, bots, rng, opened.submit):
            pass
        if opened.match.is_over:
            report.finished += 1
        else:
            report.failures.append(f"{label}: did not reach an end")


def run(
    matches: int, seed: int, kills_per_match: int, torn_share: float, out: Any = sys.stdout
) -> Report:
    from tests.stress.common import games

    rng = random.Random(seed)
    report = Report()
    started = time.perf_counter()
    game_ids = [g.id for g in games()]
    proc: subprocess.Popen[str] | None = None
    try:
        with tempfile.TemporaryDirectory(prefix="parlour-crash-") as root:
            for number in range(matches):
                game = game_ids[number % len(game_ids)]
                home = Path(root) / f"m{number}"
                home.mkdir()
                report.matches += 1
                report.per_game[game] += 1
                label = f"match {number} ({game})"
                done, known = False, -1
                for attempt in range(kills_per_match):
                    torn = rng.random() < torn_share
                    proc = _spawn(home, game, seed * 1000 + number * 10 + attempt, torn)
                    after = rng.choice([-1, 0, 0, rng.randrange(1, 8), rng.randrange(1, 80)])
                    delay = rng.uniform(0, PAUSE * 1.5 if torn else 0.003)
                    if after < 0:
                        delay = rng.uniform(0.05, 0.6)
                    acked, done = _run_until_kill(proc, after, delay)
                    acked = max(acked, known)  # killed before its first report: what was there
                    if proc.returncode not in (0, -signal.SIGKILL):
                        err = proc.stderr.read() if proc.stderr else ""
                        report.failures.append(f"{label}: child failed: {err.strip()[-300:]}")
                    proc = None
                    if done:
                        break
                    report.kills += 1
                    known = _check_after_kill(home, acked, report, label)
                if done:
                    report.finished += 1
                else:
                    _finish(home, seed + number, report, label)
                print(
                    f"\r{number + 1}/{matches} matches, {report.kills} kills, "
                    f"{report.torn_kills} torn, {len(report.failures)} failures",
                    end="",
                    file=sys.stderr,
                    flush=True,
                )
    except KeyboardInterrupt:
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()
        print("\ninterrupted: the report covers the matches so far", file=sys.stderr)
    print(file=sys.stderr)
    for line in report.lines(time.perf_counter() - started):
        print(line, file=out)
    return report


def main() -> int:
    from tests.stress.common import stop_on_term

    stop_on_term()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kills-per-match", type=int, default=4)
    parser.add_argument(
        "--torn",
        type=float,
        default=0.5,
        help="share of child runs that write records in two halves",
    )
    parser.add_argument("--child", metavar="GAME", help=argparse.SUPPRESS)
    parser.add_argument("--torn-writes", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args.child, args.seed, args.torn_writes)
    report = run(args.matches, args.seed, args.kills_per_match, args.torn)
    return 1 if report.failures or report.unreadable else 0


if __name__ == "__main__":
    sys.exit(main())
