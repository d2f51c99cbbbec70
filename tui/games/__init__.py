"""Game id -> the widgets that draw it on the game screen.

The game screen is a generic frame (status, board, hand, move log, keys); each game fills it
with one module here that builds a `GameKit`. A new game = one rules module, one module in
this package and one line in `_MODULES`. Modules load lazily so the menu never imports them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tui.widgets.table import BoardWidget, HandWidget, RoundEnd

_MODULES: dict[str, str] = {
    "en-garde": "tui.games.en_garde",
}


@dataclass(frozen=True)
class GameKit:
    """What one game contributes to the game screen."""

    board: Callable[[Sequence[str]], BoardWidget]
    """Builds the public board for the seats' names."""
    hand: Callable[[Sequence[str]], HandWidget]
    """Builds the private hand and action controls for the seats' names."""
    prompt: Callable[[Any, Sequence[str]], str]
    """From a view: what the seat to move must do now ("parry or retreat")."""
    rounds: Callable[[Any, Sequence[str]], Sequence[RoundEnd]]
    """From a view: every finished round, oldest first, as the round-end panel tells it."""
    score: Callable[[Any, Sequence[str]], str]
    """From a view: the running score in words and symbols."""
    help: str
    """Markdown for the help screen: the game's keys and what the board shows."""


class NoBoard(LookupError):
    """A playable game whose board has not been drawn for the app yet."""


def board_for(game_id: str) -> GameKit:
    """The kit that draws `game_id`; raises NoBoard when the app cannot show that game."""
    try:
        module = _MODULES[game_id]
    except KeyError:
        raise NoBoard(f"Parlour cannot show {game_id!r} on screen yet") from None
    kit: GameKit = import_module(module).KIT
    return kit
