"""The Blood of an Englishman's table: five fanned castles, Jack's beanstalks, the discards,
the Giant's threats, and the picker that composes one action from keys or clicks.

Every card is a cell with its name in it (`[7]`, `[Fee]`, `[Gold]`) and a colour by kind, so
colour is never the only cue. A castle is one row from its front (`F▸`) to its back (`◂B`);
a row too long for the width wraps under its first card. Rows and the beanstalk line carry a
mark in the first column: `»` where the next pick may go, `▸` where the picked card comes from.

The board draws its own lines (`layout`) and keeps where each card cell lies, so a click maps
to a card and a moved card can *travel*: a one-line overlay (`Flyer`) slides from the card's
old cell to its new one while that cell is left blank, then the board shows it landed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import ClassVar, Literal

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Offset, Size
from textual.widget import Widget
from textual.widgets import Static

from core.games.englishman import Englishman, EnglishmanState, threats
from core.games.englishman.actions import (
    BackToFront,
    BackToStalk,
    Discard,
    DoubleMove,
    EnglishmanAction,
    FrontToFront,
    FrontToStalk,
    KeepDeal,
    MoveFour,
    Wife,
)
from core.games.englishman.cards import KIND, STALK_CARDS, STALKS_TO_WIN, VALUE, Card
from core.games.englishman.castles import move_front, moved_within
from core.games.englishman.notation import notation
from core.games.englishman.state import GIANT, JACK
from core.rules import IllegalAction
from tui.widgets.table import Chosen, TableWidget, Turn

RULES = Englishman()
CASTLES = 5
FLIGHT = 0.4
"""Seconds a travelling card takes from its old place to its new one."""

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


def cell_text(card: Card) -> str:
    return f"[{card}]"


def card_content(card: Card, extra: str = "") -> Content:
    return Content.styled(cell_text(card), f"{KIND_STYLE[KIND[card]]} {extra}".strip())


# -- layout ---------------------------------------------------------------------------------------
@dataclass
class Marks:
    """What the picker highlights: each a set of places (see `Place`)."""

    legal: set[Place] = field(default_factory=set)
    picked: set[Place] = field(default_factory=set)
    hidden: set[Place] = field(default_factory=set)
    rows: dict[int, str] = field(default_factory=dict)
    """Castle -> its first-column mark ("»" may go here, "▸" picked from here)."""
    stalk: str = " "


@dataclass
class Layout:
    lines: list[Content]
    cells: dict[Place, tuple[int, int, int]]
    """Place -> (x, y, width) on the board."""
    rows: dict[int, int]
    """Line -> the castle it shows."""
    stalk_lines: range
    """The lines of Jack's beanstalks (and the discards, when they fit beside them)."""


class _Writer:
    """Lines of styled segments with a wrap width; remembers where each place was put."""

    def __init__(self, width: int) -> None:
        self.width = max(width, 20)
        self.lines: list[list[tuple[str, str]]] = [[]]
        self.x = 0
        self.cells: dict[Place, tuple[int, int, int]] = {}

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


def _cell(w: _Writer, card: Card, place: Place, marks: Marks, indent: int, reserve: int) -> None:
    text = cell_text(card)
    if not w.fits(len(text), reserve) and w.x > indent:
        w.newline(indent)
    if place in marks.hidden:
        w.put(" " * len(text), "", place)
        return
    style = KIND_STYLE[KIND[card]]
    if place in marks.picked:
        style += f" {PICKED}"
    elif place in marks.legal:
        style += f" {LEGAL}"
    w.put(text, style, place)


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
        w.put(mark, "bold $accent" if mark != " " else "")
        w.put(f"{c + 1} ", "bold")
        front_style = "bold" + (f" {LEGAL}" if ("front", c, 0) in marks.legal else "")
        w.put("F▸", front_style, ("front", c, 0))
        if not castle:
            w.put(" empty ", "dim italic")
        for i, card in enumerate(castle):
            at_back = i == len(castle) - 1
            _cell(w, card, ("castle", c, i), marks, PREFIX, 2 if at_back else 0)
            if w.y not in rows:
                rows[w.y] = c
        back_style = "bold" + (f" {LEGAL}" if ("back", c, 0) in marks.legal else "")
        w.put("◂B", back_style, ("back", c, 0))
    first = w.y + 1
    _stalk_line(w, state, marks)
    last = w.y
    _discard_line(w, state, marks)
    return Layout(w.contents(), w.cells, rows, range(first, last + 1))


def _stalk_line(w: _Writer, state: EnglishmanState, marks: Marks) -> None:
    w.newline()
    w.put(marks.stalk, "bold $accent" if marks.stalk != " " else "")
    number = min(len(state.completed) + 1, STALKS_TO_WIN)
    style = "bold" + (f" {LEGAL}" if ("stalk", -1, 0) in marks.legal else "")
    w.put("s", style, ("stalk", -1, 0))
    w.put(f" Beanstalk {number}/{STALKS_TO_WIN}: ", "bold")
    current = len(state.completed)
    if not state.current:
        w.put("[ ]", "dim", ("stalk", current, 0))
    for i, card in enumerate(state.current):
        _cell(w, card, ("stalk", current, i), marks, 2, 0)
    if len(state.current) >= STALK_CARDS:
        w.put(" needs a treasure", "dim")
    elif state.current:
        w.put(f" next >{state.current[-1]}", "dim")
    for k, stalk in enumerate(state.completed):
        text = " ".join(stalk)
        if not w.fits(len(text) + 3) and w.x > 2:
            w.newline(2)
        w.put("  ✓", "bold $text-success")
        for i, card in enumerate(stalk):
            place = ("stalk", k, i)
            if place in marks.hidden:
                w.put(" " * (len(card) + 1), "", place)
            else:
                w.put(" ")
                w.cells[place] = (w.x, w.y, len(card))
                w.put(card, KIND_STYLE[KIND[card]])


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


