"""The .parlour file: round trip, recovery from truncation and corruption, hostile input."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import msgpack  # type: ignore[import-untyped]
import pytest

from core.match import ActionEntry, Header, Match, MetaEntry, NoteEntry
from replays import chain
from replays.errors import DamagedLog, LogError, NewerFormat, NotAMatchFile, SaveFailed
from replays.logfile import LogRead, LogWriter, damaged_copy_path, read_header, read_log
from tests.replays.conftest import SEATS, Ticks
from tests.replays.toygame import Counting, Say


def record_ends(log: LogRead) -> list[int]:
    """Byte offset where each entry's record ends."""
    return [*log.offsets[1:], log.end]


def header_end(log: LogRead) -> int:
    return log.offsets[0] if log.offsets else log.end


def test_round_trip_same_header_entries_and_states(finished_file: Path, counting: Counting) -> None:
    log = read_log(finished_file)
    assert log.damage is None
    assert log.header.game == "counting" and log.header.seats == SEATS
    assert log.end == finished_file.stat().st_size
    kinds = {type(e) for e in log.entries}
    assert kinds == {ActionEntry, NoteEntry, MetaEntry}
    again = Match(counting, log.header, log.entries)
    assert again.is_over
    # the file was written from a live match with the same entries
    replay = Match(counting, log.header)
    for n, entry in enumerate(log.entries, start=1):
        if isinstance(entry, ActionEntry):
            replay.submit(counting.from_wire(entry.action), at=entry.at)
        elif isinstance(entry, NoteEntry):
            replay.annotate(entry.target, entry.text, entry.glyph, entry.marks, at=entry.at)
        else:
            replay.record(entry.what, entry.data, at=entry.at)
        assert replay.state == again.state_at(n)
    assert replay.entries == again.entries


def test_file_starts_with_marker_and_version(finished_file: Path) -> None:
    data = finished_file.read_bytes()
    assert data.startswith(b"\x92\xadparlour-match\x01")
    stream = msgpack.Unpacker(raw=False)
    stream.feed(data)
    values = list(stream)
    assert values[0] == ["parlour-match", 1]
    link = data[:16]
    for body, stored in values[1:]:
        assert stored == chain.digest(link, body)
        link = stored
    assert msgpack.unpackb(values[1][0])["game"] == "counting"


def test_truncation_at_every_byte_recovers_the_complete_records(finished_file: Path) -> None:
    data = finished_file.read_bytes()
    full = read_log(finished_file)
    ends = record_ends(full)
    cut_file = finished_file.with_name("cut.parlour")
    for cut in range(len(data) + 1):
        cut_file.write_bytes(data[:cut])
        if cut < header_end(full):
            with pytest.raises((NotAMatchFile, DamagedLog)):
                read_log(cut_file)
            continue
        log = read_log(cut_file)
        complete = sum(1 for end in ends if end <= cut)
        assert log.entries == full.entries[:complete]
        assert log.end == (ends[complete - 1] if complete else header_end(full))
        if cut == log.end:
            assert log.damage is None
        else:
            assert log.damage is not None
            assert log.damage.recoverable == complete
            assert "cut off" in log.damage.message


@pytest.mark.parametrize("keep", [0, 1, 2, 5, 11])
def test_append_after_a_torn_tail_cuts_it_and_goes_on(
    finished_file: Path, counting: Counting, keep: int
) -> None:
    full = read_log(finished_file)
    ends = record_ends(full)
    start = header_end(full) if keep == 0 else ends[keep - 1]
    data = finished_file.read_bytes()
    for torn in range(1, ends[keep] - start):
        finished_file.write_bytes(data[: start + torn])
        writer, found = LogWriter.open_append(finished_file)
        with writer:
            assert found.damage is not None and found.damage.recoverable == keep
            assert finished_file.stat().st_size == start
            writer.append(NoteEntry(-1, f"torn {torn}"))
        log = read_log(finished_file)
        assert log.damage is None
        assert log.entries == (*full.entries[:keep], NoteEntry(-1, f"torn {torn}"))


def test_repair_keeps_the_damaged_file_aside(finished_file: Path) -> None:
    data = finished_file.read_bytes()
    finished_file.write_bytes(data[:-3])
    writer, found = LogWriter.open_append(finished_file)
    writer.close()
    assert found.damage is not None
    assert damaged_copy_path(finished_file).read_bytes() == data[:-3]


def test_every_flipped_byte_is_detected_and_the_prefix_kept(finished_file: Path) -> None:
    data = finished_file.read_bytes()
    full = read_log(finished_file)
    ends = record_ends(full)
    rng = random.Random(2024)
    bad = finished_file.with_name("bad.parlour")
    for position in range(len(data)):
        changed = bytearray(data)
        changed[position] ^= rng.randrange(1, 256)
        bad.write_bytes(changed)
        if position < header_end(full):
            with pytest.raises(LogError):
                read_log(bad)
            continue
        log = read_log(bad)
        broken = next(i for i, end in enumerate(ends) if position < end)
        assert log.damage is not None, position
        assert log.damage.recoverable == broken
        assert log.entries == full.entries[:broken]


