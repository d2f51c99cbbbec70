"""The `.parlour` match file: read it (streaming, bounded, forgiving) and append to it.

The log is the autosave: every entry is written and fsynced as it happens, so a crash
loses at most the entry being written. Reading never raises anything but a `LogError`: a
cut-off, garbled or edited tail gives the valid prefix plus a `Damage` saying where it broke.
A writer holds an exclusive lock, and cuts a torn tail off before it appends.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Literal

from core.match import Entry, Header, entry_from_wire
from replays import chain, leftovers, lock, paths, summary
from replays.closing import Closing
from replays.errors import (
    Damage,
    DamagedLog,
    LogError,
    MatchNotFound,
    NewerFormat,
    NotAMatchFile,
    SaveFailed,
    Unstorable,
)
from replays.summary import Tally

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


def starts_as_match(path: Path) -> bool:
    """Whether `path` is a regular file that begins as a match file does (whatever state the
    rest is in): what an export must never write over."""
    try:
        if not path.is_file():
            return False
        with open(path, "rb") as stream:
            head: bytes = stream.read(len(chain.MARKER))
    except OSError:
        return False
    return head == bytes(chain.MARKER)


def read_header(path: Path) -> Header:
    """Only the header: what the match is, without reading its entries."""
    with _open(path, "rb") as stream:
        return _scan(stream, path, header_only=True).header


def read_summary(path: Path) -> tuple[Header, Tally] | None:
    """The header, and the summary its writer kept beside the file if it still fits the file
    (same size, same last digest): what the listing needs without reading every record.
    None when there is no such summary; LogError when the file itself cannot be read."""
    raw = summary.kept(path)
    if raw is None:
        return None
    with _open(path, "rb") as stream:
        try:
            size = os.fstat(stream.fileno()).st_size
        except OSError as err:
            raise LogError(f"cannot read {path.name}: {err.strerror or err}") from None
        if size <= len(chain.PREAMBLE):
            return None
        header = _scan(stream, path, header_only=True).header
        tally = summary.read(raw, stream, size, len(header.seats))
    return None if tally is None else (header, tally)


class LogWriter(Closing):
    """Appends entries to a locked match file; usable directly as a `Match` sink.

    The file is written through an unbuffered descriptor: nothing is ever held in a buffer to
    be flushed later, so when an append fails the file can be cut back to the last good record
    and stays exactly as the player is told. If even that fails, the writer refuses every
    further append and says the file may hold the entry (reopening the match decides).
    """

    def __init__(
        self,
        path: Path,
        stream: BinaryIO,
        link: bytes,
        end: int,
        tally: Tally,
        *,
        damaged_copy: Path | None = None,
    ) -> None:
        """Use `create` or `open_append`."""
        self.path = path
        self._stream: BinaryIO | None = stream
        self._link = link
        self._end = end
        self._tally = tally
        self._broken: str | None = None
        self._deferred = False
        """`defer`: entries are fsynced only when the owner syncs them (off its own loop)."""
        self._unsynced = False
        self._summarise = paths.is_matches_dir(path.parent)
        self._vouched = False
        self.damaged_copy = damaged_copy
        """The copy of the damaged file kept aside when `open_append` cut a tail off."""

    @classmethod
    def create(cls, path: Path, header: Header) -> LogWriter:
        """A new match file holding `header`; refuses to overwrite an existing file.

        The file is written whole under a temporary name in the same folder, fsynced, and only
        then given its name, so a crash never leaves an empty or headless match file.
        """
        body = _body(header.to_wire(), "the match header")
        if path.exists():
            raise LogError(f"{path.name} already exists; nothing was overwritten")
        temporary = leftovers.temporary(path)
        link = chain.digest(chain.PREAMBLE, body)
        data = chain.PREAMBLE + chain.pack_record(body, link)
        stream: BinaryIO | None = None
        published = False
        try:  # from the moment the temporary file may exist: an interrupt removes it too
            try:
                stream = open(temporary, "xb", buffering=0)  # noqa: SIM115 - close()
            except OSError as err:
                raise LogError(f"cannot create {path.name}: {err.strerror or err}") from None
            lock.acquire(path, stream)
            _write_all(stream, data)
            os.fsync(stream.fileno())
            _publish(temporary, path)
            published = True
            _sync_folder(path.parent)
        except BaseException as err:  # an interrupt too: nothing half-made is left behind
            if stream is not None:
                lock.release(path, stream)
            temporary.unlink(missing_ok=True)
            if published:
                path.unlink(missing_ok=True)
            if isinstance(err, LogError):
                raise
            if isinstance(err, FileExistsError):
                raise LogError(f"{path.name} already exists; nothing was overwritten") from None
            if isinstance(err, OSError):
                raise SaveFailed(f"cannot create {path.name}: {err.strerror or err}") from None
            raise
        return cls(path, stream, link, len(data), Tally(len(header.seats)))

    @classmethod
    def open_append(cls, path: Path) -> tuple[LogWriter, LogRead]:
        """Lock an existing match file for appending; a damaged tail is cut off first.

        The returned LogRead says what was found, including the damage that was removed; the
        untouched file is first kept as a numbered copy (`writer.damaged_copy`).
        """
        _open(path, "rb").close()  # the same refusals (missing, not a regular file) as reading
        try:
            stream: BinaryIO = open(path, "r+b", buffering=0)  # noqa: SIM115 - close()
        except OSError as err:
            raise LogError(f"cannot open {path.name}: {err.strerror or err}") from None
        lock.acquire(path, stream)
        copy = None
        try:
            found = _scan(stream, path, header_only=False)
            if found.damage is not None:
                copy = _keep_damaged_copy(path, stream)
                stream.truncate(found.end)
                os.fsync(stream.fileno())
            stream.seek(found.end)
        except OSError as err:
            lock.release(path, stream)
            raise LogError(f"cannot repair {path.name}: {err.strerror or err}") from None
        except LogError:
            lock.release(path, stream)
            raise
        tally = Tally.of(len(found.header.seats), found.entries)
        writer = cls(path, stream, found.digest, found.end, tally, damaged_copy=copy)
        return writer, found

    def vouch(self) -> None:
        """Say that every entry written so far went through a Match and had its `end` records
        checked against the replay (`replays.ending`): only then is the listing's summary kept
        beside the file when the writer closes, since the listing trusts it without reading
        the file. Entries appended later come from the same Match (the store's `OpenMatch`)."""
        self._vouched = True

    @property
    def count(self) -> int:
        """Entries in the file."""
        return self._tally.entries

    @property
    def closed(self) -> bool:
        return self._stream is None

    def append(self, entry: Entry) -> None:
        """Write one entry and fsync it; on failure the file is left as it was (or, when that
        cannot be made sure of, the writer refuses to go on and says so)."""
        self.append_many((entry,))

    def append_many(self, entries: Iterable[Entry]) -> None:
        """Write several entries with a single fsync (imports, branching)."""
        stream = self._live()
        link, records = self._link, []
        added = entries if isinstance(entries, (tuple, list)) else list(entries)
        for number, entry in enumerate(added, self._tally.entries + 1):
            body = _body(entry.to_wire(), number)
            link = chain.digest(link, body)
            records.append(chain.pack_record(body, link))
        if not records:
            return
        data = records[0] if len(records) == 1 else b"".join(records)
        try:
            _write_all(stream, data)
            stream.flush()
            if self._deferred:
                self._unsynced = True
            else:
                os.fsync(stream.fileno())
        except OSError as err:
            why = err.strerror or str(err)
            if self._undo(stream):
                raise SaveFailed(
                    f"the move could not be saved to {self.path.name}: {why}; the file is "
                    "as it was before it"
                ) from None
            self._broken = (
                f"saving to {self.path.name} failed ({why}) and the file could not be put "
                "back as it was, so it may hold the last move although it was refused"
            )
            raise SaveFailed(f"{self._broken}; open the match again to see what it holds") from None
        self._tally.extend(added)
        self._link = link
        self._end += len(data)

    def defer(self) -> None:
        """From now on entries are written at once and fsynced only by `sync`, or by the owner
        through `sync_begin`/`sync_failed` (a host fsyncs in a thread and tells its guests
        once that is done, so one slow disk write holds one match, not every match)."""
        self._deferred = True

    @property
    def unsynced(self) -> bool:
        """Entries written and not yet fsynced."""
        return self._unsynced

    def sync_begin(self) -> int | None:
        """The descriptor to fsync for everything written so far, or None when all is synced;
        entries written while that fsync runs make the writer unsynced again."""
        if not self._unsynced or self._stream is None:
            return None
        self._unsynced = False
        return self._stream.fileno()

    def sync_failed(self, err: OSError) -> None:
        """An fsync from `sync_begin` failed: the writer refuses to go on, and says why."""
        self._broken = (
            f"saving to {self.path.name} failed ({err.strerror or err}); the last moves "
            "may not have been kept"
        )

    def sync(self) -> None:
        """Make every entry written so far durable (SaveFailed when the disk refuses)."""
        if not self._unsynced or self._stream is None:
            return
        try:
            os.fsync(self._stream.fileno())
        except OSError as err:
            self._broken = (
                f"saving to {self.path.name} failed ({err.strerror or err}); the last moves "
                "may not have been kept"
            )
            raise SaveFailed(f"{self._broken}; open the match again to see what it holds") from None
        self._unsynced = False

    def close(self) -> None:
        """Release the lock; the file is already complete on disk. In the store, the listing's
        summary of the file is written beside it, if the entries were vouched for."""
        if self._stream is not None:
            with contextlib.suppress(SaveFailed):
                self.sync()
            if self._summarise and self._vouched and self._broken is None:
                summary.write(self.path, self._tally, self._end, self._link)
            lock.release(self.path, self._stream)
            self._stream = None

    def _live(self) -> BinaryIO:
        if self._stream is None:
            raise SaveFailed(f"{self.path.name} is closed; open the match again to continue")
        if self._broken is not None:
            raise SaveFailed(f"{self._broken}; open the match again to continue")
        return self._stream

    def _undo(self, stream: BinaryIO) -> bool:
        """Cut a half-written record off; True when the file ends at the last good record."""
        try:
            stream.truncate(self._end)
            stream.seek(self._end)
            if os.fstat(stream.fileno()).st_size != self._end:
                return False
        except OSError:
            return False
        with contextlib.suppress(OSError):
            os.fsync(stream.fileno())
        return True


def _write_all(stream: BinaryIO, data: bytes | bytearray) -> None:
    """Write every byte to an unbuffered stream (a raw write may take only part)."""
    rest = memoryview(data)
    written = stream.write(rest)
    while written != len(rest):
        if not written:
            raise OSError(errno.EIO, "the disk took nothing more")
        rest = rest[written:]
        written = stream.write(rest)


def _publish(temporary: Path, path: Path) -> None:
    """Give a complete new file its name, never replacing a file already there."""
    try:
        os.link(temporary, path)
    except FileExistsError:
        raise
    except OSError as err:
        if err.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.ENOSYS, errno.EXDEV):
            raise
        if path.exists():  # a file system without hard links: check, then rename
            raise FileExistsError(errno.EEXIST, "exists", str(path)) from None
        os.rename(temporary, path)
        return
    with contextlib.suppress(FileNotFoundError):  # swept by another opener of the folder
        os.unlink(temporary)


