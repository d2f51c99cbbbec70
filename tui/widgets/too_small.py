"""A plain notice in place of a board that would not fit, rather than a silently clipped one."""

from __future__ import annotations

from typing import Any

from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmall(Static):
    """Shown instead of everything else on its screen while the terminal is under 80 by 24."""

    SCOPED_CSS = False  # the rules below are about the screen around it, not inside it
    DEFAULT_CSS = """
    TooSmall {
        display: none;
        width: 100%;
        height: 100%;
        content-align: center middle;
        text-align: center;
        color: $warning;
    }
    Screen.-too-small > * { display: none; }
    Screen.-too-small > TooSmall { display: block; }
    """

    def __init__(self) -> None:
        super().__init__(
            f"This terminal is too small for the board.\n"
            f"Enlarge it to at least {MIN_WIDTH} columns by {MIN_HEIGHT} rows "
            "(q still saves and quits).",
            id="too-small",
        )


def fit(screen: Screen[Any], event: Resize) -> None:
    """Call from a screen's `on_resize`: swap the screen for the notice while too small."""
    size = event.size
    screen.set_class(size.width < MIN_WIDTH or size.height < MIN_HEIGHT, "-too-small")
