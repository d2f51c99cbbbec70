"""The viewer's hand as card faces: one fan per colour held (by value), the shields last.

A card selected to play stands one row higher than the others, with `+` (face up) or `?`
(face down) in its bottom border; the cursor card has a heavy border and is drawn on top. In a
fight, knights of another colour are dimmed unless selected, since they can only go face down.
The fans wrap onto another band of faces when the panel is too narrow. A click picks the card
drawn under the pointer.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.widget import Widget

from core.games.attacke.deck import colour_of, is_knight
from core.games.attacke.view import AttackeView
from tui.games.attacke.draft import Draft, groups
from tui.games.attacke.faces import FACE, Canvas, Face, draw_face

BAND = 5
"""Rows per band of faces: a face is 4 tall and a selected one stands a row higher."""
GAP = 1
"""Columns between the fans of two colours."""


def placed(hand: Sequence[str], width: int) -> list[tuple[int, int, int]]:
    """(hand index, x, band) of each card: fans of one colour overlapping by a border, a gap
    between colours, a new band when the next face would not fit in `width`."""
    spots: list[tuple[int, int, int]] = []
    x, band = 0, 0
    for _, indices in groups(hand):
        if spots:
            x += 1 + GAP  # the last face's right border, then the gap
        for i in indices:
            if x + FACE > width and x > 0:
                x, band = 0, band + 1
            spots.append((i, x, band))
            x += FACE - 1
    return spots


class HandCards(Widget):
    """The hand's faces; a click picks the card under the pointer."""

    DEFAULT_CSS = """
    HandCards {
        height: auto;
        width: 100%;
    }
    """

    class Clicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self) -> None:
        super().__init__(id="at-cards", classes="at-cards")
        self._view: AttackeView | None = None
        self._hand: tuple[str, ...] = ()
        self._draft = Draft()
        self._live = False
        self.hits: list[tuple[int, Region]] = []
        """(hand index, region) of each face as drawn, topmost last: what a click hits."""

    def draw(
        self, view: AttackeView | None, hand: Sequence[str], draft: Draft, *, live: bool
    ) -> None:
        """Show `hand` (nothing without a view); the cursor shows only while `live`."""
        self._view, self._hand, self._draft, self._live = view, tuple(hand), draft, live
        self.refresh(layout=True)

    def faces(self, width: int) -> Content:
        """The hand drawn into `width` columns (and the regions clicks will hit)."""
        view, hand, draft = self._view, self._hand, self._draft
        self.hits = []
        if view is None:
            return Content("")
        if not hand:
            return Content.styled("No cards in hand.", "dim")
        contest = view.colour if view.phase == "fight" else None
        spots = placed(hand, max(width, FACE))
        bands = 1 + max(band for _, _, band in spots)
        canvas = Canvas(max(width, FACE), bands * BAND)
        cursor = draft.cursor if self._live else None
        order = sorted(spots, key=lambda spot: spot[0] == cursor)  # the cursor on top
        for i, x, band in order:
            card, mark = hand[i], draft.marks.get(i)
            face = Face(
                card,
                cursor=i == cursor,
                mark="+" if mark == "up" else "?" if mark == "down" else "",
                dim=bool(contest and is_knight(card) and colour_of(card) != contest and not mark),
            )
            top = band * BAND + (0 if mark else 1)
            self.hits.append((i, draw_face(canvas, face, x, top, tall=True)))
        return canvas.content()

    def render(self) -> Content:
        return self.faces(self.size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.faces(width).plain.split("\n"))

    def on_click(self, event: events.Click) -> None:
        event.stop()
        for index, region in reversed(self.hits):
            if region.contains(event.x, event.y):
                self.post_message(self.Clicked(index))
                return
