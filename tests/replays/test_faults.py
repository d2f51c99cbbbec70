"""Regression tests for the faults found by the audit of issue 12 (persistence layer)."""

from __future__ import annotations

import errno
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from core.match import Match, MetaEntry, NoteEntry
from replays import catalogue, chain, paths, store, summary
from replays.errors import DamagedLog, SaveFailed
from replays.logfile import LogWriter, damaged_copy_path, read_log
from replays.store import END, create_match, list_matches, open_match, scan_matches
from tests.replays.conftest import SEATS, Ticks, play
from tests.replays.toygame import Counting

ROOT = Path(__file__).resolve().parents[2]


def unfinished(counting: Counting, moves: int = 6) -> Path:
    with create_match(counting, SEATS, {}, clock=Ticks()) as opened:
        play(opened, seed=3, moves=moves)
        return opened.path


# -- 1. a match file is created whole ----------------------------------------------------


def test_a_crash_before_the_preamble_leaves_no_empty_match_file(
    counting: Counting, monkeypatch: pytest.MonkeyPatch
) -> None:
    def killed(stream: Any, data: Any) -> None:
        raise KeyboardInterrupt  # the process is stopped between creating and writing

    monkeypatch.setattr("replays.logfile._write_all", killed)
    with pytest.raises(KeyboardInterrupt):
        create_match(counting, SEATS, {})
    assert list(paths.matches_dir().glob("*.parlour")) == []
    assert scan_matches() == store.MatchListing([], [])


