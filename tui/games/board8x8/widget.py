"""The board as a table of the game screen: the grid, a side panel and a hint line, the keys.

It composes the other modules: the frame hands it a view (and a `Turn` when the seat at the
device chooses), the adapter words it, the picker keeps the cursor and the selection, the
slider moves the last move's stones, and `drawing.draw` paints the grid from all of them.

The board scales with the space it is given: it draws the biggest squares (`squares.SIZES`)
that leave the side panel `PANEL` columns, centred in its height. Where the frame lets it choose
its height (`height: auto`) it asks for the biggest board its width and `max-height` allow.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, TypeVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Size
from textual.widgets import Static

from tui.games.board8x8.adapter import BoardAdapter, Plied
from tui.games.board8x8.drawing import draw
from tui.games.board8x8.grid import BoardGrid
from tui.games.board8x8.picking import Picker
from tui.games.board8x8.slide import Slide, Slider
from tui.games.board8x8.squares import GRID_HEIGHT, Geometry, fitting
from tui.widgets.hung_text import HungText
from tui.widgets.table import Chosen, TableWidget, Turn

V = TypeVar("V", bound=Plied)
A = TypeVar("A")

PANEL = 26
"""Columns the side panel keeps beside the grid (its padding included): "○ Ann · White ◀ to
move" on one line; longer lines go on indented below (`HungText`)."""


