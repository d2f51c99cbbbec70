"""The `?` screens: the game screen's keys and the game's legend; elsewhere, the screen's keys."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Markdown, Static

from replays.paths import matches_dir
from tui.notices import path_lines

KEPT_HERE = """
Every move is written to the match file as it is played, so quitting in any way — even
closing the terminal — loses nothing: **Resume** on the menu returns to the same position.
"""
KEPT_BY_HOST = """
The host keeps the match file: leaving, or losing the connection, loses nothing, and
**Resume** on the menu joins the match again.
"""


def any_time(keys: Sequence[tuple[str, str]], *, kept_here: bool) -> str:
    """The help's "Any time" part: the keys a game screen offers now (a match across machines
    has other ones than a match here), and where the match is kept (`kept_here`)."""
    rows = "\n".join(f"| {key} | {does} |" for key, does in keys)
    kept = KEPT_HERE if kept_here else KEPT_BY_HOST
    return f"## Any time\n\n| Key | Does |\n|---|---|\n{rows}\n{kept}"


class HelpScreen(ModalScreen[None]):
    """The game's keys and legend first, then the keys that work any time; escape, q or ?
    closes it, the arrow keys and the mouse wheel scroll it."""

    CSS_PATH = "../styles/game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "close", "close"),
    ]

    def __init__(self, game_help: str, general: str) -> None:
        """`general`: the keys that work any time (`any_time`)."""
        super().__init__(classes="help")
        self.game_help = game_help
        self.general = general

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog"):
            yield Markdown(self.game_help + "\n" + self.general)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class KeyRow(Horizontal):
    """One line of a key list: the keys in a column of their own, what they do beside it; a
    description too long for its line goes on under itself, not back under the keys."""

    DEFAULT_CSS = """
    KeyRow {
        height: auto;
    }

    KeyRow > .keys-does {
        width: 1fr;
    }
    """

    def __init__(self, key: str, does: str, width: int) -> None:
        super().__init__()
        self.key_text, self.does, self._key_width = key, does, width

    def compose(self) -> ComposeResult:
        key = Static(Content.styled(self.key_text, "bold"), classes="keys-key")
        key.styles.width = self._key_width
        yield key
        yield Static(Content(self.does), classes="keys-does")


def key_rows(keys: Sequence[tuple[str, str]]) -> list[KeyRow]:
    """A row per key, the keys' column as wide as the longest keys and two spaces."""
    width = max((len(key) for key, _ in keys), default=0) + 2
    return [KeyRow(key, does, width) for key, does in keys]


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
        with VerticalScroll(classes="dialog"):
            yield Static(Content.styled(f"Keys · {self.place}", "bold"), classes="headline")
            yield from key_rows(self.keys)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


def save_screenshot(screen: Screen[Any], match_file: Path | None) -> None:
    """Save what `screen` shows as an SVG beside `match_file` (a guest, who has no match
    file, in the matches folder), and say where (or why not).

    Textual's own screenshot holds exactly the screen's cells, so a hand that is not on
    screen is not in the file either."""
    if match_file is None:
        match_file = matches_dir() / "remote.parlour"
    stem = match_file.stem
    taken = {p.name for p in match_file.parent.glob(f"{stem}-*.svg")}
    number = next(n for n in range(1, len(taken) + 2) if f"{stem}-{n}.svg" not in taken)
    name = f"{stem}-{number}.svg"
    try:
        screen.app.save_screenshot(filename=name, path=str(match_file.parent))
    except OSError as err:
        screen.notify(
            f"Could not save the screenshot: {err}",
            title="Screenshot",
            severity="error",
            markup=False,
        )
        return
    saved = path_lines(match_file.parent / name, screen.app.size.width)
    screen.notify(f"Saved\n{saved}", title="Screenshot", markup=False)
