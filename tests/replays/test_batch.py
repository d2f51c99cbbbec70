"""A writer's batch: entries reach the file as they come, one fsync makes them durable at the
end (or at `sync`), and a disk that refuses that fsync stops the writer with a clear word."""

from __future__ import annotations

import os

import pytest

from replays.errors import SaveFailed
from replays.logfile import read_log
from replays.store import create_match
from tests.replays.conftest import SEATS, play
from tests.replays.toygame import Counting


@pytest.fixture
def synced(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The descriptors the writer fsyncs, in order (each still fsynced for real)."""
    done: list[int] = []
    real = os.fsync
    monkeypatch.setattr("replays.logfile.os.fsync", lambda fd: (done.append(fd), real(fd)))
    return done


def test_a_batch_writes_every_entry_at_once_and_fsyncs_them_together(
    counting: Counting, synced: list[int]
) -> None:
    with create_match(counting, SEATS, {}) as opened:
        synced.clear()
        with opened.writer.batch():
            play(opened, seed=1, moves=4)
            assert read_log(opened.path).entries == opened.match.entries  # written at once
            assert synced == []
        assert len(synced) == 1
        play(opened, seed=2, moves=1)  # outside a batch: each entry fsynced as before
        assert len(synced) == 2


def test_sync_inside_a_batch_makes_what_was_written_durable_now(
    counting: Counting, synced: list[int]
) -> None:
    with create_match(counting, SEATS, {}) as opened:
        synced.clear()
        with opened.writer.batch():
            play(opened, seed=1, moves=2)
            opened.writer.sync()
            opened.writer.sync()  # nothing new: no second fsync
            assert len(synced) == 1
        assert len(synced) == 1


def test_a_refused_fsync_at_the_end_of_a_batch_stops_the_writer_and_says_so(
    counting: Counting, monkeypatch: pytest.MonkeyPatch
) -> None:
    def disk_full(descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    with create_match(counting, SEATS, {}) as opened:
        with pytest.raises(SaveFailed, match="No space left on device"), opened.writer.batch():
            play(opened, seed=1, moves=2)
            monkeypatch.setattr("replays.logfile.os.fsync", disk_full)
        monkeypatch.undo()
        with pytest.raises(SaveFailed, match="open the match again"):
            play(opened, seed=1, moves=1)