class Board(Widget):
    """The castles, beanstalks and discards, drawn line by line; clicks go to the table."""

    DEFAULT_CSS = """
    Board {
        height: auto;
        width: 100%;
    }
    """

    def __init__(self) -> None:
        super().__init__(id="castles")
        self.state = EnglishmanState()
        self.marks = Marks()
        self._layout: Layout | None = None
        self._width = 0

    def draw(self, state: EnglishmanState, marks: Marks) -> None:
        self.state, self.marks, self._layout = state, marks, None
        self.refresh(layout=True)

    def layout_at(self, width: int | None = None) -> Layout:
        width = self.size.width if width is None else width
        if self._layout is None or self._width != width:
            self._layout = layout(self.state, width or 78, self.marks)
            self._width = width
        return self._layout

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.layout_at(width).lines)

    def render(self) -> Content:
        return Content("\n").join(self.layout_at().lines)

    def place_at(self, x: int, y: int) -> Place | None:
        """The place under board column `x`, line `y`: a cell or label, else the row."""
        lay = self.layout_at()
        for place, (px, py, pw) in lay.cells.items():
            if py == y and px <= x < px + pw:
                return place
        if y in lay.rows:
            return ("row", lay.rows[y], 0)
        if y in lay.stalk_lines:
            return ("stalk", -1, 0)
        return None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        place = self.place_at(offset.x, offset.y)
        table = self.parent
        if place is not None and isinstance(table, CastlesTable):
            event.stop()
            table.clicked(place)


class Flyer(Static):
    """The card on its way: laid over the table and slid by its offset."""

    def __init__(self) -> None:
        super().__init__("", id="flyer")
        self.display = False


class Hint(Static):
    """The line under the threats: what to pick next, or why a pick is refused. Its
    underlined words are clickable (they run the same commands as the keys)."""

    def action_run(self, command: str) -> None:
        table = self.parent
        if isinstance(table, CastlesTable):
            table.command(command)


# -- the picker ----------------------------------------------------------------------------------
Mode = Literal["", "x", "m", "d"]


@dataclass
class Draft:
    """The action being composed."""

    mode: Mode = ""
    """The Giant's chosen action: x discard, m move four, d two single moves."""
    source: tuple[int, str] | None = None
    """Jack: (castle, "f" or "b")."""
    dest: int | str | None = None
    """Jack: a castle, "s" (beanstalk) or "f" (own front)."""
    picks: tuple[int, ...] = ()
    """The Giant's move four / double move: the castles picked so far."""
    cursor: tuple[int, int] | None = None
    """Setup / discard: (castle, index) of the card under the cursor."""
    lifted: bool = False
    """Setup: the cursor card is lifted; `place` is where it would go."""
    place: int = 0
    keep: bool = False


@dataclass
class FlightPlan:
    before: EnglishmanState
    after: EnglishmanState
    source: Place
    target: Place
    cards: tuple[Card, ...]


def flights(old: EnglishmanState, new: EnglishmanState) -> list[FlightPlan]:
    """How the action that led from `old` to `new` moves its card(s); [] when `new` does not
    follow `old` by one action or nothing travels (the deal, keeping the deal)."""
    action = new.last
    if action is None or old.phase in ("deal", "over"):
        return []
    try:
        if RULES.apply(old, action) != new:
            return []
    except IllegalAction:
        return []
    castles = old.castles
    if isinstance(action, Wife):
        card = castles[action.castle][action.card]
        return [
            FlightPlan(
                old,
                new,
                ("castle", action.castle, action.card),
                ("castle", action.castle, action.to),
                (card,),
            )
        ]
    if isinstance(action, FrontToFront):
        return [
            FlightPlan(
                old,
                new,
                ("castle", action.source, 0),
                ("castle", action.target, 0),
                (castles[action.source][0],),
            )
        ]
    if isinstance(action, BackToFront):
        n = len(castles[action.castle]) - 1
        return [
            FlightPlan(
                old,
                new,
                ("castle", action.castle, n),
                ("castle", action.castle, 0),
                (castles[action.castle][-1],),
            )
        ]
    if isinstance(action, FrontToStalk | BackToStalk):
        castle = castles[action.castle]
        index = 0 if isinstance(action, FrontToStalk) else len(castle) - 1
        if len(new.completed) > len(old.completed):
            target: Place = ("stalk", len(new.completed) - 1, STALK_CARDS)
        else:
            target = ("stalk", len(new.completed), len(new.current) - 1)
        return [FlightPlan(old, new, ("castle", action.castle, index), target, (castle[index],))]
    if isinstance(action, Discard):
        card = castles[action.castle][action.card]
        return [
            FlightPlan(
                old,
                new,
                ("castle", action.castle, action.card),
                ("discard", VALUE[card], 0),
                (card,),
            )
        ]
    if isinstance(action, MoveFour):
        return [
            FlightPlan(
                old,
                new,
                ("castle", action.source, 0),
                ("castle", action.target, 0),
                castles[action.source][:4],
            )
        ]
    if isinstance(action, DoubleMove):
        a, b, c, d = (
            action.first_source,
            action.first_target,
            action.second_source,
            action.second_target,
        )
        mid = replace(old, castles=move_front(castles, a, b))
        return [
            FlightPlan(old, mid, ("castle", a, 0), ("castle", b, 0), (castles[a][0],)),
            FlightPlan(mid, new, ("castle", c, 0), ("castle", d, 0), (mid.castles[c][0],)),
        ]
    return []


