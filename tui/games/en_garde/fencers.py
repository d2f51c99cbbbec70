"""The two fencers: small widgets laid over the piste, each sliding to its new space.

When a fencer's space changes it crosses the spaces in between one by one (an offset
animation), or jumps there when the app's animations are off.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.content import Content
from textual.geometry import Offset
from textual.widgets import Static

from core.games.en_garde.piste import START

CELL = 3
"""Columns per piste space: one fencer's width."""
SLIDE_PER_SPACE = 0.07
"""Seconds a fencer takes to cross one space..."""
SLIDE_LONGEST = 0.8
"""...but never longer than this (walking back to the start after a round)."""
SEAT_ARROW = ("▶", "◀")
"""Each seat's facing: seat 0 starts on space 1 and faces right, seat 1 the other way."""


def initials(names: Sequence[str]) -> tuple[str, str]:
    """One letter per fencer (a name's first letter or digit: "(Ann)" is A); seat numbers
    when the names start alike."""
    first = [next((c for c in n if c.isalnum()), "?").upper() for n in names[:2]]
    if len(first) < 2 or first[0] == first[1]:
        return ("1", "2")
    return (first[0], first[1])


def fencer_art(seat: int, letter: str) -> str:
    """Two rows, one space wide: the fencer's letter and a body facing the opponent."""
    if seat == 0:
        return f"{letter}o╼\n/▌ "
    return f"╾o{letter}\n ▐\\"


class Fencer(Static):
    """One fencer, positioned over the piste by its offset."""

    def __init__(self, seat: int, letter: str) -> None:
        art = Content(fencer_art(seat, letter))
        super().__init__(art, id=f"fencer-{seat}", classes=f"seat-{seat}")
        self.seat = seat
        self.space = START[seat]
        self.offset = Offset((self.space - 1) * CELL, 0)

    def place(self, space: int, *, slide: bool, then: Callable[[], None] | None = None) -> bool:
        """Stand on `space`; with `slide`, cross the spaces in between one by one. True when
        the fencer is on its way, and `then` runs once it stands there."""
        spaces = abs(space - self.space)
        if not spaces:
            return self.app.animator.is_being_animated(self, "offset")  # already on its way
        self.space = space
        target = Offset((space - 1) * CELL, 0)
        if slide and self.app.animation_level != "none":
            duration = min(SLIDE_PER_SPACE * spaces, SLIDE_LONGEST)
            self.animate("offset", target, duration=duration, easing="linear", on_complete=then)
            return True
        if self.app.animator.is_being_animated(self, "offset"):
            # replaces the slide in flight
            self.animate("offset", target, duration=0.01, on_complete=then)
            return True
        self.offset = target
        return False
