"""The 25 cards as a multiset: five each of 1..5, split between hands, discard and pile.

The pile is never stored: it is what remains, so no future card exists before it is drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.frozen import replace
from core.games.en_garde.state import EnGardeState
from core.rules import IllegalAction

if TYPE_CHECKING:
    import random


VALUES = (1, 2, 3, 4, 5)
COPIES = 5
HAND_SIZE = 5


def unseen(state: EnGardeState) -> dict[int, int]:
    """How many of each value are still in the draw pile."""
    counts = dict.fromkeys(VALUES, COPIES)
    for card in (*state.hands[0], *state.hands[1], *state.discard):
        counts[card] -= 1
    return counts


def left(state: EnGardeState, value: int) -> int:
    """How many cards of `value` are still in the draw pile (`unseen`, for one value)."""
    return (
        COPIES
        - state.hands[0].count(value)
        - state.hands[1].count(value)
        - state.discard.count(value)
    )


def pile_size(state: EnGardeState) -> int:
    return COPIES * len(VALUES) - len(state.hands[0]) - len(state.hands[1]) - len(state.discard)


def sample(state: EnGardeState, rng: random.Random) -> int:
    """A card from the pile, each remaining card equally likely."""
    counts = unseen(state)
    return rng.choices(list(counts), weights=list(counts.values()))[0]


def card_value(card: object) -> int:
    """`card` as a card value; raises IllegalAction for anything that is not 1..5."""
    if type(card) is not int or card not in VALUES:
        raise IllegalAction(f"There is no card {card!r}: cards show 1 to 5")
    return card


def card_count(count: object) -> int:
    if type(count) is not int or not 1 <= count <= COPIES:
        raise IllegalAction(f"An attack uses one to five cards, not {count!r}")
    return count


def cards(count: int, value: int) -> str:
    """Plain words for some cards of one value: "a 4", "two 4s", "no 4s"."""
    if count == 1:
        return f"a {value}"
    return f"{('no', 'one', 'two', 'three', 'four', 'five', 'six')[count]} {value}s"


def need(hand: tuple[int, ...], value: int, count: int) -> None:
    """Raise IllegalAction unless `hand` holds `count` cards of `value`."""
    held = hand.count(value)
    if held == 0:
        raise IllegalAction(f"You hold no {value}")
    if held < count:
        raise IllegalAction(f"You hold only {cards(held, value)}, not {cards(count, value)}")


def without(hand: tuple[int, ...], *played: int) -> tuple[int, ...]:
    """`hand` after playing `played` (which it holds)."""
    rest = list(hand)
    for card in played:
        rest.remove(card)
    return tuple(rest)


def play_cards(state: EnGardeState, played: tuple[int, ...]) -> EnGardeState:
    """The actor's `played` cards (which they hold) go from hand to the discard."""
    hands = list(state.hands)
    hands[state.actor] = without(hands[state.actor], *played)
    return replace(state, hands=(hands[0], hands[1]), discard=state.discard + played)
