"""The deal: one chance action naming the whole arrangement (every card is face up at once).

There are about 10^36 different deals, so `legal_actions` cannot list them: at the chance node
it returns one representative deal (`table_deal`, the deck in table order) and `sample_chance`
draws a uniformly shuffled one. `apply` accepts any deal of exactly the 50 cards, ten a castle.
"""

from __future__ import annotations

import random
from collections import Counter

from core.frozen import replace
from core.games.englishman.actions import Deal
from core.games.englishman.cards import CASTLE_SIZE, CASTLES, DECK, ordered_deck
from core.games.englishman.state import JACK, EnglishmanState
from core.rules import IllegalAction


def _split(cards: list[str] | tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(cards[i * CASTLE_SIZE : (i + 1) * CASTLE_SIZE]) for i in range(CASTLES))


def table_deal() -> Deal:
    """The deck in table order, ten to a castle: the one deal `legal_actions` lists."""
    return Deal(_split(ordered_deck()))


def sample(rng: random.Random) -> Deal:
    """A shuffled deal, every arrangement equally likely."""
    cards = list(ordered_deck())
    rng.shuffle(cards)
    return Deal(_split(cards))


def deal(state: EnglishmanState, action: Deal) -> EnglishmanState:
    """The castles as dealt; Jack then makes the Giant's-wife move (the deal is not judged)."""
    castles = action.castles
    if (
        not isinstance(castles, tuple)
        or len(castles) != CASTLES
        or not all(isinstance(c, tuple) and len(c) == CASTLE_SIZE for c in castles)
        or not all(isinstance(card, str) for c in castles for card in c)
    ):
        raise IllegalAction(f"A deal is {CASTLES} castles of {CASTLE_SIZE} cards each")
    dealt = Counter(card for castle in castles for card in castle)
    if dealt != DECK:
        extra = sorted((dealt - DECK).elements())
        missing = sorted((DECK - dealt).elements())
        raise IllegalAction(
            "A deal uses exactly the 50 cards of the deck"
            + (f"; too many: {' '.join(map(str, extra))}" if extra else "")
            + (f"; missing: {' '.join(missing)}" if missing else "")
        )
    return replace(state, phase="setup", castles=castles, actor=JACK, actions_left=1, last=action)
