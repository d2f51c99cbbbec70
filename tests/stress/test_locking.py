"""Locking across processes, for every game: one writer per match, named to whoever is refused,
a dead writer's lock taken over safely, and no record ever interleaved by racing writers."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from core import registry
from replays import lock
from replays.errors import MatchLocked
from replays.logfile import read_log
from replays.store import create_match, open_match
from tests.stress.common import bot_seats, players_for, random_bots, step

ROOT = Path(__file__).resolve().parents[2]
GAMES = [rules.id for rules in registry.all()]

HOLDER = """
import sys
from replays.store import open_match
opened = open_match(sys.argv[1])
print("locked", flush=True)
sys.stdin.readline()
opened.close()
"""

OPENER = """
import sys
from replays.errors import MatchLocked
from replays.store import open_match
try:
    open_match(sys.argv[1]).close()
except MatchLocked as err:
    print("refused:", err, flush=True)
else:
    print("opened", flush=True)
"""

RACER = """
import random, sys, time
from pathlib import Path
from replays.errors import MatchLocked
from replays.store import open_match
from tests.stress.common import random_bots, step
path, go, seed = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
while not go.exists():
    time.sleep(0.0005)
try:
    opened = open_match(path)
except MatchLocked as err:
    print("refused", err, flush=True)
    sys.exit(0)
with opened:
    bots = random_bots(len(opened.match.header.seats), seed)
    rng = random.Random(seed)
    before = len(opened.match)
    for _ in range(30):
        if not step(opened.match, bots, rng, opened.submit):
            break
        time.sleep(0.001)
    print("wrote", len(opened.match) - before, flush=True)
"""


def _python(code: str, *args: str, **kw: Any) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ},
        **kw,
    )


def _new_file(game: str, moves: int = 6) -> Path:
    rules = registry.get(game)
    rng = random.Random(3)
    players = players_for(rules)
    with create_match(rules, bot_seats(players)) as opened:
        bots = random_bots(players, 3)
        for _ in range(moves):
            if not step(opened.match, bots, rng, opened.submit):
                break
        return opened.path


@pytest.mark.parametrize("game", GAMES)
def test_a_second_process_is_refused_with_the_holder_named(game: str) -> None:
    path = _new_file(game)
    holder = _python(HOLDER, str(path), stdin=subprocess.PIPE)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        second = _python(OPENER, str(path))
        out, err = second.communicate(timeout=30)
        assert out.startswith("refused:"), out + err
        assert f"pid {holder.pid} on {socket.gethostname()}" in out
        with pytest.raises(MatchLocked, match=f"pid {holder.pid} "):
            open_match(path)
    finally:
        holder.communicate("\n", timeout=30)
    assert not lock.sidecar(path).exists()
    second = _python(OPENER, str(path))
    assert second.communicate(timeout=30)[0] == "opened\n"


def test_a_writer_killed_mid_record_leaves_a_stale_lock_that_is_taken_over() -> None:
    """The crash harness's torn-write child, killed between the halves of a record."""
    path = _new_file("en-garde", moves=12)
    before = read_log(path)
    env = {**os.environ, "PARLOUR_HOME": str(path.parent.parent)}
    child = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.stress.crash",
            "--child",
            "en-garde",
            "--seed",
            "5",
            "--torn-writes",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    saved = 0
    for line in child.stdout:
        if line.startswith("saved "):
            saved += 1
            if saved == 5:
                break
    time.sleep(0.002)  # inside the pause between the halves of the next record, mostly
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert json.loads(lock.sidecar(path).read_text())["pid"] == child.pid  # the stale note
    with open_match(path) as opened:
        assert opened.match.entries[: len(before.entries)] == before.entries
        assert json.loads(lock.sidecar(path).read_text())["pid"] == os.getpid()
        rng, bots = random.Random(1), random_bots(len(opened.match.header.seats), 1)
        while step(opened.match, bots, rng, opened.submit):
            pass
        assert opened.match.is_over
    final = read_log(path)
    assert final.damage is None and not lock.sidecar(path).exists()


@pytest.mark.parametrize("game", GAMES)
def test_racing_writers_one_is_refused_and_no_record_interleaves(game: str, tmp_path: Path) -> None:
    for round_ in range(2):
        path = _new_file(game, moves=2)
        before = read_log(path)
        go = tmp_path / f"go-{round_}"
        racers = [_python(RACER, str(path), str(go), str(seed)) for seed in (1, 2)]
        time.sleep(0.5)  # both interpreters started and waiting
        go.touch()
        answers = [r.communicate(timeout=60) for r in racers]
        outs = sorted(out.strip() for out, _ in answers)
        assert all(r.returncode == 0 for r in racers), answers
        refused = [o for o in outs if o.startswith("refused")]
        wrote = [o for o in outs if o.startswith("wrote")]
        # Either they overlapped (one refused) or one finished before the other began (both
        # wrote, one after the other); never both at once.
        assert len(refused) + len(wrote) == 2, outs
        after = read_log(path)
        assert after.damage is None  # every record whole, the chain unbroken
        assert after.entries[: len(before.entries)] == before.entries
        written = sum(int(o.split()[1]) for o in wrote)
        assert len(after.entries) == len(before.entries) + written
        if refused:
            # In a tight race the holder may not have written its note yet, so the refusal
            # can lack the pid (see docs/RELIABILITY.md, "Findings"); it is still a refusal.
            assert "this match is open in another Parlour" in refused[0]
