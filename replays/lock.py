"""One writer per match: an exclusive `flock` on the match file, plus a note saying who.

The kernel lock is what excludes (and it dies with its process, so a crash never leaves a
match locked); the sidecar `<match>.parlour.lock` only tells a refused opener who holds it.
flock belongs to an open file description, so even a second open in the same process is
refused. Every reader of match files imports this module, and only writers lock: what only
the note needs (json, the host name, the date) is imported where the note is written or read.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sys
import time
from pathlib import Path
from typing import BinaryIO

from replays.errors import LockHolder, MatchLocked


def sidecar(path: Path) -> Path:
    """The holder note beside a match file."""
    return path.with_name(path.name + ".lock")


def holder_of(path: Path) -> LockHolder | None:
    """Who the sidecar says holds `path`, or None when there is no readable note."""
    import json

    try:
        data = json.loads(sidecar(path).read_text(encoding="utf-8"))
        return LockHolder(
            pid=int(data["pid"]),
            host=str(data["host"]),
            program=str(data["program"]),
            since=str(data["since"]),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None


def acquire(path: Path, stream: BinaryIO) -> None:
    """Take the exclusive lock on `stream` (the open match file), or close the stream and
    raise MatchLocked naming the holder."""
    try:
        fcntl.flock(stream.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        stream.close()
        holder = holder_of(path)
        for _ in range(4):  # the holder writes its note just after locking: give it a moment
            if holder is not None:
                break
            time.sleep(0.005)
            holder = holder_of(path)
        raise MatchLocked(path, holder) from None
    import json
    import socket
    from datetime import datetime

    note = {
        "pid": os.getpid(),
        "host": socket.gethostname(),
        "program": Path(sys.argv[0]).name if sys.argv and sys.argv[0] else "parlour",
        "since": datetime.now().astimezone().isoformat(timespec="seconds"),
    }
    # The note is a courtesy: a read-only folder, or a torn note, costs a refused opener the
    # details only (holder_of then says "another Parlour"). Written in place, with no temporary
    # file, so an interruption can leave nothing behind but the note that release() removes.
    with contextlib.suppress(OSError):
        sidecar(path).write_text(json.dumps(note), encoding="utf-8")


def release(path: Path, stream: BinaryIO) -> None:
    """Remove the holder note, then let go of the lock by closing the file."""
    with contextlib.suppress(OSError):
        sidecar(path).unlink()
    # Closing still releases the descriptor (and the lock) when the final flush fails.
    with contextlib.suppress(OSError):
        stream.close()


def held(path: Path) -> bool:
    """Whether `path` is open for play now, by any Parlour (this one included). Only a match
    with a holder note can be (the note outlives a crash, so the kernel's lock is asked, with
    a shared lock that is let go at once): a listing pays one `stat` for the others."""
    if not sidecar(path).exists():
        return False
    try:
        with open(path, "rb") as stream:
            try:
                fcntl.flock(stream.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
            except BlockingIOError:
                return True
            fcntl.flock(stream.fileno(), fcntl.LOCK_UN)
    except OSError:
        pass  # gone or unreadable: the listing says so its own way
    return False


def held_here(holder: LockHolder | None) -> bool:
    """Whether a lock's holder is this very process (another screen of this window)."""
    import socket

    return holder is not None and holder.pid == os.getpid() and holder.host == socket.gethostname()
