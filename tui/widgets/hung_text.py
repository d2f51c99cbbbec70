"""Words laid out for a narrow column: a line too long for it goes on under an indent (two
columns past the line's own), breaking at spaces only, and a no-break space (`GLUE`) keeps the
words it joins on one row ("◀ to move", "run 3/5", a player's name and score).

Textual's own wrapping breaks at any space (a no-break one too) and starts the next row at the
left edge: the 8×8 board's side panel read "○ Player 1 · White ◀ to" / "move" at 100 columns,
and the replay's counter "… · Normal" / "mcts bot ● 1 crossed, 15 left"."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.cells import cell_len
from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget

GLUE = "\u00a0"
"""A space the panel never breaks at (drawn as a space)."""

HANG = 2
"""Columns a continued row stands in from the start of its line's words."""


SEPARATOR = Content.styled(f"{GLUE}{GLUE}·  ", "dim")
"""Between glued parts (`glued`): a row may end on its "·", never begin with it."""

_PARTS = re.compile(r"\s+·\s+")


def parts_of(text: str) -> list[Content]:
    """The " · "-separated parts of a game's score line ("Ann [R] 1  ·  Ben 0")."""
    return [Content(part) for part in _PARTS.split(text) if part.strip()]


def glued(parts: Sequence[Content]) -> Content:
    """`parts` each kept whole on a row (their spaces glued), joined by `SEPARATOR`."""
    return SEPARATOR.join(Content(p.plain.replace(" ", GLUE), list(p.spans)) for p in parts)


def hang(line: Content, width: int, indent: int = HANG) -> list[Content]:
    """`line` in rows of at most `width` cells, each row after the first indented."""
    plain = line.plain
    lead = len(plain) - len(plain.lstrip(" "))
    if width <= lead + indent + 1:  # no column to speak of yet (not laid out)
        return [_unglued(line)]
    rows: list[Content] = []
    start, room = 0, width
    while True:
        fits = _fitting(plain, start, room)  # characters: a wide one takes two cells
        if start + fits >= len(plain):
            rows.append(line[start:])
            break
        cut = plain.rfind(" ", max(start, lead) + 1, start + fits + 1)  # not in the indent
        if cut == -1:  # one word longer than the row: cut it where the row ends
            rows.append(line[start : start + max(fits, 1)])
            start += max(fits, 1)
        else:
            rows.append(line[start:cut].rstrip())  # "·  " breaks after its first space
            start = cut + 1
        while start < len(plain) and plain[start] == " ":
            start += 1
        if start >= len(plain):
            break
        room = width - lead - indent
    pad = Content(" " * (lead + indent))
    return [_unglued(row if i == 0 else pad + row) for i, row in enumerate(rows)]


def _fitting(plain: str, start: int, room: int) -> int:
    """How many characters of `plain` from `start` fit in `room` cells."""
    used = 0
    for count, char in enumerate(plain[start:]):
        used += cell_len(char)
        if used > room:
            return count
    return len(plain) - start


def laid_out(said: Content, width: int, indent: int = HANG) -> Content:
    """Every line of `said` hung to `width` (see `hang`)."""
    rows = (row for line in said.split("\n") for row in hang(line, width, indent))
    return Content("\n").join(rows)


def _unglued(row: Content) -> Content:
    return Content(row.plain.replace(GLUE, " "), list(row.spans))


class HungText(Widget):
    """Words (`show`) laid out at the width the column has now, continued rows `indent`
    columns in (0 for centred words); with `text-wrap: nowrap`, each line whole, for
    `text-overflow` to end in "…"."""

    DEFAULT_CSS = """
    HungText {
        height: auto;
        width: 100%;
    }
    """

    def __init__(
        self,
        said: Content | None = None,
        *,
        indent: int = HANG,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._said = said or Content("")
        self._indent = indent

    def show(self, said: Content) -> None:
        self._said = said
        self.refresh(layout=True)

    def render(self) -> Content:
        return self._laid_out(self.content_size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._laid_out(width).split("\n"))

    def _laid_out(self, width: int) -> Content:
        if self.styles.text_wrap == "nowrap":
            return _unglued(self._said)
        return laid_out(self._said, width, self._indent)
