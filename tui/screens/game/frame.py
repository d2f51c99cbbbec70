"""The frame every screen that shows a match from one chair shares: status line, table, news,
hand and move log, laid out by `game.tcss` (its rules name `MatchFrame`, so the live game and
a guest's record read alike)."""

from __future__ import annotations

from textual.screen import Screen

WIDE = 100
"""Columns from which the move log stands beside the table rather than below it."""


class MatchFrame(Screen[None]):
    """The layout's owner: the breakpoint that puts the move log beside the table."""

    # Textual declares it `ClassVar[...] | None`, which mypy takes for an instance variable.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]  # noqa: RUF012
    """From `WIDE` columns the move log is a column beside the table (`game.tcss`)."""
