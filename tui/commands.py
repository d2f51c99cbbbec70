"""Command palette entries (ctrl+p) for the salon's main places and each game's rules."""

from __future__ import annotations

from collections.abc import Callable

from textual.command import DiscoveryHit, Hit, Hits, Provider

from tui.messages import OpenPlace, Place


class ParlourCommands(Provider):
    """New game, Resume, Replays, Rules (per game) and Settings."""

    def _commands(self) -> list[tuple[str, Callable[[], object], str]]:
        from core import registry

        def go(place: Place, game: str | None = None) -> Callable[[], object]:
            return lambda: self.app.post_message(OpenPlace(place, game))

        commands: list[tuple[str, Callable[[], object], str]] = [
            ("New game", go("new"), "Choose a game, its options and the players"),
            ("Resume", go("resume"), "Continue a match in progress"),
            ("Replays", go("replays"), "Step through a finished match"),
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
        """The game of the topmost screen that shows one (a match, its end panel's match, a
        replay): "Rules" asked for in the middle of a Crossing match opened En Garde's."""
        for screen in reversed(self.app.screen_stack):
            game = getattr(getattr(screen, "rules", None), "id", None)
            if isinstance(game, str):
                return game
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
