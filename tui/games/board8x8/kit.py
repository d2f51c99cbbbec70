"""What the two board games' kits share: players named in the panel, the panel's last-move line,
a narrator for a match played as one race (no chapters), and the kit around a `Board8x8`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from textual.content import Content

from core.rules import Action, Rules
from tui.games import GameKit, Words
from tui.games.board8x8.adapter import GLYPH, SIDE, BoardAdapter, Plied
from tui.games.board8x8.widget import Board8x8
from tui.wording import short_name

V = TypeVar("V")
P = TypeVar("P", bound=Plied)
A = TypeVar("A", bound=Action)


NAME = 20
"""A player's name fits the panel at 80x24 in this many cells (a bot's "Normal ismcts bot 2"
whole); a longer one is cut (`short_name`)."""


def who(names: Sequence[str], seat: int) -> str:
    """The player's name, or the side's ("White") where the seat has none."""
    return names[seat] if seat < len(names) and names[seat] else SIDE[seat]


def player_line(names: Sequence[str], seat: int, mark: str, *more: tuple[str, str]) -> Content:
    """A player's line in the panel: stone, name, side, `mark` when to move, then `more`."""
    return Content.assemble(
        (f"{GLYPH[seat]} ", "bold"),
        (short_name(who(names, seat), NAME), "bold"),
        (f" · {SIDE[seat]}", "dim"),
        (mark, "bold $text-accent"),
        *more,
    )


def last_line(notation: str) -> Content:
    """The panel's line on the last move, in the game's notation."""
    return Content.assemble(("Last ", "dim"), (notation, "bold"))


def board_kit(
    rules: Rules[Any, A, P],
    adapter: Callable[[], BoardAdapter[P, A]],
    narrator: Words[P],
    help: str,
    rules_page: str,
) -> GameKit[P, A]:
    """The kit of `rules` drawn on the 8x8 board through `adapter`."""

    def table(names: Sequence[str]) -> Board8x8[P, A]:
        return Board8x8(names, adapter())

    return GameKit(rules=rules, table=table, narrator=narrator, help=help, rules_page=rules_page)
