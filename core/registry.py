"""Game id -> Rules. A new game needs one rules module and one line in `_PLAYABLE`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.games.en_garde import EnGarde
from core.rules import Rules

_PLAYABLE: tuple[Rules[Any, Any], ...] = (EnGarde(),)


@dataclass(frozen=True)
class Upcoming:
    """A game on the salon's shelf whose rules are not written yet."""

    id: str
    title: str


_UPCOMING: tuple[Upcoming, ...] = (
    Upcoming("attacke", "Attacke"),
    Upcoming("crossing", "Crossing"),
    Upcoming("fields-of-action", "Fields of Action"),
    Upcoming("englishman", "The Blood of an Englishman"),
)

_BY_ID = {rules.id: rules for rules in _PLAYABLE}


class UnknownGame(KeyError):
    """A game id that is not in the registry."""

    def __str__(self) -> str:
        return str(self.args[0])


def get(game_id: str) -> Rules[Any, Any]:
    """The rules of a playable game; raises UnknownGame with the ids that exist."""
    try:
        return _BY_ID[game_id]
    except KeyError:
        soon = {g.id: g for g in _UPCOMING}
        if game_id in soon:
            raise UnknownGame(f"{soon[game_id].title} is not playable yet") from None
        raise UnknownGame(f"no game called {game_id!r}") from None


def all() -> tuple[Rules[Any, Any], ...]:
    """Every playable game, in menu order."""
    return _PLAYABLE


def upcoming() -> tuple[Upcoming, ...]:
    """Games shown on the menu as not yet playable."""
    return tuple(g for g in _UPCOMING if g.id not in _BY_ID)
