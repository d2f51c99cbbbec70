"""The `?` screens: the game screen's keys and the game's legend; elsewhere, the screen's keys."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown, Static

GENERAL = """\
## Any time

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
    """The game's keys and legend first, then the keys that work any time; escape, q or ?
    closes it, the arrow keys and the mouse wheel scroll it."""

    CSS_PATH = "../styles/game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "close", "close"),
    ]

    def __init__(self, game_help: str) -> None:
        super().__init__(classes="help")
        self.game_help = game_help

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog"):
            yield Markdown(self.game_help + "\n" + GENERAL)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class KeysScreen(ModalScreen[None]):
    """`?` on a screen without help of its own: its keys, those the Footer leaves out too."""

    CSS_PATH = "../styles/game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "close", "close"),
    ]

    def __init__(self, place: str, keys: Sequence[tuple[str, str]]) -> None:
        super().__init__(classes="keys")
        self.place = place
        self.keys = tuple(keys)

    def compose(self) -> ComposeResult:
        width = max((len(key) for key, _ in self.keys), default=0) + 2
        lines = [Content.assemble((f"{key:<{width}}", "bold"), does) for key, does in self.keys]
        with VerticalScroll(classes="dialog"):
            yield Static(Content.styled(f"Keys · {self.place}", "bold"), classes="headline")
            yield Static(Content("\n").join(lines))
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
