"""What the bots use: a quick evaluation and the moves worth trying (all of them).

`evaluate` weighs, for each side, the best five-number window it has begun to fill (the race
to a run), the stones it has taken, and its mobility (how many legal moves it has).
"""

from __future__ import annotations

import math

from core.games.fields_of_action import field
from core.games.fields_of_action.actions import FieldsAction
from core.games.fields_of_action.board import AROUND, RAYS, Board, touching
from core.games.fields_of_action.runs import RUN_TO_WIN
from core.games.fields_of_action.state import FieldsState

_WINDOWS = tuple(range(1, 12 - RUN_TO_WIN + 2))
"""The first numbers of the eight five-number windows, 1-5 … 8-12."""


def run_progress(numbers: tuple[int, ...]) -> int:
    """The most captured numbers inside any one five-number window (5 = a winning run)."""
    have = set(numbers)
    return max(sum(1 for n in range(s, s + RUN_TO_WIN) if n in have) for s in _WINDOWS)


def evaluate(state: FieldsState, seat: int) -> float:
    """-1..1 from `seat`'s side: +1 won, -1 lost, 0 a draw; otherwise a heuristic."""
    result = state.result
    if result is not None:
        return 0.0 if result.winner is None else (1.0 if result.winner == seat else -1.0)
    other = 1 - seat
    race = (run_progress(state.captured[seat]) - run_progress(state.captured[other])) / 4
    taken = (len(state.captured[seat]) - len(state.captured[other])) / 12
    counts = mobility(state.board)
    mobility_edge = math.tanh((counts[seat] - counts[other]) / 12)
    score = 0.55 * race + 0.2 * taken + 0.25 * mobility_edge
    return max(-0.99, min(0.99, score))


def mobility(board: Board) -> tuple[int, int]:
    """How many legal moves each side has: `field.moves` counted, without making the moves
    (the evaluation runs for every move a search weighs, and this is most of its cost)."""
    counts = [0, 0]
    for origin, stone in enumerate(board):
        if stone is None:
            continue
        side = stone.side
        n = sum(1 for sq in AROUND[origin] if board[sq] is not None)
        for ray in RAYS[origin]:
            if not n:
                counts[side] += sum(
                    1
                    for t in ray
                    if board[t] is None and touching(board, t, origin) >= field.LANDING_TOUCH
                )
            elif len(ray) >= n:
                other = board[ray[n - 1]]
                counts[side] += other is None or other.side != side
    return counts[0], counts[1]


def candidates(state: FieldsState) -> list[FieldsAction]:
    """The legal moves: every one is worth a look."""
    if state.result is not None:
        return []
    return list(field.moves(state.board, state.mover))
