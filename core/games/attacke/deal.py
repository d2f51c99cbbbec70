"""Chance: the first player, the deal, and every card drawn, one named card per event.

The deal goes round the table from the first player, one card at a time, until the first
player holds 4 and every other player 5; then the first player opens the first contest.
"""

from __future__ import annotations

from core.frozen import replace
from core.games.attacke.contest import after_pass, next_fighter, next_opener
from core.games.attacke.deck import card_name, is_card, ordered
from core.games.attacke.pile import pile_counts
from core.games.attacke.state import AttackeState
from core.rules import IllegalAction

FIRST_HAND = 4
HAND = 5


def choose_first(state: AttackeState, seat: object) -> AttackeState:
    if type(seat) is not int or not 0 <= seat < state.players:
        raise IllegalAction(f"There is no player {seat!r} to start")
    return replace(state, first=seat, opener=seat, phase="deal", actor=seat)


def target(state: AttackeState, seat: int) -> int:
    return FIRST_HAND if seat == state.first else HAND


def next_receiver(state: AttackeState) -> int | None:
    """Round the table from the first player: the next seat still short of its deal."""
    assert state.first is not None
    order = [(state.first + i) % state.players for i in range(state.players)]
    short = [s for s in order if len(state.hands[s]) < target(state, s)]
    if not short:
        return None
    fewest = min(len(state.hands[s]) for s in short)
    return next(s for s in short if len(state.hands[s]) == fewest)


def check_draw(state: AttackeState, card: object) -> str | None:
    if not is_card(card):
        return f"There is no card {card!r}"
    assert isinstance(card, str)
    if pile_counts(state)[card] <= 0:
        return f"No {card_name(card)[2:]} is left in the draw pile"
    return None


def draw(state: AttackeState, card: str) -> AttackeState:
    """`state.actor` receives `card` from the pile; then the game goes on."""
    problem = check_draw(state, card)
    if problem:
        raise IllegalAction(problem)
    seat = state.actor
    hands = list(state.hands)
    hands[seat] = ordered((*hands[seat], card))
    state = replace(state, hands=tuple(hands))
    if state.phase == "deal":
        receiver = next_receiver(state)
        if receiver is not None:
            return replace(state, actor=receiver)
        assert state.first is not None
        return next_opener(state, state.first)
    if state.phase == "skip":
        return next_opener(state, (seat + 1) % state.players)
    if state.passed[seat]:
        return after_pass(state, seat)
    return next_fighter(state, seat)
