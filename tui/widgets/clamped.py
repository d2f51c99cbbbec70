"""Text that ends with "…" where its box cuts it short, rather than losing its last lines unseen.

A `Static` with a `max-height` (the news line) or a fixed height (a table's one-row summary)
simply stops drawing at its last row, so a sentence could end mid-way with nothing to say
that more was meant; `ClampedText` ends its last row on a whole word and "…" instead, or, given
a shorter telling, shows that where the whole one would be cut.
"""

from __future__ import annotations

from textual.app import RenderResult
from textual.content import Content
from textual.geometry import Size
from textual.visual import Visual, VisualType
from textual.widgets import Static

ELLIPSIS = "…"


class ClampedText(Static):
    """A `Static` whose text, when it needs more rows than its box has, shows the rows that fit
    and ends the last one with "…" after a whole word."""

    _choices: tuple[Content, ...] = ()
    """Tellings from the fullest to the shortest (`show_first_fitting`), or none."""

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        self._choices = ()
        super().update(content, layout=layout)

    def show_first_fitting(self, *texts: str | Content) -> None:
        """Show the first of `texts` that fits the box whole at its width, else the last (cut
        as ever): a longer telling where there is room, a shorter one rather than lose its end.
        A `str` is plain (a name is a name, never markup); chosen as the box is measured and
        drawn, when its room is known."""
        choices = tuple(Content(text) if isinstance(text, str) else text for text in texts)
        self.update(choices[0] if choices else Content(""))
        self._choices = choices

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The rows the whole text needs, so the box grows as far as its styles allow (what
        is drawn is cut to the box; measured the same way, it would never grow again)."""
        if not width:
            return 0
        rows = container.height
        most = self.styles.max_height
        if most is not None:
            gutter = self.styles.gutter
            rows = min(rows, int(most.resolve(container + gutter.totals, viewport)) - gutter.height)
        return self._chosen(width, rows).get_height(self.styles.get_rules(), width)

    def _chosen(self, width: int, rows: int) -> Visual:
        """The first telling that fits `width` by `rows` whole, else the last one."""
        if len(self._choices) < 2 or width < 2:
            return self.visual
        return next((c for c in self._choices if len(c.wrap(width)) <= rows), self._choices[-1])

    def render(self) -> RenderResult:
        width, height = self.content_size
        visual = self._chosen(width, height)
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
