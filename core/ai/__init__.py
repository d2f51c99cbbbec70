"""Computer opponents over the Rules protocol; nothing here knows any particular game.

A bot sits at the table like a person: it is shown the seat's view and the seat's legal
actions, never the state, so hidden cards cannot reach it. `decide` is that one gate; the app
and the command line call bots only through it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from core.ai.random_bot import RandomBot
from core.rules import CHANCE, Action, Rules

BOTS: dict[str, str] = {
    "random": "Random: picks any legal move",
}
"""Bot id -> a one-line description for menus and `--help`."""


class Bot(Protocol):
    """Anything that picks an action for a seat from what that seat may see."""

    def choose(self, rules: Rules[Any, Any, Any], view: Any, legal: Sequence[Action]) -> Action: ...


class UnknownBot(ValueError):
    """A bot id that is not in `BOTS`."""


def make_bot(bot_id: str, seed: int | None = None) -> Bot:
    """A fresh bot of kind `bot_id`, seeded so its play is reproducible."""
    if bot_id == "random":
        return RandomBot(seed)
    known = ", ".join(BOTS)
    raise UnknownBot(f"no bot called {bot_id!r} (bots: {known})")


def decide(bot: Bot, rules: Rules[Any, Any, Any], state: Any, seat: int) -> Action:
    """Ask `bot` to play `seat`, showing it only `seat`'s view and legal actions."""
    to_move = rules.to_move(state)
    if to_move is None:
        raise ValueError("the match is over: there is no move to choose")
    if to_move == CHANCE or to_move != seat:
        who = "chance" if to_move == CHANCE else f"seat {to_move}"
        raise ValueError(f"it is {who}'s turn, not seat {seat}'s")
    return bot.choose(rules, rules.view(state, seat), rules.legal_actions(state))


__all__ = ["BOTS", "Bot", "RandomBot", "UnknownBot", "decide", "make_bot"]
