"""One 8x8 board for the square-board games (Crossing, Fields of Action), generic over the game.

A game plugs in through a small adapter (`BoardAdapter`): what stands on a square and its label,
which stones the side to move may pick, where a selection of stones may go (and the action each
destination makes), the action a selection and any square would make (so the rules can say why
it is illegal), the last move, and the side panel's words. The widget does the rest: the board
with a-h / 1-8 on its edges (rank 8 at the top), a cursor, picking stones and destinations by
keys or by mouse, legal destinations highlighted (a dot, `+` for a crossing, a cross for a capture),
the last move tinted, stones sliding to their squares and captured stones fading.

Each square is 5 columns by 1 row: `[○12]` is the cursor on White's 12, `▸○ ◂` a picked stone,
`x●7x` (drawn with the multiplication sign) a capture destination, ` · ` an empty
destination. The board is 44 columns by 9 rows, the whole table 11 rows with its border,
so it fits an 80x24 terminal with the move log below.

The slide is a hand-rolled frame animation driven by Textual's animator: the grid's `progress`
goes from 0 to 1 and each frame draws the moving stones part way (the screen's "wait until
still" waits for it too); with the app's animations off it jumps to the end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.containers import Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from tui.widgets.table import Chosen, TableWidget, Turn

V = TypeVar("V")
V_contra = TypeVar("V_contra", contravariant=True)

SIZE = 8
FILES = "abcdefgh"
CELL = 5
"""Columns per square: a marker, three columns for the stone, a marker."""
LABEL = 2
"""Columns of the rank numbers on each side ("8 " and " 8")."""
GRID_WIDTH = LABEL + SIZE * CELL + LABEL
GRID_HEIGHT = SIZE + 1
TIMES = "\u00d7"
"""The mark either side of a stone that can be captured."""
GLYPH = ("○", "●")
"""White's and Black's stones: the shape tells them apart, not only the colour."""
SIDE = ("White", "Black")

SLIDE_PER_SQUARE = 0.09
SLIDE_SHORTEST = 0.25
SLIDE_LONGEST = 0.7

# Colours: a wooden board that reads the same under every theme. Every square colour is of
# middle lightness, so white (○) and black (●) stones both keep a contrast of 3.5:1 or more.
LIGHT, DARK = "#a98356", "#8c6841"
LAST = ("#9c8530", "#857126")
"""The last move's squares (from and to)."""
TARGET = ("#6f9a4e", "#5c8440")
"""A legal destination of the picked stones."""
TAKE = ("#b5483c", "#a03c32")
"""A destination that captures."""
PICKED = ("#5f86b8", "#4f74a4")
CURSOR = "#8a4fa8"
STONE_COLOUR = ("#ffffff", "#000000")
MARK_MOVE = "#000000"
MARK_TAKE = "#ffffff"


def square_of(file: int, rank: int) -> int:
    return rank * SIZE + file


def name(square: int) -> str:
    return f"{FILES[square % SIZE]}{square // SIZE + 1}"


@dataclass(frozen=True)
class Piece:
    """A stone as the board draws it."""

    seat: int
    """0 White (○), 1 Black (●)."""
    label: str = ""
    """Up to two characters after the glyph: a number ("12", "7 "), "+" for a crossed stone."""
    locked: bool = False
    """It can never move again (drawn underlined)."""

    @property
    def text(self) -> str:
        """Three columns: " ○ ", " ○+" (one-character label), "○12", "○7 " (two)."""
        glyph = GLYPH[self.seat]
        if not self.label:
            return f" {glyph} "
        if len(self.label) == 1:
            return f" {glyph}{self.label}"
        return f"{glyph}{self.label[:2]}"


@dataclass(frozen=True)
class LastShown:
    """The last move for the board: which stones went where, and the stone it took."""

    moves: tuple[tuple[int, int], ...]
    """(from, to) per moved stone, leading stone first."""
    captured: int | None = None
    """The square whose stone was taken (the capturing stone stands there now)."""
    taken: Piece | None = None
    """The stone that was taken, so it can fade out."""


