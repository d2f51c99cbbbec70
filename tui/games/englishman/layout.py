"""The board's lines: five castle rows, Jack's beanstalks and the Giant's discards.

Every card is a tile with its name in it and an edge by kind (`│7│`, `║Fee║`, `┃Gold┃`) as
well as a colour, so colour is never the only cue; tiles of one kind side by side share an
edge, as fanned cards do. A castle is one row from its front (`F▸`) to its back (`◂B`); a row
too long for the width wraps under its first card. Jack's beanstalk grows into a dotted slot
for each card still to come. Rows and the beanstalk line carry a mark
in the first column: `»` where the next pick may go, `▸` where the picked card comes from.
`layout` keeps where each cell lies, so a click maps to a card and a moved card can travel.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from textual.content import Content

from core.games.englishman import EnglishmanState
from core.games.englishman.cards import CASTLES, KIND, STALK_CARDS, STALKS_TO_WIN, VALUE, Card

KIND_STYLE = {
    "beanstalk": "bold $text-success",
    "giant": "bold $text-error",
    "treasure": "bold $text-warning",
}
LEGAL = "underline"
PICKED = "reverse"

Place = tuple[str, int, int]
"""("castle", castle, index), ("stalk", beanstalk, index), ("discard", value, 0),
("front", castle, 0) / ("back", castle, 0) for a row's F▸ / ◂B labels, ("row", castle, 0)."""

PREFIX = 5
"""Columns before a castle's first card: mark, number, space, F▸."""


EDGE: dict[str, str] = {"beanstalk": "│", "treasure": "┃", "giant": "║"}
"""A card tile's edge by kind: the Giant's words stand apart with a double edge, treasures
with a heavy one, so the kind never rests on colour alone. Tiles of one kind side by side
share an edge, like cards fanned in a hand; tiles of two kinds each keep their own."""


def cell_text(card: Card) -> str:
    """A card alone as a tile, e.g. `║Fee║`."""
    return f"{EDGE[KIND[card]]}{card}{EDGE[KIND[card]]}"


def card_content(card: Card, extra: str = "") -> Content:
    return Content.styled(cell_text(card), f"{KIND_STYLE[KIND[card]]} {extra}".strip())


@dataclass
class Marks:
    """What the picker highlights: each a set of places (see `Place`)."""

    legal: set[Place] = field(default_factory=set)
    picked: set[Place] = field(default_factory=set)
    hidden: set[Place] = field(default_factory=set)
    rows: dict[int, str] = field(default_factory=dict)
    """Castle -> its first-column mark ("»" may go here, "▸" picked from here)."""
    stalk: str = " "


class Tile(NamedTuple):
    """A card tile as drawn on a line: where, its kind (for the edges) and its style."""

    x: int
    y: int
    width: int
    kind: str
    style: str
    hidden: bool


@dataclass
class Layout:
    lines: list[Content]
    cells: dict[Place, tuple[int, int, int]]
    """Place -> (x, y, width) on the board."""
    rows: dict[int, int]
    """Line -> the castle it shows."""
    stalk_lines: range
    """The lines of Jack's beanstalks (and the discards, when they fit beside them)."""
    tiles: list[Tile] = field(default_factory=list)
    middle: dict[int, int] = field(default_factory=dict)
    """Line -> the line with the names of the tiles it belongs to (tiles drawn tall)."""


class _Writer:
    """Lines of styled segments with a wrap width; remembers where each place was put."""

    def __init__(self, width: int) -> None:
        self.width = max(width, 20)
        self.lines: list[list[tuple[str, str]]] = [[]]
        self.x = 0
        self.cells: dict[Place, tuple[int, int, int]] = {}
        self.tiles: list[Tile] = []

    @property
    def y(self) -> int:
        return len(self.lines) - 1

    def put(self, text: str, style: str = "", place: Place | None = None) -> None:
        if place is not None:
            self.cells[place] = (self.x, self.y, len(text))
        self.lines[-1].append((text, style))
        self.x += len(text)

    def fits(self, width: int, reserve: int = 0) -> bool:
        return self.x + width + reserve <= self.width

    def newline(self, indent: int = 0) -> None:
        self.lines.append([])
        self.x = 0
        if indent:
            self.put(" " * indent)

    def contents(self) -> list[Content]:
        return [Content.assemble(*line) for line in self.lines]


def _tiles(
    w: _Writer,
    cards: Sequence[Card],
    places: Sequence[Place],
    marks: Marks,
    indent: int,
    reserve: int = 0,
) -> None:
    """Cards as a fan of tiles (`│1│2│3│║Fee║`), wrapping under the first one; each place
    covers its name and both its edges."""
    previous: tuple[Card, Place] | None = None
    for i, (card, place) in enumerate(zip(cards, places, strict=True)):
        last = i == len(cards) - 1
        shared = previous is not None and KIND[previous[0]] == KIND[card]
        need = len(card) + 2 + (1 if previous is not None and not shared else 0)
        if not w.fits(need, reserve if last else 0) and w.x > indent:
            _close(w, previous, marks)
            w.newline(indent)
            previous, shared = None, False
        elif previous is not None and not shared:
            _close(w, previous, marks)
        hidden = place in marks.hidden
        style = _style(card, place, marks)
        x = w.x
        w.put(" " if hidden else EDGE[KIND[card]], style.replace(LEGAL, "").strip())
        w.put(" " * len(card) if hidden else card, style)
        w.cells[place] = (x, w.y, len(card) + 2)
        w.tiles.append(Tile(x, w.y, len(card) + 2, KIND[card], style, hidden))
        previous = (card, place)
    _close(w, previous, marks)


