"""The `.parlour` match file: read it (streaming, bounded, forgiving) and append to it.

The log is the autosave: every entry is written and fsynced as it happens, so a crash
loses at most the entry being written. Reading never raises anything but a `LogError`: a
cut-off, garbled or edited tail gives the valid prefix plus a `Damage` saying where it broke.
A writer holds an exclusive lock, and cuts a torn tail off before it appends.
"""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Literal

from core.match import Entry, Header, entry_from_wire
from replays import chain, lock
from replays.closing import Closing
from replays.errors import (
    Damage,
    DamagedLog,
    LogError,
    MatchNotFound,
    NewerFormat,
    NotAMatchFile,
    SaveFailed,
)

SUFFIX = ".parlour"


@dataclass(frozen=True)
class LogRead:
    """What a match file holds: its header, the intact entries, and any damage after them."""

    path: Path
    header: Header
    entries: tuple[Entry, ...]
    offsets: tuple[int, ...]
    """Byte offset of each entry's record."""
    end: int
    """Byte offset just past the last intact record: where the next record belongs."""
    damage: Damage | None
    size: int
    """The file's size when it was read."""
    digest: bytes
    """The chain digest of the last intact record (what the next record links to)."""


def read_log(path: Path) -> LogRead:
    """Read a whole match file without locking it (replay, verify, export, listing)."""
    with _open(path, "rb") as stream:
        return _scan(stream, path, header_only=False)


def read_header(path: Path) -> Header:
    """Only the header: what the match is, without reading its entries."""
    with _open(path, "rb") as stream:
        return _scan(stream, path, header_only=True).header


class LogWriter(Closing):
    """Appends entries to a locked match file; usable directly as a `Match` sink."""

    def __init__(self, path: Path, stream: BinaryIO, link: bytes, end: int, count: int) -> None:
        """Use `create` or `open_append`."""
        self.path = path
        self._stream: BinaryIO | None = stream
        self._link = link
        self._end = end
        self._count = count

    @classmethod
    def create(cls, path: Path, header: Header) -> LogWriter:
        """A new match file holding `header`; refuses to overwrite an existing file."""
        body = _body(header.to_wire(), "the match header")
        try:
            stream: BinaryIO = open(path, "xb")  # noqa: SIM115 - closed by close()
        except FileExistsError:
            raise LogError(f"{path.name} already exists; nothing was overwritten") from None
        except OSError as err:
            raise LogError(f"cannot create {path.name}: {err.strerror or err}") from None
        link = chain.digest(chain.PREAMBLE, body)
        data = chain.PREAMBLE + chain.pack_record(body, link)
        try:
            lock.acquire(path, stream)
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
            _sync_folder(path.parent)
        except OSError as err:
            lock.release(path, stream)
            path.unlink(missing_ok=True)
            raise SaveFailed(f"cannot create {path.name}: {err.strerror or err}") from None
        return cls(path, stream, link, len(data), 0)

    @classmethod
    def open_append(cls, path: Path) -> tuple[LogWriter, LogRead]:
        """Lock an existing match file for appending; a damaged tail is cut off first.

        The returned LogRead says what was found, including the damage that was removed.
        """
        stream = _open(path, "r+b")
        lock.acquire(path, stream)
        try:
            found = _scan(stream, path, header_only=False)
            if found.damage is not None:
                _keep_damaged_copy(path)
                stream.truncate(found.end)
                os.fsync(stream.fileno())
            stream.seek(found.end)
        except OSError as err:
            lock.release(path, stream)
            raise LogError(f"cannot repair {path.name}: {err.strerror or err}") from None
        except LogError:
            lock.release(path, stream)
            raise
        return cls(path, stream, found.digest, found.end, len(found.entries)), found

    @property
    def count(self) -> int:
        """Entries in the file."""
        return self._count

    @property
    def closed(self) -> bool:
        return self._stream is None

    def append(self, entry: Entry) -> None:
        """Write one entry and fsync it; on failure the file is left as it was."""
        self.append_many((entry,))

    def append_many(self, entries: Iterable[Entry]) -> None:
        """Write several entries with a single fsync (imports, branching)."""
        stream = self._live()
        link, data, added = self._link, bytearray(), 0
        for entry in entries:
            body = _body(entry.to_wire(), f"entry {self._count + added + 1}")
            link = chain.digest(link, body)
            data += chain.pack_record(body, link)
            added += 1
        try:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        except OSError as err:
            self._undo(stream)
            raise SaveFailed(
                f"the move could not be saved to {self.path.name}: {err.strerror or err}"
            ) from None
        self._count += added
        self._link = link
        self._end += len(data)

    def close(self) -> None:
        """Release the lock; the file is already complete on disk."""
        if self._stream is not None:
            lock.release(self.path, self._stream)
            self._stream = None

    def _live(self) -> BinaryIO:
        if self._stream is None:
            raise SaveFailed(f"{self.path.name} is closed; open the match again to continue")
        return self._stream

    def _undo(self, stream: BinaryIO) -> None:
        """Cut a half-written record off; if even that fails, refuse further writes."""
        try:
            stream.truncate(self._end)
            stream.seek(self._end)
            stream.flush()
        except OSError:
            self.close()


