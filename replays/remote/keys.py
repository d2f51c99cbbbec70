"""The secrets of a hosted match: one per remote seat and one for watching, kept beside the
store so a host restarted with `--resume` takes the same invitations.

A secret is a capability — whoever holds it takes the seat — so the file is written for its
owner only (mode 0600), never inside the match file (which players share and export), and
compared in constant time. Reissuing a seat's secret revokes the old invitation.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from core.rules import SPECTATOR
from replays.paths import state_dir
from replays.remote.invite import new_secret, secrets_match


@dataclass
class Keys:
    """Secret per remote seat (None for seats nobody joins from elsewhere) and for watching."""

    match_id: str
    seats: list[str | None]
    watch: str = field(default_factory=new_secret)
    address: str = ""
    """Where the match was last listened for (its invitations name it), "" before then."""
    port: int = 0

    @classmethod
    def new(cls, match_id: str, remote: list[bool]) -> Keys:
        return cls(match_id, [new_secret() if r else None for r in remote])

    def holder(self, secret: str) -> int | None:
        """The seat (SPECTATOR for watching) `secret` holds, or None; every secret is compared,
        so the time taken says nothing about which one came close."""
        found: int | None = None
        for seat, key in enumerate(self.seats):
            if key is not None and secrets_match(key, secret):
                found = seat
        if secrets_match(self.watch, secret):
            found = SPECTATOR
        return found

    def reissue(self, seat: int) -> str:
        """A new secret for `seat` (SPECTATOR: for watching); the old invitation stops working."""
        if seat == SPECTATOR:
            self.watch = new_secret()
            return self.watch
        self.seats[seat] = new_secret()
        return self.seats[seat] or ""

    # -- kept on disk ------------------------------------------------------------------------
    @staticmethod
    def _path(match_id: str) -> Path:
        folder = state_dir() / "hosting"
        folder.mkdir(mode=0o700, exist_ok=True)
        return folder / f"{match_id}.json"

    def save(self) -> None:
        """Write the secrets for their owner only, whole (a rename), before any is handed out."""
        path = self._path(self.match_id)
        body = json.dumps(
            {
                "match": self.match_id,
                "seats": self.seats,
                "watch": self.watch,
                "address": self.address,
                "port": self.port,
            }
        )
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            with os.fdopen(descriptor, "w") as out:
                out.write(body)
            os.replace(temporary, path)
        except OSError:
            with contextlib.suppress(OSError):
                temporary.unlink()
            raise

    @classmethod
    def load(cls, match_id: str) -> Keys | None:
        """The secrets kept for `match_id`, or None when there are none (or they are unreadable)."""
        try:
            data = json.loads(cls._path(match_id).read_text())
            seats, watch = data["seats"], data["watch"]
            address, port = data.get("address", ""), data.get("port", 0)
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None
        if not isinstance(seats, list) or not isinstance(watch, str):
            return None
        if not all(s is None or isinstance(s, str) for s in seats):
            return None
        if not isinstance(address, str) or not isinstance(port, int):
            address, port = "", 0
        return cls(match_id, list(seats), watch, address, port)

    @classmethod
    def hosted(cls, target: str) -> Keys | None:
        """The secrets of `target` (a match id or file) when it was hosted from here with
        seats on other machines, else None. Light on purpose: Resume asks it of every match
        it opens, and must not load the network to learn that a match is local."""
        from replays.errors import LogError
        from replays.logfile import read_header
        from replays.store import locate

        try:
            keys = cls.load(read_header(locate(target)).match_id)
        except (LogError, OSError):
            return None
        return keys if keys is not None and keys.remote else None

    @property
    def remote(self) -> bool:
        """Some seat of the match is played from another machine."""
        return any(key is not None for key in self.seats)