class Board8x8(TableWidget[V, A]):
    """An 8x8 board, a side panel and a hint line; input when the seat at the device moves."""

    can_focus = True

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(0, 1)", "up", show=False),
        Binding("down", "cursor(0, -1)", "down", show=False),
        Binding("left", "cursor(-1, 0)", "left", show=False),
        Binding("right", "cursor(1, 0)", "right", show=False),
        Binding("enter,space", "pick", "pick"),
        Binding("escape", "cancel", "drop"),
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
        align-vertical: middle;
    }}

    Board8x8:focus-within {{
        border: round $accent;
    }}

    Board8x8.owes {{
        border: heavy $error;
        border-subtitle-color: $text-error;
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
        color: $text-error;
    }}

    Board8x8 #b8-hint {{
        dock: bottom;  /* whole when the panel is short: the facts above give way to it */
        height: auto;
        width: 100%;
        color: $text-muted;
    }}

    Board8x8 #b8-hint.refused {{
        color: $text-error;
        text-style: bold;
    }}
    """

    def __init__(self, names: Sequence[str], adapter: BoardAdapter[V, A]) -> None:
        super().__init__(id="board", classes="board8x8")
        self.names = tuple(names)
        self.adapter = adapter
        self.grid = BoardGrid(self.draw, self.click)
        self.picker = Picker(adapter)
        self.slider = Slider(self.grid)
        self.view: V | None = None
        self.turn: Turn[A] | None = None
        self._ply: int | None = None
        self._picked = False
        """Whether stones were picked when the footer was last told (it offers Esc then)."""

    def compose(self) -> ComposeResult:
        yield self.grid
        with Vertical(classes="b8-side"):
            yield HungText(id="b8-info")
            yield Static(id="b8-banner")
            yield Static(id="b8-hint")

    # -- the size of the squares ---------------------------------------------------------------
    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The rows of the biggest board that fits `width` and the height allowed."""
        room = container.height
        gutter = self.styles.gutter
        most = self.styles.max_height
        if most is not None:
            allowed = most.resolve(container + gutter.totals, viewport)
            room = min(room, int(allowed) - gutter.height)
        return fitting(width - PANEL, room).height

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def _fit(self) -> None:
        """Squares as big as the board's own size allows, the side panel as high as the grid."""
        room = self.content_size
        geometry = fitting(room.width - PANEL, room.height)
        self.grid.resize_to(geometry)
        self.query_one(".b8-side").styles.height = geometry.height

    @property
    def geometry(self) -> Geometry:
        """The size the squares are drawn at now."""
        return self.grid.geometry

    # -- the frame's calls ---------------------------------------------------------------------
    def show(self, view: V, turn: Turn[A] | None, *, animate: bool, over: bool = False) -> None:
        adapter = self.adapter
        ply = view.ply
        moved = ply != self._ply
        last = adapter.last(view)
        fresh = self._ply is not None and ply == self._ply + 1
        back = self._ply is not None and ply < self._ply
        taking = (turn is None) != (self.turn is None)
        self.view, self.turn, self._ply = view, turn, ply
        if taking:
            self.refresh_bindings()
        if moved or turn is None:
            self.picker.reset()
        if turn is not None:
            self.picker.place(view, turn.seat)
            if back:
                self.picker.recover(view, turn.seat)
        if moved:
            if animate and fresh and last is not None and self.app.animation_level != "none":
                self.slider.start(Slide.of(adapter, view, last))
            else:
                self.slider.stop()
        self.border_title = adapter.title
        banner = adapter.banner(view, self.names)
        self.set_class(bool(banner), "owes")
        self.border_subtitle = f"⚠ {banner}" if banner else ""
        self.query_one("#b8-info", HungText).show(adapter.panel(view, self.names, over=over))
        shown = self.query_one("#b8-banner", Static)
        shown.update(Content(f"⚠ {banner}") if banner else Content(""))
        shown.display = bool(banner)
        self._update()

    def tell(self, text: str) -> None:
        self.picker.told = text
        self._update_hint()

    # -- what the grid draws -------------------------------------------------------------------
    @property
    def cursor_square(self) -> int | None:
        """The cursor's square, when the seat at the device is choosing."""
        return self.picker.cursor(self.turn)

    def draw(self, progress: float) -> Content:
        return draw(
            self.adapter,
            self.view,
            geometry=self.geometry,
            selection=self.picker.selection,
            targets=self.picker.targets,
            cursor=self.cursor_square,
            slide=self.slider.at(progress),
            progress=progress,
        )

    def _update(self) -> None:
        self.grid.refresh()
        self._update_hint()
        picked = bool(self.picker.selection)
        if picked != self._picked:  # the footer offers Esc while stones are picked
            self._picked = picked
            self.refresh_bindings()

    def _update_hint(self) -> None:
        hint = self.query_one("#b8-hint", Static)
        hint.set_class(self.picker.refused, "refused")
        hint.update(Content(self.picker.hint(self.view, self.turn)))

    # -- choosing ------------------------------------------------------------------------------
    def click(self, square: int) -> None:
        if self.turn is None:
            return
        self.focus()
        self.picker.cursors[self.turn.seat] = square
        self.pick(square)

    def pick(self, square: int) -> None:
        """Enter or a click on `square`: pick a stone, extend a phalanx, or move there."""
        view, turn = self.view, self.turn
        if view is None or turn is None:
            return
        action = self.picker.pick(view, turn, square)
        if action is None:
            self._update()  # a click moved the cursor even when the pick is refused
        elif self.picker.confirm(turn, action):
            self.post_message(Chosen(action))
            self._update()
        else:
            self._update_hint()

    # -- key actions ---------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No keys of the board while it takes no input (a bot moving, a replay): they reach
        the screen instead (the replay steps with the arrows and plays with space)."""
        if self.turn is None:
            return False
        if action in ("next_line", "grow", "shrink"):
            return self.adapter.phalanxes
        if action == "cancel":
            return bool(self.picker.selection)
        return True

    def action_cursor(self, df: int, dr: int) -> None:
        if self.cursor_square is None or self.turn is None:
            return
        self.picker.step(self.turn.seat, df, dr)
        self._update()

    def action_pick(self) -> None:
        cursor = self.cursor_square
        if cursor is not None:
            self.pick(cursor)

    def action_cancel(self) -> None:
        if self.picker.drop():
            self._update()

    def action_next_line(self) -> None:
        if self.view is None or self.turn is None:
            return
        if self.picker.next_line(self.view, self.turn.seat, self.cursor_square):
            self._update()
        else:
            self._update_hint()

    def action_grow(self) -> None:
        self._resize(+1)

    def action_shrink(self) -> None:
        self._resize(-1)

    def _resize(self, by: int) -> None:
        if self.view is None or self.turn is None:
            return
        if self.picker.resize(self.view, self.turn.seat, by):
            self._update()