class BoardAdapter(Protocol[V_contra]):
    """What a game tells the board. Squares are 0..63, rank * 8 + file (a1 = 0, h8 = 63)."""

    title: str
    phalanxes: bool
    """Stones move in lines (Crossing): Tab, + and - compose a phalanx."""

    def piece(self, view: V_contra, square: int) -> Piece | None:
        """The stone on `square`, or None."""
        ...

    def ply(self, view: V_contra) -> int:
        """Moves made so far: the board slides a stone when this grows by one."""
        ...

    def last(self, view: V_contra) -> LastShown | None: ...

    def movable(self, view: V_contra, seat: int) -> frozenset[int]:
        """The squares of the stones `seat` may pick now."""
        ...

    def lines(self, view: V_contra, square: int) -> tuple[tuple[int, ...], ...]:
        """The lines of stones through a picked stone that may move together, each ordered
        from one end to the other (empty for games whose stones move alone)."""
        ...

    def destinations(
        self, view: V_contra, seat: int, selection: tuple[int, ...]
    ) -> Mapping[int, Any]:
        """Where the selection may go: destination square -> the action."""
        ...

    def action(self, view: V_contra, seat: int, selection: tuple[int, ...], target: int) -> Any:
        """The action moving `selection` to `target` would be, though illegal (so the rules
        can say why), or None when no action has that shape."""
        ...

    def captures(self, action: Any) -> bool: ...

    def crosses(self, action: Any) -> bool: ...

    def notation(self, action: Any) -> str: ...

    def about(self, view: V_contra, seat: int, selection: tuple[int, ...]) -> str:
        """A line on the picked stones: how they move."""
        ...

    def refuse(self, view: V_contra, seat: int, square: int) -> str:
        """Why the stone (or nothing) on `square` cannot be picked."""
        ...

    def panel(self, view: V_contra, names: Sequence[str]) -> Content:
        """The side panel beside the board: players, counts, the last move."""
        ...

    def banner(self, view: V_contra, names: Sequence[str]) -> str:
        """A warning that must not be missed ("Black must cross now or lose"), or ""."""
        ...


@dataclass(frozen=True)
class _Slide:
    moves: tuple[tuple[int, int], ...]
    pieces: tuple[Piece, ...]
    captured: int | None
    taken: Piece | None


def _origin(square: int) -> tuple[int, int]:
    """The grid cell (x, y) where a square's three stone columns start."""
    return LABEL + (square % SIZE) * CELL + 1, SIZE - 1 - square // SIZE


