"""Rules: each game's page, Markdown shipped in the package (`tui/rules/<game-id>.md`)."""

from __future__ import annotations

from importlib import resources
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Header, Label, MarkdownViewer, Select, Tree
from textual.widgets.markdown import MarkdownTableOfContents

from core import registry


def games() -> list[tuple[str, str]]:
    """(id, menu label) of every game on the shelf, playable ones first."""
    shelf = [(game.id, game.title) for game in registry.playable()]
    shelf += [(game.id, f"{game.title} — coming soon") for game in registry.upcoming()]
    return shelf


def rules_page(game_id: str) -> str:
    """The game's Markdown page, or a page saying it is missing from this installation."""
    from tui.games import NoBoard, kit_for

    try:
        name = kit_for(game_id).rules_page
    except NoBoard:  # a game on the shelf that cannot be played yet
        name = f"{game_id}.md"
    try:
        page = resources.files("tui").joinpath("rules", name)
        return page.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        title = dict(games()).get(game_id, game_id)
        return (
            f"# {title}\n\nThe rules page for this game is missing from this installation "
            "of Parlour. Reinstalling Parlour should restore it."
        )


class RulesScreen(Screen[None]):
    """One game's rules with a table of contents (the levels are its sections)."""

    CSS_PATH = "../styles/rules.tcss"
    AUTO_FOCUS = "MarkdownViewer Markdown"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("t", "toggle_contents", "Contents"),
        Binding("left_square_bracket", "step_game(-1)", "Prev game"),
        Binding("right_square_bracket", "step_game(1)", "Next game"),
    ]

    def __init__(self, game: str | None = None, section: str | None = None) -> None:
        super().__init__()
        ids = [game_id for game_id, _ in games()]
        self._game = game if game in ids else ids[0]
        self._section = section

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="rules-bar"):
            yield Label("Game", id="rules-game-label")
            yield Select(
                [(label, game_id) for game_id, label in games()],
                value=self._game,
                allow_blank=False,
                compact=True,
                id="rules-game",
            )
        yield MarkdownViewer(rules_page(self._game), id="rules-viewer")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Rules"
        # The contents sidebar needs room: narrow terminals start without it (t shows it).
        self.query_one(MarkdownViewer).show_table_of_contents = self.app.size.width >= 100
        if self._section:
            self.call_after_refresh(self._go_to_section, self._section)

    def _go_to_section(self, section: str) -> None:
        self.query_one(MarkdownViewer).document.goto_anchor(section)

    async def _show(self, game_id: str) -> None:
        self._game = game_id
        viewer = self.query_one(MarkdownViewer)
        await viewer.document.update(rules_page(game_id))
        viewer.scroll_home(animate=False)

    async def on_select_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self._game:
            await self._show(event.value)

    def action_toggle_contents(self) -> None:
        """Show the contents and go to them (the arrows then pick a heading, Enter goes
        there), or hide them and go back to the text."""
        viewer = self.query_one(MarkdownViewer)
        shown = viewer.show_table_of_contents = not viewer.show_table_of_contents
        if shown:
            tree = viewer.query_one(MarkdownTableOfContents).query_one(Tree)
            self.call_after_refresh(tree.focus)
        else:
            viewer.document.focus()

    def action_step_game(self, step: int) -> None:
        ids = [game_id for game_id, _ in games()]
        self.query_one("#rules-game", Select).value = ids[(ids.index(self._game) + step) % len(ids)]
