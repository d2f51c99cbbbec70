"""Text that ends with "…" where its box cuts it short, rather than losing its last lines unseen.

A `Static` with a `max-height` (the news line) or a fixed height (a table's one-row summary)
simply stops drawing at its last row, so a sentence could end mid-way with nothing to say
that more was meant; `ClampedText` ends its last row on a whole word and "…" instead.
"""

from __future__ import annotations

from textual.app import RenderResult
from textual.content import Content
from textual.geometry import Size
from textual.widgets import Static

ELLIPSIS = "…"


class ClampedText(Static):
    """A `Static` whose text, when it needs more rows than its box has, shows the rows that fit
    and ends the last one with "…" after a whole word."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The rows the whole text needs, so the box grows as far as its styles allow (what
        is drawn is cut to the box; measured the same way, it would never grow again)."""
        return self.visual.get_height(self.styles.get_rules(), width) if width else 0

    def render(self) -> RenderResult:
        visual = self.visual
        width, height = self.content_size
        if not isinstance(visual, Content) or width < 2 or height < 1:
            return visual
        lines = visual.wrap(width)
        if len(lines) <= height:
            return visual
        return Content("\n").join([*lines[: height - 1], cut_short(lines[height - 1], width)])


def cut_short(line: Content, width: int) -> Content:
    """`line` (whose text goes on) ending in "…" within `width`: after its last whole word that
    leaves room, or cut mid-word only when even its first word is too long."""
    line = line.rstrip()
    if line.cell_length < width:
        return line + ELLIPSIS
    head = line.truncate(width - 1)
    if line.plain[len(head.plain) : len(head.plain) + 1] != " ":
        space = head.plain.rfind(" ")
        if space > 0:
            head = head[:space]
    return head.rstrip() + ELLIPSIS
