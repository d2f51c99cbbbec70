"""How a move is judged: the thresholds, in one place, on a −1..1 win-chance scale.

Lichess's scale: a move that gives away 0.1 of win chance (from the deciding seat's point of
view, against the best move the review found) is an inaccuracy, 0.2 a mistake, 0.3 a blunder;
one within 0.05 of the best counts as accurate.
"""

from __future__ import annotations

from enum import Enum

ACCURATE = 0.05
"""A drop at most this large is an accurate move (what the accuracy figure counts)."""
INACCURACY = 0.1
MISTAKE = 0.2
BLUNDER = 0.3


class Judgement(Enum):
    """A marked move, by its glyph (the annotation glyphs players use too)."""

    INACCURACY = "?!"
    MISTAKE = "?"
    BLUNDER = "??"

    @property
    def glyph(self) -> str:
        return self.value

    @property
    def word(self) -> str:
        """ "inaccuracy", "mistake", "blunder"."""
        return self.name.lower()


def judge(drop: float) -> Judgement | None:
    """The judgement of a move that lost `drop` of win chance; None when it is not marked."""
    if drop >= BLUNDER:
        return Judgement.BLUNDER
    if drop >= MISTAKE:
        return Judgement.MISTAKE
    if drop >= INACCURACY:
        return Judgement.INACCURACY
    return None


def from_glyph(glyph: str) -> Judgement | None:
    """The judgement written as `glyph` ("" for none); ValueError for any other text."""
    if not glyph:
        return None
    for judgement in Judgement:
        if judgement.glyph == glyph:
            return judgement
    raise ValueError(f"{glyph!r} is not a review judgement (?! ? ??)")
