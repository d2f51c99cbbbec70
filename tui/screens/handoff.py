"""The hot-seat handoff: an opaque screen that names who should take the device next.

It is a full `Screen`, not a `ModalScreen`: a modal draws the game underneath at 60% and the
hand would stay readable. The game screen also clears its hand before pushing this one, so a
resize or a screenshot taken meanwhile shows no card of anyone.
"""

from __future__ import annotations

import time
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from tui.widgets.hung_text import HungText, glued, parts_of

READY_GRACE = 0.8
"""How long a new handoff ignores "ready" (see `HandoffScreen.GRACE`)."""


def hold_off(button: Button, seconds: float) -> None:
    """Show `button` dimmed for the `seconds` in which its screen takes no "go on" (a grace):
    an Enter then would otherwise seem to do nothing for no reason."""
    if seconds > 0:
        button.disabled = True
        button.set_timer(seconds, lambda: setattr(button, "disabled", False))


class HandoffScreen(Screen[bool]):
    """Dismisses with True when the named player is ready, False to save and quit."""

    GRACE: ClassVar[float] = READY_GRACE
    """Seconds after the screen appears in which "ready" is not taken: an Enter typed ahead
    by the player who just moved (or who just pressed Start) must not pass the device on."""

    CSS_PATH = "../styles/game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", "ready"),
        Binding("q", "quit_match", "save & quit"),
        Binding("ctrl+s", "screenshot", "screenshot", show=False),
    ]

    def __init__(self, name: str, detail: str = "") -> None:
        super().__init__(classes="handoff")
        self.player = name
        self.detail = detail
        self._shown = float("inf")
        """When the screen appeared (`on_mount`); until then "ready" is not taken at all."""

    def compose(self) -> ComposeResult:
        with Center(), Vertical(classes="handoff-card"):
            yield Static("Pass the device to", classes="handoff-lead")
            yield Static(Content(self.player), classes="handoff-name")
            yield Static(
                Content(
                    "Everyone else: please look away. Nothing of any hand is on screen until "
                    f"{self.player} is ready."
                ),
                classes="handoff-note",
            )
            if self.detail:  # "Contest 3 · Ann 0 · Ben [R] 2": wrapped between parts only
                yield HungText(glued(parts_of(self.detail)), indent=0, classes="handoff-detail")
            with Center():
                ready = Button(
                    Content(f"I am {self.player}: show my hand ⏎"), id="ready", variant="primary"
                )
                ready.can_focus = False  # Enter belongs to the screen, so the Footer lists it
                yield ready
        yield Footer()

    def on_mount(self) -> None:
        self._shown = time.monotonic()
        hold_off(self.query_one("#ready", Button), self.GRACE)

    @on(Button.Pressed, "#ready")
    def action_ready(self) -> None:
        if self.is_current and time.monotonic() - self._shown >= self.GRACE:
            self.dismiss(True)

    def action_quit_match(self) -> None:
        if self.is_current:
            self.dismiss(False)

    def action_screenshot(self) -> None:
        """Nothing of the game is on a handoff: say where a screenshot can be taken."""
        self.notify(
            f"A handoff shows nothing of the game. Press Enter when {self.player} is ready, "
            "then ctrl+s on the table.",
            title="No screenshot here",
            markup=False,
        )


class SeatHandoff(HandoffScreen):
    """The replay's handoff before a seat's hand: leaving it goes back to the table view."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", "ready"),
        Binding("q,escape", "quit_match", "back to the table"),
    ]
