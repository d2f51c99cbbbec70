"""Heuristics for the bots: a quick evaluation and the actions worth trying."""

from __future__ import annotations

from collections.abc import Sequence

from core.games.englishman.actions import DoubleMove, EnglishmanAction, KeepDeal, MoveFour, Wife
from core.games.englishman.cards import STALK_CARDS, STALKS_TO_WIN, TREASURES, VALUE, VALUES
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
from core.games.englishman.starved import discards_to_starve, jack_task, pool
from core.games.englishman.state import JACK, EnglishmanState

_WORK = STALKS_TO_WIN * (STALK_CARDS + 1)
"""Cards Jack must place to win: 3 x (6 beanstalk cards + a treasure)."""


def evaluate(state: EnglishmanState, seat: int) -> float:
    """-1..1, +1 when `seat` is winning: Jack's progress against the Giant's nearest threat.

    Progress is the cards Jack has placed; the threats are the Giant's best pattern and how
    close Jack is to starving (the measures the castles widget shows, taken directly: this runs
    for every move a bot weighs, and the widget's count of finishable beanstalks would triple
    its cost); and a little for how deep the next card Jack can use lies."""
    if state.phase == "over":
        return 1.0 if state.winner == seat else -1.0
    sign = 1.0 if seat == JACK else -1.0
    if state.phase == "deal":
        return 0.0
    global _LAST
    last = _LAST  # one read: another thread may replace it meanwhile
    if last[0] is state:
        return sign * last[1]
    score = _jack_score(state)
    _LAST = (state, score)
    return sign * score


_LAST: tuple[EnglishmanState | None, float] = (None, 0.0)
"""The latest position judged and Jack's score there. A search asks for every seat's share of
each position it opens, one seat after the other: the Giant's is Jack's with the sign turned,
so the second question costs nothing. Holding the state keeps its identity from being reused."""


def _jack_score(state: EnglishmanState) -> float:
    """`evaluate` for Jack, clamped to -0.95..0.95, in a position still being played."""
    castles, completed = state.castles, len(state.completed)
    placed = completed * (STALK_CARDS + 1) + len(state.current)
    progress = placed / _WORK
    pattern = max(front_words(castles), best_window(castles)[0]) / 4
    counts = pool(castles)
    starving = 1.0 - min(max(_spare(state, counts), 0), _ENOUGH) / _ENOUGH
    digging = min(_dig(state, counts), _DEEP) / _DEEP
    score = progress - 0.6 * pattern**3 - 0.6 * starving**2 - DIG * digging
    return max(-0.95, min(0.95, score))


_ENOUGH = 4
"""Spare discards (`_spare`) from which starving is no worry. Tuned when it counted slack (from
8, a card placed near the line cost more than it gained, and Jack stopped placing cards); spare
discards are never fewer than slack except where the values the current beanstalk can use run
out, so the same 4 was kept, and measured (docs/BOTS.md)."""


def _spare(state: EnglishmanState, counts: Sequence[int]) -> int:
    """Discards the Giant can make before the one that starves Jack (`discards_to_starve`)."""
    task = jack_task(len(state.completed), state.current)
    if task is None:
        return _ENOUGH
    return discards_to_starve(counts, *task) - 1


DIG = 0.03
"""What Jack's next card lying `_DEEP` actions away costs, against 1/21 for each card placed:
without it every move that does not place a card looks alike, and a searching Jack shuffled
fronts for hundreds of turns while the card he needed stayed buried. Below a card's worth, so
placing one still pays even when the next lies deep."""
_DEEP = 5
_CARD = {value: card for card, value in VALUE.items()}


def _dig(state: EnglishmanState, counts: Sequence[int]) -> int:
    """How many actions before the card Jack wants next reaches a front or back: a treasure he
    lacks on a full beanstalk, else the lowest value above his top still in the castles (a
    higher one skips values and costs slack, which near the starved line he cannot spend)."""
    current = state.current
    if len(current) >= STALK_CARDS:
        used = {stalk[-1] for stalk in state.completed}
        fits = {t for t in TREASURES if t not in used}
    else:
        top = VALUE[current[-1]] if current else 0
        low = next((v for v in range(top + 1, len(VALUES) + 1) if counts[v - 1]), None)
        if low is None:
            return _DEEP
        fits = {_CARD[low]}
    best = _DEEP
    for castle in state.castles:
        last = len(castle) - 1
        for i, card in enumerate(castle):
            if card in fits:
                best = min(best, i, last - i)
                if best == 0:
                    return 0
    return best


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