def _entry(wire: object, index: int) -> Entry:
    try:
        return entry_from_wire(wire)  # type: ignore[arg-type]
    except ValueError as err:
        raise ValueError(f"entry {index + 1} is malformed ({err})") from None


def _body(wire: object, what: str | int) -> bytes:
    """`wire` packed; Unstorable naming `what` (a number: that entry) when it cannot be."""
    try:
        return chain.pack_body(wire)  # type: ignore[arg-type]
    except ValueError as err:
        name = f"entry {what}" if isinstance(what, int) else what
        raise Unstorable(f"{name} cannot be saved: {err}") from None


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


HEADER_READ = 1024
"""Bytes read at first for a header alone: a header is a few hundred (a listing reads one
per file, and reading 64 KiB took longer than checking it)."""


def _walk(stream: BinaryIO, path: Path, size: int, *, header_only: bool) -> LogRead:
    start = len(chain.PREAMBLE)
    unpacker = chain.record_unpacker(stream, HEADER_READ if header_only else 64 * 1024)
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
                damage_reason = _cut_or_forged(stream, end, size)
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


def _cut_or_forged(stream: BinaryIO, offset: int, size: int) -> str:
    """Why the file ends inside the record at `offset`: a torn write, or a length no record
    may have (forged or corrupted), which only looks cut off because it points past the end."""
    stream.seek(offset)
    head = stream.read(8)
    claimed = chain.claimed_body_length(head)
    if claimed is not None and claimed > chain.MAX_BODY:
        return (
            f"a record claims to hold {claimed} bytes, more than any record may "
            f"({chain.MAX_BODY}): it is forged or corrupted"
        )
    return "the last record is cut off, as when Parlour stops while saving it"


