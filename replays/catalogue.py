"""A cache of match summaries, so the resume list reads each file once, not on every visit.

A summary is keyed by the file's name, size and modification time; a file that grew or
changed since is read again. The cache lives in the state folder and is only a cache: if it
is missing, unreadable or from another version, the listing reads the files and writes it anew.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgpack

from replays import paths
from replays.errors import StoreUnavailable

VERSION = 2
Key = tuple[int, int]
"""(size in bytes, modification time in ns) of a match file."""


def cache_path() -> Path:
    return paths.state_dir() / "listing.msgpack"


def key_of(path: Path) -> Key:
    info = path.stat()
    return (info.st_size, info.st_mtime_ns)


def load() -> dict[str, tuple[Key, Any]]:
    """name -> (key, summary wire) from the cache; empty when there is no usable cache."""
    try:
        data = msgpack.unpackb(cache_path().read_bytes(), raw=False, strict_map_key=True)
    except (OSError, ValueError, msgpack.UnpackException, StoreUnavailable):
        return {}  # no cache, or no state folder (a read-only store): the files are read
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return {}
    found = data.get("matches")
    if not isinstance(found, dict):
        return {}
    result: dict[str, tuple[Key, Any]] = {}
    for name, item in found.items():
        if isinstance(item, list) and len(item) == 3 and all(isinstance(n, int) for n in item[:2]):
            result[name] = ((item[0], item[1]), item[2])
    return result


def save(entries: dict[str, tuple[Key, Any]]) -> None:
    """Replace the cache; failing to write it only costs speed next time."""
    body = msgpack.packb(
        {
            "version": VERSION,
            "matches": {name: [*key, wire] for name, (key, wire) in entries.items()},
        },
        use_bin_type=True,
    )
    try:
        target = cache_path()
    except StoreUnavailable:
        return  # a read-only store with no state folder: the listing just reads the files
    paths.replace_quietly(target, body)
