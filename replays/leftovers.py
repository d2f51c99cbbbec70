"""Temporary match files a killed Parlour left behind, and their removal.

A new match file is written whole as `.<file>.parlour.<pid>.tmp` in its folder and only then
given its name (`LogWriter.create`), so a kill in between leaves that hidden file and nothing
else wrong. Folders Parlour writes match files into (the store, a `--out` folder) remove such
leftovers when they are next opened: a file of exactly that pattern whose process is gone
from this machine, or one older than an hour whatever its pid says (the pid may have been
reused, or the folder shared with another machine). Writing one takes milliseconds, so nothing
that young and alive is touched; if a creation elsewhere loses its temporary file all the
same, it fails with a clear message and leaves no match file behind.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from pathlib import Path

from replays import lock

PATTERN = re.compile(r"\.(?P<name>.+\.parlour)\.(?P<pid>[0-9]{1,10})\.tmp")
STALE_AFTER = 3600.0
"""Seconds after which a temporary match file is a leftover even if its pid is alive."""


def temporary(path: Path) -> Path:
    """Where this process writes the new match file `path` before giving it its name."""
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def sweep(folder: Path, *, now: float | None = None) -> list[Path]:
    """Remove the leftover temporary match files in `folder`; returns what was removed.

    Anything that cannot be read or removed is left as it is: sweeping never fails."""
    removed: list[Path] = []
    moment = time.time() if now is None else now
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        found = PATTERN.fullmatch(entry.name)
        if found is None:
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        young = moment - info.st_mtime < STALE_AFTER
        if not stat.S_ISREG(info.st_mode) or (young and _alive(int(found["pid"]))):
            continue
        try:
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
        _drop_orphan_note(folder / found["name"])
    return removed


def _alive(pid: int) -> bool:
    """Whether a process with this pid runs on this machine (signal 0 asks without sending)."""
    if pid <= 0:
        return False  # 0 and below would address process groups, not a process
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    except (OverflowError, OSError):
        return False
    return True


def _drop_orphan_note(match: Path) -> None:
    """The lock note a creation writes beside the name it was about to give, when no match
    file ever got that name."""
    if match.exists():
        return
    with contextlib.suppress(OSError):
        lock.sidecar(match).unlink()
