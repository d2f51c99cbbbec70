"""The 50 cards, in one table: 36 beanstalk cards, 8 giant cards, 6 treasures.

A card is named by the word printed on it: "1".."9" for beanstalk cards, "Fee" "Fi" "Fo" "Fum"
for giant cards, "Gold" "Goose" "Harp" for treasures. Cards of one name are alike, so a card is
just its name (a str) wherever it lies.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

Card = str
Kind = Literal["beanstalk", "giant", "treasure"]

TABLE: tuple[tuple[Card, Kind, int], ...] = (
    ("1", "beanstalk", 4),
    ("2", "beanstalk", 4),
    ("3", "beanstalk", 4),
    ("4", "beanstalk", 4),
    ("5", "beanstalk", 4),
    ("6", "beanstalk", 4),
    ("7", "beanstalk", 4),
    ("8", "beanstalk", 4),
    ("9", "beanstalk", 4),
    ("Fee", "giant", 2),
    ("Fi", "giant", 2),
    ("Fo", "giant", 2),
    ("Fum", "giant", 2),
    ("Gold", "treasure", 2),
    ("Goose", "treasure", 2),
    ("Harp", "treasure", 2),
)
"""(name, kind, copies) for every card in the deck."""

KIND: dict[Card, Kind] = {name: kind for name, kind, _ in TABLE}
COPIES: dict[Card, int] = {name: copies for name, _, copies in TABLE}
DECK: Counter[Card] = Counter(COPIES)
DECK_SIZE = sum(COPIES.values())
VALUES: tuple[int, ...] = tuple(int(n) for n, kind, _ in TABLE if kind == "beanstalk")
VALUE: dict[Card, int] = {n: int(n) for n, kind, _ in TABLE if kind == "beanstalk"}
WORDS: frozenset[Card] = frozenset(n for n, kind, _ in TABLE if kind == "giant")
TREASURES: tuple[Card, ...] = tuple(n for n, kind, _ in TABLE if kind == "treasure")
BY_LOWER: dict[str, Card] = {name.lower(): name for name in COPIES}

CASTLES = 5
CASTLE_SIZE = 10
STALK_CARDS = 6
"""Beanstalk cards in a beanstalk before its treasure."""
STALKS_TO_WIN = 3


def is_beanstalk(card: Card) -> bool:
    return card in VALUE


def ordered_deck() -> tuple[Card, ...]:
    """All 50 cards in table order (the deal `legal_actions` shows at the chance node)."""
    return tuple(name for name, _, copies in TABLE for _ in range(copies))
