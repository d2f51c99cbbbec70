"""One confirmation dialog for every yes-or-no question (resign, take back, delete)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static


class ConfirmScreen(ModalScreen[bool]):
    """Asks `question`; dismisses with True for yes (y), False for no (n, Esc)."""

    CSS_PATH = "../styles/game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "yes"),
        Binding("n,escape", "answer(False)", "no"),
    ]

    def __init__(self, question: str, yes: str, no: str, *, danger: bool = False) -> None:
        super().__init__(classes="confirm")
        self.question = question
        self.yes, self.no, self.danger = yes, no, danger

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(self.question), classes="headline")
            with Horizontal(classes="buttons"):
                yield Button(
                    f"{self.yes} (y)", id="yes", variant="error" if self.danger else "primary"
                )
                yield Button(
                    f"{self.no} (n)", id="no", variant="primary" if self.danger else "default"
                )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        if self.is_current:
            self.dismiss(yes)
