"""The frame every screen that shows a match from one chair shares: status line, table, news,
hand and move log, laid out by `game.tcss` (its rules name `MatchFrame`, so the live game and
a guest's record read alike)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Container
from textual.events import Resize
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from tui.widgets.clamped import ClampedText
from tui.widgets.move_log import MoveLog
from tui.widgets.too_small import TooSmall, fit

WIDE = 100
"""Columns from which the move log stands beside the table rather than below it."""


class MatchFrame(Screen[None]):
    """The layout's owner: one order of widgets for every width, and the breakpoint that puts
    the move log beside the table."""

    # Textual declares it `ClassVar[...] | None`, which mypy takes for an instance variable.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]  # noqa: RUF012
    """From `WIDE` columns the move log is a column beside the table (`game.tcss`)."""

    def parts(self) -> tuple[Widget, Widget | None]:
        """The game's table widget and its private panel (None for games without a hand)."""
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        """One order of widgets for every width; `game.tcss` arranges them by breakpoint."""
        table, private = self.parts()
        yield Static(id="status")
        with Container(id="lower"):
            yield table
            yield ClampedText(id="news")  # a long narration ends with "…", never mid-way
            if private is not None:
                yield private
            yield MoveLog()
        # No palette key, as in the replay: at 80 columns it cut the last keys off ("^r resig");
        # ctrl+p still opens it, and `?` lists it with the rest.
        yield Footer(compact=True, show_command_palette=False)
        yield TooSmall()

    def on_resize(self, event: Resize) -> None:
        fit(self, event)
