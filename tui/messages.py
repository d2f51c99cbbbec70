"""What screens ask the app for: each a message that bubbles up from the screen to the app.

A leaf module (it imports no screen and not the app), so screens never import `tui.app` and
every route to a place goes through the app's handlers, which treat errors the same way: a
notice, never a crash.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from textual.message import Message

if TYPE_CHECKING:
    from core.match import Seat
    from core.rules import Rules
    from replays.store import OpenMatch

Place = Literal["new", "resume", "replays", "rules", "settings"]


class OpenPlace(Message):
    """Open one of the salon's places (the new-game form for `game`, its rules page...)."""

    def __init__(
        self,
        place: Place,
        game: str | None = None,
        options: Mapping[str, object] | None = None,
        section: str | None = None,
    ) -> None:
        super().__init__()
        self.place, self.game, self.options, self.section = place, game, options, section


class ShowMenu(Message):
    """Close every screen above the main menu."""


class StartMatch(Message):
    """Create a match file for these seats and options and play it."""

    def __init__(
        self,
        rules: Rules[Any, Any, Any],
        seats: Sequence[Seat],
        options: Mapping[str, Any],
        *,
        remote: Sequence[int] = (),
    ) -> None:
        """`remote`: the seats played from other machines (the match is then hosted here)."""
        super().__init__()
        self.rules, self.seats, self.options = rules, tuple(seats), dict(options)
        self.remote = tuple(remote)


class PlayMatch(Message):
    """Show the game screen for a match that is open already (it takes the match over)."""

    def __init__(self, opened: OpenMatch, *, replace: bool = False) -> None:
        super().__init__()
        self.opened, self.replace = opened, replace


class ResumeMatch(Message):
    """Open a stored match (by id or path) and play on."""

    def __init__(self, ref: str | Path) -> None:
        super().__init__()
        self.ref = ref


class ShowReplay(Message):
    """Open the replay viewer on a match file."""

    def __init__(self, path: Path, *, replace: bool = False) -> None:
        super().__init__()
        self.path, self.replace = path, replace


class ChangeSettings(Message):
    """Apply and save settings (`animations=`, `theme=`)."""

    def __init__(self, **changes: Any) -> None:
        super().__init__()
        self.changes = changes
