"""Attacke's cards drawn as small faces, and fans of them on a character canvas.

A knight has a rounded border, its code in the corner ("R5") and, on a tall face, its value
again; a shield has a double border ("10S"), so neither relies on colour. A card laid face
down shows its back (`?`). Faces in a fan overlap by their border, the later one on top, as
cards held in a hand; the canvas keeps where each face was drawn, so a click hits the card
the player sees.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual.content import Content
from textual.geometry import Region

from tui.games.attacke.deck import COLOUR_STYLE, SHIELD_STYLE

FACE = 5
"""Columns of a face; faces in a fan overlap by one, or by two when space runs short."""
BACK = "?"
"""A face-down card: its back, the same for every card."""

Border = tuple[str, str, str, str, str, str]
"""Corners (top-left, top-right, bottom-left, bottom-right), horizontal, vertical."""
ROUND: Border = ("╭", "╮", "╰", "╯", "─", "│")
DOUBLE: Border = ("╔", "╗", "╚", "╝", "═", "║")
HEAVY: Border = ("┏", "┓", "┗", "┛", "━", "┃")


@dataclass(frozen=True)
class Face:
    """One card as it is to be drawn: the code (or `BACK`), and how it stands out."""

    card: str
    cursor: bool = False
    """The keyboard cursor is on it: a heavy border."""
    mark: str = ""
    """`+` (to play face up) or `?` (to play face down), set in its bottom border."""
    dim: bool = False
    """It cannot go face up now (a knight of another colour in a fight)."""


def face_style(card: str) -> str:
    if card == BACK:
        return "dim"
    return SHIELD_STYLE if card.endswith("S") else COLOUR_STYLE.get(card[0], "")


def face_rows(face: Face, *, tall: bool) -> list[str]:
    """The face's rows: 4 with the value repeated (the hand), else 3 (the table)."""
    card = face.card
    border = HEAVY if face.cursor else DOUBLE if card.endswith("S") else ROUND
    tl, tr, bl, br, h, v = border
    mark = face.mark or h
    if card == BACK:
        middle = [f"{v}░?░{v}"] + ([f"{v}░░░{v}"] if tall else [])
    else:
        value = card[:-1] if card.endswith("S") else card[1:]
        middle = [f"{v}{card:<3}{v}"] + ([f"{v}{value:>3}{v}"] if tall else [])
    return [f"{tl}{h * 3}{tr}", *middle, f"{bl}{h}{mark}{h}{br}"]


class Canvas:
    """A grid of styled characters; `content()` turns it into one Content, a line a row."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cells = [[(" ", "")] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        if not 0 <= y < self.height:
            return
        row = self.cells[y]
        for i, char in enumerate(text):
            if 0 <= x + i < self.width:
                row[x + i] = (char, style)

    def content(self) -> Content:
        lines = [Content.assemble(*row).rstrip() for row in self.cells]
        return Content("\n").join(lines)


def drawn_style(face: Face) -> str:
    """The face's colours as drawn: its own, dimmed, reversed under the cursor."""
    style = "dim" if face.dim else face_style(face.card)
    if face.cursor:
        style = f"{style} reverse" if style else "reverse"
    return style


def draw_face(canvas: Canvas, face: Face, x: int, y: int, *, tall: bool) -> Region:
    """Draw `face` with its top-left corner at (x, y); the region it covers."""
    style = drawn_style(face)
    rows = face_rows(face, tall=tall)
    for dy, row in enumerate(rows):
        canvas.put(x, y + dy, row, style)
    return Region(x, y, FACE, len(rows))


def fan_width(count: int, stride: int) -> int:
    return 0 if not count else stride * (count - 1) + FACE


def fan(canvas: Canvas, faces: Sequence[Face], x: int, y: int, stride: int = FACE - 1) -> int:
    """Small faces side by side from (x, y), each over the one before; the columns used."""
    for i, face in enumerate(faces):
        draw_face(canvas, face, x + i * stride, y, tall=False)
    return fan_width(len(faces), stride)