def _entry(wire: object, index: int) -> Entry:
    try:
        return entry_from_wire(wire)  # type: ignore[arg-type]
    except ValueError as err:
        raise ValueError(f"entry {index + 1} is malformed ({err})") from None


def _body(wire: object, what: str) -> bytes:
    try:
        return chain.pack_body(wire)  # type: ignore[arg-type]
    except ValueError as err:
        raise SaveFailed(f"{what} cannot be saved: {err}") from None


def _sync_folder(folder: Path) -> None:
    """Make a new file's name durable too (POSIX needs the folder fsynced)."""
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _open(path: Path, mode: Literal["rb", "r+b"]) -> BinaryIO:
    """Open a match file for reading (or read+write), refusing folders, pipes and devices."""
    try:
        info = path.stat()
    except FileNotFoundError:
        raise MatchNotFound(f"there is no match file {path}") from None
    except OSError as err:
        raise LogError(f"cannot read {path.name}: {err.strerror or err}") from None
    if not stat.S_ISREG(info.st_mode):
        raise NotAMatchFile(path, "it is not a regular file")
    try:
        return open(path, mode)
    except OSError as err:
        raise LogError(f"cannot open {path.name}: {err.strerror or err}") from None


def _scan(stream: BinaryIO, path: Path, *, header_only: bool) -> LogRead:
    """Walk the records, verifying the chain; stop at the first thing that is not right."""
    try:
        size = os.fstat(stream.fileno()).st_size
        stream.seek(0)
        _check_preamble(stream, path, size)
        stream.seek(len(chain.PREAMBLE))
        return _walk(stream, path, size, header_only=header_only)
    except OSError as err:
        raise LogError(f"cannot read {path.name}: {err.strerror or err}") from None


def _check_preamble(stream: BinaryIO, path: Path, size: int) -> None:
    if size == 0:
        raise NotAMatchFile(path, "it is empty")
    head = stream.read(len(chain.PREAMBLE) + 8)
    if head.startswith(chain.PREAMBLE):
        return
    if not head.startswith(chain.MARKER):
        if chain.MARKER.startswith(head):
            raise DamagedLog(path, "it was cut off before its header; nothing can be recovered")
        raise NotAMatchFile(path, "it does not start with the Parlour match marker")
    version = chain.read_version(head[len(chain.MARKER) :])
    if version is None:
        raise DamagedLog(path, "its format number is damaged; nothing can be recovered")
    if version > chain.FORMAT_VERSION:
        raise NewerFormat(path, version, chain.FORMAT_VERSION)
    raise NotAMatchFile(path, f"it claims format {version}, which never existed")


def _walk(stream: BinaryIO, path: Path, size: int, *, header_only: bool) -> LogRead:
    start = len(chain.PREAMBLE)
    unpacker = chain.record_unpacker(stream)
    link, end = chain.PREAMBLE, start
    header: Header | None = None
    entries: list[Entry] = []
    offsets: list[int] = []
    damage_reason: str | None = None
    while True:
        try:
            record = unpacker.unpack()
        except chain.OutOfData:
            if end < size:
                damage_reason = "the last record is cut off (Parlour stopped while saving it)"
            break
        except chain.DECODE_ERRORS:
            damage_reason = "a record is garbled"
            break
        try:
            body, stored = chain.record_parts(record)
            if chain.digest(link, body) != stored:
                raise ValueError("a record fails its integrity check (edited or corrupted)")
            wire = chain.unpack_body(body)
            if header is None:
                header = Header.from_wire(wire)
            else:
                entries.append(_entry(wire, len(entries)))
                offsets.append(end)
        except ValueError as err:
            damage_reason = str(err)
            break
        link, end = stored, start + unpacker.tell()
        if header_only:
            break
    if header is None:
        why = damage_reason or "it ends before its header"
        raise DamagedLog(path, f"its header is unreadable: {why}; nothing can be recovered")
    damage = None
    if damage_reason is not None:
        damage = Damage(len(entries), end, damage_reason, size)
    return LogRead(path, header, tuple(entries), tuple(offsets), end, damage, size, link)


def damaged_copy_path(path: Path) -> Path:
    """Where the untouched damaged file is kept before its tail is cut off."""
    return path.with_name(path.name + ".damaged")


def _keep_damaged_copy(path: Path) -> None:
    """Copy the file aside before repairing it: what we cannot read may still matter to someone."""
    shutil.copyfile(path, damaged_copy_path(path))
