"""A kill while a match file is created leaves `.NAME.parlour.<pid>.tmp`; the folder's next
opener removes it, and nothing else."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from replays import leftovers, lock, paths
from replays.store import create_match, scan_matches
from tests.replays.conftest import SEATS, Ticks
from tests.replays.toygame import Counting
from tui.cli import main

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import sys, time
import replays.logfile
from core import registry
from core.match import Seat
from replays.store import create_match

def stalled(temporary, path):
    print("written", flush=True)
    time.sleep(60)

replays.logfile._publish = stalled
create_match(registry.get("en-garde"), (Seat("Ann"), Seat("Bob")))
"""


def killed_while_creating() -> tuple[Path, int]:
    """A child that dies by SIGKILL after writing its new match file, before naming it."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "written"
    child.send_signal(signal.SIGKILL)
    child.wait()
    (temporary,) = paths.matches_dir().glob(".*.tmp")
    return temporary, child.pid


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_kill_while_a_match_file_is_created_leaves_a_temporary_the_store_removes() -> None:
    temporary, pid = killed_while_creating()
    assert temporary.name.endswith(f".parlour.{pid}.tmp")
    note = lock.sidecar(temporary.with_name(temporary.name[1 : -len(f".{pid}.tmp")]))
    assert note.exists()  # the creation had locked the name it was about to give
    listing = scan_matches()
    assert listing.matches == [] and listing.unreadable == []
    assert not temporary.exists() and not note.exists()
    assert list(paths.matches_dir().iterdir()) == []


def test_creating_a_match_in_the_store_removes_leftovers_too(counting: Counting) -> None:
    leftover = paths.matches_dir() / f".20250101-000000-x-1a2b3c4d.parlour.{dead_pid()}.tmp"
    leftover.write_bytes(b"half a match")
    with create_match(counting, SEATS, {}, clock=Ticks()) as opened:
        assert not leftover.exists() and opened.path.exists()


def test_only_leftovers_of_the_exact_pattern_from_a_gone_or_old_process_are_removed() -> None:
    folder = paths.matches_dir()
    gone, alive = dead_pid(), os.getpid()
    names = {
        f".a.parlour.{gone}.tmp": False,  # its process is gone
        f".b.parlour.{alive}.tmp": True,  # a creation of this very process, a moment ago
        f".c.parlour.{alive}.tmp": False,  # alive, but older than an hour: the pid was reused
        f".d.parlour.summary.{gone}.tmp": True,  # not a match file's temporary
        f"e.parlour.{gone}.tmp": True,  # not hidden
        f".f.json.{gone}.tmp": True,
        f".g.parlour.{gone}.tmp.keep": True,
        ".h.parlour.0.tmp": False,  # no process has pid 0: not a kill signal to the group
    }
    for name in names:
        (folder / name).write_bytes(b"x")
    hour_ago = time.time() - leftovers.STALE_AFTER - 60
    os.utime(folder / f".c.parlour.{alive}.tmp", (hour_ago, hour_ago))
    (folder / f".i.parlour.{gone}.tmp").mkdir()  # a folder is never removed
    removed = leftovers.sweep(folder)
    assert sorted(p.name for p in removed) == sorted(n for n, kept in names.items() if not kept)
    for name, kept in names.items():
        assert (folder / name).exists() == kept, name
    assert (folder / f".i.parlour.{gone}.tmp").is_dir()


def test_sweeping_a_folder_that_cannot_be_read_removes_nothing_and_says_nothing(
    tmp_path: Path,
) -> None:
    assert leftovers.sweep(tmp_path / "missing") == []


@pytest.mark.parametrize("command", ["selfplay", "tournament"])
def test_the_out_folder_of_selfplay_and_tournament_is_swept_when_opened(
    tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    leftover = out / f".en-garde-0001.parlour.{dead_pid()}.tmp"
    leftover.write_bytes(b"half a match")
    bots = ["--a", "random", "--b", "random"] if command == "tournament" else []
    argv = [command, "en-garde", *bots, "--games", "1", "--seed", "3", "--out", str(out)]
    assert main(argv) == 0, capsys.readouterr().err
    assert not leftover.exists()
    assert [p.name for p in out.iterdir()] == ["en-garde-0001.parlour"]


def test_the_names_a_creation_writes_under_are_what_the_sweep_looks_for() -> None:
    made = leftovers.temporary(paths.matches_dir() / "20250101-000000-x-1a2b3c4d.parlour")
    found = leftovers.PATTERN.fullmatch(made.name)
    assert found is not None and int(found["pid"]) == os.getpid()


@pytest.mark.parametrize("where", ["pack", "acquire", "write", "fsync"])
def test_an_interrupt_while_a_match_file_is_created_leaves_nothing_behind(
    where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C in `selfplay` once left `.en-garde-0002.parlour.<pid>.tmp` in its folder: the
    temporary file was made before the guard that removes it on an interrupt began."""
    from core.match import Header
    from replays import logfile

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    target = {
        "pack": (logfile.chain, "pack_record"),
        "acquire": (lock, "acquire"),
        "write": (logfile, "_write_all"),
        "fsync": (logfile.os, "fsync"),
    }
    module, name = target[where]
    monkeypatch.setattr(module, name, interrupted)
    header = Header("counting", {}, SEATS, "0123abcd" * 4)
    folder = tmp_path / "out"
    folder.mkdir()
    with pytest.raises(KeyboardInterrupt):
        logfile.LogWriter.create(folder / "m.parlour", header)
    assert list(folder.iterdir()) == []
