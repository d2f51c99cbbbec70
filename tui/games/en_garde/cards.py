"""The viewer's cards as faces four rows tall; a click on one picks it."""

from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widgets import Static

HAND_SIZE = 5
HIGHEST = 5
"""The highest card value: an attack at a greater distance is impossible."""


def card_art(slot: int, value: int, *, selected: bool, played: bool) -> str:
    """A card face, four rows tall: the value in the corner and inside, with its pips.

    The cursor card has a heavy border and cards the composed action would play carry a
    ▲ mark, so neither depends on colour.
    """
    tl, tr, bl, br, h, v = (
        ("┏", "┓", "┗", "┛", "━", "┃") if selected else ("╭", "╮", "╰", "╯", "─", "│")
    )
    mark = "▲" if played else h
    return "\n".join(
        (
            f"{tl}{value}{h * 4}{tr}",
            f"{v}  {value}  {v}",
            f"{v}{('•' * value):^5}{v}",
            f"{bl}{h * 2}{mark}{h * 2}{br}",
        )
    )


class CardFace(Static):
    """One card of the hand; a click picks it."""

    class Picked(Message):
        def __init__(self, slot: int) -> None:
            super().__init__()
            self.slot = slot

    def __init__(self, slot: int) -> None:
        super().__init__("", id=f"card-{slot}", classes="eg-card")
        self.slot = slot

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Picked(self.slot))
