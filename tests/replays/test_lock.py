"""One writer per match: a second opener is told who holds it; a dead holder blocks nobody."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from core.match import NoteEntry
from replays import lock
from replays.errors import MatchLocked
from replays.logfile import LogWriter, read_log
from replays.store import open_match
from tests.replays.toygame import Counting

HOLDER = """
import sys
from pathlib import Path
from replays.logfile import LogWriter
writer, _ = LogWriter.open_append(Path(sys.argv[1]))
print("locked", flush=True)
sys.stdin.readline()
writer.close()
print("released", flush=True)
"""


def test_a_second_writer_in_this_process_is_refused(finished_file: Path) -> None:
    writer, _ = LogWriter.open_append(finished_file)
    with writer, pytest.raises(MatchLocked) as refused:
        LogWriter.open_append(finished_file)
    message = str(refused.value)
    assert message.startswith("this match is open in another Parlour (pid ")
    assert f"pid {os.getpid()} on {socket.gethostname()}, since " in message
    assert "close it there first" in message
    assert refused.value.holder is not None and refused.value.holder.pid == os.getpid()


def test_closing_releases_the_lock_and_the_note(finished_file: Path, counting: Counting) -> None:
    with open_match(finished_file, rules=counting):
        assert lock.sidecar(finished_file).exists()
    assert not lock.sidecar(finished_file).exists()
    with open_match(finished_file, rules=counting) as again:
        again.annotate(0, "reopened")
    assert read_log(finished_file).entries[-1].text == "reopened"  # type: ignore[union-attr]


def test_a_writer_in_another_process_is_named_and_its_death_frees_the_match(
    finished_file: Path,
) -> None:
    root = Path(__file__).resolve().parents[2]
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(finished_file)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=root,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        with pytest.raises(MatchLocked, match=f"pid {holder.pid} on "):
            LogWriter.open_append(finished_file)
    finally:
        holder.kill()
        holder.wait()
    assert json.loads(lock.sidecar(finished_file).read_text())["pid"] == holder.pid  # stale note
    writer, _ = LogWriter.open_append(finished_file)
    with writer:
        writer.append(NoteEntry(-1, "after the crash"))
        assert json.loads(lock.sidecar(finished_file).read_text())["pid"] == os.getpid()


def test_a_lock_without_a_note_is_still_explained(finished_file: Path) -> None:
    writer, _ = LogWriter.open_append(finished_file)
    with writer:
        lock.sidecar(finished_file).unlink()
        with pytest.raises(MatchLocked, match=r"^this match is open in another Parlour; close"):
            LogWriter.open_append(finished_file)


def test_reading_needs_no_lock(finished_file: Path) -> None:
    writer, found = LogWriter.open_append(finished_file)
    with writer:
        assert read_log(finished_file).entries == found.entries
