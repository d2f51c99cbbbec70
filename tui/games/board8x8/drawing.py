"""The board drawn as text: each square's colour, markers and stone, and the sliding stones.

`[○12]` is the cursor on White's 12, `▸○ ◂` a picked stone (bracketed, in the picked colour, under
the cursor), `x●7x` (drawn with the multiplication sign) a capture destination, ` · ` an empty
destination and ` + ` one where the stones cross; the last move's squares are tinted. The markers
stand either side of the stone on its square's middle row, at every size of square
(`squares.Geometry`). A wooden board that reads the same under every theme: every square colour is
of middle lightness, so white (○) and black (●) stones both keep a contrast of 3.5:1 or more.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TypeVar

from textual.color import Color
from textual.content import Content

from tui.games.board8x8.adapter import BoardAdapter
from tui.games.board8x8.slide import Slide
from tui.games.board8x8.squares import FILES, SIZE, SQUARES, STONE, Geometry, square_of

V = TypeVar("V")
A = TypeVar("A")

TIMES = "\u00d7"
"""The mark either side of a stone that can be captured."""

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

Cells = list[list[tuple[str, str]]]
"""The grid as rows of (character, style)."""


def draw(
    adapter: BoardAdapter[V, A],
    view: V | None,
    *,
    geometry: Geometry,
    selection: Collection[int],
    targets: Mapping[int, A],
    cursor: int | None,
    slide: Slide | None,
    progress: float,
) -> Content:
    """The grid for `view` (only the coordinates without one), `slide` drawn at `progress`."""
    rows = _coordinates(geometry)
    if view is None:
        return _assemble(rows)
    hidden = {to for _, to in slide.moves} if slide else set()
    last = adapter.last(view)
    last_squares = {sq for move in last.moves for sq in move} if last else set()
    colours: dict[int, str] = {}
    for sq in SQUARES:
        f, r = sq % SIZE, sq // SIZE
        dark = 1 if (f + r) % 2 == 0 else 0  # a1 is dark
        bg = (LIGHT, DARK)[dark]
        if sq in last_squares:
            bg = LAST[dark]
        target = targets.get(sq)
        if target is not None:
            bg = (TAKE if adapter.captures(target) else TARGET)[dark]
        if sq in selection:
            bg = PICKED[dark]
        elif sq == cursor:  # on a picked stone the brackets alone show it, the colour stays
            bg = CURSOR
        colours[sq] = bg
    _paint(rows, geometry, colours)
    for sq, bg in colours.items():
        target = targets.get(sq)
        x, y = geometry.origin(sq)
        left, right = " ", " "
        mark_style = f"bold {MARK_MOVE} on {bg}"
        piece = None if sq in hidden else adapter.piece(view, sq)
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
            text = " + " if adapter.crosses(target) else " · "
            text_style = mark_style
        else:
            text, text_style = "   ", f"on {bg}"
        if target is not None and adapter.captures(target):
            left = right = TIMES
            mark_style = f"bold {MARK_TAKE} on {bg}"
        if sq in selection:
            left, right = "▸", "◂"
            mark_style = f"bold #ffffff on {bg}"
        if sq == cursor:
            left, right = "[", "]"
            mark_style = f"bold #ffffff on {bg}"
        rows[y][x - 1] = (left, mark_style)
        for i, ch in enumerate(text):
            rows[y][x + i] = (ch, text_style)
        rows[y][x + STONE] = (right, mark_style)
    if slide is not None:
        _draw_sliding(rows, geometry, slide, progress)
    return _assemble(rows)


def _coordinates(geometry: Geometry) -> Cells:
    """An empty grid with the rank numbers on both sides and the files below."""
    width = geometry.width
    rows: Cells = [[(" ", "")] * width for _ in range(geometry.height)]
    for r in range(SIZE):
        y = geometry.stone_row(r)
        label = str(r + 1)
        rows[y][0] = (label, "bold")
        rows[y][width - 1] = (label, "bold")
    for f in range(SIZE):
        rows[geometry.board_rows][geometry.left(f) + geometry.cell // 2] = (FILES[f], "bold")
    return rows


def _paint(rows: Cells, geometry: Geometry, colours: Mapping[int, str]) -> None:
    """Each square's colour over all its rows; a row shared by two squares (one above the
    other) is half blocks: the upper square's colour on top, the lower one's below."""
    for y in range(geometry.board_rows):
        upper, lower = geometry.rank_at_half(2 * y), geometry.rank_at_half(2 * y + 1)
        for f in range(SIZE):
            top = None if upper is None else colours[square_of(f, upper)]
            bottom = None if lower is None else colours[square_of(f, lower)]
            if top == bottom:
                cell = (" ", f"on {top}")
            elif bottom is None:
                cell = ("▀", f"{top}")
            elif top is None:
                cell = ("▄", f"{bottom}")
            else:
                cell = ("▀", f"{top} on {bottom}")
            x = geometry.left(f)
            rows[y][x : x + geometry.cell] = [cell] * geometry.cell


def _draw_sliding(rows: Cells, geometry: Geometry, slide: Slide, progress: float) -> None:
    """The moving stones part way, on whatever square colour lies under them."""
    for (start, end), piece in zip(slide.moves, slide.pieces, strict=True):
        (x0, y0), (x1, y1) = geometry.origin(start), geometry.origin(end)
        x = round(x0 + (x1 - x0) * progress)
        y = round(y0 + (y1 - y0) * progress)
        for i, ch in enumerate(piece.text):
            under = rows[y][x + i][1]
            bg = under.rpartition(" on ")[2] if " on " in under else ""
            style = f"bold {STONE_COLOUR[piece.seat]}" + (f" on {bg}" if bg else "")
            rows[y][x + i] = (ch, style)


def _assemble(rows: Cells) -> Content:
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