class BoardGrid(Widget):
    """The 8x8 squares with their coordinates, drawn from the owning board's state."""

    DEFAULT_CSS = f"""
    BoardGrid {{
        width: {GRID_WIDTH};
        height: {GRID_HEIGHT};
    }}
    """

    progress: reactive[float] = reactive(1.0)
    """How far the current slide has gone, 0..1 (1 at rest)."""

    def __init__(self, board: Board8x8[Any]) -> None:
        super().__init__(classes="b8-grid")
        self.board = board

    def render(self) -> Content:
        return self.board.draw(self.progress)

    def on_click(self, event: events.Click) -> None:
        x, y = event.x - LABEL, event.y
        if 0 <= x < SIZE * CELL and 0 <= y < SIZE:
            self.board.click(square_of(x // CELL, SIZE - 1 - y))


class Board8x8(TableWidget[V]):
    """An 8x8 board, a side panel and a hint line; input when the seat at the device moves."""

    can_focus = True

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(0, 1)", "up", show=False),
        Binding("down", "cursor(0, -1)", "down", show=False),
        Binding("left", "cursor(-1, 0)", "left", show=False),
        Binding("right", "cursor(1, 0)", "right", show=False),
        Binding("enter,space", "pick", "pick"),
        Binding("escape", "cancel", "drop", show=False),
        Binding("tab,n", "next_line", "phalanx"),
        Binding("plus,equals_sign", "grow", "more", show=False),
        Binding("minus", "shrink", "fewer", show=False),
    ]

    DEFAULT_CSS = f"""
    Board8x8 {{
        height: {GRID_HEIGHT + 2};
        layout: horizontal;
        border: round $primary;
        border-title-color: $primary;
        border-title-style: bold;
        border-subtitle-style: bold;
        background: $surface;
        padding: 0 0 0 1;
    }}

    Board8x8:focus-within {{
        border: round $accent;
    }}

    Board8x8.owes {{
        border: heavy $error;
        border-subtitle-color: $error;
    }}

    Board8x8 .b8-side {{
        width: 1fr;
        height: {GRID_HEIGHT};
        padding: 0 1 0 2;
    }}

    Board8x8 #b8-info {{
        height: auto;
        width: 100%;
    }}

    Board8x8 #b8-banner {{
        height: auto;
        width: 100%;
        text-style: bold reverse;
        color: $error;
    }}

    Board8x8 #b8-hint {{
        height: 1fr;
        width: 100%;
        color: $text-muted;
    }}

    Board8x8 #b8-hint.refused {{
        color: $error;
        text-style: bold;
    }}
    """

    def __init__(self, names: Sequence[str], adapter: BoardAdapter[V]) -> None:
        super().__init__(id="board", classes="board8x8")
        self.names = tuple(names)
        self.adapter = adapter
        self.grid = BoardGrid(self)
        self.view: V | None = None
        self.turn: Turn | None = None
        self.cursor_squares: dict[int, int] = {}
        """Each seat's cursor, where that seat left it."""
        self.first_pick: int | None = None
        """The stone picked first; the selection always holds it."""
        self.selection: tuple[int, ...] = ()
        self.line: tuple[int, ...] = ()
        """The line the selection lies on (in order; kept when `-` shrinks it to one stone,
        so `+` grows it back along the same line), () for a stone picked alone."""
        self.targets: Mapping[int, Any] = {}
        self._ply: int | None = None
        self._slide: _Slide | None = None
        self._told = ""

    def compose(self) -> ComposeResult:
        yield self.grid
        with Vertical(classes="b8-side"):
            yield Static(id="b8-info")
            yield Static(id="b8-banner")
            yield Static(id="b8-hint")

    # -- the frame's calls ---------------------------------------------------------------------
    def show(self, view: V, turn: Turn | None, *, animate: bool) -> None:
        adapter = self.adapter
        ply = adapter.ply(view)
        moved = ply != self._ply
        last = adapter.last(view)
        fresh = self._ply is not None and ply == self._ply + 1
        taking = (turn is None) != (self.turn is None)
        self.view, self.turn, self._ply = view, turn, ply
        if taking:
            self.refresh_bindings()
        if moved or turn is None:
            self._clear_selection()
            self._told = ""
        if turn is not None and turn.seat not in self.cursor_squares:
            self.cursor_squares[turn.seat] = self._start_cursor(view, turn.seat)
        if moved:
            if animate and fresh and last is not None and self.app.animation_level != "none":
                self._start_slide(view, last)
            else:
                self._stop_slide()
        self.border_title = adapter.title
        banner = adapter.banner(view, self.names)
        self.set_class(bool(banner), "owes")
        self.border_subtitle = f"⚠ {banner}" if banner else ""
        self.query_one("#b8-info", Static).update(adapter.panel(view, self.names))
        shown = self.query_one("#b8-banner", Static)
        shown.update(Content(f"⚠ {banner}") if banner else Content(""))
        shown.display = bool(banner)
        self._update()

    def tell(self, text: str) -> None:
        self._told = text
        self._update_hint()

    # -- what the grid draws ---------------------------------------------------------------------
    @property
    def cursor_square(self) -> int | None:
        """The cursor's square, when the seat at the device is choosing."""
        if self.turn is None:
            return None
        return self.cursor_squares.get(self.turn.seat)

    def draw(self, progress: float) -> Content:
        view = self.view
        rows: list[list[tuple[str, str]]] = [[(" ", "")] * GRID_WIDTH for _ in range(GRID_HEIGHT)]
        for r in range(SIZE):
            y = SIZE - 1 - r
            label = str(r + 1)
            rows[y][0] = (label, "bold")
            rows[y][GRID_WIDTH - 1] = (label, "bold")
        for f in range(SIZE):
            rows[SIZE][LABEL + f * CELL + 2] = (FILES[f], "bold")
        if view is None:
            return _assemble(rows)
        slide = self._slide if progress < 1.0 else None
        hidden = {to for _, to in slide.moves} if slide else set()
        last = self.adapter.last(view)
        last_squares = {sq for move in last.moves for sq in move} if last else set()
        cursor = self.cursor_square
        for sq in range(SIZE * SIZE):
            f, r = sq % SIZE, sq // SIZE
            shade = (f + r) % 2  # a1 is dark
            dark = 1 if shade == 0 else 0
            bg = (LIGHT, DARK)[dark]
            if sq in last_squares:
                bg = LAST[dark]
            target = self.targets.get(sq)
            if target is not None:
                bg = (TAKE if self.adapter.captures(target) else TARGET)[dark]
            if sq in self.selection:
                bg = PICKED[dark]
            if sq == cursor:
                bg = CURSOR
            x, y = _origin(sq)
            left, right = " ", " "
            mark_style = f"bold {MARK_MOVE} on {bg}"
            piece = None if sq in hidden else self.adapter.piece(view, sq)
            if slide is not None and sq == slide.captured and slide.taken is not None:
                piece = slide.taken
                fade = min(1.0, progress * 1.6)
                colour = Color.parse(STONE_COLOUR[piece.seat]).blend(Color.parse(bg), fade)
                text, text_style = piece.text, f"bold {colour.hex} on {bg}"
            elif piece is not None:
                text = piece.text
                underline = " underline" if piece.locked else ""
                text_style = f"bold{underline} {STONE_COLOUR[piece.seat]} on {bg}"
            elif target is not None:
                text = " + " if self.adapter.crosses(target) else " · "
                text_style = mark_style
            else:
                text, text_style = "   ", f"on {bg}"
            if target is not None and self.adapter.captures(target):
                left = right = TIMES
                mark_style = f"bold {MARK_TAKE} on {bg}"
            if sq in self.selection:
                left, right = "▸", "◂"
                mark_style = f"bold #ffffff on {bg}"
            if sq == cursor:
                left, right = "[", "]"
                mark_style = f"bold #ffffff on {bg}"
            rows[y][x - 1] = (left, mark_style)
            for i, ch in enumerate(text):
                rows[y][x + i] = (ch, text_style)
            rows[y][x + 3] = (right, mark_style)
        if slide is not None:
            for (start, end), piece in zip(slide.moves, slide.pieces, strict=True):
                (x0, y0), (x1, y1) = _origin(start), _origin(end)
                x = round(x0 + (x1 - x0) * progress)
                y = round(y0 + (y1 - y0) * progress)
                for i, ch in enumerate(piece.text):
                    under = rows[y][x + i][1]
                    bg = under.rpartition(" on ")[2] if " on " in under else ""
                    style = f"bold {STONE_COLOUR[piece.seat]}" + (f" on {bg}" if bg else "")
                    rows[y][x + i] = (ch, style)
        return _assemble(rows)

    # -- sliding -------------------------------------------------------------------------------
    def _start_slide(self, view: V, last: LastShown) -> None:
        pieces = []
        for _, to in last.moves:
            piece = self.adapter.piece(view, to)
            pieces.append(piece if piece is not None else Piece(0))
        self._slide = _Slide(last.moves, tuple(pieces), last.captured, last.taken)
        start, end = last.moves[0]
        distance = max(abs(start % SIZE - end % SIZE), abs(start // SIZE - end // SIZE))
        duration = min(SLIDE_LONGEST, max(SLIDE_SHORTEST, SLIDE_PER_SQUARE * distance + 0.1))
        self.grid.progress = 0.0
        self.grid.animate(
            "progress", 1.0, duration=duration, easing="in_out_cubic", on_complete=self._slid
        )

    def _slid(self) -> None:
        if self.grid.progress >= 1.0:
            self._slide = None
            self.grid.refresh()

    def _stop_slide(self) -> None:
        if self.app.animator.is_being_animated(self.grid, "progress"):
            self.grid.animate("progress", 1.0, duration=0.01)
        else:
            self.grid.progress = 1.0
        self._slide = None

    @property
    def sliding(self) -> bool:
        return self._slide is not None and self.grid.progress < 1.0

    # -- choosing ------------------------------------------------------------------------------
    def _start_cursor(self, view: V, seat: int) -> int:
        """The seat's movable stone nearest the middle of the board."""
        stones = self.adapter.movable(view, seat) or frozenset(range(SIZE * SIZE))
        return min(stones, key=lambda s: (abs(s % SIZE - 3.5) + abs(s // SIZE - 3.5), s))

    def _clear_selection(self) -> None:
        self.first_pick, self.selection, self.line, self.targets = None, (), (), {}

    def _select(self, stones: tuple[int, ...], line: tuple[int, ...] = ()) -> None:
        assert self.view is not None and self.turn is not None
        self.selection = tuple(sorted(stones, key=lambda s: line.index(s) if line else 0))
        self.line = line
        self.targets = self.adapter.destinations(self.view, self.turn.seat, self.selection)
        self._told = ""

    def _update(self) -> None:
        self.grid.refresh()
        self._update_hint()

    def _update_hint(self) -> None:
        hint = self.query_one("#b8-hint", Static)
        hint.set_class(self._told.startswith("✗"), "refused")
        hint.update(Content(self._told or self._hint()))

    def _hint(self) -> str:
        view, turn = self.view, self.turn
        if view is None or turn is None:
            return ""
        if not self.selection:
            more = " (Tab: a phalanx)" if self.adapter.phalanxes else ""
            return f"Pick a stone{more}: arrows and Enter, or a click."
        about = self.adapter.about(view, turn.seat, self.selection)
        cursor = self.cursor_square
        if cursor is not None and cursor in self.targets:
            action = self.targets[cursor]
            return f"Enter: {self.adapter.notation(action)}. {about}"
        if not self.targets:
            return f"{about} No move: pick another stone (Esc)."
        return f"{about} Then a lit square."

    def click(self, square: int) -> None:
        if self.turn is None:
            return
        self.focus()
        self.cursor_squares[self.turn.seat] = square
        self.pick(square)

    def pick(self, square: int) -> None:
        """Enter or a click on `square`: pick a stone, extend a phalanx, or move there."""
        view, turn = self.view, self.turn
        if view is None or turn is None:
            return
        seat, adapter = turn.seat, self.adapter
        if self.selection and square in self.targets:
            self._confirm(self.targets[square])
            return
        movable = adapter.movable(view, seat)
        if self.selection and self.first_pick is not None and square in movable:
            if square == self.first_pick:
                self._clear_selection()
                self._update()
                return
            run = self._run(self.first_pick, square)
            if run is not None:
                self._select(*run)
                self._update()
                return
        if square in movable:
            self.first_pick = square
            self._select((square,))
            self._update()
            return
        piece = adapter.piece(view, square)
        if self.selection and (piece is None or piece.seat != seat):
            action = adapter.action(view, seat, self.selection, square)
            reason = turn.check(action) if action is not None else None
            if action is not None and reason is None:
                self._confirm(action)
                return
            self.tell(f"✗ {reason or 'The stones picked cannot go to ' + name(square)}")
            self.grid.refresh()
            return
        self.tell(f"✗ {adapter.refuse(view, seat, square)}")

    def _run(self, anchor: int, other: int) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """The stones from `anchor` to `other` on one line through `anchor`, and that line."""
        assert self.view is not None
        for line in self.adapter.lines(self.view, anchor):
            if other in line:
                i, j = sorted((line.index(anchor), line.index(other)))
                return line[i : j + 1], line
        return None

    def _confirm(self, action: Any) -> None:
        assert self.turn is not None
        reason = self.turn.check(action)
        if reason is not None:
            self.tell(f"✗ {reason}")
            return
        self._clear_selection()
        self._told = ""
        self.post_message(Chosen(action))
        self._update()

    # -- key actions ---------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No keys of the board while it takes no input (a bot moving, a replay): they reach
        the screen instead (the replay steps with the arrows and plays with space)."""
        if self.turn is None:
            return False
        if action in ("next_line", "grow", "shrink"):
            return self.adapter.phalanxes
        if action == "cancel":
            return bool(self.selection)
        return True

    def action_cursor(self, df: int, dr: int) -> None:
        cursor = self.cursor_square
        if cursor is None or self.turn is None:
            return
        f = min(SIZE - 1, max(0, cursor % SIZE + df))
        r = min(SIZE - 1, max(0, cursor // SIZE + dr))
        self.cursor_squares[self.turn.seat] = square_of(f, r)
        self._told = ""
        self._update()

    def action_pick(self) -> None:
        cursor = self.cursor_square
        if cursor is not None:
            self.pick(cursor)

    def action_cancel(self) -> None:
        if self.selection:
            self._clear_selection()
            self._told = ""
            self._update()

    def action_next_line(self) -> None:
        """Cycle the picked stone alone, then each whole line through it."""
        view, cursor = self.view, self.cursor_square
        if view is None or self.turn is None:
            return
        if self.first_pick is None:
            if cursor is None or cursor not in self.adapter.movable(view, self.turn.seat):
                self.tell("✗ Put the cursor on one of your stones first")
                return
            self.first_pick = cursor
        lines = self.adapter.lines(view, self.first_pick)
        options: list[tuple[tuple[int, ...], tuple[int, ...]]] = [((self.first_pick,), ())]
        options += [(line, line) for line in lines]
        now = next((i for i, (stones, _) in enumerate(options) if stones == self.selection), 0)
        stones, line = options[(now + 1) % len(options)]
        self._select(stones, line)
        if len(options) == 1:
            self._told = f"No phalanx through {name(self.first_pick)}: it moves alone"
        self._update()

    def action_grow(self) -> None:
        self._resize(+1)

    def action_shrink(self) -> None:
        self._resize(-1)

    def _resize(self, by: int) -> None:
        """One stone more or fewer on the line, the anchor kept; fewer drops the stone
        farthest from the anchor, more adds on the shorter side first."""
        anchor = self.first_pick
        if anchor is None or self.view is None or self.turn is None:
            return
        line = self.line
        if not line:
            lines = self.adapter.lines(self.view, anchor)
            if not lines or by < 0:
                return
            line = lines[0]
        a = line.index(anchor)
        lo = line.index(self.selection[0]) if self.line else a
        hi = line.index(self.selection[-1]) if self.line else a
        if by < 0:
            if hi - lo < 1:
                return
            if hi - a >= a - lo:
                hi -= 1
            else:
                lo += 1
        else:
            grow_low = (a - lo <= hi - a and lo > 0) or hi == len(line) - 1
            if lo == 0 and hi == len(line) - 1:
                return
            if grow_low:
                lo -= 1
            else:
                hi += 1
        self._select(line[lo : hi + 1], line)
        self._update()


def _assemble(rows: list[list[tuple[str, str]]]) -> Content:
    """Rows of (character, style) as one Content, runs of one style joined."""
    lines: list[Content] = []
    for row in rows:
        parts: list[tuple[str, str]] = []
        for ch, style in row:
            if parts and parts[-1][1] == style:
                parts[-1] = (parts[-1][0] + ch, style)
            else:
                parts.append((ch, style))
        lines.append(Content.assemble(*parts))
    return Content("\n").join(lines)
