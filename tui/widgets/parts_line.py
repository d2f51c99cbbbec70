"""A line of parts ("Move 15/15 · turn 8 · Ann ○ 0 crossed, 12 left · …") that wraps only
between its parts, never inside one: at 100 columns a Crossing replay's counter broke a
player's name, "Normal" / "mcts bot ● 1 crossed, 15 left"."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget

SEPARATOR = Content.styled("  ·  ", "dim")


class PartsLine(Widget):
    """Parts joined by `SEPARATOR`, as many to a line as fit; with `text-wrap: nowrap` one
    line, which `text-overflow` may end in "…"."""

    DEFAULT_CSS = "PartsLine { height: auto; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._parts: tuple[Content, ...] = ()

    def show(self, parts: Sequence[Content | str]) -> None:
        self._parts = tuple(Content(p) if isinstance(p, str) else p for p in parts)
        self.refresh(layout=True)

    @property
    def text(self) -> str:
        """The whole line, unwrapped."""
        return SEPARATOR.join(self._parts).plain

    def _lines(self, width: int) -> list[Content]:
        if self.styles.text_wrap == "nowrap" or width <= 0:
            return [SEPARATOR.join(self._parts)]
        lines: list[Content] = []
        line: Content | None = None
        for part in self._parts:
            longer = part if line is None else line + SEPARATOR + part
            if line is not None and longer.cell_length > width:
                lines.append(line)
                line = part
            else:
                line = longer
        return [*lines, line or Content()]

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return SEPARATOR.join(self._parts).cell_length

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(width))

    def render(self) -> Content:
        return Content("\n").join(self._lines(self.content_size.width))
