"""Real `parlour host` and `parlour join` processes over loopback, for the remote-play tests.

Every process is started through `Processes`, which kills whatever is still running when the
test ends (pass or fail), and every wait has a deadline, so a hung match fails the test
instead of the run. The host's invitations are read from its stdout as a person copies them.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from core.match import ActionEntry, MetaEntry
from replays.logfile import read_log
from replays.remote.invite import parse
from replays.store import locate

ROOT = Path(__file__).resolve().parents[2]
PARLOUR = [sys.executable, "-m", "tui"]
"""`parlour` from this checkout (the installed console script may point at another one)."""
SPECTATORS = -1
"""The key of the watching invitation in `HostProcess.invitations`."""
_INVITED = re.compile(r"\(seat (\d+)\): parlour join (parlour://\S+)")
_WATCHING = re.compile(r"^Spectators: parlour join --watch (parlour://\S+)")


def free_port() -> int:
    """A port nothing listens on now (bound to 0, then let go), for a host that must come back
    on the same port its guests' invitations name."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until(done: Callable[[], bool], timeout: float, what: str, poll: float = 0.01) -> None:
    """Poll `done` until it holds; AssertionError naming `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(poll)


class Process:
    """One `parlour` process; stdout read line by line as it comes, stderr kept in a file."""

    def __init__(self, args: list[str], logs: Path, name: str) -> None:
        self.name = name
        self.err_path = logs / f"{name}.err"
        with self.err_path.open("w") as err:
            self.popen = subprocess.Popen(
                [*PARLOUR, *args],
                cwd=ROOT,
                env=dict(os.environ),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=err,
                text=True,
            )
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.popen.stdout is not None
        for line in self.popen.stdout:
            self.lines.append(line.rstrip("\n"))

    @property
    def stderr(self) -> str:
        return self.err_path.read_text()

    def line(self, pattern: str, timeout: float) -> re.Match[str]:
        """The first stdout line matching `pattern`, waiting for it."""
        found: list[re.Match[str]] = []

        def seen() -> bool:
            found[:] = [m for line in self.lines if (m := re.search(pattern, line))]
            return bool(found) or self.popen.poll() is not None

        wait_until(seen, timeout, f"{self.name} to print {pattern!r}")
        assert found, f"{self.name} exited {self.popen.returncode}: {self.stderr}"
        return found[0]

    def exit_code(self, timeout: float) -> int:
        try:
            code = self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"{self.name} still runs after {timeout:.0f} s") from None
        self._reader.join(5)
        return code

    def kill(self) -> None:
        """kill -9, as a crash or a pulled plug would end it."""
        if self.popen.poll() is None:
            self.popen.kill()
        self.popen.wait(10)
        self._reader.join(5)


class HostProcess(Process):
    """`parlour host … --headless`: its invitations, once it has printed them all."""

    def __init__(self, args: list[str], logs: Path, name: str = "host") -> None:
        super().__init__(["host", *args, "--headless"], logs, name)
        self.line(_WATCHING.pattern, 30)
        self.invitations: dict[int, str] = {}
        for text in self.lines:
            if invited := _INVITED.search(text):
                self.invitations[int(invited[1]) - 1] = invited[2]
            elif watching := _WATCHING.search(text):
                self.invitations[SPECTATORS] = watching[1]
        self.match_id = parse(self.invitations[SPECTATORS]).match_id

    def finished(self, timeout: float) -> str:
        """The match id in the host's `finished …` line."""
        return self.line(r"^finished ([0-9a-f]{32}): won by ", timeout)[1]


class Processes:
    """Starts processes for one test and ends every one still running when it is over."""

    def __init__(self, logs: Path) -> None:
        self.logs = logs
        self.started: list[Process] = []

    def host(self, *args: str, name: str = "host") -> HostProcess:
        process = HostProcess(list(args), self.logs, name)
        self.started.append(process)
        return process

    def join(self, invitation: str, bot: str, name: str) -> Process:
        process = Process(["join", invitation, "--bot", bot], self.logs, name)
        self.started.append(process)
        return process

    def kill_all(self) -> None:
        for process in self.started:
            process.kill()


@contextmanager
def processes(logs: Path) -> Iterator[Processes]:
    running = Processes(logs)
    try:
        yield running
    finally:
        running.kill_all()


def entries(match_id: str) -> list[Any]:
    """The entries of a match file as it is on disk now (a torn tail left out)."""
    return list(read_log(locate(match_id)).entries)


def actions(match_id: str) -> list[ActionEntry]:
    return [e for e in entries(match_id) if isinstance(e, ActionEntry)]


def metas(match_id: str, what: str) -> list[MetaEntry]:
    return [e for e in entries(match_id) if isinstance(e, MetaEntry) and e.what == what]
