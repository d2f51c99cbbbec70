"""The viewer's cards as rows: one per colour held, sorted by value, the shields last.

Each card takes a cell: the cursor (▸, and reverse video), a mark (`+` face up, `?` face
down, and an underline) and its code in its colour. In a fight, knights of another colour are
dimmed unless marked, since they can only go face down. A click picks the card under the
pointer.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from core.games.attacke.deck import colour_of, is_knight
from core.games.attacke.view import AttackeView
from tui.games.attacke.deck import COLOUR_STYLE, SHIELD_STYLE, card_content
from tui.games.attacke.draft import Draft, groups

LABEL = 2
"""Columns of a row's label ("R ")."""
CELL = 6
"""Columns per card: the cursor (▸), a mark (+ face up, ? face down), the code, a space."""


def card_rows(view: AttackeView, hand: Sequence[str], draft: Draft, *, live: bool) -> Content:
    """The hand drawn row by row; the cursor shows only while the seat is `live` (to decide)."""
    if not hand:
        return Content.styled("No cards in hand.", "dim")
    contest = view.colour if view.phase == "fight" else None
    lines: list[Content] = []
    for key, indices in groups(hand):
        style = COLOUR_STYLE.get(key, SHIELD_STYLE)
        parts: list[Content | str] = [Content.styled(f"{key:<{LABEL}}", style)]
        for i in indices:
            card = hand[i]
            mark = draft.marks.get(i)
            sign = "+" if mark == "up" else "?" if mark == "down" else " "
            face = card_content(card)
            if contest and is_knight(card) and colour_of(card) != contest and not mark:
                face = Content.styled(card, "dim")
            here = i == draft.cursor and live
            cell = Content.assemble(
                Content.styled("▸" if here else " ", "bold $accent"),
                Content.styled(sign, "bold"),
                face.pad_right(3 - len(card)),
                " ",
            )
            if here:
                cell = cell.stylize("reverse", 1, 5)
            elif mark:
                cell = cell.stylize("underline", 1, 5)
            parts.append(cell)
        lines.append(Content.assemble(*parts))
    return Content("\n").join(lines)


class HandCards(Static):
    """The card rows; a click picks the card under the pointer."""

    class Clicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self) -> None:
        super().__init__(id="at-cards", classes="at-cards")
        self.rows: list[tuple[str, list[int]]] = []

    def draw(
        self, view: AttackeView | None, hand: Sequence[str], draft: Draft, *, live: bool
    ) -> None:
        """Show `hand` (nothing without a view) and remember its rows for clicks."""
        self.rows = groups(hand) if view is not None else []
        self.update(card_rows(view, hand, draft, live=live) if view is not None else Content(""))

    def on_click(self, event: events.Click) -> None:
        event.stop()
        row, column = event.y, event.x - LABEL
        if not 0 <= row < len(self.rows) or column < 0:
            return
        cell = column // CELL
        indices = self.rows[row][1]
        if cell < len(indices):
            self.post_message(self.Clicked(indices[cell]))
