"""Command palette entries (ctrl+p) for the salon's main places and each game's rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import ModalScreen

from core.rules import Rules
from tui.messages import OpenPlace, Place


@runtime_checkable
class ShowsAGame(Protocol):
    """A screen that shows a match of one game: the game screen, a guest's record, a replay
    (checked by the attribute alone, so the palette imports none of them)."""

    rules: Rules[Any, Any, Any]


class ParlourCommands(Provider):
    """New game, Resume, Replays, Rules (per game) and Settings."""

    def _commands(self) -> list[tuple[str, Callable[[], object], str]]:
        from core import registry

        def go(place: Place, game: str | None = None) -> Callable[[], object]:
            return lambda: self.app.post_message(OpenPlace(place, game))

        commands: list[tuple[str, Callable[[], object], str]] = [
            ("New game", go("new"), "Choose a game, its options and the players"),
            ("Resume", go("resume"), "Continue a match in progress"),
            ("Replays", go("replays"), "Step through a match, finished or not"),
            ("Rules", go("rules", self._game_in_sight()), "Read how each game is played"),
            ("Settings", go("settings"), "Animations and colour theme"),
        ]
        for game in registry.playable():
            commands.append(
                (
                    f"New game: {game.title}",
                    go("new", game.id),
                    f"Set up a match of {game.title}",
                )
            )
        shelf = [(g.id, g.title) for g in registry.playable()]
        shelf += [(g.id, g.title) for g in registry.upcoming()]
        for game_id, title in shelf:
            commands.append((f"Rules: {title}", go("rules", game_id), f"How {title} is played"))
        return commands

    def _game_in_sight(self) -> str | None:
        """The game of the screen the palette was opened on, or of the match under the panel
        or help open over it: "Rules" in the middle of a Crossing match opened En Garde's."""
        stack = self.app.screen_stack
        at = stack.index(self.screen) if self.screen in stack else -1
        while at >= 0:
            screen = stack[at]
            if isinstance(screen, ShowsAGame):
                return screen.rules.id
            if not isinstance(screen, ModalScreen):
                return None
            at -= 1
        return None

    async def discover(self) -> Hits:
        for name, callback, help_text in self._commands()[:5]:
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, callback, help_text in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, text=name, help=help_text)
