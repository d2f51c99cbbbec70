"""The board widget: the castles, beanstalks and discards drawn line by line (`layout`), their
tiles three rows tall as far as the table gives it rows (`tiles`), and the place under a click,
handed to whoever picks (the table)."""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget

from core.games.englishman import EnglishmanState
from tui.games.englishman.layout import Layout, Marks, Place, layout
from tui.games.englishman.tiles import tall


class Board(Widget):
    """The castles, beanstalks and discards, drawn line by line; clicks go to `clicked`."""

    DEFAULT_CSS = """
    Board {
        height: auto;
        width: 100%;
    }
    """

    def __init__(self, clicked: Callable[[Place], None]) -> None:
        super().__init__(id="castles")
        self.state = EnglishmanState()
        self.marks = Marks()
        self._clicked = clicked
        self._layout: Layout | None = None
        self._width = 0
        self.rows = 0
        """The rows the board may take: its lines of tiles stand three rows tall, from the top
        down, while they fit (the table decides, by its room; 0: one row a line)."""

    def draw(self, state: EnglishmanState, marks: Marks) -> None:
        self.state, self.marks, self._layout = state, marks, None
        self.refresh(layout=True)

    def draw_rows(self, rows: int) -> None:
        if rows != self.rows:
            self.rows, self._layout = rows, None
            self.refresh(layout=True)

    def layout_of(self, state: EnglishmanState, marks: Marks | None = None) -> Layout:
        """`state` laid out at this board's width, its tiles as tall as its rows allow."""
        return tall(layout(state, self.size.width or 78, marks), self.rows)

    def layout_at(self, width: int | None = None) -> Layout:
        width = self.size.width if width is None else width
        if self._layout is None or self._width != width:
            self._layout = tall(layout(self.state, width or 78, self.marks), self.rows)
            self._width = width
        return self._layout

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.layout_at(width).lines)

    def render(self) -> Content:
        return Content("\n").join(self.layout_at().lines)

    def place_at(self, x: int, y: int) -> Place | None:
        """The place under board column `x`, line `y`: a cell or label, else the row."""
        lay = self.layout_at()
        y = lay.middle.get(y, y)
        here = [(place, px, pw) for place, (px, py, pw) in lay.cells.items() if py == y]
        for place, px, pw in here:  # inside a tile first: two tiles share an edge
            if px < x < px + pw - 1:
                return place
        for place, px, pw in here:
            if px <= x < px + pw:
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
        if place is not None:
            event.stop()
            self._clicked(place)
