"""The main menu: where the salon opens, with the game shelf beside it."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static

from core import registry
from tui.messages import OpenPlace, Place
from tui.widgets.choice_list import ChoiceList

ENTRIES: tuple[tuple[str, str, str], ...] = (
    ("new", "n", "New game"),
    ("resume", "r", "Resume"),
    ("replays", "p", "Replays"),
    ("rules", "u", "Rules"),
    ("settings", "s", "Settings"),
    ("quit", "q", "Quit"),
)
"""(id, key, label) of each menu entry, in order."""
PLACES: dict[str, Place] = {
    "new": "new",
    "resume": "resume",
    "replays": "replays",
    "rules": "rules",
    "settings": "settings",
}


def _entry_label(key: str, label: str) -> str:
    return f"[b $text-accent]{key.upper()}[/]  {label}"


def _game_label(title: str, tagline: str, ready: bool, players: str) -> str:
    line = f"{tagline} · {players}" if tagline else players
    if ready:
        return f"[b]{title}[/b]  [$success]● ready to play[/]\n  [dim]{line}[/]"
    return f"{title}  [$text-muted]○ coming soon[/]\n  [dim]{line}[/]"


class MenuScreen(Screen[None]):
    """New game, Resume, Replays, Rules, Settings, Quit, and the five games of the salon."""

    AUTO_FOCUS = "#menu"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n,N", "new_game", "New game"),
        Binding("r,R", "app.resume", "Resume"),
        Binding("p,P", "app.replays", "Replays"),
        Binding("u,U", "rules", "Rules"),
        Binding("s,S", "app.settings", "Settings"),
        Binding("q,Q", "app.quit", "Quit"),
        Binding("left,right", "switch_list", "Switch list", show=False),
        # The app's ? (this list of keys) is named in the hint line: the Footer is full at 80.
        Binding("question_mark", "app.toggle_keys", "keys", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="menu-body"):
            yield Static(
                "♠ ♥  [b]P A R L O U R[/b]  ♦ ♣\n[dim]a salon of small-box games[/]",
                id="banner",
            )
            with Horizontal(id="menu-row"):
                menu = ChoiceList(
                    *((entry, _entry_label(key, label)) for entry, key, label in ENTRIES),
                    id="menu",
                )
                menu.border_title = "Menu"
                yield menu
                shelf = ChoiceList(*self._shelf(), id="shelf")
                shelf.border_title = "The shelf"
                yield shelf
            yield Static(
                "[b]↑↓[/b] choose  [b]Enter[/b] open  [b]←→[/b] menu/shelf  [b]Ctrl+P[/b] commands"
                "  [b]?[/b] keys",
                id="menu-hint",
            )
        yield Footer()

    def _shelf(self) -> list[tuple[str, str]]:
        games = [
            (game.id, _game_label(game.title, game.tagline, True, game.players))
            for game in registry.playable()
        ]
        games += [
            (game.id, _game_label(game.title, game.tagline, False, game.players))
            for game in registry.upcoming()
        ]
        return games

    def on_mount(self) -> None:
        self.sub_title = "Main menu"

    def _shelf_game(self) -> str | None:
        """The game highlighted on the shelf while the shelf has focus, else None."""
        shelf = self.query_one("#shelf", OptionList)
        if self.focused is not shelf or shelf.highlighted is None:
            return None
        return shelf.get_option_at_index(shelf.highlighted).id

    def action_new_game(self) -> None:
        """A new game of the game highlighted on the shelf, if the shelf has focus."""
        game = self._shelf_game()
        playable = {rules.id for rules in registry.playable()}
        self.post_message(OpenPlace("new", game if game in playable else None))

    def action_rules(self) -> None:
        """The rules of the game highlighted on the shelf, if the shelf has focus."""
        self.post_message(OpenPlace("rules", self._shelf_game()))

    def action_switch_list(self) -> None:
        focused = self.focused
        target = "#shelf" if focused is None or focused.id == "menu" else "#menu"
        self.query_one(target, OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id
        if event.option_list.id == "shelf":
            playable = {game.id for game in registry.playable()}
            if choice in playable:
                self.post_message(OpenPlace("new", choice))
            else:
                title = next(g.title for g in registry.upcoming() if g.id == choice)
                self.notify(f"{title} is coming soon; here is how it is played.")
                self.post_message(OpenPlace("rules", choice))
            return
        if choice == "quit":
            self.app.exit()
        elif choice in PLACES:
            self.post_message(OpenPlace(PLACES[choice]))
