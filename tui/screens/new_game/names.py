"""The names typed for each seat last time, offered again on the next new-game form."""

from __future__ import annotations

import contextlib
import json

from core.match import Seat

NAMES_FILE = "names.json"
"""Where the names are kept, in the state folder."""


def remembered_names() -> list[str]:
    """The human names of the last match started here; [] when none are kept (or unreadable)."""
    from replays.paths import state_dir

    try:
        names = json.loads((state_dir() / NAMES_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(names, list):
        return []
    return [n if isinstance(n, str) else "" for n in names][:8]


def remember_names(seats: tuple[Seat, ...]) -> None:
    """Keep the human seats' names for next time; a failure only costs the convenience."""
    from replays.paths import state_dir

    names = [seat.name if seat.kind == "human" else "" for seat in seats]
    with contextlib.suppress(OSError):
        (state_dir() / NAMES_FILE).write_text(json.dumps(names), encoding="utf-8")
