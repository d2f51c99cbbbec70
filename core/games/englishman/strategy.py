"""Heuristics for the bots: a quick evaluation and the actions worth trying."""

from __future__ import annotations

from core.games.englishman.actions import DoubleMove, EnglishmanAction, KeepDeal, MoveFour, Wife
from core.games.englishman.cards import STALK_CARDS, STALKS_TO_WIN
from core.games.englishman.castles import (
    Castles,
    best_window,
    front_words,
    move_front,
    moved_within,
    replace_castle,
)
from core.games.englishman.giant import giant_moves
from core.games.englishman.jack import jack_moves
from core.games.englishman.setup import setup_moves
from core.games.englishman.starved import jack_needs, pool, slack
from core.games.englishman.state import JACK, EnglishmanState

_WORK = STALKS_TO_WIN * (STALK_CARDS + 1)
"""Cards Jack must place to win: 3 x (6 beanstalk cards + a treasure)."""


def evaluate(state: EnglishmanState, seat: int) -> float:
    """-1..1, +1 when `seat` is winning: Jack's progress against the Giant's nearest threat.

    The same three measures as `threats` (which the castles widget shows), taken directly:
    this runs for every move a bot weighs, and the widget's count of finishable beanstalks
    would triple its cost."""
    if state.phase == "over":
        return 1.0 if state.winner == seat else -1.0
    sign = 1.0 if seat == JACK else -1.0
    if state.phase == "deal":
        return 0.0
    castles, completed = state.castles, len(state.completed)
    placed = completed * (STALK_CARDS + 1) + len(state.current)
    progress = placed / _WORK
    pattern = max(front_words(castles), best_window(castles)[0]) / 4
    spare = 0
    if completed < STALKS_TO_WIN:
        spare = slack(pool(castles), *jack_needs(completed, state.current))
    starving = 1.0 - min(max(spare, 0), 8) / 8
    score = progress - 0.6 * pattern**3 - 0.6 * starving**2
    return sign * max(-0.95, min(0.95, score))


def candidates(state: EnglishmanState) -> list[EnglishmanAction]:
    """The legal actions, less those that give the same castles as one already listed (the
    setup's neighbour swaps, the Giant's double moves done in either order)."""
    if state.phase == "setup":
        moves: list[EnglishmanAction] = list(setup_moves(state))
    elif state.phase == "play":
        moves = list(jack_moves(state) if state.actor == JACK else giant_moves(state))
    else:
        return []
    seen: set[Castles] = set()
    kept: list[EnglishmanAction] = []
    for action in moves:
        after = _castles_after(state.castles, action)
        if after is not None:
            if after in seen:
                continue
            seen.add(after)
        kept.append(action)
    return kept


def _castles_after(castles: Castles, action: EnglishmanAction) -> Castles | None:
    if isinstance(action, KeepDeal):
        return castles
    if isinstance(action, Wife):
        moved = moved_within(castles[action.castle], action.card, action.to)
        return replace_castle(castles, action.castle, moved)
    if isinstance(action, MoveFour):
        return move_front(castles, action.source, action.target, 4)
    if isinstance(action, DoubleMove):
        once = move_front(castles, action.first_source, action.first_target)
        return move_front(once, action.second_source, action.second_target)
    return None