def test_an_edited_entry_fails_the_chain(finished_file: Path) -> None:
    """Rewriting one entry with a well-formed record still breaks every link after it."""
    full = read_log(finished_file)
    data = finished_file.read_bytes()
    start, end = full.offsets[3], full.offsets[4]
    body, stored = msgpack.unpackb(data[start:end])
    wire = msgpack.unpackb(body)
    wire["at"] = 1.0
    forged = chain.pack_record(chain.pack_body(wire), stored)
    finished_file.write_bytes(data[:start] + forged + data[end:])
    log = read_log(finished_file)
    assert log.damage is not None and log.damage.recoverable == 3
    assert "integrity" in log.damage.reason


def test_newer_format_is_refused_plainly(tmp_path: Path) -> None:
    for version in (2, 300):
        path = tmp_path / f"v{version}.parlour"
        path.write_bytes(msgpack.packb(["parlour-match", version]) + b"\x92anything")
        with pytest.raises(NewerFormat) as caught:
            read_log(path)
        assert str(caught.value) == (
            f"this match was saved by a newer Parlour (format {version}; this one reads up "
            f"to 1): upgrade Parlour to open v{version}.parlour"
        )
        with pytest.raises(NewerFormat):
            LogWriter.open_append(path)


@pytest.mark.parametrize(
    ("content", "error", "words"),
    [
        (b"", NotAMatchFile, "it is empty"),
        (b"# a shopping list\n", NotAMatchFile, "match marker"),
        (msgpack.packb({"game": "en-garde"}), NotAMatchFile, "match marker"),
        (b"\x92\xadparl", DamagedLog, "cut off before its header"),
        (b"\x92\xadparlour-match\x00", NotAMatchFile, "format 0"),
        (b"\x92\xadparlour-match\xc1", DamagedLog, "format number is damaged"),
        (chain.PREAMBLE, DamagedLog, "ends before its header"),
        (chain.PREAMBLE + b"\x92\xc4\x03abc", DamagedLog, "header is unreadable"),
    ],
)
def test_files_that_are_not_usable_matches(
    tmp_path: Path, content: bytes, error: type[LogError], words: str
) -> None:
    path = tmp_path / "x.parlour"
    path.write_bytes(content)
    with pytest.raises(error, match=words):
        read_log(path)


def test_folders_and_missing_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(NotAMatchFile, match="not a regular file"):
        read_log(tmp_path)
    with pytest.raises(LogError, match="no match file"):
        read_log(tmp_path / "missing.parlour")


@pytest.mark.parametrize(
    "forged",
    [
        b"\x92\xc6\xff\xff\xff\xff" + b"\x00" * 4096,  # bin32 of 4 GiB
        b"\xdd\xff\xff\xff\xff",  # array32 of 4 billion items
        b"\x92\xc6\x00\x10\x00\x00" + b"\x01" * (1 << 20) + b"\xc4\x10" + b"\x00" * 16,
        b"\x92\xc4\x04\x91\x91\x91\x91" + b"\xc4\x10" + b"\x00" * 16,
    ],
    ids=["bin32-4GiB", "array32-4G", "bin32-1MiB-present", "unterminated-body"],
)
def test_forged_records_are_damage_not_allocations(finished_file: Path, forged: bytes) -> None:
    full = read_log(finished_file)
    with finished_file.open("ab") as stream:
        stream.write(forged)
    log = read_log(finished_file)
    assert log.entries == full.entries
    assert log.damage is not None and log.damage.offset == full.end


def test_deeply_nested_body_with_a_valid_link_is_refused(tmp_path: Path) -> None:
    header = Header("counting", {}, SEATS, "feedface")
    path = tmp_path / "deep.parlour"
    LogWriter.create(path, header).close()
    log = read_log(path)
    deep = b"\x91" * 200 + b"\x90"
    body = msgpack.packb({"k": "action", "seat": 0, "action": None})[:-1] + deep
    with path.open("ab") as stream:
        stream.write(chain.pack_record(body, chain.digest(log.digest, body)))
    found = read_log(path)
    assert found.entries == () and found.damage is not None
    assert "never contains" in found.damage.reason


def test_read_header_reads_only_the_header(finished_file: Path) -> None:
    data = finished_file.read_bytes()
    full = read_log(finished_file)
    finished_file.write_bytes(data[: header_end(full)] + b"\xc1garbage")
    assert read_header(finished_file) == full.header


def test_create_refuses_to_overwrite(finished_file: Path) -> None:
    before = finished_file.read_bytes()
    with pytest.raises(LogError, match="already exists"):
        LogWriter.create(finished_file, read_log(finished_file).header)
    assert finished_file.read_bytes() == before


def test_an_entry_too_large_is_refused_and_nothing_written(tmp_path: Path) -> None:
    path = tmp_path / "big.parlour"
    with LogWriter.create(path, Header("counting", {}, SEATS, "feedface")) as writer:
        size = path.stat().st_size
        with pytest.raises(SaveFailed, match="too large"):
            writer.append(NoteEntry(-1, "x" * (chain.MAX_BODY + 1)))
        assert path.stat().st_size == size
        writer.append(NoteEntry(-1, "short"))
    assert read_log(path).entries == (NoteEntry(-1, "short"),)


