"""Scripting helpers for the Attacke tests: every deal and draw is a chance action the test
chooses.

`deal` gives the hands asked for (first player 4 cards, the others 5), `play` applies
notation separated by ";", and `with_pile` leaves exactly the given cards in the draw pile by
moving every other unseen card to the discards (the pile is never stored, so this is the only
way to shape it).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from core.games.attacke import Attacke, AttackeState
from core.games.attacke.actions import Draw, First
from core.games.attacke.deck import full_deck, ordered
from core.games.attacke.pile import pile_counts
from core.rules import CHANCE

RULES = Attacke()


def cards(text: str) -> tuple[str, ...]:
    return tuple(text.split())


def deal(*hands: str, first: int = 0, **options: object) -> AttackeState:
    """A game of len(hands) players where seat s is dealt `hands[s]` (space-separated codes)."""
    state = RULES.new(len(hands), options)
    state = RULES.apply(state, First(first))
    wanted = [list(cards(h)) for h in hands]
    while state.phase == "deal":
        assert RULES.to_move(state) == CHANCE
        state = RULES.apply(state, Draw(wanted[state.actor].pop(0)))
    assert not any(wanted), "every hand must be dealt in full (4 for the first, 5 others)"
    return state


def play(state: AttackeState, script: str) -> AttackeState:
    """Apply each ";"-separated notation (e.g. "R:2 3; dG5; 4 7S; dB2; pass")."""
    for token in script.split(";"):
        if token.strip():
            state = RULES.apply(state, RULES.parse(state, token))
    return state


def with_pile(state: AttackeState, pile: str = "") -> AttackeState:
    """`state` with exactly `pile` left to draw: every other unseen card is in the discards."""
    rest = pile_counts(state) + Counter(state.discard)
    rest.subtract(cards(pile))
    assert all(n >= 0 for n in rest.values()), "the pile asked for is not among the unseen cards"
    return replace(state, discard=ordered(rest.elements()))


def conserved(state: AttackeState) -> bool:
    """All 96 cards are somewhere: hands, table, discards, pile."""
    counts = Counter(state.discard) + pile_counts(state)
    for group in (*state.hands, *state.laid, *state.hidden):
        counts.update(group)
    return counts == full_deck()
