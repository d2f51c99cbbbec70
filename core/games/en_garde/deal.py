"""Chance: dealing a round and refilling hands, one named card per draw.

The deal gives ten cards alternately, the round's starter first. A refill draws until the hand
holds five or the pile is empty; only when it is complete does play go on, so "the last card
was drawn" is decided once, by the refill that emptied the pile (a refill cut short counts).

A finished round stays on the table in phase "round-over"; the next round starts with the
first card of its deal: that draw resets the piste (fencers on 1 and 23, all 25 cards back)
and gives the card to the new round's starter. (An old log, written when the round-ending
action returned the next round's empty table at once, replays to the same states after it.)
"""

from __future__ import annotations

from core.frozen import replace
from core.games.en_garde.actions import Draw, DrawKind
from core.games.en_garde.pile import HAND_SIZE, card_value, left, pile_size, unseen
from core.games.en_garde.piste import START
from core.games.en_garde.scoring import end_of_pile
from core.games.en_garde.state import EnGardeState
from core.games.en_garde.turn import begin_turn
from core.rules import IllegalAction


def table(state: EnGardeState) -> EnGardeState:
    """The table the next card is drawn onto: in round-over, the next round's empty one."""
    if state.phase != "round-over":
        return state
    fresh = replace(
        state, round=state.round + 1, positions=START, hands=((), ()), discard=(), phase="deal"
    )
    return replace(fresh, actor=fresh.starter)


def kind(state: EnGardeState) -> DrawKind:
    """What the next draw is: the deal (also the one that starts the next round) or a refill."""
    return "refill" if state.phase == "refill" else "deal"


def receiver(state: EnGardeState, action: Draw) -> int:
    """Who gets the drawn card: the seat it names, or (the legacy form) whoever is due one."""
    return action.seat if action.seat is not None else table(state).actor


def draws(state: EnGardeState) -> list[Draw]:
    """Every card the pile can give now, each naming its receiver and kind."""
    board = table(state)
    return [Draw(v, board.actor, kind(state)) for v, n in unseen(board).items() if n]


def draw(state: EnGardeState, action: Draw) -> EnGardeState:
    """The due receiver gets `action.card` from the pile (the legacy form names no one)."""
    board, due = table(state), kind(state)
    seat = board.actor
    if (action.seat is None) != (action.kind is None):
        raise IllegalAction("A draw names both who receives the card and why, or neither")
    if action.seat is not None and action.seat != seat:
        raise IllegalAction(f"This card goes to seat {seat + 1}, not seat {action.seat + 1}")
    if action.kind is not None and action.kind != due:
        raise IllegalAction(
            f"This card is {'the deal' if due == 'deal' else 'a refill'}, "
            f"not {'the deal' if action.kind == 'deal' else 'a refill'}"
        )
    value = card_value(action.card)
    if left(board, value) == 0:
        raise IllegalAction(f"No {value} is left in the draw pile")
    hands = list(board.hands)
    hands[seat] = tuple(sorted((*hands[seat], value)))
    after = replace(board, hands=(hands[0], hands[1]))
    if board.phase == "deal":
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
