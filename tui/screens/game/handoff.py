"""The hot-seat handoff sequence: blank everything private, name who takes the device next,
and draw their view only once they say they are there.

The opaque screen itself is `tui.screens.handoff.HandoffScreen`; this is the order of things
around it, which is what keeps a hand unseen: the table must stop moving first (a sliding card
would be drawn in the old viewer's words), then the private panel and the move log are cleared,
and only the ready answer sets the new viewer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tui.screens.handoff import HandoffScreen

if TYPE_CHECKING:
    from tui.screens.game.screen import GameScreen


class Handoff:
    """Hands the device of one game screen from one human to the next."""

    def __init__(self, screen: GameScreen[Any, Any]) -> None:
        self._screen = screen

    def to(self, seat: int) -> None:
        """Hold the match, then (once still) blank the screen and ask for `seat`'s player."""
        self._screen.hold = "handoff"
        self._screen.when_still(lambda: self._blank_for(seat))

    def _blank_for(self, seat: int) -> None:
        screen = self._screen
        screen.seating.viewer = None
        screen.news("")
        screen.rebuild_log()
        screen.draw(animate=False)
        where = screen.where() + screen.kit.narrator.score(screen.table_view(), screen.names)
        screen.app.push_screen(
            HandoffScreen(screen.names[seat], where),
            callback=lambda ready: self._handed(seat, ready),
        )

    def _handed(self, seat: int, ready: bool | None) -> None:
        screen = self._screen
        if not ready:
            screen.action_save_quit()
            return
        screen.hold = None
        screen.seating.viewer = seat
        screen.rebuild_log()
        screen.advance()
