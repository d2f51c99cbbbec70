"""Computer opponents over the Rules protocol; nothing here knows any particular game."""

from __future__ import annotations

from typing import Any, Protocol

from core.ai.random_bot import RandomBot
from core.rules import Action, Rules

BOTS: dict[str, str] = {
    "random": "Random: picks any legal move",
}
"""Bot id -> a one-line description for menus and `--help`."""


class Bot(Protocol):
    """Anything that picks an action for the seat to move."""

    def choose(self, rules: Rules[Any, Any], state: Any, seat: int) -> Action: ...


class UnknownBot(ValueError):
    """A bot id that is not in `BOTS`."""


def make_bot(bot_id: str, seed: int | None = None) -> Bot:
    """A fresh bot of kind `bot_id`, seeded so its play is reproducible."""
    if bot_id == "random":
        return RandomBot(seed)
    known = ", ".join(BOTS)
    raise UnknownBot(f"no bot called {bot_id!r} (bots: {known})")


__all__ = ["BOTS", "Bot", "RandomBot", "UnknownBot", "make_bot"]
