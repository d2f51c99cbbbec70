"""The five castles: moving cards between them and the Giant's two table patterns.

A castle is a tuple of cards, front first. An empty castle still exists, can receive cards and
has no front (so it never counts toward the parallel pattern).
"""

from __future__ import annotations

from collections.abc import Sequence

from core.games.englishman.cards import CASTLES, WORDS, Card
from core.rules import IllegalAction

Castles = tuple[tuple[Card, ...], ...]
WINDOW = len(WORDS)
"""Four consecutive cards make the vertical pattern."""


def name(index: int) -> str:
    """A castle as players number it, 1..5."""
    return f"castle {index + 1}"


def check_castle(index: object, role: str = "castle") -> int:
    if type(index) is not int or not 0 <= index < CASTLES:
        raise IllegalAction(f"There is no such {role}: the castles are numbered 1 to {CASTLES}")
    return index


def replace_castle(castles: Castles, index: int, castle: tuple[Card, ...]) -> Castles:
    return (*castles[:index], castle, *castles[index + 1 :])


def moved_within(castle: tuple[Card, ...], card: int, to: int) -> tuple[Card, ...]:
    """`castle` with its card at place `card` taken out and put back at place `to`."""
    rest = castle[:card] + castle[card + 1 :]
    return (*rest[:to], castle[card], *rest[to:])


def move_front(castles: Castles, source: int, target: int, count: int = 1) -> Castles:
    """The front `count` cards of `source`, order kept, onto the front of `target`."""
    moved = castles[source][:count]
    castles = replace_castle(castles, source, castles[source][count:])
    return replace_castle(castles, target, moved + castles[target])


def vertical(castles: Castles) -> int | None:
    """The first castle holding Fee, Fi, Fo and Fum as four consecutive cards, if any."""
    for index, castle in enumerate(castles):
        if _has_window(castle):
            return index
    return None


def _has_window(castle: Sequence[Card]) -> bool:
    if not WORDS.issubset(castle):
        return False
    run = 0
    for i, card in enumerate(castle):
        run = run + 1 if card in WORDS else 0
        if run >= WINDOW and len(set(castle[i - WINDOW + 1 : i + 1])) == WINDOW:
            return True
    return False


def parallel(castles: Castles) -> tuple[int, ...] | None:
    """Four castles whose fronts show Fee, Fi, Fo and Fum, if the fronts show all four words."""
    first: dict[Card, int] = {}
    for index, castle in enumerate(castles):
        if castle and castle[0] in WORDS and castle[0] not in first:
            first[castle[0]] = index
    return tuple(sorted(first.values())) if len(first) == WINDOW else None


def front_words(castles: Castles) -> int:
    """How many different giant words the castle fronts show (0..4)."""
    return len({c[0] for c in castles if c and c[0] in WORDS})


def best_window(castles: Castles) -> tuple[int, int | None]:
    """(most different giant words among four consecutive cards of one castle, that castle);
    a castle shorter than four counts all its cards. (0, None) when no castle shows a word.

    Only windows that open on a giant word are counted: any window's words all lie in the one
    that opens on its first word, so nothing is missed (this runs for every move a bot weighs).
    """
    best, where = 0, None
    for index, castle in enumerate(castles):
        for start, card in enumerate(castle):
            if card in WORDS:
                words = len(WORDS.intersection(castle[start : start + WINDOW]))
                if words > best:
                    best, where = words, index
                    if best == WINDOW:
                        return best, where
    return best, where
