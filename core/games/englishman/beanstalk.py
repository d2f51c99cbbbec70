"""Jack's beanstalks: six beanstalk cards in strictly ascending value, then a treasure.

One beanstalk at a time; the three need three different treasures; giant cards never go on a
beanstalk and a treasure never goes on one with fewer than six cards.
"""

from __future__ import annotations

from core.games.englishman.cards import KIND, STALK_CARDS, VALUE, Card
from core.rules import IllegalAction

Stalks = tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]
"""(completed beanstalks, current beanstalk)."""


def treasures_used(completed: tuple[tuple[Card, ...], ...]) -> tuple[Card, ...]:
    return tuple(stalk[-1] for stalk in completed)


def refusal(completed: tuple[tuple[Card, ...], ...], current: tuple[Card, ...], card: Card) -> str:
    """Why `card` may not go on Jack's beanstalk now, or "" when it may."""
    kind = KIND[card]
    if kind == "giant":
        return f"Giant cards never go on a beanstalk (that is the {card})"
    if kind == "treasure":
        if len(current) < STALK_CARDS:
            return (
                f"A treasure goes only on a beanstalk of {STALK_CARDS} cards; "
                f"this one has {len(current)}"
            )
        if card in treasures_used(completed):
            return f"Jack already has the {card}: the three beanstalks need different treasures"
        return ""
    if len(current) >= STALK_CARDS:
        return "This beanstalk has six cards: it needs a treasure before a new one starts"
    if current and VALUE[card] <= VALUE[current[-1]]:
        top = current[-1]
        return f"Beanstalk cards go on in ascending order: the {card} is not above the {top}"
    return ""


def place(completed: tuple[tuple[Card, ...], ...], current: tuple[Card, ...], card: Card) -> Stalks:
    """Jack's beanstalks after `card` goes on top; raises IllegalAction when it may not."""
    why = refusal(completed, current, card)
    if why:
        raise IllegalAction(why)
    if KIND[card] == "treasure":
        return (*completed, (*current, card)), ()
    return completed, (*current, card)