def test_a_closed_writer_says_so(tmp_path: Path) -> None:
    writer = LogWriter.create(tmp_path / "c.parlour", Header("counting", {}, SEATS, "feedface"))
    writer.close()
    with pytest.raises(SaveFailed, match="closed"):
        writer.append(NoteEntry(-1, "late"))


def test_writer_is_a_match_sink(tmp_path: Path, counting: Counting) -> None:
    header = Header("counting", {"target": 5, "wins": 1}, SEATS, "feedface")
    path = tmp_path / "sink.parlour"
    with LogWriter.create(path, header) as writer:
        match = Match(counting, header, sink=writer.append)
        for _ in range(2):
            match.submit(counting.legal_actions(match.state)[0])
        match.submit(Say(1), at=Ticks()())
        assert writer.count == 3
    assert read_log(path).entries == match.entries


def _plain(value: object, depth: int = 0) -> bool:
    """What `chain.is_plain` means, said recursively (fine for these small test values)."""
    if type(value) in (type(None), bool, int, float, str, bytes):
        return True
    if depth >= chain.MAX_DEPTH:
        return False
    if type(value) is list:
        return all(_plain(item, depth + 1) for item in value)
    if type(value) is dict:
        return all(type(k) is str and _plain(v, depth + 1) for k, v in value.items())
    return False


def _nested(rng: random.Random, depth: int) -> object:
    roll = rng.random()
    if depth <= 0 or roll < 0.3:
        return rng.choice([None, True, 3, 2.5, "s", b"b", (1,), {1, 2}, 1j])
    children = [_nested(rng, depth - 1) for _ in range(rng.randrange(4))]
    if roll < 0.65:
        return children
    keys = [rng.choice(["a", "b", "c", 1, None]) for _ in children]
    return dict(zip(keys, children, strict=True))


def test_is_plain_agrees_with_its_definition_at_and_past_the_depth_limit() -> None:
    rng = random.Random(5)
    values: list[object] = [_nested(rng, rng.randrange(6)) for _ in range(3000)]
    for depth in (chain.MAX_DEPTH - 1, chain.MAX_DEPTH, chain.MAX_DEPTH + 1):
        for leaf in (1, [], {}, (1,)):
            value: object = leaf
            for n in range(depth):
                value = [value] if n % 2 else {"k": value}
            values.append(value)
    for value in values:
        assert chain.is_plain(value) == _plain(value), value


def test_is_plain_makes_no_call_per_value(finished_file: Path) -> None:
    """It checks every record read (a listing: a header per file), so it walks the values
    without a Python call (a generator) for each of them."""
    header = read_log(finished_file).header.to_wire()
    calls: list[str] = []

    def count(frame: object, event: str, arg: object) -> None:
        if event == "call":
            calls.append(event)

    sys.setprofile(count)
    try:
        assert chain.is_plain(header)
    finally:
        sys.setprofile(None)
    assert len(calls) == 1  # is_plain itself


def test_appending_an_entry_packs_hashes_and_writes_it_once(tmp_path: Path) -> None:
    """Every move saved goes through it: the work is the entry's, nothing per record more."""
    header = Header("counting", {}, SEATS, "feedface")
    entry = ActionEntry(0, {"n": 1}, 1.0)
    calls: list[str] = []

    def count(frame: Any, event: str, arg: object) -> None:
        if event == "call":
            calls.append(frame.f_code.co_name)

    with LogWriter.create(tmp_path / "m.parlour", header) as writer:
        sys.setprofile(count)
        try:
            writer.append(entry)
        finally:
            sys.setprofile(None)
    packing = ["to_wire", "_body", "pack_body", "packb", "digest", "pack_record", "packb"]
    writing = ["append", "append_many", "_live", "_write_all", "extend", "add"]
    assert sorted(calls) == sorted(packing + writing)
    assert read_log(tmp_path / "m.parlour").entries == (entry,)


def _bytes_read() -> int:
    """What this process has read through read(2) so far (Linux counts it in /proc)."""
    for line in Path("/proc/self/io").read_text().splitlines():
        if line.startswith("rchar:"):
            return int(line.split()[1])
    raise AssertionError("no rchar")


@pytest.mark.skipif(not Path("/proc/self/io").exists(), reason="counts reads through /proc")
def test_reading_a_header_reads_about_the_header_not_the_file(tmp_path: Path) -> None:
    """A listing reads one header per file; the moves after it are not its business."""
    header = Header("counting", {}, SEATS, "feedface")
    path = tmp_path / "long.parlour"
    with LogWriter.create(path, header) as writer:
        writer.append_many([NoteEntry(-1, "x" * 200) for _ in range(200)])
    assert path.stat().st_size > 40_000
    before = _bytes_read()
    assert read_header(path) == header
    assert _bytes_read() - before < 16_384  # (a buffered read of the marker: 4 or 8 KiB)
