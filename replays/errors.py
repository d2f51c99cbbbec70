"""What can go wrong with a match file, each with a message a player can act on.

Everything the replays package raises about files is a `LogError`; `str(error)` is the
user-facing message (what happened, and what to do next).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Damage:
    """Where a match file stops being trustworthy, and how much of it is still good.

    `entry` is the 0-based index of the first entry that could not be read (so exactly
    `entry` entries are recoverable); `offset` is the byte offset of its record.
    """

    entry: int
    offset: int
    reason: str
    file_size: int

    @property
    def recoverable(self) -> int:
        """How many entries before the damage are intact."""
        return self.entry

    @property
    def message(self) -> str:
        if self.entry == 0:
            return (
                f"the match file is damaged right after its header (byte {self.offset}): "
                f"{self.reason}; no moves can be recovered"
            )
        kept = "the first entry" if self.entry == 1 else f"the first {self.entry} entries"
        return (
            f"the match file is damaged after entry {self.entry} (byte {self.offset}): "
            f"{self.reason}; {kept} can be recovered"
        )

    def __str__(self) -> str:
        return self.message


class LogError(Exception):
    """Base of every match-file problem; the message is meant for the player."""


class NotAMatchFile(LogError):
    """The file is not a Parlour match file at all (or is empty)."""

    def __init__(self, path: Path, why: str) -> None:
        super().__init__(f"{path.name} is not a Parlour match file: {why}")
        self.path = path


class NewerFormat(LogError):
    """The file was written by a newer Parlour, in a format this one cannot read."""

    def __init__(self, path: Path, version: int, supported: int) -> None:
        super().__init__(
            f"this match was saved by a newer Parlour (format {version}; this one reads up "
            f"to {supported}): upgrade Parlour to open {path.name}"
        )
        self.path = path
        self.version = version


class DamagedLog(LogError):
    """The file is damaged so badly (or in such a place) that the operation cannot go on."""

    def __init__(self, path: Path, why: str, damage: Damage | None = None) -> None:
        super().__init__(f"{path.name} cannot be used: {why}")
        self.path = path
        self.damage = damage


@dataclass(frozen=True)
class LockHolder:
    """Who has a match open for writing, as recorded beside the match file."""

    pid: int
    host: str
    program: str
    since: str
    """ISO 8601 local time the lock was taken."""


class MatchLocked(LogError):
    """Another Parlour (or another window of this one) has the match open for writing."""

    def __init__(self, path: Path, holder: LockHolder | None) -> None:
        if holder is None:
            who = "another Parlour"
        else:
            when = holder.since[11:16] if len(holder.since) >= 16 else holder.since
            who = f"another Parlour (pid {holder.pid} on {holder.host}, since {when})"
        super().__init__(f"this match is open in {who}; close it there first ({path.name})")
        self.path = path
        self.holder = holder


class HiddenPerspective(LogError):
    """A view the rules would not show: everything before the end, or a seat that is not there."""


class MatchNotFound(LogError):
    """No match file by that path or id."""


class BadExport(LogError):
    """A JSON export that cannot be turned back into a match."""


class SaveFailed(LogError):
    """An entry could not be written to disk (disk full, file removed, ...)."""


class Unstorable(SaveFailed):
    """A header or entry that no match file can hold (too large, a value msgpack cannot carry):
    the input is at fault, not the disk."""


class StoreUnavailable(LogError, OSError):
    """Parlour's folders cannot be used (PARLOUR_HOME names a file, a read-only disk, ...).

    Also an OSError, as the failure to create a folder always was, so callers that treat a
    missing folder as "no file there" (settings, remembered names) go on doing so."""
