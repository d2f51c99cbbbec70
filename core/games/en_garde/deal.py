"""Chance: dealing a round and refilling hands, one named card per draw.

The deal gives ten cards alternately, the round's starter first. A refill draws until the hand
holds five or the pile is empty; only when it is complete does play go on, so "the last card
was drawn" is decided once, by the refill that emptied the pile (a refill cut short counts).
"""

from __future__ import annotations

from dataclasses import replace

from core.games.en_garde.pile import HAND_SIZE, card_value, pile_size, unseen
from core.games.en_garde.scoring import end_of_pile
from core.games.en_garde.state import EnGardeState
from core.games.en_garde.turn import begin_turn
from core.rules import IllegalAction


def draw(state: EnGardeState, card: object) -> EnGardeState:
    """`state.actor` receives `card` from the pile."""
    value = card_value(card)
    if unseen(state)[value] == 0:
        raise IllegalAction(f"No {value} is left in the draw pile")
    seat = state.actor
    hands = list(state.hands)
    hands[seat] = tuple(sorted((*hands[seat], value)))
    after = replace(state, hands=(hands[0], hands[1]))
    if state.phase == "deal":
        return _dealt(after)
    if len(hands[seat]) < HAND_SIZE and pile_size(after) > 0:
        return after
    return _refilled(after)


def _dealt(state: EnGardeState) -> EnGardeState:
    sizes = (len(state.hands[0]), len(state.hands[1]))
    if sizes == (HAND_SIZE, HAND_SIZE):
        return begin_turn(state, state.starter, "turn")
    starter = state.starter
    return replace(state, actor=starter if sizes[starter] == sizes[1 - starter] else 1 - starter)


def _refilled(state: EnGardeState) -> EnGardeState:
    """The actor's refill is complete: their attack is answered, or the other seat plays."""
    seat = state.actor
    if state.pending is not None:
        return replace(state, phase="defend", actor=1 - seat)
    if pile_size(state) == 0:
        return end_of_pile(state, seat)
    return begin_turn(state, 1 - seat, "turn")
