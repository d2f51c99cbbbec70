"""Command palette entries (ctrl+p) for the salon's main places and each game's rules."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider

if TYPE_CHECKING:
    from tui.app import ParlourApp


class ParlourCommands(Provider):
    """New game, Resume, Replays, Rules (per game) and Settings."""

    def _commands(self) -> list[tuple[str, Callable[[], object], str]]:
        from core import registry

        app = cast("ParlourApp", self.app)
        commands: list[tuple[str, Callable[[], object], str]] = [
            ("New game", app.action_new_game, "Choose a game, its options and the players"),
            ("Resume", app.action_resume, "Continue a match in progress"),
            ("Replays", app.action_replays, "Step through a finished match"),
            ("Rules", app.action_rules, "Read how each game is played"),
            ("Settings", app.action_settings, "Animations and colour theme"),
        ]
        for rules in registry.all():
            commands.append(
                (
                    f"New game: {rules.title}",
                    partial(app.action_new_game, rules.id),
                    f"Set up a match of {rules.title}",
                )
            )
        shelf = [(r.id, r.title) for r in registry.all()]
        shelf += [(g.id, g.title) for g in registry.upcoming()]
        for game_id, title in shelf:
            commands.append(
                (f"Rules: {title}", partial(app.action_rules, game_id), f"How {title} is played")
            )
        return commands

    async def discover(self) -> Hits:
        for name, callback, help_text in self._commands()[:5]:
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, callback, help_text in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, text=name, help=help_text)
