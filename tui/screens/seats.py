"""Who plays each seat of a match continued from a replay: a person or a bot, and a name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from core.match import Seat
from core.rules import Rules
from tui.screens.new_game import HUMAN, bot_label, bot_name, bot_specs


class SeatsScreen(ModalScreen[tuple[Seat, ...] | None]):
    """Dismisses with the seats chosen (Enter / Continue), or None (Esc)."""

    CSS_PATH = "../styles/game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "confirm", "continue", priority=True),
        Binding("escape", "cancel", "back"),
    ]

    def __init__(self, rules: Rules[Any, Any, Any], seats: Sequence[Seat], where: str) -> None:
        super().__init__(classes="confirm")
        self.rules = rules
        self.seats = tuple(seats)
        self.where = where

    def compose(self) -> ComposeResult:
        kinds = [("Human", HUMAN)] + [
            (f"Bot · {bot_label(spec)}", f"bot:{spec}") for spec in bot_specs(self.rules)
        ]
        values = {value for _, value in kinds}
        with Vertical(classes="dialog seats-dialog"):
            yield Static(
                Content(f"Continue from {self.where}: who plays each seat?"), classes="headline"
            )
            for n, seat in enumerate(self.seats):
                kind = HUMAN if seat.kind == "human" else f"bot:{seat.bot}"
                with Horizontal(classes="seat-row"):
                    yield Label(f"Seat {n + 1}", classes="field-label")
                    yield Select(
                        kinds,
                        value=kind if kind in values else HUMAN,
                        allow_blank=False,
                        compact=True,
                        id=f"kind-{n}",
                    )
                    yield Input(seat.name, compact=True, id=f"name-{n}")
            yield Static("", id="seats-problem", classes="why")
            with Horizontal(classes="buttons"):
                yield Button("Continue (^s)", id="go", variant="primary")
                yield Button("Back (esc)", id="back")
        yield Footer()

    @on(Select.Changed)
    def _kind_changed(self, event: Select.Changed) -> None:
        """A seat handed to a bot is named after it, as on the new-game form."""
        n = int(str(event.select.id).removeprefix("kind-"))
        value = str(event.value)
        if value != HUMAN and self.query_one(f"#name-{n}", Input).value == self.seats[n].name:
            self.query_one(f"#name-{n}", Input).value = bot_name(value.removeprefix("bot:"))

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "go":
            self.action_confirm()
        else:
            self.action_cancel()

    def chosen(self) -> tuple[Seat, ...] | str:
        """The seats, or what is wrong with the form."""
        seats: list[Seat] = []
        for n in range(len(self.seats)):
            name = " ".join(self.query_one(f"#name-{n}", Input).value.split())
            kind = str(self.query_one(f"#kind-{n}", Select).value)
            if not name:
                return f"Seat {n + 1} needs a name."
            if any(s.name.casefold() == name.casefold() for s in seats):
                return f"Two seats are called {name!r}: give each a different name."
            seats.append(
                Seat(name) if kind == HUMAN else Seat(name, "bot", kind.removeprefix("bot:"))
            )
        return tuple(seats)

    def action_confirm(self) -> None:
        chosen = self.chosen()
        if isinstance(chosen, str):
            self.query_one("#seats-problem", Static).update(Content(f"✗ {chosen}"))
            return
        self.dismiss(chosen)

    def action_cancel(self) -> None:
        self.dismiss(None)
