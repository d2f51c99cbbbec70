"""What the resume list shows of a match, kept up to date as entries are written.

A `Tally` is folded from entries alone, never from a game state: counts, the last move's time,
the latest standing words and the `end` record the listing may trust. An `end` record is
trusted only when it is well formed (distinct winners that are seats of the match, whole-number
scores) and no move, resignation or takeback comes after it; whether it states the outcome the
moves give takes a replay (`replays.ending`), which the tally never does.

So the writer of a match file in the store keeps its tally beside the file, as
`<file>.parlour.summary` with the file's size and the chain digest of its last record, only
when the store vouched for the entries (they went through a Match and their `end` records
were checked against it). The listing uses a summary only when both still match the file (the
digest is the file's last 16 bytes), so a file that grew, shrank or was replaced is read in
full (and replayed) instead; opening a match always reads and checks the whole file.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack

from core.match import ActionEntry, Entry, MetaEntry
from core.rules import CHANCE, Outcome
from replays.ending import END, MOVES, end_outcome
from replays.paths import replace_quietly

STANDING = "standing"
VERSION = 1
SUFFIX = ".summary"
MAX_SIDECAR = 64 * 1024
"""A summary larger than this is not one Parlour wrote (standing words are short)."""


@dataclass
class Tally:
    """Counts of a match's entries, updated one entry at a time."""

    seats: int
    entries: int = 0
    turns: int = 0
    """Moves made by seats (chance outcomes, notes and meta records are not turns)."""
    last: float | None = None
    """Time of the last action, if it has one."""
    standing: str = ""
    outcome: Outcome | None = None
    """From the last trusted `end` record."""
    end_index: int | None = None
    """Index of that record."""

    @classmethod
    def of(cls, seats: int, entries: Iterable[Entry]) -> Tally:
        tally = cls(seats)
        tally.extend(entries)
        return tally

    def extend(self, entries: Iterable[Entry]) -> None:
        for entry in entries:
            self.add(entry)

    def add(self, entry: Entry) -> None:
        if isinstance(entry, ActionEntry):
            self.turns += entry.seat != CHANCE
            if entry.at is not None:
                self.last = entry.at
            self.outcome = self.end_index = None
        elif isinstance(entry, MetaEntry):
            if entry.what == END:
                self.outcome = end_outcome(entry.data, self.seats)
                self.end_index = None if self.outcome is None else self.entries
            elif entry.what == STANDING:
                text = entry.data.get("text")
                self.standing = text if isinstance(text, str) else ""
            elif entry.what in MOVES:
                self.outcome = self.end_index = None
                undone = entry.data.get("moves") if entry.what == "takeback" else None
                if type(undone) is int:
                    self.turns = max(0, self.turns - undone)  # taken back: not turns now
        self.entries += 1

    def to_wire(self) -> dict[str, Any]:
        outcome = self.outcome
        return {
            "entries": self.entries,
            "turns": self.turns,
            "last": self.last,
            "standing": self.standing,
            "end": None
            if outcome is None
            else [self.end_index, list(outcome.winners), list(outcome.scores), outcome.reason],
        }

    @classmethod
    def from_wire(cls, seats: int, wire: Any) -> Tally:
        """The tally `to_wire` gave; ValueError (or KeyError, TypeError) when malformed."""
        entries, turns, last, standing = (
            wire["entries"],
            wire["turns"],
            wire["last"],
            wire["standing"],
        )
        if not (type(entries) is int and type(turns) is int and 0 <= turns <= entries):
            raise ValueError("bad counts")
        if last is not None and type(last) not in (int, float):
            raise ValueError("bad time")
        if not isinstance(standing, str):
            raise ValueError("bad standing")
        tally = cls(seats, entries, turns, last, standing)
        end = wire["end"]
        if end is not None:
            index, winners, scores, reason = end
            outcome = end_outcome({"winners": winners, "scores": scores, "reason": reason}, seats)
            if outcome is None or type(index) is not int or not 0 <= index < entries:
                raise ValueError("bad end")
            tally.outcome, tally.end_index = outcome, index
        return tally


def sidecar(path: Path) -> Path:
    """Where the summary of match file `path` is kept."""
    return path.with_name(path.name + SUFFIX)


def write(path: Path, tally: Tally, size: int, digest: bytes) -> None:
    """Write the summary of `path` (whole, by rename); failing only costs listing speed."""
    body = msgpack.packb(
        {"version": VERSION, "size": size, "digest": digest, "tally": tally.to_wire()},
        use_bin_type=True,
    )
    replace_quietly(sidecar(path), body)


def remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        sidecar(path).unlink()


def kept(path: Path) -> bytes | None:
    """The bytes of the summary kept beside `path`, if there is one of a size Parlour writes.

    Read through a bare descriptor (open, read, close): a listing without its cache reads one
    per match, and a buffered file object costs three more system calls and twice the time."""
    try:
        descriptor = os.open(sidecar(path), os.O_RDONLY)
    except OSError:
        return None
    try:
        raw = os.read(descriptor, MAX_SIDECAR + 1)
    except OSError:
        return None
    finally:
        os.close(descriptor)
    return raw if len(raw) <= MAX_SIDECAR else None


def read(raw: bytes, stream: Any, size: int, seats: int) -> Tally | None:
    """The summary `raw` (from `kept`) if it still describes the match file open as `stream`
    (of `size` bytes): same size, and the file ends with the digest it names. None otherwise."""
    try:
        data = msgpack.unpackb(raw, raw=False, strict_map_key=True)
        if not isinstance(data, dict) or data.get("version") != VERSION:
            return None
        digest = data["digest"]
        if data["size"] != size or not isinstance(digest, bytes) or len(digest) != 16:
            return None
        if os.pread(stream.fileno(), 16, size - 16) != digest:
            return None
        tally = Tally.from_wire(seats, data["tally"])
    except (OSError, ValueError, KeyError, TypeError, IndexError, msgpack.UnpackException):
        return None
    return tally