DAMAGED = ".damaged"
MAX_COPIES = 999


def damaged_copy_path(path: Path, number: int = 1) -> Path:
    """Where the `number`th kept copy of a damaged file is: `.damaged`, `.damaged-2`, ..."""
    suffix = DAMAGED if number == 1 else f"{DAMAGED}-{number}"
    return path.with_name(path.name + suffix)


def _keep_damaged_copy(path: Path, source: BinaryIO) -> Path:
    """Copy the file aside before repairing it: what we cannot read may still matter to
    someone. A copy kept by an earlier repair is never overwritten: the next free number is
    used. The copy is fsynced before the original is cut."""
    import shutil  # a repair is rare: reading a file does not pay for the import

    for number in range(1, MAX_COPIES + 1):
        target = damaged_copy_path(path, number)
        try:
            copy = open(target, "xb")  # noqa: SIM115 - closed below
        except FileExistsError:
            continue
        try:
            with copy:
                source.seek(0)
                shutil.copyfileobj(source, copy)
                copy.flush()
                os.fsync(copy.fileno())
            _sync_folder(path.parent)
        except OSError:
            target.unlink(missing_ok=True)
            raise
        return target
    raise LogError(
        f"{path.name} is damaged and {MAX_COPIES} damaged copies of it are already kept; "
        "remove some of them to repair it"
    )
