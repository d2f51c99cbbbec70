"""The simplest opponent: a uniformly random legal move, from its own seeded generator.

It owns a `random.Random`, never the global one, so a self-play run or a test is reproducible
from its seed and bots never disturb each other's (or the app's) randomness.
"""

from __future__ import annotations

import random
from typing import Any

from core.rules import CHANCE, Action, Rules


class RandomBot:
    """Picks any legal move with equal probability."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, rules: Rules[Any, Any], state: Any, seat: int) -> Action:
        """One of `rules.legal_actions(state)`, uniformly; `seat` must be the seat to move."""
        to_move = rules.to_move(state)
        if to_move is None:
            raise ValueError("the match is over: there is no move to choose")
        if to_move == CHANCE or to_move != seat:
            who = "chance" if to_move == CHANCE else f"seat {to_move}"
            raise ValueError(f"it is {who}'s turn, not seat {seat}'s")
        legal: list[Action] = rules.legal_actions(state)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action")
        return self._rng.choice(legal)
