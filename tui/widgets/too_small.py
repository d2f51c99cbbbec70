"""A plain notice in place of a board that would not fit, rather than a silently clipped one."""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from textual.events import Resize
from textual.screen import Screen
from textual.widget import Widget
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
        color: $text-warning;
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


_FOCUSED: WeakKeyDictionary[Screen[Any], Widget] = WeakKeyDictionary()
"""What had the keys on each screen when the notice hid it."""


def fit(screen: Screen[Any], event: Resize) -> None:
    """Call from a screen's `on_resize`: swap the screen for the notice while too small, and
    give the keys back when it fits again (hiding the focused widget takes its focus away, and
    nothing would have it back: the board ignored every key but Tab)."""
    size = event.size
    small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
    if small == screen.has_class("-too-small"):
        return
    if small and screen.focused is not None:
        _FOCUSED[screen] = screen.focused
    screen.set_class(small, "-too-small")
    kept = None if small else _FOCUSED.pop(screen, None)
    if kept is not None:
        screen.call_after_refresh(_refocus, screen, kept)


def _refocus(screen: Screen[Any], widget: Widget) -> None:
    if screen.focused is None and widget.is_attached and widget.focusable:
        widget.focus()
