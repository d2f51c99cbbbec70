"""A guest's own record of a match hosted elsewhere: the frames its seat was sent, kept as they
came, so a guest who leaves mid-match still has what it saw (docs/FORMAT.md, "A guest's record").

The record holds nothing the seat was not told — it *is* the host's frames for this seat, byte
for byte — and the invitation, so the match can be rejoined from the app; the file is for its
owner only (0600). It is made whole (a rename) with its header and the host's welcome, then one
line is appended per frame, each line one write, so a killed guest leaves at worst a cut-off
last line, which is ignored on reading. Reading checks every line (the frames' own rules, the
codec's allowlist); anything else is a `SeenError` naming the line. When the match ends the
host's finished copy takes its place (`discard`).
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core import registry
from core.match import Seat
from core.rules import Outcome, Rules
from replays import paths
from replays.chronicle import Line
from replays.errors import LogError
from replays.remote.codec import Codec, CodecError
from replays.remote.invite import BadInvitation, Invitation, parse
from replays.remote.wire import WireError, host_frame, read_outcome

FORMAT = "parlour-seen"
VERSION = 1
SUFFIX = ".seen"
LIMIT = 16 << 20
"""Bytes one record may grow to; past it nothing more is kept (the host keeps the match)."""
KEPT = ("welcome", "update")
"""The frames a record keeps: what the seat was shown (notices and refusals are passing words)."""


class SeenError(LogError):
    """A record that cannot be read: the message names the file and the line."""


def folder() -> Path:
    """Where the records of matches on other machines are kept (for their owner only)."""
    made = paths.matches_dir() / "away"
    made.mkdir(mode=0o700, exist_ok=True)
    return made


def path_of(match_id: str, seat: int) -> Path:
    """One record per match and seat (two guests of one match may share a machine)."""
    held = "watch" if seat < 0 else f"seat{seat + 1}"
    return folder() / f"{match_id}.{held}{SUFFIX}"


class SeenWriter:
    """Keeps one guest's frames of one match as they arrive."""

    def __init__(self, invitation: Invitation, welcome: Mapping[str, Any], data: bytes) -> None:
        """Start the record (or go on with the one this match has): its header and the welcome
        `data`, written whole (OSError when the folder cannot take it)."""
        self.path = path_of(str(welcome["match"]), int(welcome["seat"]))
        self.full = False
        if self.path.exists():
            self._renew(str(invitation))
            self._size = self.path.stat().st_size
            self.add(data)
            return
        header = {
            "format": FORMAT,
            "version": VERSION,
            "invitation": str(invitation),
            "game": welcome["game"],
            "match": welcome["match"],
            "seat": welcome["seat"],
            "names": [str(s.get("name", "")) for s in welcome["seats"]],
            "options": dict(welcome.get("options") or {}),
            "started": time.time(),
        }
        body = (json.dumps(header) + "\n").encode() + _line(data)
        _write_whole(self.path, body)
        self._size = len(body)

    def _renew(self, invitation: str) -> None:
        """The record goes on under `invitation` when it was kept under another (the host
        gave this seat a new one, `--reissue`): rejoining from it uses the one that works.
        Rewritten whole (a rename); a header that cannot be read is left for the reader to
        refuse."""
        body = self.path.read_bytes()
        first, _, rest = body.partition(b"\n")
        try:
            header = json.loads(first)
        except ValueError:
            return
        if not isinstance(header, dict) or header.get("invitation") in (None, invitation):
            return
        header["invitation"] = invitation
        _write_whole(self.path, (json.dumps(header) + "\n").encode() + rest)

    def add(self, data: bytes) -> bool:
        """Append one frame from the host (one write: a crash cuts at most this line); False
        once the record is full or the disk refuses (the match goes on, unrecorded)."""
        if self.full:
            return False
        line = _line(data)
        if self._size + len(line) > LIMIT:
            self.full = True
            return False
        try:
            descriptor = os.open(self.path, os.O_WRONLY | os.O_APPEND)
            try:
                os.write(descriptor, line)
            finally:
                os.close(descriptor)
        except OSError:
            self.full = True
            return False
        self._size += len(line)
        return True

    def discard(self) -> None:
        """The host's finished copy is kept instead."""
        forget(self.path)


def forget(path: Path) -> None:
    """Remove a record whose match's finished copy is kept here now (none there is fine)."""
    with contextlib.suppress(OSError):
        path.unlink()


def _write_whole(path: Path, body: bytes) -> None:
    """`body` as the file at `path`, for its owner only, whole or not at all (a rename)."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(descriptor, "wb") as out:
            out.write(body)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise


def _line(data: bytes) -> bytes:
    return base64.b64encode(data) + b"\n"


# -- reading ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Moment:
    """What the seat was shown by one update: its view, every line so far, whose turn."""

    position: int
    view: Any
    lines: tuple[Line, ...]
    to_move: int | None
    outcome: Outcome | None


@dataclass(frozen=True)
class Seen:
    """A record read back and checked: the match as one seat saw it."""

    path: Path
    invitation: Invitation
    rules: Rules[Any, Any, Any]
    match_id: str
    seat: int
    seats: tuple[Seat, ...]
    options: Mapping[str, Any]
    moments: tuple[Moment, ...]
    started: float

    @property
    def finished(self) -> bool:
        return bool(self.moments) and self.moments[-1].outcome is not None


@dataclass(frozen=True)
class SeenSummary:
    """A record's listing line, from its header alone (no frame is decoded to list it)."""

    path: Path
    game: str
    match_id: str
    seat: int
    names: tuple[str, ...]
    invitation: str
    last_seen: float
    options: Mapping[str, Any]


