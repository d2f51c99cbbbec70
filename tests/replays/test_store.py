"""The match store: create, reopen (with repair), load, annotate, branch and list."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from core.match import ActionEntry, Match, MetaEntry, NoteEntry, Seat
from core.rules import CHANCE, BadOption
from replays import catalogue, lock, paths, store
from replays.errors import DamagedLog, LogError, MatchLocked, MatchNotFound, SaveFailed
from replays.logfile import LogWriter, read_log
from replays.store import (
    END,
    continue_from,
    create_match,
    delete_match,
    list_matches,
    load_match,
    open_match,
    scan_matches,
)
from tests.replays.conftest import SEATS, Ticks, play
from tests.replays.toygame import Counting, Say


def test_create_names_the_file_and_writes_the_header(
    parlour_home: Path, counting: Counting
) -> None:
    with create_match(counting, SEATS, {"wins": 1}, clock=lambda: 1_750_000_000.0) as opened:
        path = opened.path
        assert path.parent == parlour_home / "matches"
        header = opened.match.header
        assert path.name.endswith(f"-counting-{header.match_id[:8]}.parlour")
        assert path.name[:15].replace("-", "").isdigit()
    assert header.options == {"target": 10, "wins": 1}
    assert header.created.startswith("2025-06-15T")
    assert read_log(path).header == header


def test_bad_options_and_seat_counts_leave_no_file(counting: Counting) -> None:
    with pytest.raises(BadOption):
        create_match(counting, SEATS, {"colour": "red"})
    with pytest.raises(ValueError, match="2 to 2 players, not 1"):
        create_match(counting, SEATS[:1], {})
    assert list(paths.matches_dir().iterdir()) == []


def test_entries_are_on_disk_as_they_happen_with_store_times(counting: Counting) -> None:
    clock = Ticks(100.0)
    with create_match(counting, SEATS, {}, clock=clock) as opened:
        play(opened, seed=1, moves=5)
        on_disk = read_log(opened.path).entries
        assert on_disk == opened.match.entries and len(on_disk) == 5
        assert [e.at for e in on_disk] == [102.0, 103.0, 104.0, 105.0, 106.0]


def test_a_finished_match_gets_one_end_record(finished_file: Path, counting: Counting) -> None:
    entries = read_log(finished_file).entries
    ends = [e for e in entries if isinstance(e, MetaEntry) and e.what == END]
    assert len(ends) == 1
    match, _ = load_match(finished_file, rules=counting)
    outcome = match.outcome()
    assert outcome is not None
    assert ends[0].data == {
        "winners": list(outcome.winners),
        "scores": list(outcome.scores),
        "reason": outcome.reason,
    }
    with open_match(finished_file, rules=counting):
        pass
    assert read_log(finished_file).entries == entries


def test_a_crash_before_the_end_record_is_repaired_on_open(
    finished_file: Path, counting: Counting
) -> None:
    log = read_log(finished_file)
    end_index = next(i for i, e in enumerate(log.entries) if isinstance(e, MetaEntry))
    with finished_file.open("r+b") as stream:
        stream.truncate(log.offsets[end_index])
    assert list_matches()[0].finished is False
    with open_match(finished_file, rules=counting) as opened:
        assert opened.damage is None
    assert list_matches()[0].finished is True


def test_resume_after_a_torn_write_cuts_the_tail_and_plays_on(counting: Counting) -> None:
    with create_match(counting, SEATS, {}) as opened:
        play(opened, seed=4, moves=9)
        path, played = opened.path, opened.match.entries
    size = path.stat().st_size
    with path.open("r+b") as stream:
        stream.truncate(size - 3)
    with open_match(path, rules=counting) as resumed:
        assert resumed.damage is not None and resumed.damage.recoverable == 8
        assert "cut off" in str(resumed.damage)
        assert resumed.match.entries == played[:8]
        play(resumed, seed=5)
        assert resumed.match.is_over
        final = resumed.match.entries
    log = read_log(path)
    assert log.damage is None and log.entries == final


def test_an_entry_that_no_longer_replays_is_refused_without_touching_the_file(
    tmp_path: Path, counting: Counting
) -> None:
    with create_match(counting, SEATS, {}) as opened:
        play(opened, seed=2, moves=4)
        path, header = opened.path, opened.match.header
    with LogWriter.open_append(path)[0] as writer:
        writer.append(ActionEntry(0, ["say", 3]))  # chance is to move: a forged entry
        writer.append(NoteEntry(-1, "after the bad entry"))
    before = path.read_bytes()
    with pytest.raises(DamagedLog, match="entry 5 no longer replays") as refused:
        open_match(path, rules=counting)
    assert refused.value.damage is not None and refused.value.damage.recoverable == 4
    assert path.read_bytes() == before
    match, damage = load_match(path, rules=counting)
    assert len(match) == 4 and damage is not None and damage.recoverable == 4
    assert "breaks the rules" in damage.reason
    assert match.header == header


def test_open_by_id_and_by_prefix(finished_file: Path, counting: Counting) -> None:
    match_id = read_log(finished_file).header.match_id
    for key in (match_id, match_id[:6], match_id.upper()):
        with open_match(key, rules=counting) as opened:
            assert opened.path == finished_file
    with pytest.raises(MatchNotFound, match="no saved match has the id"):
        open_match("abcd" if not match_id.startswith("abcd") else "dcba", rules=counting)
    with pytest.raises(MatchNotFound, match="not a match id"):
        open_match("xyz", rules=counting)
    with pytest.raises(MatchNotFound, match="no match file"):
        open_match(finished_file.with_name("gone.parlour"), rules=counting)


def test_an_unknown_game_is_refused_plainly(finished_file: Path) -> None:
    with pytest.raises(LogError, match="no game called 'counting'"):
        open_match(finished_file)
    with pytest.raises(LogError, match="no game called 'counting'"):
        load_match(finished_file)


def test_a_note_is_appended_to_a_finished_match_and_withdrawn_again(
    finished_file: Path, monkeypatch: pytest.MonkeyPatch, counting: Counting
) -> None:
    monkeypatch.setattr("replays.store.registry.get", lambda game: counting)
    with open_match(finished_file) as opened:
        note = opened.annotate(2, "why not 3?", "?")
        index = len(opened.match) - 1
        with pytest.raises(Exception, match="unknown glyph"):
            opened.annotate(2, "what", "?!?")
    assert note.target == 2 and note.glyph == "?" and note.at is not None
    assert read_log(finished_file).entries[-1] == note
    with open_match(finished_file) as opened:
        assert opened.match.notes()[-1] == (index, note)
        withdrawn = opened.withdraw_note(index)
        assert (index, note) not in opened.match.notes()
    assert read_log(finished_file).entries[-2:] == (note, withdrawn)


def test_continue_from_copies_the_moves_and_points_at_the_source(
    finished_file: Path, counting: Counting
) -> None:
    source = read_log(finished_file)
    with continue_from(finished_file, 6, rules=counting, clock=Ticks()) as branch:
        assert branch.match.header.source == {"match_id": source.header.match_id, "entry": 6}
        assert branch.match.entries == tuple(
            e for e in source.entries[:6] if isinstance(e, ActionEntry)
        )
        branch.submit(counting.legal_actions(branch.match.state)[0])
        path = branch.path
    assert read_log(path).entries[:6] == source.entries[:6]
    with pytest.raises(LogError, match="already over"):
        continue_from(finished_file, len(source.entries), rules=counting)


def test_a_continued_match_is_listed_where_it_stands_and_as_played_when_continued() -> None:
    """The Resume list read "47 moves" (not "round 4 · 1-2") and the original's last time for
    a match just continued from another: the copied moves carry neither."""
    import random

    from core import registry

    rules = registry.get("en-garde")
    rng = random.Random(3)
    with create_match(rules, SEATS, {"level": "standard"}, clock=Ticks()) as played:
        while len(played.match) < 60:
            state = played.match.state
            if played.match.to_move() == CHANCE:
                played.submit(rules.sample_chance(state, rng))
            else:
                played.submit(rng.choice(rules.legal_actions(state)))
        original, standing = played.path, rules.standing(played.match.state)
    later = Ticks(1_900_000_000.0)
    with continue_from(original, 60, clock=later) as branch:
        path = branch.path
    (listed,) = [s for s in list_matches() if s.path == path]
    assert listed.standing == standing and standing.startswith("round ")
    assert listed.last_played > 1_900_000_000.0


def test_listing_reads_headers_and_counts_only(
    finished_file: Path, counting: Counting, monkeypatch: pytest.MonkeyPatch
) -> None:
    with create_match(counting, (Seat("Cy"), Seat("Di")), {"wins": 3}, clock=Ticks(1e9)) as live:
        play(live, seed=9, moves=7)
        live_path = live.path

    def forbidden(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the listing must not build game state")

    monkeypatch.setattr(Counting, "new", forbidden)
    monkeypatch.setattr(Counting, "apply", forbidden)
    monkeypatch.setattr(Match, "__init__", forbidden)
    summaries = list_matches()
    assert [s.path for s in summaries] == [finished_file, live_path]  # most recent first
    done, going = summaries
    entries = read_log(finished_file).entries
    assert done.finished and done.outcome is not None and done.outcome.reason == "won on rounds"
    assert done.turns == sum(1 for e in entries if isinstance(e, ActionEntry) and e.seat != CHANCE)
    assert done.entries == len(entries)
    assert done.last_played == max(
        e.at for e in entries if isinstance(e, ActionEntry) and e.at is not None
    )
    assert done.title == "counting" and done.seats == SEATS
    assert not going.finished and going.entries == 7
    assert going.options == {"target": 10, "wins": 3}
    assert going.created == read_log(live_path).header.created


def test_listing_reads_each_file_once_until_it_changes(
    finished_file: Path, counting: Counting, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = list_matches()
    reads: list[Path] = []
    real_read, real_summary = store.read_log, store.read_summary

    def counted(path: Path) -> Any:
        reads.append(path)
        return real_read(path)

    def counted_summary(path: Path) -> Any:
        reads.append(path)
        return real_summary(path)

    monkeypatch.setattr(store, "read_log", counted)
    monkeypatch.setattr(store, "read_summary", counted_summary)
    assert list_matches() == first and reads == []
    with open_match(finished_file, rules=counting) as opened:
        opened.annotate(0, "later")
    (summary,) = list_matches()
    assert reads == [finished_file] and summary.entries == first[0].entries + 1
    catalogue.cache_path().write_bytes(b"\xc1 garbage")
    assert list_matches() == [summary] and len(reads) == 2


def test_listing_reports_unreadable_files_apart(finished_file: Path, parlour_home: Path) -> None:
    (parlour_home / "matches" / "notes.parlour").write_text("not a match")
    (parlour_home / "matches" / "zz.parlour").write_bytes(b"\x92\xadparlour-match\x05")
    listing = scan_matches()
    assert [s.path for s in listing.matches] == [finished_file]
    reasons = dict((p.name, why) for p, why in listing.unreadable)
    assert "not a Parlour match file" in reasons["notes.parlour"]
    assert "newer Parlour" in reasons["zz.parlour"]


def test_a_move_that_is_not_legal_is_not_saved(counting: Counting) -> None:
    with create_match(counting, SEATS, {}) as opened:
        play(opened, seed=3, moves=2)
        size = opened.path.stat().st_size
        with pytest.raises(ValueError, match="you may say"):
            opened.submit(Say(9))
        assert opened.path.stat().st_size == size


def test_a_resignation_ends_the_match_on_disk(counting: Counting) -> None:
    with create_match(counting, SEATS, {}) as opened:
        play(opened, seed=3, moves=5)
        opened.resign(1)
        path = opened.path
    log = read_log(path)
    assert log.entries[-2] == MetaEntry("resign", {"seat": 1}, log.entries[-2].at)
    assert isinstance(log.entries[-1], MetaEntry) and log.entries[-1].what == END
    summary = list_matches()[0]
    assert summary.finished and summary.outcome is not None
    assert summary.outcome.winners == (0,) and summary.outcome.reason == "Bob resigned"
    match, _ = load_match(path, rules=counting)
    assert match.resigned == 1


def test_a_failed_save_leaves_file_and_match_as_they_were(
    counting: Counting, monkeypatch: pytest.MonkeyPatch
) -> None:
    with create_match(counting, SEATS, {}) as opened:
        play(opened, seed=3, moves=4)
        before, entries = opened.path.read_bytes(), opened.match.entries

        def disk_full(descriptor: int) -> None:
            raise OSError(28, "No space left on device")

        with monkeypatch.context() as patch:
            patch.setattr("replays.logfile.os.fsync", disk_full)
            with pytest.raises(SaveFailed, match=r"could not be saved.*No space left on device"):
                play(opened, seed=3, moves=1)
        assert opened.path.read_bytes() == before and opened.match.entries == entries
        play(opened, seed=3, moves=1)
    assert read_log(opened.path).entries == opened.match.entries


def test_delete_removes_the_file_and_its_lock_note(counting: Counting) -> None:
    with create_match(counting, SEATS, {}) as opened:
        play(opened, seed=3, moves=2)
        path, match_id = opened.path, opened.match.header.match_id
    lock.sidecar(path).write_text('{"pid": 1}', encoding="utf-8")  # left by a crash
    delete_match(match_id)
    assert not path.exists() and not lock.sidecar(path).exists()
    assert list_matches() == []
    with pytest.raises(MatchNotFound):
        delete_match(path)


def test_delete_refuses_a_match_that_is_open_and_says_who_has_it(counting: Counting) -> None:
    with create_match(counting, SEATS, {}) as opened:
        play(opened, seed=3, moves=2)
        with pytest.raises(MatchLocked) as refused:
            delete_match(opened.path)
        assert refused.value.holder is not None and refused.value.holder.pid == os.getpid()
        assert opened.path.exists() and lock.sidecar(opened.path).exists()
        play(opened, seed=3, moves=1)  # the player goes on undisturbed
    delete_match(opened.path)
    assert not opened.path.exists()
