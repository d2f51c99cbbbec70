"""Where the app opens: the menu, or straight at a new game, a resume or a replay.

Kept free of Textual so the command line can build a `Start` without loading the UI.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

StartKind = Literal["menu", "new", "resume", "replay", "host", "join"]


@dataclass(frozen=True)
class Start:
    """The place to open at: `parlour new GAME`, `parlour resume [ID]`, `parlour replay FILE`."""

    kind: StartKind = "menu"
    game: str | None = None
    """The game id for "new"."""
    options: dict[str, Any] = field(default_factory=dict)
    """Game options for "new" (preselected on the New game screen)."""
    players: int | None = None
    """The player count for "new" (None: as the last match of the game had it)."""
    match: str | None = None
    """A match id or a file path, for "resume" and "replay"; the invitation, for "join"."""
    watch: bool = False
    """For "join": the invitation is for watching, not for a seat."""
    hosting: Any = None
    """For "host": the `replays.remote.hosting.Plan` (typed loosely: no import at start-up)."""
