"""Jack's four actions: front to another front, front to beanstalk, back to the same front,
back to beanstalk. He never moves a card from front to back (except the setup move).

A castle of one card has the same card at front and back: "back to front" is then no move and
is refused; both "front to beanstalk" and "back to beanstalk" take that card. Moving onto an
empty castle is allowed; nothing can be taken from one.
"""

from __future__ import annotations

from core.games.englishman.actions import (
    BackToFront,
    BackToStalk,
    FrontToFront,
    FrontToStalk,
    JackAction,
)
from core.games.englishman.beanstalk import place, refusal
from core.games.englishman.castles import check_castle, move_front, name, replace_castle
from core.games.englishman.state import EnglishmanState
from core.games.englishman.turn import after_action
from core.rules import IllegalAction


def jack_moves(state: EnglishmanState) -> list[JackAction]:
    moves: list[JackAction] = []
    castles = state.castles
    for s, castle in enumerate(castles):
        if not castle:
            continue
        moves.extend(FrontToFront(s, t) for t in range(len(castles)) if t != s)
        if not refusal(state.completed, state.current, castle[0]):
            moves.append(FrontToStalk(s))
        if len(castle) > 1:
            moves.append(BackToFront(s))
        if not refusal(state.completed, state.current, castle[-1]):
            moves.append(BackToStalk(s))
    return moves


def jack_move(state: EnglishmanState, action: JackAction) -> EnglishmanState:
    castles = state.castles
    if isinstance(action, FrontToFront):
        s = check_castle(action.source, "castle to take from")
        t = check_castle(action.target, "castle to move to")
        _nonempty(state, s)
        if s == t:
            raise IllegalAction("The front card must go to the front of a different castle")
        return after_action(state, action, move_front(castles, s, t))
    if isinstance(action, BackToFront):
        c = check_castle(action.castle)
        _nonempty(state, c)
        castle = castles[c]
        if len(castle) == 1:
            raise IllegalAction(
                f"{name(c).capitalize()} holds one card, its front and its back: that is no move"
            )
        return after_action(state, action, replace_castle(castles, c, castle[-1:] + castle[:-1]))
    c = check_castle(action.castle)
    _nonempty(state, c)
    castle = castles[c]
    if isinstance(action, FrontToStalk):
        card, rest = castle[0], castle[1:]
    else:
        card, rest = castle[-1], castle[:-1]
    completed, current = place(state.completed, state.current, card)
    return after_action(state, action, replace_castle(castles, c, rest), completed, current)


def _nonempty(state: EnglishmanState, c: int) -> None:
    if not state.castles[c]:
        raise IllegalAction(f"{name(c).capitalize()} is empty")
