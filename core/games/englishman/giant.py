"""The Giant's three actions: discard a beanstalk card from anywhere, move a castle's front
four to another front, or move two different front cards one at a time (one action).

The second card of the double move may not be the card the first move just placed (its source
may not be the first move's target); it may come from the same castle as the first.
"""

from __future__ import annotations

from core.games.englishman.actions import Discard, DoubleMove, GiantAction, MoveFour
from core.games.englishman.cards import KIND, is_beanstalk
from core.games.englishman.castles import Castles, check_castle, move_front, name, replace_castle
from core.games.englishman.state import EnglishmanState
from core.games.englishman.turn import after_action
from core.rules import IllegalAction

FOUR = 4


def giant_moves(state: EnglishmanState) -> list[GiantAction]:
    castles = state.castles
    moves: list[GiantAction] = []
    for c, castle in enumerate(castles):
        moves.extend(Discard(c, i) for i, card in enumerate(castle) if is_beanstalk(card))
    n = len(castles)
    for s, castle in enumerate(castles):
        if len(castle) >= FOUR:
            moves.extend(MoveFour(s, t) for t in range(n) if t != s)
    for a in range(n):
        if not castles[a]:
            continue
        for b in range(n):
            if b == a:
                continue
            after = move_front(castles, a, b)
            for c in range(n):
                if c == b or not after[c]:
                    continue
                moves.extend(DoubleMove(a, b, c, d) for d in range(n) if d != c)
    return moves


def giant_move(state: EnglishmanState, action: GiantAction) -> EnglishmanState:
    castles = state.castles
    if isinstance(action, Discard):
        c = check_castle(action.castle)
        castle = castles[c]
        if type(action.card) is not int or not 0 <= action.card < len(castle):
            where = f"places 1 to {len(castle)}" if castle else "no cards"
            raise IllegalAction(f"{name(c).capitalize()} has {where}")
        card = castle[action.card]
        if not is_beanstalk(card):
            raise IllegalAction(
                f"The Giant discards only beanstalk cards, never a {KIND[card]} card ({card})"
            )
        rest = castle[: action.card] + castle[action.card + 1 :]
        return after_action(
            state, action, replace_castle(castles, c, rest), discards=(*state.discards, card)
        )
    if isinstance(action, MoveFour):
        s = check_castle(action.source, "castle to take from")
        t = check_castle(action.target, "castle to move to")
        if len(castles[s]) < FOUR:
            raise IllegalAction(
                f"{name(s).capitalize()} holds {len(castles[s])} cards: moving four needs four"
            )
        if s == t:
            raise IllegalAction("The four cards must go to the front of a different castle")
        return after_action(state, action, move_front(castles, s, t, FOUR))
    a = check_castle(action.first_source, "castle to take from")
    b = check_castle(action.first_target, "castle to move to")
    c = check_castle(action.second_source, "castle to take from")
    d = check_castle(action.second_target, "castle to move to")
    castles = _single(castles, a, b, "first")
    if c == b:
        raise IllegalAction(
            "The second move must take a different card, not the one the first just placed"
        )
    castles = _single(castles, c, d, "second")
    return after_action(state, action, castles)


def _single(castles: Castles, source: int, target: int, which: str) -> Castles:
    if not castles[source]:
        raise IllegalAction(f"The {which} move takes from {name(source)}, which is empty")
    if source == target:
        raise IllegalAction(f"The {which} move must go to the front of a different castle")
    return move_front(castles, source, target)
