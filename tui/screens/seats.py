"""Who plays each seat of a match continued from a replay: a person or a bot, and a name.

The rows are the new-game form's (`SeatRow`): the game's seat names, the players' names kept,
a seat handed to a bot named after it and handed back given its person's name again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Static

from core.match import Seat
from core.rules import Rules
from tui.widgets.seat_row import SeatRow, bot_specs, kind_of, seat_of


class SeatsScreen(ModalScreen[tuple[Seat, ...] | None]):
    """Dismisses with the seats chosen (Continue, ctrl+s), or None (Esc); Enter in a name
    moves on to the next field, as on the new-game form."""

    CSS_PATH = "../styles/game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "confirm", "continue", priority=True),
        Binding("escape", "cancel", "back"),
        Binding("question_mark", "app.toggle_keys", "keys", priority=True),
    ]
    ENTER_IN_A_FIELD: ClassVar[str] = "in a name: next field"
    """What Enter does in a name field, for the `?` list."""

    def __init__(self, rules: Rules[Any, Any, Any], seats: Sequence[Seat], where: str) -> None:
        super().__init__(classes="confirm")
        self.rules = rules
        self.seats = tuple(seats)
        self.where = where

    def compose(self) -> ComposeResult:
        bots = bot_specs(self.rules)
        names = self.rules.seat_names
        with Vertical(classes="dialog seats-dialog"):
            yield Static(
                Content(f"Continue from {self.where}: who plays each seat?"), classes="headline"
            )
            for n, seat in enumerate(self.seats):
                title = names[n] if n < len(names) else f"Seat {n + 1}"
                yield SeatRow(n, title, bots, kind_of(seat), seat.name)
            yield Static("", id="seats-problem", classes="why")
            with Horizontal(classes="buttons"):
                yield Button("Continue (^s)", id="go", variant="primary")
                yield Button("Back (esc)", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Continue from here"  # what `?` heads its list with

    @on(Input.Submitted)
    def _next_field(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "go":
            self.action_confirm()
        else:
            self.action_cancel()

    def chosen(self) -> tuple[Seat, ...] | str:
        """The seats, or what is wrong with the form."""
        seats: list[Seat] = []
        for row in self.query(SeatRow).results(SeatRow):
            kind, name = row.kind, " ".join(row.player.split())
            if not name:
                return f"{row.seat_title} needs a name."
            if any(s.name.casefold() == name.casefold() for s in seats):
                return f"Two seats are called {name!r}: give each a different name."
            seats.append(seat_of(kind, name))
        return tuple(seats)

    def action_confirm(self) -> None:
        chosen = self.chosen()
        if isinstance(chosen, str):
            self.query_one("#seats-problem", Static).update(Content(f"✗ {chosen}"))
            return
        self.dismiss(chosen)

    def action_cancel(self) -> None:
        self.dismiss(None)
