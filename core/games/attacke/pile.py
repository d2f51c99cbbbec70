"""The draw pile as a multiset: what is in no hand, not on the table and not discarded.

The pile is never stored, so no future card exists before it is drawn. When a draw is due and
the pile is empty, the discards become the pile (the discard list is simply emptied: the
reshuffle needs no event); if there are no discards either, the draw is skipped.
"""

from __future__ import annotations

import random
from collections import Counter

from core.frozen import replace
from core.games.attacke.deck import CARDS, DECK_SIZE, full_deck
from core.games.attacke.state import AttackeState
from core.games.attacke.view import Phase


def pile_counts(state: AttackeState) -> Counter[str]:
    """How many of each card the draw pile holds."""
    counts = full_deck()
    for group in (*state.hands, *state.laid, *state.hidden, state.discard):
        for card in group:  # not Counter.subtract, which checks its argument's type per call
            counts[card] -= 1
    return counts


def pile_size(state: AttackeState) -> int:
    held = sum(len(g) for g in (*state.hands, *state.laid, *state.hidden))
    return DECK_SIZE - held - len(state.discard)


def draw_due(state: AttackeState, seat: int, phase: Phase) -> AttackeState | None:
    """`seat` is due a card: the chance phase for it, reshuffling the discards into an empty
    pile; None when no card can be drawn at all."""
    if pile_size(state) == 0:
        if not state.discard:
            return None
        state = replace(state, discard=())
    return replace(state, phase=phase, actor=seat)


def drawable(state: AttackeState) -> bool:
    return pile_size(state) > 0 or bool(state.discard)


def sample(state: AttackeState, rng: random.Random) -> str:
    """A card from the pile, each remaining card equally likely."""
    counts = pile_counts(state)
    cards = [c for c in CARDS if counts[c] > 0]
    return rng.choices(cards, weights=[counts[c] for c in cards])[0]
