"""The 96 cards and 25 chips, in one table, and the card codes everything else speaks.

A card is a short code: a knight is its colour letter and value ("R2", "P7"), a shield its
value and "S" ("7S", "10S"). No source gives the exact composition, so it lives here alone
(RULES.md §2 [decided]): per colour 2x4, 3x4, 4x4, 5x4, 7x2; shields 3x7 and 3x10.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

COLOURS: tuple[str, ...] = ("R", "B", "G", "Y", "P")
COLOUR_NAMES: dict[str, str] = {
    "R": "red",
    "B": "blue",
    "G": "green",
    "Y": "yellow",
    "P": "purple",
}

KNIGHTS_PER_COLOUR: tuple[tuple[int, int], ...] = ((2, 4), (3, 4), (4, 4), (5, 4), (7, 2))
"""(value, copies) of each colour's knights: 18 cards a colour, 90 in all."""
SHIELDS: tuple[tuple[int, int], ...] = ((7, 3), (10, 3))
"""(value, copies) of the shields (jokers)."""
CHIPS_PER_COLOUR = 5

KNIGHT_VALUES: tuple[int, ...] = tuple(v for v, _ in KNIGHTS_PER_COLOUR)
SHIELD_VALUES: tuple[int, ...] = tuple(v for v, _ in SHIELDS)
SEVEN = "7S"
TEN = "10S"

DECK: dict[str, int] = {
    **{f"{c}{v}": n for c in COLOURS for v, n in KNIGHTS_PER_COLOUR},
    **{f"{v}S": n for v, n in SHIELDS},
}
"""Card code -> copies, in the canonical order (colours, values, then shields)."""
CARDS: tuple[str, ...] = tuple(DECK)
DECK_SIZE = sum(DECK.values())
CHIP_COUNT = CHIPS_PER_COLOUR * len(COLOURS)

_RANK = {card: i for i, card in enumerate(CARDS)}
_VALUE = {card: int(card[:-1]) if card.endswith("S") else int(card[1:]) for card in CARDS}
"""Each card's face value, looked up: the bots' evaluation asks it millions of times."""


def is_card(card: object) -> bool:
    return type(card) is str and card in _RANK


def is_knight(card: str) -> bool:
    return not card.endswith("S")


def colour_of(card: str) -> str | None:
    """A knight's colour letter; None for a shield."""
    return None if card.endswith("S") else card[0]


def value_of(card: str) -> int:
    """What the card counts face up."""
    return _VALUE[card]


def knight(colour: str, value: int) -> str:
    return f"{colour}{value}"


def shield(value: int) -> str:
    return f"{value}S"


def rank(card: str) -> int:
    return _RANK.get(card, len(_RANK))


def ordered(cards: Iterable[str]) -> tuple[str, ...]:
    """Cards in the canonical order (hands, laid cards and discards are kept this way)."""
    return tuple(sorted(cards, key=rank))


def full_deck() -> Counter[str]:
    return Counter(DECK)


def without(cards: tuple[str, ...], taken: Iterable[str]) -> tuple[str, ...]:
    """`cards` less `taken` (which it holds), keeping the order."""
    rest = list(cards)
    for card in taken:
        rest.remove(card)
    return tuple(rest)


def card_name(card: str) -> str:
    """Plain words: "a red 5", "a 7-shield"."""
    if card.endswith("S"):
        return f"a {card[:-1]}-shield"
    return f"a {COLOUR_NAMES[card[0]]} {card[1:]}"
