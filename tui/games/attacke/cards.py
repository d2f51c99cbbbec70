"""The viewer's hand as card faces: one fan per colour held (by value), the shields last.

A card selected to play stands one row higher than the others, with `+` (face up) or `?`
(face down) in its bottom border; the cursor card has a heavy border and is drawn on top. In a
fight, knights of another colour are dimmed unless selected, since they can only go face down.
The fans wrap onto another band of faces when the panel is too narrow. When the bands would
leave the panel no room for the running total, the hint and the buttons below (a long hand
at 80×24), the faces are drawn short (no value repeated), and failing that as one-row codes
(`+R5` selected, the cursor reversed). A click picks the card drawn under the pointer.
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
from tui.games.attacke.faces import FACE, Canvas, Face, draw_face, drawn_style

BAND = 5
"""Rows per band of faces: a face is 4 tall and a selected one stands a row higher."""
GAP = 1
"""Columns between the fans of two colours."""
BELOW = 3
"""Rows the hand panel keeps under its cards: the running total, the hint's first row (the
panel scrolls for a second one), the buttons."""
CODE = 4
"""Columns of a card drawn as a code: its mark (`+`, `?` or a space), then "R5" or "10S"."""


def placed(
    hand: Sequence[str], width: int, face: int = FACE, stride: int = FACE - 1, gap: int = 1 + GAP
) -> list[tuple[int, int, int]]:
    """(hand index, x, band) of each card: fans of one colour, each card `stride` columns
    after the one before (faces overlap by a border), `gap` more between colours, a new band
    when the next card (`face` wide) would not fit in `width`."""
    spots: list[tuple[int, int, int]] = []
    x, band = 0, 0
    for _, indices in groups(hand):
        if spots:
            x += gap
        for i in indices:
            if x + face > width and x > 0:
                x, band = 0, band + 1
            spots.append((i, x, band))
            x += stride
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

    def faces(self, width: int, room: int | None = None) -> Content:
        """The hand drawn into `width` columns and, when given, `room` rows (and the regions
        clicks will hit): tall faces, else short ones, else codes."""
        view, hand = self._view, self._hand
        self.hits = []
        if view is None:
            return Content("")
        if not hand:
            return Content.styled("No cards in hand.", "dim")
        width = max(width, FACE)
        spots = placed(hand, width)
        bands = 1 + max(band for _, _, band in spots)
        for tall, rows in ((True, BAND), (False, BAND - 1)):
            if room is None or bands * rows <= room:
                return self._fans(view, spots, bands * rows, rows, tall=tall)
        return self._codes(view, placed(hand, width, CODE, CODE, 1))

    def _fans(
        self,
        view: AttackeView,
        spots: list[tuple[int, int, int]],
        height: int,
        rows: int,
        *,
        tall: bool,
    ) -> Content:
        """Faces in fans, `rows` to a band: a selected face stands a row higher."""
        canvas = Canvas(max(x for _, x, _ in spots) + FACE, height)
        cursor = self._draft.cursor if self._live else None
        order = sorted(spots, key=lambda spot: spot[0] == cursor)  # the cursor on top
        for i, x, band in order:
            face = self._face(view, i, cursor)
            top = band * rows + (0 if face.mark else 1)
            self.hits.append((i, draw_face(canvas, face, x, top, tall=tall)))
        return canvas.content()

    def _codes(self, view: AttackeView, spots: list[tuple[int, int, int]]) -> Content:
        """Each card as its code on one row ("R5"), after its mark; the cursor reversed."""
        canvas = Canvas(max(x for _, x, _ in spots) + CODE, 1 + max(b for _, _, b in spots))
        cursor = self._draft.cursor if self._live else None
        for i, x, band in spots:
            face = self._face(view, i, cursor)
            canvas.put(x, band, face.mark or " ", "bold")
            canvas.put(x + 1, band, f"{face.card:<3}", drawn_style(face))
            self.hits.append((i, Region(x, band, CODE, 1)))
        return canvas.content()

    def _face(self, view: AttackeView, i: int, cursor: int | None) -> Face:
        """Card `i` as it is to be drawn: marked `+` or `?` when selected, dimmed in a fight
        when it could only go face down."""
        card, mark = self._hand[i], self._draft.marks.get(i)
        contest = view.colour if view.phase == "fight" else None
        return Face(
            card,
            cursor=i == cursor,
            mark="+" if mark == "up" else "?" if mark == "down" else "",
            dim=bool(contest and is_knight(card) and colour_of(card) != contest and not mark),
        )

    def _room(self, height: int) -> int | None:
        """The rows the cards may take in a panel `height` rows high (None: no limit yet)."""
        return max(height - BELOW, 1) if height else None

    def render(self) -> Content:
        parent = self.parent
        height = parent.content_region.height if isinstance(parent, Widget) else 0
        return self.faces(self.size.width, self._room(height))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.faces(width, self._room(container.height)).plain.split("\n"))

    def on_click(self, event: events.Click) -> None:
        event.stop()
        for index, region in reversed(self.hits):
            if region.contains(event.x, event.y):
                self.post_message(self.Clicked(index))
                return