def _close(w: _Writer, previous: tuple[Card, Place] | None, marks: Marks) -> None:
    """The right edge of the tile just drawn."""
    if previous is None:
        return
    card, place = previous
    style = _style(card, place, marks).replace(LEGAL, "").strip()
    w.put(" " if place in marks.hidden else EDGE[KIND[card]], style)


def _style(card: Card | None, place: Place, marks: Marks) -> str:
    if card is None or place in marks.hidden:
        return ""
    style = KIND_STYLE[KIND[card]]
    if place in marks.picked:
        return f"{style} {PICKED}"
    if place in marks.legal:
        return f"{style} {LEGAL}"
    return style


def layout(state: EnglishmanState, width: int, marks: Marks | None = None) -> Layout:
    """The board's lines for `state` at `width` columns: five castle rows (wrapped when
    long), the beanstalk line and the discard line."""
    marks = marks or Marks()
    w = _Writer(width)
    rows: dict[int, int] = {}
    castles = state.castles or ((),) * CASTLES
    for c, castle in enumerate(castles):
        if c:
            w.newline()
        rows[w.y] = c
        mark = marks.rows.get(c, " ")
        w.put(mark, "bold $text-accent" if mark != " " else "")
        w.put(f"{c + 1} ", "bold")
        front_style = "bold" + (f" {LEGAL}" if ("front", c, 0) in marks.legal else "")
        w.put("F▸", front_style, ("front", c, 0))
        if not castle:
            w.put(" empty ", "dim italic")
        places = [("castle", c, i) for i in range(len(castle))]
        top = w.y
        _tiles(w, castle, places, marks, PREFIX, 2)
        for y in range(top, w.y + 1):
            rows.setdefault(y, c)
        back_style = "bold" + (f" {LEGAL}" if ("back", c, 0) in marks.legal else "")
        w.put("◂B", back_style, ("back", c, 0))
    first = w.y + 1
    _stalk_line(w, state, marks)
    last = w.y
    _discard_line(w, state, marks)
    return Layout(w.contents(), w.cells, rows, range(first, last + 1), w.tiles)


def _stalk_line(w: _Writer, state: EnglishmanState, marks: Marks) -> None:
    """The beanstalk Jack is growing, as tiles with a dotted slot for each card still to come,
    then the finished ones (✓)."""
    w.newline()
    w.put(marks.stalk, "bold $text-accent" if marks.stalk != " " else "")
    number = min(len(state.completed) + 1, STALKS_TO_WIN)
    style = "bold" + (f" {LEGAL}" if ("stalk", -1, 0) in marks.legal else "")
    w.put(f"Beanstalk {number}/{STALKS_TO_WIN}", style, ("stalk", -1, 0))
    w.put(" (s) ", "dim")
    current = len(state.completed)
    places = [("stalk", current, i) for i in range(len(state.current))]
    _tiles(w, state.current, places, marks, 2)
    slots = STALK_CARDS - len(state.current) if current < STALKS_TO_WIN else 0  # all built
    if slots > 0:
        if not state.current:
            w.cells[("stalk", current, 0)] = (w.x, w.y, 3)
            w.put("┆", "dim")
        w.put("·┆" * slots, "dim")
    if len(state.current) >= STALK_CARDS:
        w.put(" needs a treasure", "dim")
    elif state.current:
        w.put(f" next >{state.current[-1]}", "dim")
    for k, stalk in enumerate(state.completed):
        if not w.fits(sum(len(card) + 1 for card in stalk) + 5) and w.x > 2:
            w.newline(2)
        w.put("  ✓", "bold $text-success")
        _tiles(w, stalk, [("stalk", k, i) for i in range(len(stalk))], marks, 2)


def _discard_line(w: _Writer, state: EnglishmanState, marks: Marks) -> None:
    """The Giant's discards, counted by value: beside the beanstalks when they fit."""
    counts: dict[Card, int] = {}
    for card in state.discards:
        counts[card] = counts.get(card, 0) + 1
    texts = {card: card if counts[card] == 1 else f"{card}\u00d7{counts[card]}" for card in counts}
    label = f"Giant's discards ({len(state.discards)}):"
    width = len(label) + sum(len(t) + 1 for t in texts.values()) + (5 if not texts else 0)
    if w.fits(width + 3):
        w.put(" · ", "dim")
    else:
        w.newline(2)
    w.put(label, "bold")
    if not state.discards:
        w.put(" none", "dim")
    for card in sorted(counts, key=lambda c: VALUE.get(c, 0)):
        text = texts[card]
        if not w.fits(len(text) + 1) and w.x > 2:
            w.newline(2)
        w.put(" ")
        place = ("discard", VALUE.get(card, 0), 0)
        w.cells[place] = (w.x, w.y, len(text))
        w.put(" " * len(text) if place in marks.hidden else text, KIND_STYLE[KIND[card]])
