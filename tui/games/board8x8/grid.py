"""The grid widget: the 8x8 squares with their coordinates, and the slide's clock.

It draws nothing of its own: the board hands it a drawing function (of how far the current
slide has gone) and a click handler (of the square clicked), so it knows no game and no
selection. The board sets its geometry (`resize_to`) as its own size changes; the drawing
function reads it from here.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from tui.games.board8x8.squares import GRID_HEIGHT, GRID_WIDTH, SMALLEST, Geometry


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

    def __init__(self, draw: Callable[[float], Content], click: Callable[[int], None]) -> None:
        super().__init__(classes="b8-grid")
        self._draw = draw
        self._click = click
        self.geometry = SMALLEST

    def resize_to(self, geometry: Geometry) -> None:
        """Draw the squares at `geometry` from now on (the widget takes its size)."""
        if geometry != self.geometry:
            self.geometry = geometry
            self.styles.width = geometry.width
            self.styles.height = geometry.height
            self.refresh()

    def render(self) -> Content:
        return self._draw(self.progress)

    def on_click(self, event: events.Click) -> None:
        square = self.geometry.square_at(event.x, event.y)
        if square is not None:
            self._click(square)
