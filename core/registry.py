"""Game id -> Rules. A new game is one package under `core/games/` and one line in `_PLAYABLE`.

Everything else about a game (title, tagline, seats, chapters, options) is declared on its Rules
class, so the menu, the new-game form, the CLI and the contract tests read it from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.games.attacke import Attacke
from core.games.crossing import Crossing
from core.games.en_garde import EnGarde
from core.games.englishman import Englishman
from core.games.fields_of_action import FieldsOfAction
from core.rules import Rules

_PLAYABLE: list[Rules[Any, Any, Any]] = [
    EnGarde(),
    Attacke(),
    Crossing(),
    FieldsOfAction(),
    Englishman(),
]


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
    Upcoming("fields-of-action", "Fields of Action", "Numbered stones jump and capture",
             "2 players"),
    Upcoming("englishman", "The Blood of an Englishman", "Jack versus the Giant, all cards open",
             "2 players"),
)


class UnknownGame(KeyError):
    """A game id that is not in the registry."""

    def __str__(self) -> str:
        return str(self.args[0])


def get(game_id: str) -> Rules[Any, Any, Any]:
    """The rules of a playable game; raises UnknownGame with the ids that exist."""
    for rules in _PLAYABLE:
        if rules.id == game_id:
            return rules
    soon = {g.id: g for g in _UPCOMING}
    if game_id in soon:
        raise UnknownGame(f"{soon[game_id].title} is not playable yet")
    raise UnknownGame(f"no game called {game_id!r}")


def all() -> tuple[Rules[Any, Any, Any], ...]:
    """Every playable game, in menu order."""
    return tuple(_PLAYABLE)


def upcoming() -> tuple[Upcoming, ...]:
    """Games shown on the menu as not yet playable."""
    playable = {rules.id for rules in _PLAYABLE}
    return tuple(g for g in _UPCOMING if g.id not in playable)


def register(rules: Rules[Any, Any, Any]) -> None:
    """Add a game at run time (tests add a test-only game this way); an id is taken once."""
    if any(r.id == rules.id for r in _PLAYABLE):
        raise ValueError(f"a game called {rules.id!r} is registered already")
    _PLAYABLE.append(rules)


def unregister(game_id: str) -> None:
    """Take a game added by `register` off the shelf again."""
    _PLAYABLE[:] = [r for r in _PLAYABLE if r.id != game_id]
