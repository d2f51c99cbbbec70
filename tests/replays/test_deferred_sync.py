"""A writer whose fsyncs are deferred (a host's): entries reach the file as they come, become
durable when the owner syncs them, and a refused fsync stops the writer with a clear word."""

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
    """The descriptors the writer fsyncs itself, in order (each still fsynced for real)."""
    done: list[int] = []
    real = os.fsync
    monkeypatch.setattr("replays.logfile.os.fsync", lambda fd: (done.append(fd), real(fd)))
    return done


def test_deferred_entries_are_written_at_once_and_fsynced_only_when_synced(
    counting: Counting, synced: list[int]
) -> None:
    with create_match(counting, SEATS, {}) as opened:
        opened.writer.defer()
        synced.clear()
        play(opened, seed=1, moves=4)
        assert read_log(opened.path).entries == opened.match.entries  # on file already
        assert synced == [] and opened.writer.unsynced
        opened.writer.sync()
        opened.writer.sync()  # nothing new: no second fsync
        assert len(synced) == 1 and not opened.writer.unsynced


def test_an_owner_fsyncs_what_sync_begin_names_and_later_entries_wait_for_the_next(
    counting: Counting,
) -> None:
    with create_match(counting, SEATS, {}) as opened:
        writer = opened.writer
        writer.defer()
        play(opened, seed=1, moves=2)
        descriptor = writer.sync_begin()
        assert descriptor is not None and not writer.unsynced
        play(opened, seed=1, moves=1)  # written while that fsync would run
        os.fsync(descriptor)
        assert writer.unsynced and writer.sync_begin() is not None
        assert writer.sync_begin() is None


def test_a_refused_deferred_fsync_stops_the_writer_and_says_so(counting: Counting) -> None:
    with create_match(counting, SEATS, {}) as opened:
        opened.writer.defer()
        play(opened, seed=1, moves=2)
        assert opened.writer.sync_begin() is not None
        opened.writer.sync_failed(OSError(28, "No space left on device"))
        with pytest.raises(SaveFailed, match=r"No space left on device.*open the match again"):
            play(opened, seed=1, moves=1)