def header_of(path: Path) -> dict[str, Any]:
    """The record's first line, checked (SeenError otherwise)."""
    try:
        with path.open("rb") as source:
            first = source.readline(64 * 1024)
        header = json.loads(first)
    except (OSError, ValueError) as err:
        raise SeenError(f"{path.name}: line 1 is not a record's header ({err})") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise SeenError(f"{path.name}: not a Parlour guest's record")
    if header.get("version") != VERSION:
        raise SeenError(
            f"{path.name}: a record of version {header.get('version')!r}; "
            f"this Parlour reads version {VERSION}"
        )
    kinds = {"invitation": str, "game": str, "match": str, "seat": int, "names": list}
    for name, kind in kinds.items():
        if not isinstance(header.get(name), kind):
            raise SeenError(f"{path.name}: line 1 needs {name!r}")
    return header


def summaries() -> tuple[list[SeenSummary], list[tuple[Path, str]]]:
    """Every record here, newest first, and those whose header cannot be read (with why)."""
    found: list[SeenSummary] = []
    unreadable: list[tuple[Path, str]] = []
    for path in sorted(folder().glob(f"*{SUFFIX}")):
        try:
            header = header_of(path)
            seen = path.stat().st_mtime
        except (SeenError, OSError) as err:
            unreadable.append((path, str(err)))
            continue
        found.append(
            SeenSummary(
                path,
                header["game"],
                header["match"],
                header["seat"],
                tuple(str(n)[:40] for n in header["names"]),
                header["invitation"],
                seen,
                options if isinstance(options := header.get("options"), dict) else {},
            )
        )
    found.sort(key=lambda s: s.last_seen, reverse=True)
    return found, unreadable


def read_seen(path: Path) -> Seen:
    """The record at `path`, every frame checked (SeenError naming the first bad line). A last
    line cut off by a crash is left out, as a match file's torn tail is."""
    header = header_of(path)
    try:
        data = path.read_bytes()
    except OSError as err:
        raise SeenError(f"{path.name}: cannot be read ({err.strerror or err})") from None
    rows = data.split(b"\n")
    if rows and rows[-1] != b"":
        rows = rows[:-1]  # a line a crash cut off
    try:
        invitation = parse(header["invitation"])
        rules = registry.get(header["game"])
    except (BadInvitation, registry.UnknownGame) as err:
        raise SeenError(f"{path.name}: line 1: {err}") from None
    reader = _Reader(rules)
    for number, row in enumerate(rows[1:], start=2):
        if not row:
            continue
        try:
            reader.read(host_frame(base64.b64decode(row, validate=True)))
        except (binascii.Error, WireError, CodecError, ValueError) as err:
            raise SeenError(f"{path.name}: line {number} is damaged ({err})") from None
    if reader.welcome is None or not reader.moments:
        raise SeenError(f"{path.name}: the record holds no welcome and update from the host")
    welcome = reader.welcome
    if welcome["match"] != header["match"] or welcome["seat"] != header["seat"]:
        raise SeenError(f"{path.name}: the welcome is for another match or seat")
    return Seen(
        path,
        invitation,
        rules,
        header["match"],
        header["seat"],
        reader.seats,
        welcome["options"],
        tuple(reader.moments),
        float(header.get("started") or 0.0),
    )


class _Reader:
    """Folds a record's frames into moments, as the guest's table folded them live."""

    def __init__(self, rules: Rules[Any, Any, Any]) -> None:
        self.rules = rules
        self.codec = Codec.for_game(rules)
        self.welcome: dict[str, Any] | None = None
        self.seats: tuple[Seat, ...] = ()
        self.moments: list[Moment] = []
        self._lines: list[Line] = []

    def read(self, frame: dict[str, Any]) -> None:
        if frame["t"] == "welcome":
            self._welcome(frame)
        elif frame["t"] == "update":
            self._update(frame)
        else:
            raise ValueError(f"a {frame['t']!r} frame is not kept in a record")

    def _welcome(self, frame: dict[str, Any]) -> None:
        seats = frame.get("seats")
        if frame.get("game") != self.rules.id or not isinstance(seats, list):
            raise ValueError("a welcome for another game")
        if self.welcome is not None and (
            frame.get("match"),
            frame.get("seat"),
        ) != (self.welcome["match"], self.welcome["seat"]):
            raise ValueError("a welcome for another match or seat")
        if not isinstance(frame.get("match"), str) or not isinstance(frame.get("seat"), int):
            raise ValueError("a welcome without its match and seat")
        options = frame.get("options")
        self.welcome = {**frame, "options": dict(options) if isinstance(options, dict) else {}}
        self.seats = tuple(
            Seat(str(s.get("name", ""))[:40], "bot" if s.get("kind") == "bot" else "human")
            for s in seats
            if isinstance(s, dict)
        )

    def _update(self, frame: dict[str, Any]) -> None:
        if self.welcome is None:
            raise ValueError("an update before the host's welcome")
        lines = frame.get("lines")
        position = frame.get("position")
        if not isinstance(lines, list | tuple) or not isinstance(position, int):
            raise ValueError("an update without its position and lines")
        view = self.codec.unpack(frame.get("view"))
        told = [self.codec.unpack(line) for line in lines]
        if not all(isinstance(line, Line) for line in told):
            raise ValueError("an update holds something that is not a line of play")
        kept: Sequence[Line] = [line for line in told if isinstance(line, Line)]
        self._lines = list(kept) if frame.get("reset") else [*self._lines, *kept]
        to_move = frame.get("to_move")
        self.moments.append(
            Moment(
                position,
                view,
                tuple(self._lines),
                to_move if isinstance(to_move, int) else None,
                read_outcome(frame.get("outcome")),
            )
        )
