"""Game id -> the kit that draws it: one module per game, loaded when a game screen opens.

The game screen is a generic frame (status, table, news, optional private panel, move log,
keys); each game fills it with one module here that defines `KIT`. A new game is one rules
package in `core/games/`, one kit module here and one line in each registry
(`core/registry.py`, `_MODULES` below): docs/ADDING_A_GAME.md is the recipe. Modules load
lazily so the menu never imports them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Generic, Protocol, TypeVar

from core.rules import Action, Rules
from tui.widgets.table import ChapterEnd, PrivateWidget, TableWidget

V = TypeVar("V")
A = TypeVar("A", bound=Action)
V_contra = TypeVar("V_contra", contravariant=True)

_MODULES: dict[str, str] = {
    "en-garde": "tui.games.en_garde",
    "attacke": "tui.games.attacke",
    "crossing": "tui.games.crossing",
    "fields-of-action": "tui.games.fields_of_action",
    "englishman": "tui.games.englishman",
}


class Narrator(Protocol[V_contra]):
    """A game's words for the frame: what to do now, the score, how each chapter ended."""

    def prompt(self, view: V_contra, names: Sequence[str]) -> str:
        """What the seat to move must do now, in a few words ("parry or retreat")."""
        ...

    def score(self, view: V_contra, names: Sequence[str]) -> str:
        """The running score in words and symbols."""
        ...

    def chapters(self, view: V_contra, names: Sequence[str]) -> Sequence[ChapterEnd]:
        """Every finished round (contest, ...), oldest first."""
        ...


Saying = Callable[[V, Sequence[str]], str]
"""Words on a view for the seats' names: the prompt or the score."""


def no_chapters(view: object, names: Sequence[str]) -> Sequence[ChapterEnd]:
    """The chapters of a game played as one match (or in turns): none, so no end panels."""
    return ()


@dataclass(frozen=True)
class Words(Generic[V]):
    """A `Narrator` made of a game's word functions, so a kit names them instead of wrapping
    them in a class of its own."""

    prompt: Saying[V]
    score: Saying[V]
    chapters: Callable[[V, Sequence[str]], Sequence[ChapterEnd]] = no_chapters


@dataclass(frozen=True)
class GameKit(Generic[V, A]):
    """What one game contributes to the game screen, typed by the game's view and action so
    that mypy checks every widget against the rules it draws (`rules`)."""

    rules: Rules[Any, A, V]
    """The rules this kit draws: their views are what the widgets are handed, their actions
    what the widgets compose."""
    table: Callable[[Sequence[str]], TableWidget[V, A]]
    """Builds the public table (piste, board, castles) for the seats' names."""
    narrator: Narrator[V]
    help: str
    """Markdown for the help screen: the game's keys and what the table shows."""
    rules_page: str
    """The file name of the game's rules page in `tui/rules/`."""
    private: Callable[[Sequence[str]], PrivateWidget[V, A]] | None = None
    """Builds the private hand and its controls; None for open-information games."""


class NoBoard(LookupError):
    """A playable game whose table has not been drawn for the app yet."""


def kit_for(game_id: str) -> GameKit[Any, Any]:
    """The kit that draws `game_id`; raises NoBoard when the app cannot show that game.

    The lookup is by name, so its answer is typed loosely; each kit's own declaration
    (`KIT: GameKit[View, Action]`) is where mypy ties its widgets to its rules."""
    try:
        module = _MODULES[game_id]
    except KeyError:
        raise NoBoard(f"Parlour cannot show {game_id!r} on screen yet") from None
    kit: GameKit[Any, Any] = import_module(module).KIT
    if kit.rules.id != game_id:
        raise NoBoard(f"the kit in {module} draws {kit.rules.id!r}, not {game_id!r}")
    return kit


def register(game_id: str, module: str) -> None:
    """Add a kit module at run time (tests add a test-only game this way)."""
    _MODULES[game_id] = module


def unregister(game_id: str) -> None:
    _MODULES.pop(game_id, None)
