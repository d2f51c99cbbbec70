"""The `?` screen: the game screen's keys, then the game's own keys and board legend."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

GENERAL = """\
# Keys

| Key | Does |
|---|---|
| `?` | this help |
| `q` | save and go back to the menu (every move is already saved) |
| `ctrl+r` | resign the match (asks first) |
| `Enter` / click | on a handoff screen: the named player is ready |

Every move is written to the match file as it is played, so quitting in any way — even
closing the terminal — loses nothing: **Resume** on the menu returns to the same position.

"""


class HelpScreen(ModalScreen[None]):
    """Keys and legend; any of escape, q or ? closes it."""

    CSS_PATH = "../styles/game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "close", "close"),
    ]

    def __init__(self, game_help: str) -> None:
        super().__init__(classes="help")
        self.game_help = game_help

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog"):
            yield Markdown(GENERAL + self.game_help)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