def test_a_process_killed_while_creating_a_match_leaves_no_match_file(parlour_home: Path) -> None:
    script = (
        "import os, replays.logfile as log\n"
        "from tests.replays.toygame import Counting\n"
        "from tests.replays.conftest import SEATS\n"
        "from replays.store import create_match\n"
        "log.os.fsync = lambda fd: os._exit(9)\n"
        "create_match(Counting(), SEATS, {})\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, check=False)
    assert done.returncode == 9
    assert list((parlour_home / "matches").glob("*.parlour")) == []


# -- 2. numbered damaged copies ----------------------------------------------------------


def test_a_second_repair_never_overwrites_the_first_damaged_copy(counting: Counting) -> None:
    from tui.app import repaired_notice

    path = unfinished(counting)
    with path.open("ab") as stream:
        stream.write(b"\xc1 first tail")
    first = path.read_bytes()
    with open_match(path, rules=counting) as opened:
        assert opened.damaged_copy == damaged_copy_path(path)
        play(opened, seed=4, moves=2)
    with path.open("ab") as stream:
        stream.write(b"\xc1 second tail")
    second = path.read_bytes()
    with open_match(path, rules=counting) as opened:
        assert opened.damaged_copy == path.with_name(path.name + ".damaged-2")
        said = repaired_notice(opened)
    assert damaged_copy_path(path).read_bytes() == first
    assert damaged_copy_path(path, 2).read_bytes() == second
    assert f"kept untouched as {damaged_copy_path(path, 2)}" in said


def test_the_repair_notice_has_no_nested_brackets(counting: Counting) -> None:
    from tui.app import repaired_notice

    path = unfinished(counting)
    path.write_bytes(path.read_bytes()[:-3])
    with open_match(path, rules=counting) as opened:
        said = repaired_notice(opened)
    assert "cut off" in said
    depth, deepest = 0, 0
    for char in said:
        depth += {"(": 1, ")": -1}.get(char, 0)
        deepest = max(deepest, depth)
    assert deepest <= 1 and depth == 0, said


# -- 3. disk full mid-write: what the player is told is what the file holds -----------------


class FullDisk:
    """A raw match-file stream on a disk that fills up: `write` stores `room` bytes then fails
    with ENOSPC; `flush` and `truncate` fail too when asked to."""

    def __init__(
        self, real: Any, room: int, *, flush_fails: bool = False, truncate_fails: bool = False
    ) -> None:
        self.real, self.room = real, room
        self.flush_fails, self.truncate_fails = flush_fails, truncate_fails

    def write(self, data: Any) -> int:
        if self.room <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        taken = bytes(data[: self.room])
        self.room -= len(taken)
        return int(self.real.write(taken))

    def flush(self) -> None:
        if self.flush_fails:
            raise OSError(errno.ENOSPC, "No space left on device")

    def truncate(self, size: int) -> int:
        if self.truncate_fails:
            raise OSError(errno.ENOSPC, "No space left on device")
        return int(self.real.truncate(size))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


def fill_disk(opened: store.OpenMatch, **how: Any) -> None:
    writer: Any = opened.writer
    writer._stream = FullDisk(writer._stream, **how)


def test_a_disk_full_append_is_cut_back_and_the_file_is_as_it_was(counting: Counting) -> None:
    with create_match(counting, SEATS, {}) as opened:
        play(opened, seed=3, moves=4)
        before, entries = opened.path.read_bytes(), opened.match.entries
        fill_disk(opened, room=5)
        with pytest.raises(SaveFailed, match=r"could not be saved.*as it was before it"):
            play(opened, seed=3, moves=1)
        assert opened.path.read_bytes() == before and opened.match.entries == entries
    assert opened.path.read_bytes() == before  # closing flushed nothing more


def test_a_refused_move_is_never_played_when_even_the_truncate_fails(counting: Counting) -> None:
    with create_match(counting, SEATS, {}) as opened:
        play(opened, seed=3, moves=4)
        before, entries = opened.path.read_bytes(), opened.match.entries
        fill_disk(opened, room=5, truncate_fails=True)
        with pytest.raises(SaveFailed, match="may hold the last move"):
            play(opened, seed=3, moves=1)
        torn = opened.path.read_bytes()
        assert torn.startswith(before) and len(torn) == len(before) + 5
        with pytest.raises(SaveFailed, match="open the match again"):
            opened.annotate(-1, "refused: the writer no longer trusts the file")
        assert opened.match.entries == entries
    assert opened.path.read_bytes() == torn  # no buffered rest completed the record on close
    with open_match(opened.path, rules=counting) as again:  # the chain decides: torn, cut off
        assert again.match.entries == entries and again.damage is not None


def test_a_complete_record_whose_fsync_and_truncate_fail_is_reported_as_maybe_saved(
    counting: Counting,
) -> None:
    with create_match(counting, SEATS, {}) as opened:
        play(opened, seed=3, moves=4)
        entries = opened.match.entries
        fill_disk(opened, room=10_000, flush_fails=True, truncate_fails=True)
        with pytest.raises(SaveFailed, match="may hold the last move"):
            play(opened, seed=3, moves=1)
    with open_match(opened.path, rules=counting) as again:  # it is whole: the chain keeps it
        assert again.match.entries[: len(entries)] == entries
        assert len(again.match.entries) == len(entries) + 1 and again.damage is None


# -- 4. and 5. the listing does not trust `end` blindly ------------------------------------


def append_raw(path: Path, *entries: Any) -> None:
    """Entries added with a valid chain but no rules (what a forger or a bug could write)."""
    writer, _ = LogWriter.open_append(path)
    with writer:
        writer.append_many(entries)


def test_an_end_record_naming_a_missing_seat_does_not_break_the_listing(
    counting: Counting, finished_file: Path
) -> None:
    path = unfinished(counting)
    append_raw(path, MetaEntry(END, {"winners": [7], "scores": [], "reason": "forged"}))
    for cold in (True, False):
        if cold:
            catalogue.cache_path().unlink(missing_ok=True)
        listing = scan_matches()
        assert listing.unreadable == []
        found = {s.path: s for s in listing.matches}
        assert found[finished_file].finished and not found[path].finished


def test_an_end_record_mid_match_is_damage_to_the_listing_to_loading_and_to_opening(
    counting: Counting, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("replays.store.registry.get", lambda game: counting)  # listing replays
    path = unfinished(counting)
    append_raw(path, MetaEntry(END, {"winners": [0], "scores": [], "reason": "forged"}))
    forged = path.read_bytes()
    (listed,) = list_matches()  # the raw writer kept no summary: the file is read and replayed
    assert not listed.finished and listed.damage is not None
    assert listed.damage.entry == 6 and "says the match is over, but it is not" in str(
        listed.damage
    )
    match, damage = store.load_match(path)
    assert len(match) == 6 and damage == listed.damage
    with pytest.raises(DamagedLog, match="entry 7 is an end record that says the match is over"):
        open_match(path, rules=counting)
    assert path.read_bytes() == forged  # refused, untouched, and still no summary that trusts it
    catalogue.cache_path().unlink()
    (listed,) = list_matches()
    assert not listed.finished and listed.damage is not None


def test_a_match_whose_end_record_disagrees_is_refused_for_play_and_listed_with_the_real_result(
    counting: Counting, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("replays.store.registry.get", lambda game: counting)  # listing replays
    with create_match(counting, SEATS, {}, clock=Ticks()) as opened:
        play(opened, seed=7)
        path, outcome = opened.path, opened.match.outcome()
    assert outcome is not None
    log = read_log(path)
    wrong = [
        MetaEntry(
            END,
            {
                "winners": [1 - outcome.winners[0]],
                "scores": list(outcome.scores),
                "reason": "forged",
            },
        )
        if isinstance(e, MetaEntry) and e.what == END
        else e
        for e in log.entries
    ]
    at = next(i for i, e in enumerate(wrong) if isinstance(e, MetaEntry) and e.what == END)
    path.unlink()
    summary.remove(path)
    writer = LogWriter.create(path, log.header)
    with writer:
        writer.append_many(wrong)
    forged = path.read_bytes()
    with pytest.raises(DamagedLog, match=f"entry {at + 1} is an end record that says winner"):
        open_match(path, rules=counting)
    assert path.read_bytes() == forged and not summary.sidecar(path).exists()
    (listed,) = list_matches()
    assert listed.outcome == outcome  # the moves' result, not the record's
    assert listed.damage is not None and listed.damage.entry == at
    match, damage = store.load_match(path)
    assert match.outcome() == outcome and damage == listed.damage and len(match) == at


# -- 8. a forged length is not a torn write ------------------------------------------------


def test_a_forged_4_gib_length_is_reported_as_forged_not_as_a_torn_write(
    finished_file: Path, tmp_path: Path
) -> None:
    forged = tmp_path / "forged.parlour"
    forged.write_bytes(chain.PREAMBLE + b"\x92\xc6\xff\xff\xff\xff" + b"x" * 40)
    with pytest.raises(DamagedLog) as refused:
        read_log(forged)
    assert "forged or corrupted" in str(refused.value)
    assert "stops while saving" not in str(refused.value)
    forged.write_bytes(finished_file.read_bytes() + b"\x92\xc6\xff\xff\xff\xff" + b"x" * 40)
    damage = read_log(forged).damage
    assert damage is not None and "forged or corrupted" in damage.reason
    assert "4294967295" in damage.reason
    forged.write_bytes(finished_file.read_bytes()[:-3])  # a real torn write still says so
    damage = read_log(forged).damage
    assert damage is not None and "cut off" in damage.reason


# -- the listing reads a kept summary, which cannot lie about the file ---------------------


def test_a_cold_listing_reads_the_kept_summaries_not_the_records(
    counting: Counting, finished_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    live = unfinished(counting)
    full = {s.path: s for s in (store.summarise(read_log(p)) for p in (finished_file, live))}
    catalogue.cache_path().unlink(missing_ok=True)

    def forbidden(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a cold listing with kept summaries must not read every record")

    monkeypatch.setattr(store, "read_log", forbidden)
    monkeypatch.setattr(Match, "__init__", forbidden)
    listed = {s.path: s for s in list_matches()}
    assert listed == full


def test_a_file_copied_in_without_its_summary_is_read_in_full_by_the_first_listing_only(
    counting: Counting, finished_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("replays.store.registry.get", lambda game: counting)  # listing replays
    live = unfinished(counting)
    for path in (finished_file, live):
        summary.remove(path)  # as a file copied into the folder arrives
    catalogue.cache_path().unlink(missing_ok=True)
    first = {s.path: s for s in list_matches()}
    assert summary.sidecar(finished_file).exists() and summary.sidecar(live).exists()
    hashed: list[bytes] = []
    real_digest = chain.digest

    def counted(previous: bytes, body: bytes) -> bytes:
        hashed.append(body)
        return real_digest(previous, body)

    monkeypatch.setattr(chain, "digest", counted)
    catalogue.cache_path().unlink()
    again = {s.path: s for s in list_matches()}
    assert again == first
    assert len(hashed) == 2  # each file's header, none of their entries
    assert first[finished_file] == store.summarise(read_log(finished_file))


def test_the_listing_keeps_no_summary_for_a_file_the_replay_does_not_bear_out(
    counting: Counting, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("replays.store.registry.get", lambda game: counting)  # listing replays
    forged = unfinished(counting)
    append_raw(forged, MetaEntry(END, {"winners": [0], "scores": [], "reason": "forged"}))
    with create_match(counting, SEATS, {}, clock=Ticks()) as opened:
        play(opened, seed=7)
        ended = opened.path
    log = read_log(ended)
    no_end = [e for e in log.entries if not (isinstance(e, MetaEntry) and e.what == END)]
    ended.unlink()
    with LogWriter.create(ended, log.header) as writer:  # stopped before its end record
        writer.append_many(no_end)
    torn = unfinished(counting)
    torn.write_bytes(torn.read_bytes()[:-3])
    for path in (forged, ended, torn):
        summary.remove(path)
    listed = {s.path: s for s in list_matches()}
    assert listed[ended].finished and listed[forged].damage and listed[torn].damage
    assert not [p for p in (forged, ended, torn) if summary.sidecar(p).exists()]


@pytest.mark.parametrize("change", ["cut", "flipped last digest", "grown"])
def test_a_kept_summary_that_no_longer_fits_the_file_is_not_used(
    counting: Counting, change: str
) -> None:
    path = unfinished(counting)
    data = path.read_bytes()
    if change == "cut":
        path.write_bytes(data[:-3])
    elif change == "flipped last digest":
        path.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
    else:
        with path.open("ab") as stream:  # a record appended by something that kept no summary
            link = data[-16:]
            body = chain.pack_body(NoteEntry(-1, "later").to_wire())
            stream.write(chain.pack_record(body, chain.digest(link, body)))
    catalogue.cache_path().unlink(missing_ok=True)
    (listed,) = list_matches()
    assert listed == store.summarise(read_log(path))
    assert (listed.damage is None) == (change == "grown")


def test_a_summary_is_kept_only_for_entries_the_store_vouched_for(counting: Counting) -> None:
    path = unfinished(counting)
    assert summary.sidecar(path).exists()  # an OpenMatch: every entry through the Match
    header, entries = read_log(path).header, read_log(path).entries
    raw = path.with_name("raw.parlour")
    with LogWriter.create(raw, header) as writer:  # whatever a forger or a bug appends
        writer.append_many(entries)
    assert not summary.sidecar(raw).exists()
    with LogWriter.create(path.with_name("checked.parlour"), header) as writer:
        writer.append_many(entries)
        writer.vouch()
    assert summary.sidecar(path.with_name("checked.parlour")).exists()


def test_a_summary_is_kept_only_for_files_in_the_store(tmp_path: Path, counting: Counting) -> None:
    path = unfinished(counting)
    assert summary.sidecar(path).exists()
    header = read_log(path).header
    elsewhere = tmp_path / "elsewhere.parlour"
    LogWriter.create(elsewhere, header).close()
    assert sorted(p.name for p in tmp_path.glob("elsewhere*")) == ["elsewhere.parlour"]
    store.delete_match(path)
    assert not summary.sidecar(path).exists()


def test_no_temporary_file_is_left_beside_a_created_match(counting: Counting) -> None:
    path = unfinished(counting)
    names = sorted(p.name for p in path.parent.iterdir())
    assert names == [path.name, path.name + ".summary"]
    assert not [n for n in names if re.search(r"\.tmp$", n)]


def test_a_kept_summary_is_read_without_a_file_object(
    counting: Counting, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A listing without its cache reads one summary per match: open, read and close, not
    the six system calls of a buffered file (a stat, a terminal check and a seek more)."""
    path = unfinished(counting)
    raw = summary.sidecar(path).read_bytes()

    def forbidden(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a buffered file object for a summary")

    monkeypatch.setattr("builtins.open", forbidden)
    assert summary.kept(path) == raw
    summary.remove(path)
    assert summary.kept(path) is None