def _targets(plan: FlightPlan) -> set[Place]:
    kind, castle, index = plan.target
    if kind == "castle":
        return {(kind, castle, index + k) for k in range(len(plan.cards))}
    return {plan.target}


class CastlesTable(TableWidget[EnglishmanState], can_focus=True):
    """The whole public table, and the input while the seat at the device must act."""

    DEFAULT_CSS = """
    CastlesTable {
        height: auto;
        max-height: 16;
        border-top: solid $primary;
        border-title-color: $primary;
        border-title-style: bold;
        background: $surface;
        padding: 0 1;
        layers: base flight;
    }

    CastlesTable:focus {
        border-top: solid $accent;
    }

    CastlesTable.-tight {
        border-top: none;
    }

    CastlesTable.-compact #threats {
        height: 1;
    }

    CastlesTable #threats {
        height: 3;
        width: 100%;
    }

    CastlesTable #hint {
        height: auto;
        max-height: 2;
        width: 100%;
    }

    CastlesTable #flyer {
        position: absolute;
        layer: flight;
        width: auto;
        height: 1;
        background: $surface;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(str(c + 1), f"castle({c})", f"castle {c + 1}", show=False)
            for c in range(CASTLES)
        ),
        Binding("f", "run('f')", "front", show=False),
        Binding("b", "run('b')", "back", show=False),
        Binding("s", "run('s')", "beanstalk", show=False),
        Binding("x", "run('x')", "discard", show=False),
        Binding("m", "run('m')", "move four", show=False),
        Binding("d", "run('d')", "two moves", show=False),
        Binding("minus", "run('keep')", "keep the deal", show=False),
        Binding("left", "run('left')", "card left", show=False),
        Binding("right", "run('right')", "card right", show=False),
        Binding("up", "run('up')", "castle up", show=False),
        Binding("down", "run('down')", "castle down", show=False),
        Binding("space", "run('take')", "take card", show=False),
        Binding("enter", "run('enter')", "play"),
        Binding("escape", "run('cancel')", "cancel"),
    ]

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(id="board", classes="englishman-table")
        self.names = tuple(names)
        self._view: EnglishmanState | None = None
        self._turn: Turn | None = None
        self._draft = Draft()
        self._legal: set[EnglishmanAction] = set()
        self._told = ""
        self._plans: list[FlightPlan] = []
        self._generation = 0
        self.board = Board()
        self.threats = Static(id="threats")
        self.hint = Hint(id="hint")
        self.flyer = Flyer()

    def compose(self) -> ComposeResult:
        yield self.board
        yield self.threats
        yield self.hint
        yield self.flyer

    # -- what the screen calls ------------------------------------------------------------------
    def show(self, view: EnglishmanState, turn: Turn | None, *, animate: bool) -> None:
        old = self._view
        changed = old != view or (turn is None) != (self._turn is None)
        self._view, self._turn = view, turn
        if changed:
            self._draft, self._told = Draft(), ""
            self._legal = set(RULES.legal_actions(view)) if turn is not None else set()
        if old == view:  # drawn again (a new prompt, a bot starting): a flight goes on
            self._redraw()
            self.screen.refresh_bindings()
            return
        plans = flights(old, view) if animate and old is not None else []
        self._generation += 1
        self._plans = plans if self.app.animation_level != "none" else []
        self.flyer.display = False
        self._redraw()
        self.screen.refresh_bindings()
        if self._plans:
            self.call_after_refresh(self._fly, self._generation)

    def tell(self, text: str) -> None:
        self._told = text
        self._hint()

    # -- helpers the tests and the kit use --------------------------------------------------------
    @property
    def flying(self) -> bool:
        """Whether a card is travelling now."""
        return bool(self._plans)

    @property
    def draft(self) -> Draft:
        return self._draft

    def offset_of(self, place: Place) -> Offset:
        """Where `place` lies, relative to this widget's top left corner (for clicks)."""
        x, y, _ = self.board.layout_at().cells[place]
        region = self.board.region
        return Offset(region.x - self.region.x + x, region.y - self.region.y + y)

    def row_offset(self, castle: int) -> Offset:
        lay = self.board.layout_at()
        y = min(line for line, c in lay.rows.items() if c == castle)
        region = self.board.region
        return Offset(region.x - self.region.x + 1, region.y - self.region.y + y)

    # -- drawing --------------------------------------------------------------------------------
    def _redraw(self) -> None:
        view = self._view
        if view is None:
            return
        self.border_title = self._title(view)
        if self._plans:
            plan = self._plans[0]
            self.board.draw(plan.after, Marks(hidden=_targets(plan)))
        else:
            shown, marks = self._marked(view)
            self.board.draw(shown, marks)
        self.threats.update(self._threats(view))
        self._hint()
        self.call_after_refresh(self._fit)

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit)

    def _budget(self) -> int:
        """Rows the frame leaves the table: the screen less its other rows and the smallest
        move log it allows."""
        screen = self.screen
        used = 0
        for widget in screen.children:
            if widget is self or not widget.display:
                continue
            if widget.id == "lower":
                least = widget.styles.min_height
                used += int(least.value) if least is not None else 6
            else:
                used += widget.outer_size.height
        return screen.size.height - used

    def _fit(self) -> None:
        """Give up the title row, then two threat rows, when the castles would push the move
        log below its least height (long wrapped castles at 80x24)."""
        if self._view is None or not self.is_attached:
            return
        width = max(self.board.size.width, 1)
        hint = self.hint
        text = hint.render()
        length = text.cell_length if isinstance(text, Content) else width
        need = 1 + len(self.board.layout_at().lines) + 3 + min(2, -(-length // width))
        budget = self._budget()
        tight, compact = need > budget, need - 1 > budget
        if tight != self.has_class("-tight") or compact != self.has_class("-compact"):
            self.set_class(tight, "-tight")
            self.set_class(compact, "-compact")
            self.threats.update(self._threats(self._view))

    def _title(self, view: EnglishmanState) -> str:
        jack, giant = (
            f"{role} ({name})" if name.lower() != role.lower() else role
            for role, name in zip(("Jack", "Giant"), self.names, strict=False)
        )
        if view.phase == "deal":
            return "The Blood of an Englishman · dealing the castles"
        if view.phase == "over":
            who = jack if view.winner == JACK else f"the {giant}"
            return f"Turn {view.turn} · {who} wins"
        if view.phase == "setup":
            return f"Setup · {jack}: move one card within its castle, or keep the deal"
        if view.actor == JACK:
            left = view.actions_left
            dots = "●" * left + "○" * (3 - left)
            return f"Turn {view.turn} · {jack} to act · {dots} {left} of 3 actions left"
        return f"Turn {view.turn} · the {giant} to act · one action"

    def _threats(self, view: EnglishmanState) -> Content:
        if view.phase == "deal" or not view.castles:
            return Content("")
        t = threats(view)
        levels = (t.parallel >= 3, t.vertical >= 3, t.finishable < t.needed or t.slack <= 2)
        hits = (t.parallel >= 4, t.vertical >= 4, t.finishable < t.needed)
        marks = [
            ("✗ ", "bold $text-error")
            if hit
            else (("▲ ", "bold $text-warning") if near else ("· ", "dim"))
            for near, hit in zip(levels, hits, strict=True)
        ]
        if self.has_class("-compact"):  # one row: the same facts, shorter
            where = "" if t.vertical_castle is None else f" (castle {t.vertical_castle + 1})"
            return Content.assemble(
                marks[0],
                ("parallel ", "bold"),
                f"{t.parallel}/4 ",
                marks[1],
                ("vertical ", "bold"),
                f"{t.vertical}/4{where} ",
                marks[2],
                ("starved ", "bold"),
                f"can finish {t.finishable} of {t.needed} (slack {t.slack})",
            )
        lines = []
        for line, mark in zip(t.lines(), marks, strict=True):
            name, _, rest = line.partition(": ")
            lines.append(Content.assemble(mark, (f"{name}: ", "bold"), rest))
        return Content("\n").join(lines)

    def _hint(self) -> None:
        hint = self.hint
        if self._told:
            hint.update(Content.assemble(self._told_content(), ("  Esc goes back", "dim")))
            return
        hint.update(self._explain())

    def _told_content(self) -> Content:
        text = self._told
        if text.startswith("✗"):
            return Content.assemble(("✗ ", "bold"), (text[1:].strip(), "bold $text-error"))
        return Content(text)

    # -- the picker: highlights -------------------------------------------------------------------
    def _marked(self, view: EnglishmanState) -> tuple[EnglishmanState, Marks]:
        """The state to draw (a preview while composing) and what to highlight."""
        marks = Marks()
        if self._turn is None or view.phase not in ("setup", "play"):
            return view, marks
        d = self._draft
        if view.phase == "setup":
            return self._marked_setup(view, d, marks)
        if view.actor == JACK:
            self._marked_jack(view, d, marks)
            return view, marks
        return self._marked_giant(view, d, marks)

    def _marked_setup(
        self, view: EnglishmanState, d: Draft, marks: Marks
    ) -> tuple[EnglishmanState, Marks]:
        if d.keep:
            return view, marks
        if d.cursor is None:
            for c, castle in enumerate(view.castles):
                if castle:
                    marks.rows[c] = "»"
            return view, marks
        c, i = d.cursor
        marks.rows[c] = "▸"
        if not d.lifted:
            marks.picked.add(("castle", c, i))
            return view, marks
        preview = replace(
            view,
            castles=tuple(
                moved_within(castle, i, d.place) if k == c else castle
                for k, castle in enumerate(view.castles)
            ),
        )
        marks.picked.add(("castle", c, d.place))
        return preview, marks

    def _marked_jack(self, view: EnglishmanState, d: Draft, marks: Marks) -> None:
        legal = self._legal
        if d.source is None:
            for c, castle in enumerate(view.castles):
                front = FrontToStalk(c) in legal or any(
                    FrontToFront(c, t) in legal for t in range(CASTLES)
                )
                back = BackToFront(c) in legal or BackToStalk(c) in legal
                if front:
                    marks.legal |= {("castle", c, 0), ("front", c, 0)}
                if back:
                    marks.legal |= {("castle", c, len(castle) - 1), ("back", c, 0)}
                if front or back:
                    marks.rows[c] = "»"
            return
        c, end = d.source
        castle = view.castles[c]
        marks.picked.add(("castle", c, 0 if end == "f" else len(castle) - 1))
        for t in range(CASTLES):
            if end == "f" and FrontToFront(c, t) in legal:
                marks.rows[t] = "»"
                marks.legal.add(("front", t, 0))
        if end == "b" and BackToFront(c) in legal:
            marks.rows[c] = "»"
            marks.legal.add(("front", c, 0))
        stalk = FrontToStalk(c) if end == "f" else BackToStalk(c)
        if stalk in legal:
            marks.stalk = "»"
            marks.legal.add(("stalk", -1, 0))
        marks.rows.setdefault(c, "▸")
        if d.dest is not None:
            if d.dest == "s":
                marks.stalk = "▶"
            else:
                marks.rows[c if d.dest == "f" else int(d.dest)] = "▶"

    def _marked_giant(
        self, view: EnglishmanState, d: Draft, marks: Marks
    ) -> tuple[EnglishmanState, Marks]:
        legal = self._legal
        if d.mode in ("", "x"):
            for action in legal:
                if isinstance(action, Discard) and d.mode == "x":
                    marks.legal.add(("castle", action.castle, action.card))
            if d.cursor is not None:
                marks.picked.add(("castle", *d.cursor))
                marks.rows[d.cursor[0]] = "▸"
            return view, marks
        picks = d.picks
        if d.mode == "m":
            fours = [four for four in legal if isinstance(four, MoveFour)]
            if not picks:
                for four in fours:
                    marks.rows[four.source] = "»"
                    marks.legal |= {("castle", four.source, k) for k in range(4)}
            else:
                s = picks[0]
                marks.picked |= {("castle", s, k) for k in range(min(4, len(view.castles[s])))}
                marks.rows[s] = "▸"
                for four in fours:
                    if four.source == s:
                        done = len(picks) == 2 and four.target == picks[1]
                        marks.rows[four.target] = "▶" if done else "»"
            return view, marks
        shown = view
        n = len(picks)
        if n >= 1:
            marks.rows[picks[0]] = "▸"
            marks.picked.add(("castle", picks[0], 0))
        if n >= 2:
            shown = replace(view, castles=move_front(view.castles, picks[0], picks[1]))
            marks.picked = {("castle", picks[1], 0)}
            marks.rows = {picks[1]: "▸"}
        if n >= 3:
            marks.rows[picks[2]] = "▸"
            marks.picked.add(("castle", picks[2], 0))
        if n == 4:
            marks.rows[picks[3]] = "▶"
            return shown, marks
        for double in legal:
            if not isinstance(double, DoubleMove):
                continue
            values = (
                double.first_source,
                double.first_target,
                double.second_source,
                double.second_target,
            )
            if values[:n] == picks:
                marks.rows.setdefault(values[n], "»")
                if n in (0, 2):
                    marks.legal.add(("castle", values[n], 0))
        return shown, marks

    # -- the picker: the composed action ----------------------------------------------------------
    def composed(self) -> EnglishmanAction | None:
        """The action the draft describes, or None while it is incomplete."""
        view, d = self._view, self._draft
        if view is None or self._turn is None:
            return None
        if view.phase == "setup":
            if d.keep:
                return KeepDeal()
            if d.cursor is not None and d.lifted and d.place != d.cursor[1]:
                return Wife(d.cursor[0], d.cursor[1], d.place)
            return None
        if view.phase != "play":
            return None
        if view.actor == JACK:
            if d.source is None or d.dest is None:
                return None
            c, end = d.source
            if d.dest == "s":
                return FrontToStalk(c) if end == "f" else BackToStalk(c)
            if end == "b":
                return BackToFront(c)
            return FrontToFront(c, int(d.dest))
        if d.mode == "x" and d.cursor is not None:
            return Discard(*d.cursor)
        if d.mode == "m" and len(d.picks) == 2:
            return MoveFour(*d.picks)
        if d.mode == "d" and len(d.picks) == 4:
            return DoubleMove(*d.picks)
        return None

    def _check(self, action: EnglishmanAction) -> str | None:
        if self._turn is None:
            return "It is not your turn"
        return self._turn.check(action)

    # -- the picker: commands ---------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("castle", "run"):
            return self._turn is not None
        return True

    def action_castle(self, castle: int) -> None:
        self.command(f"castle{castle}")

    def action_run(self, command: str) -> None:
        self.command(command)

    def command(self, command: str) -> None:
        """One key's (or clickable word's) worth of picking."""
        view = self._view
        if view is None or self._turn is None:
            return
        self._told = ""
        if command == "cancel":
            self._back()
        elif command == "enter":
            self._confirm()
        elif view.phase == "setup":
            self._setup(view, command)
        elif view.actor == JACK:
            self._jack(view, command)
        else:
            self._giant(view, command)
        self._redraw()

    def _refuse(self, text: str) -> None:
        self._told = f"✗ {text}"

    def _back(self) -> None:
        d = self._draft
        if d.keep:
            d.keep = False
        elif d.lifted:
            d.lifted = False
        elif d.dest is not None:
            d.dest = None
        elif d.source is not None:
            d.source = None
        elif d.picks:
            d.picks = d.picks[:-1]
        elif d.cursor is not None:
            d.cursor = None
        else:
            d.mode = ""

    def _confirm(self) -> None:
        view, d = self._view, self._draft
        if view is None:
            return
        action = self.composed()
        if action is None:
            if view.phase == "setup" and d.cursor is not None and not d.lifted:
                self._setup(view, "take")
            elif view.phase == "setup" and d.lifted:
                self._refuse("That leaves the card where it is: move it with ← →, or Esc")
            else:
                self._told = "Not complete yet: " + self._todo()
            return
        reason = self._check(action)
        if reason is not None:
            self._refuse(reason)
            return
        self.post_message(Chosen(action))

    # setup
    def _setup(self, view: EnglishmanState, command: str) -> None:
        d = self._draft
        castles = view.castles
        if command == "keep":
            self._draft = Draft(keep=True)
            return
        d.keep = False
        if command.startswith("castle"):
            c = int(command[6:])
            if d.lifted and d.cursor is not None and c != d.cursor[0]:
                self._refuse(
                    "The Giant's wife moves a card within its own castle: "
                    "← → to choose its place, Esc to pick another card"
                )
                return
            if not castles[c]:
                self._refuse(f"Castle {c + 1} is empty")
                return
            d.cursor, d.lifted = (c, 0), False
        elif command in ("left", "right"):
            step = -1 if command == "left" else 1
            if d.cursor is None:
                d.cursor = (0, 0)
            elif d.lifted:
                n = len(castles[d.cursor[0]])
                d.place = max(0, min(n - 1, d.place + step))
            else:
                c, i = d.cursor
                d.cursor = (c, max(0, min(len(castles[c]) - 1, i + step)))
        elif command in ("up", "down") and not d.lifted:
            c = d.cursor[0] if d.cursor is not None else -1
            c = max(0, min(CASTLES - 1, c + (-1 if command == "up" else 1)))
            i = d.cursor[1] if d.cursor is not None else 0
            if castles[c]:
                d.cursor = (c, min(i, len(castles[c]) - 1))
        elif command == "take":
            if d.cursor is None:
                self._refuse("Pick a card first: 1-5 picks a castle, ← → a card")
            elif not d.lifted:
                d.lifted, d.place = True, d.cursor[1]
        else:
            self._refuse(self._wrong_key(command))

    # Jack
    def _jack(self, view: EnglishmanState, command: str) -> None:
        d = self._draft
        castles = view.castles
        if command.startswith("castle"):
            c = int(command[6:])
            if d.source is None:
                self._pick_source(view, c, "f")
                return
            s, end = d.source
            if c == s:
                if end == "b":
                    self._pick_dest(view, "f")
                else:
                    self._refuse(
                        "The front card must go to the front of a different castle "
                        "(or s: the beanstalk)"
                    )
                return
            if end == "b":
                self._refuse(
                    "A back card goes to its own castle's front (f) or onto the beanstalk (s)"
                )
                return
            self._pick_dest(view, c)
        elif command in ("f", "b"):
            if d.source is None:
                self._refuse(f"Pick the castle first (1-5), then {command}")
                return
            s, end = d.source
            if command == "b" and (d.dest is None or end == "f"):
                self._pick_source(view, s, "b")
            elif command == "f" and end == "b":
                self._pick_dest(view, "f")
            elif command == "f" and d.dest is None:
                return
            else:
                self._refuse("Pick where it goes: another castle (1-5) or s")
        elif command == "s":
            if d.source is None:
                self._refuse("Pick the card first: a castle (1-5), then b for its back")
                return
            self._pick_dest(view, "s")
        elif command in ("left", "right") and d.source is not None and d.dest is None:
            s, end = d.source
            if len(castles[s]) > 1:
                self._pick_source(view, s, "b" if command == "right" else "f")
        else:
            self._refuse(self._wrong_key(command))

    def _pick_source(self, view: EnglishmanState, c: int, end: str) -> None:
        castle = view.castles[c]
        if not castle:
            self._refuse(f"Castle {c + 1} is empty")
            return
        if end == "f":
            options: list[EnglishmanAction] = [FrontToStalk(c)]
            options += [FrontToFront(c, t) for t in range(CASTLES) if t != c]
        else:
            options = [BackToFront(c), BackToStalk(c)]
        if not any(a in self._legal for a in options):
            reasons = [r for a in options if (r := self._check(a))]
            self._refuse(reasons[-1] if reasons else "No move from there")
            return
        self._draft.source, self._draft.dest = (c, end), None

    def _pick_dest(self, view: EnglishmanState, dest: int | str) -> None:
        d = self._draft
        if d.dest == dest and self.composed() is not None:
            self._confirm()
            return
        d.dest = dest
        action = self.composed()
        if action is not None:
            reason = self._check(action)
            if reason is not None:
                d.dest = None
                self._refuse(reason)

    # the Giant
    def _giant(self, view: EnglishmanState, command: str) -> None:
        d = self._draft
        castles = view.castles
        if command in ("x", "m", "d"):
            self._draft = Draft(mode=command)  # type: ignore[arg-type]
            return
        if d.mode == "" and command.startswith("castle"):
            self._draft = Draft(mode="x")
            d = self._draft
        if d.mode == "x":
            if command.startswith("castle"):
                c = int(command[6:])
                beans = [i for i, card in enumerate(castles[c]) if KIND[card] == "beanstalk"]
                if not beans:
                    self._refuse(f"Castle {c + 1} holds no beanstalk card to discard")
                    return
                d.cursor = (c, beans[0])
            elif command in ("left", "right", "up", "down"):
                self._move_cursor(view, command)
            elif command == "take":
                self._confirm()
            else:
                self._refuse(self._wrong_key(command))
            return
        if d.mode == "":
            self._refuse(
                "First choose the Giant's action: x discard, m move four, d two single moves"
            )
            return
        if not command.startswith("castle"):
            self._refuse(self._wrong_key(command))
            return
        c = int(command[6:])
        size = 2 if d.mode == "m" else 4
        picks = d.picks if len(d.picks) < size else d.picks[:-1]
        if len(d.picks) == size and d.picks[-1] == c:
            self._confirm()
            return
        trial = (*picks, c)
        if d.mode == "m":
            ok = any(
                isinstance(a, MoveFour) and (a.source, a.target)[: len(trial)] == trial
                for a in self._legal
            )
        else:
            ok = any(
                isinstance(a, DoubleMove)
                and (a.first_source, a.first_target, a.second_source, a.second_target)[: len(trial)]
                == trial
                for a in self._legal
            )
        if not ok:
            self._refuse(self._why_not(view, d.mode, trial))
            return
        d.picks = trial

    def _why_not(self, view: EnglishmanState, mode: str, trial: tuple[int, ...]) -> str:
        castles = view.castles
        if mode == "m":
            if len(trial) == 1:
                return (
                    f"Castle {trial[0] + 1} holds {len(castles[trial[0]])} cards: "
                    "moving four needs four"
                )
            return "The four cards must go to the front of a different castle"
        n = len(trial)
        if n == 1:
            return f"Castle {trial[0] + 1} is empty"
        if n == 2 or n == 4:
            return "A card must go to the front of a different castle"
        if trial[2] == trial[1]:
            return "The second move must take a different card, not the one the first just placed"
        return f"Castle {trial[2] + 1} is empty"

    def _move_cursor(self, view: EnglishmanState, command: str) -> None:
        d = self._draft
        castles = view.castles
        if d.cursor is None:
            first = next((c for c in range(CASTLES) if castles[c]), None)
            if first is not None:
                d.cursor = (first, 0)
            return
        c, i = d.cursor
        if command in ("left", "right"):
            i = max(0, min(len(castles[c]) - 1, i + (-1 if command == "left" else 1)))
        else:
            step = -1 if command == "up" else 1
            nc = c + step
            while 0 <= nc < CASTLES and not castles[nc]:
                nc += step
            if 0 <= nc < CASTLES:
                c, i = nc, min(i, len(castles[nc]) - 1)
        d.cursor = (c, i)

    def _wrong_key(self, command: str) -> str:
        view = self._view
        if view is None:
            return ""
        if view.phase == "setup":
            return "Now: 1-5 and ← → pick a card, Space lifts it, - keeps the deal"
        if view.actor == JACK:
            return "Now: 1-5 a castle's front (b: its back), then 1-5, s or f where it goes"
        return "Now: x discard, m move four, d two single moves, then 1-5"

    # -- clicks -----------------------------------------------------------------------------------
    def clicked(self, place: Place) -> None:
        """A click on the board: the same picking as the keys, by place."""
        view = self._view
        if view is None or self._turn is None:
            return
        self.focus()
        self._told = ""
        kind, c, i = place
        d = self._draft
        if view.phase == "setup":
            if kind == "castle":
                if d.lifted and d.cursor is not None and c == d.cursor[0]:
                    if d.place == i:
                        self._confirm()
                    else:
                        d.place = i
                else:
                    self._draft = Draft(cursor=(c, i), lifted=True, place=i)
            elif kind in ("row", "front", "back") and view.castles[c]:
                self._setup(view, f"castle{c}")
        elif view.phase != "play":
            return
        elif view.actor == JACK:
            self._clicked_jack(view, place)
        elif kind == "castle" and d.mode in ("", "x"):
            if d.mode == "x" and d.cursor == (c, i):
                self._confirm()
            elif KIND[view.castles[c][i]] != "beanstalk":
                self._refuse(
                    f"The Giant discards only beanstalk cards, never a "
                    f"{KIND[view.castles[c][i]]} card ({view.castles[c][i]})"
                )
            else:
                self._draft = Draft(mode="x", cursor=(c, i))
        elif kind in ("castle", "row", "front", "back"):
            self._giant(view, f"castle{c}")
        self._redraw()

    def _clicked_jack(self, view: EnglishmanState, place: Place) -> None:
        kind, c, i = place
        d = self._draft
        if kind == "stalk":
            self._jack(view, "s")
            return
        if kind == "discard":
            return
        castle = view.castles[c]
        if d.source is None:
            if kind == "front" or (kind == "castle" and i == 0):
                self._pick_source(view, c, "f")
            elif kind == "back" or (kind == "castle" and i == len(castle) - 1):
                self._pick_source(view, c, "b")
            else:
                self._refuse("Jack takes only a castle's front card (F▸) or back card (◂B)")
            return
        s, end = d.source
        if c != s:
            self._jack(view, f"castle{c}")
        elif end == "b" and (kind in ("front", "row") or (kind == "castle" and i == 0)):
            self._pick_dest(view, "f")
        elif end == "f" and (kind == "back" or (kind == "castle" and i == len(castle) - 1)):
            self._pick_source(view, c, "b")
        else:
            self._draft = Draft()

    # -- the explanation line ---------------------------------------------------------------------
    def _todo(self) -> str:
        view, d = self._view, self._draft
        if view is None:
            return ""
        if view.phase == "setup":
            if d.cursor is None:
                return "pick a card (1-5, ← →, or click), or - to keep the deal"
            return "Space lifts the card, ← → choose its new place"
        if view.actor == JACK:
            if d.source is None:
                return "pick a card: 1-5 (its front), b for its back"
            return "where to: 1-5 another castle, s the beanstalk" + (
                ", f its own front" if d.source[1] == "b" else ""
            )
        if d.mode == "":
            return "choose x discard, m move four or d two single moves"
        if d.mode == "x":
            return "pick the beanstalk card to discard (1-5, ← →, or click)"
        if d.mode == "m":
            return "pick the castle to take four from" if not d.picks else "pick where they go"
        return ("first move: from", "first move: to", "second move: from", "second move: to")[
            min(len(d.picks), 3)
        ] + " (1-5)"

    def _explain(self) -> Content:
        view, d = self._view, self._draft
        if view is None:
            return Content("")
        if self._turn is None:
            if view.phase == "over":
                return Content.styled(view.reason[:1].upper() + view.reason[1:], "bold")
            if view.phase == "deal":
                return Content.styled("Dealing…", "dim")
            who = self._role(view.actor)
            return Content.styled(f"Waiting for {who}…", "dim")
        action = self.composed()
        if action is not None:
            reason = self._check(action)
            if reason is not None:
                return Content.assemble(("✗ ", "bold"), (reason, "bold $text-error"))
            return Content.assemble(
                ("✓ ", "bold"),
                (notation(action), "bold"),
                " ",
                self._words(view, action),
                self._danger(view, action),
                (" · ", "dim"),
                self._link("Enter", "enter"),
                (" plays, ", "dim"),
                self._link("Esc", "cancel"),
                (" goes back", "dim"),
            )
        return Content.assemble(self._where(view, d), self._keys(view, d))

    def _role(self, seat: int) -> str:
        role = ("Jack", "the Giant")[seat]
        name = self.names[seat] if seat < len(self.names) else ""
        return (
            f"{name} ({role.removeprefix('the ')})"
            if name and name.lower() not in ("jack", "giant")
            else role
        )

    def _words(self, view: EnglishmanState, action: EnglishmanAction) -> str:
        c = view.castles
        if isinstance(action, KeepDeal):
            return "keep the castles as dealt"
        if isinstance(action, Wife):
            return (
                f"the {c[action.castle][action.card]} to place {action.to + 1} "
                f"of castle {action.castle + 1}"
            )
        if isinstance(action, FrontToFront):
            return f"the {c[action.source][0]} to castle {action.target + 1}'s front"
        if isinstance(action, BackToFront):
            return f"the {c[action.castle][-1]} to its castle's front"
        if isinstance(action, FrontToStalk):
            return f"the {c[action.castle][0]} onto the beanstalk"
        if isinstance(action, BackToStalk):
            return f"the {c[action.castle][-1]} onto the beanstalk"
        if isinstance(action, Discard):
            return f"discard the {c[action.castle][action.card]}"
        if isinstance(action, MoveFour):
            four = " ".join(c[action.source][:4])
            return f"the front four ({four}) to castle {action.target + 1}"
        if not isinstance(action, DoubleMove):
            return ""
        first = c[action.first_source][0]
        mid = move_front(c, action.first_source, action.first_target)
        second = mid[action.second_source][0]
        return (
            f"the {first} to castle {action.first_target + 1}, then the {second} to "
            f"castle {action.second_target + 1}"
        )

    def _danger(self, view: EnglishmanState, action: EnglishmanAction) -> Content:
        try:
            after = RULES.apply(view, action)
        except IllegalAction:
            return Content("")
        if after.phase != "over":
            return Content("")
        if after.winner == view.actor:
            return Content.styled(" — wins!", "bold $text-success")
        return Content.styled(" ⚠ loses: " + after.reason.split(":")[0], "bold $text-error")

    def _link(self, text: str, command: str) -> Content:
        return Content.styled(text, f"bold underline @click=run('{command}')")

    def _where(self, view: EnglishmanState, d: Draft) -> Content:
        c = view.castles
        if view.phase == "setup" and d.cursor is not None:
            k, i = d.cursor
            if d.lifted:
                return Content(f"The {c[k][i]} goes to place {d.place + 1} of {len(c[k])}: ")
            return Content(f"The {c[k][i]} (castle {k + 1}, place {i + 1}): ")
        if view.phase == "play" and view.actor == JACK and d.source is not None:
            k, end = d.source
            card = c[k][0] if end == "f" else c[k][-1]
            word = "front" if end == "f" else "back"
            return Content(f"The {card} (castle {k + 1}, {word}) to: ")
        if view.phase == "play" and view.actor == GIANT and d.mode:
            label = {"x": "Discard", "m": "Move four", "d": "Two single moves"}[d.mode]
            if d.mode == "x" and d.cursor is not None:
                k, i = d.cursor
                label += f" the {c[k][i]}"
            return Content.styled(f"{label}: ", "bold")
        return Content("")

    def _keys(self, view: EnglishmanState, d: Draft) -> Content:
        link = self._link
        dim = "dim"
        if view.phase == "setup":
            if d.lifted:
                return Content.assemble(
                    ("← → move it, ", dim),
                    link("Enter", "enter"),
                    (" puts it there, ", dim),
                    link("Esc", "cancel"),
                )
            if d.cursor is not None:
                return Content.assemble(
                    ("Space lifts it, ← → ↑ ↓ another · ", dim), link("- keep the deal", "keep")
                )
            return Content.assemble(
                ("Giant's wife: 1-5 ← → pick a card, Space lifts it, or click · ", dim),
                link("- keep the deal", "keep"),
            )
        if view.actor == JACK:
            if d.source is None:
                return Content.styled(
                    "Pick a card: 1-5 a castle's front (F▸), then b for its back (◂B); or click it",
                    dim,
                )
            if d.source[1] == "b":
                return Content.styled("f its own front, s the beanstalk · Esc", dim)
            return Content.styled("1-5 a castle, s beanstalk, b its back · Esc", dim)
        if d.mode == "":
            return Content.assemble(
                ("Giant: ", "bold"),
                link("x discard", "x"),
                (" · ", dim),
                link("m move four", "m"),
                (" · ", dim),
                link("d two single moves", "d"),
                (" · or click a card", dim),
            )
        if d.mode == "x":
            return Content.styled(
                "1-5 a castle, ← → ↑ ↓ a card (underlined: may go), or click · Esc", dim
            )
        return Content.styled(self._todo() + " · » marks legal · Esc", dim)

    # -- the flight -------------------------------------------------------------------------------
    def _fly(self, generation: int) -> None:
        if generation != self._generation or not self._plans:
            return
        plan = self._plans[0]
        width = self.board.size.width
        before = layout(plan.before, width)
        after = layout(plan.after, width)
        if plan.source not in before.cells or plan.target not in after.cells:
            self._landed(generation)
            return
        sx, sy, _ = before.cells[plan.source]
        tx, ty, _ = after.cells[plan.target]
        self.board.draw(plan.after, Marks(hidden=_targets(plan)))
        self.flyer.update(Content.assemble(*(card_content(card, "reverse") for card in plan.cards)))
        origin = Offset(
            self.board.region.x - self.content_region.x, self.board.region.y - self.content_region.y
        )
        self.flyer.offset = origin + Offset(sx, sy)
        self.flyer.display = True
        self.flyer.animate(
            "offset",
            origin + Offset(tx, ty),
            duration=FLIGHT,
            easing="in_out_cubic",
            on_complete=lambda: self._landed(generation),
        )

    def _landed(self, generation: int) -> None:
        if generation != self._generation or not self.is_attached:
            return
        if self._plans:
            self._plans.pop(0)
        if self._plans:
            self._fly(generation)
            return
        self.flyer.display = False
        self._redraw()
