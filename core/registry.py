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
class Card:
    """What the salon's shelf shows of a game: the menu draws it without importing the rules
    (all five games' modules took a fifth of the launch). A playable game's card says what
    its Rules class declares, which the contract tests check."""

    id: str
    title: str
    tagline: str
    players: str

    @classmethod
    def of(cls, rules: Rules[Any, Any, Any]) -> Card:
        low, high = rules.min_players, rules.max_players
        players = f"{low} players" if low == high else f"{low}-{high} players"
        return cls(rules.id, rules.title, rules.tagline, players)


_SHELF: dict[str, Card] = {
    card.id: card
    for card in (
        Card("en-garde", "En Garde", "Fencing duel on a 23-space piste", "2 players"),
        Card(
            "attacke",
            "Attacke",
            "Knizia's card joust for 3 to 5: outbid, pass, collect four colours",
            "3-5 players",
        ),
        Card("crossing", "Crossing", "Sackson's phalanx race across an 8×8 board", "2 players"),
        Card(
            "fields-of-action",
            "Fields of Action",
            "Sackson's numbered stones: capture five numbers in a row",
            "2 players",
        ),
        Card(
            "englishman",
            "The Blood of an Englishman",
            "Jack climbs three beanstalks while the Giant gathers Fee Fi Fo Fum",
            "2 players",
        ),
    )
}
"""Every game on the shelf, playable (in `_GAMES`) or not yet, by id."""


class UnknownGame(KeyError):
    """A game id that is not in the registry."""

    def __str__(self) -> str:
        return str(self.args[0])


def get(game_id: str) -> Rules[Any, Any, Any]:
    """The rules of a playable game; raises UnknownGame with the ids that exist."""
    if game_id in _GAMES:
        return _load(game_id)
    if game_id in _SHELF:
        raise UnknownGame(f"{_SHELF[game_id].title} is not playable yet")
    raise UnknownGame(f"no game called {game_id!r}")


def all() -> tuple[Rules[Any, Any, Any], ...]:
    """Every playable game, in menu order."""
    return tuple(_load(game_id) for game_id in _GAMES)


def card(game_id: str) -> Card:
    """A playable game's card, without importing its rules; raises UnknownGame as `get` does."""
    if game_id in _GAMES and game_id in _SHELF:
        return _SHELF[game_id]
    return Card.of(get(game_id))  # a game added by `register` (or UnknownGame, saying why)


def playable() -> tuple[Card, ...]:
    """The card of every playable game, in menu order."""
    return tuple(card(game_id) for game_id in _GAMES)


def upcoming() -> tuple[Card, ...]:
    """Games shown on the menu as not yet playable."""
    return tuple(card for card in _SHELF.values() if card.id not in _GAMES)


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
