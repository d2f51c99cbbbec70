"""Game id -> Rules. A new game is one package under `core/games/` and one line in `_GAMES`.

Everything else about a game (title, tagline, seats, chapters, options) is declared on its Rules
class, so the menu, the new-game form, the CLI and the contract tests read it from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any

from core.rules import Rules

_GAMES: dict[str, str] = {
    "en-garde": "core.games.en_garde:EnGarde",
    "attacke": "core.games.attacke:Attacke",
    "crossing": "core.games.crossing:Crossing",
    "fields-of-action": "core.games.fields_of_action:FieldsOfAction",
    "englishman": "core.games.englishman:Englishman",
}
"""Game id -> where its Rules class lives, in menu order. A game's rules are imported the
first time they are asked for, so a command that reads one match loads one game."""

_LOADED: dict[str, Rules[Any, Any, Any]] = {}


def _load(game_id: str) -> Rules[Any, Any, Any]:
    if game_id not in _LOADED:
        module, _, name = _GAMES[game_id].partition(":")
        rules: Rules[Any, Any, Any] = getattr(import_module(module), name)()
        _LOADED[game_id] = rules
    return _LOADED[game_id]


@dataclass(frozen=True)
class Upcoming:
    """A game on the salon's shelf whose rules are not written yet."""

    id: str
    title: str
    tagline: str
    players: str


_UPCOMING: tuple[Upcoming, ...] = (
    Upcoming("attacke", "Attacke", "Knights contest for coloured chips", "3-5 players"),
    Upcoming("crossing", "Crossing", "Phalanxes race across the board", "2 players"),
    Upcoming(
        "fields-of-action", "Fields of Action", "Numbered stones jump and capture", "2 players"
    ),
    Upcoming(
        "englishman",
        "The Blood of an Englishman",
        "Jack versus the Giant, all cards open",
        "2 players",
    ),
)


class UnknownGame(KeyError):
    """A game id that is not in the registry."""

    def __str__(self) -> str:
        return str(self.args[0])


def get(game_id: str) -> Rules[Any, Any, Any]:
    """The rules of a playable game; raises UnknownGame with the ids that exist."""
    if game_id in _GAMES:
        return _load(game_id)
    soon = {g.id: g for g in _UPCOMING}
    if game_id in soon:
        raise UnknownGame(f"{soon[game_id].title} is not playable yet")
    raise UnknownGame(f"no game called {game_id!r}")


def all() -> tuple[Rules[Any, Any, Any], ...]:
    """Every playable game, in menu order."""
    return tuple(_load(game_id) for game_id in _GAMES)


def upcoming() -> tuple[Upcoming, ...]:
    """Games shown on the menu as not yet playable."""
    return tuple(g for g in _UPCOMING if g.id not in _GAMES)


def register(rules: Rules[Any, Any, Any]) -> None:
    """Add a game at run time (tests add a test-only game this way); an id is taken once."""
    if rules.id in _GAMES:
        raise ValueError(f"a game called {rules.id!r} is registered already")
    _GAMES[rules.id] = f"{type(rules).__module__}:{type(rules).__qualname__}"
    _LOADED[rules.id] = rules


def unregister(game_id: str) -> None:
    """Take a game added by `register` off the shelf again."""
    _GAMES.pop(game_id, None)
    _LOADED.pop(game_id, None)
