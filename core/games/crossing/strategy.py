"""What Crossing's bots know: a quick evaluation and the moves worth trying.

`evaluate` weighs material, how far the stones have come, how close the front stone is to
crossing, the crossed count and a capture open to the side to move; a crossing the side to
move owes but cannot answer is lost.
"""

from __future__ import annotations

import math

from core.games.crossing import phalanx
from core.games.crossing.actions import CrossingAction
from core.games.crossing.board import FAR_RANK, LOCKED, SIZE, SQUARES, STONE, rank_of
from core.games.crossing.state import CrossingState

_STONES = 16


def evaluate(state: CrossingState, seat: int) -> float:
    """How well `seat` stands, from -1 (lost) to +1 (won); 0 is even (or a draw)."""
    if state.over:
        if state.winner is None:
            return 0.0
        return 1.0 if state.winner == seat else -1.0
    if state.owes and not _can_cross(state):
        return -0.95 if state.mover == seat else 0.95
    score = _side(state, seat) - _side(state, 1 - seat)
    if phalanx.can_capture(state.cells, state.mover, state.exact_distance):
        score += THREAT if state.mover == seat else -THREAT
    return max(-0.9, min(0.9, math.tanh(score)))


THREAT = 0.3
"""What a capture open to the side to move is worth (a stone is 0.125): without it a bot
judging one move ahead advanced stones into capture, and the second player, taking them, won
about 80% of greedy against greedy (random against random: 52%)."""


def candidates(state: CrossingState) -> list[CrossingAction]:
    """The legal moves; when the side to move owes a counter-crossing and can cross, only the
    crossings (every other move loses on the spot)."""
    if state.over:
        return []
    legal = phalanx.moves(state.cells, state.mover, state.exact_distance)
    if state.owes:
        crossings = [a for a in legal if a.crosses]
        return crossings or legal
    return legal


def _side(state: CrossingState, seat: int) -> float:
    """One side's strength: material, mean advance, its front stone and its crossings (a
    search asks it twice of every position it opens, so it reads the cells string once)."""
    cells, stone, table = state.cells, STONE[seat], _PROGRESS[seat]
    progress = [table[square] for square, cell in enumerate(cells) if cell == stone]
    material = (len(progress) + cells.count(LOCKED[seat])) / _STONES
    advance = sum(progress) / len(progress) if progress else 0.0
    front = max(progress, default=0.0)
    return 2.0 * material + 0.6 * advance + 0.4 * front**2 + 0.3 * state.crossed[seat]


_PROGRESS = tuple(
    tuple(1 - abs(FAR_RANK[seat] - rank_of(square)) / (SIZE - 1) for square in SQUARES)
    for seat in (0, 1)
)
"""How far a stone on each square has come, for each seat: 0 on its own back rank, 1 on the
rank it crosses onto."""


def _can_cross(state: CrossingState) -> bool:
    moves = phalanx.moves(state.cells, state.mover, state.exact_distance)
    return any(a.crosses for a in moves)
