"""The greedy bot: one move ahead, judged by the game's own evaluation.

For each move it applies the move to a few full states behind its view (an open game's: the one
exact state; a hidden game's: that many determinizations, the same ones for every move so the
comparison is fair), lets chance act, and averages `score` (a finished match counts +1, 0 or
-1; otherwise the game's `evaluate`). Equal moves are split by its seeded generator. A game
without `evaluate` leaves it only finished matches to tell apart: it then takes a winning move
when there is one and otherwise plays at random.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from core.ai.budget import Budget
from core.ai.playout import Powers
from core.rules import Action, Rules

SAMPLES = Budget(4)
"""The default: four determinizations (an open game needs only its one state)."""


class GreedyBot:
    """Best move by one-ply lookahead; `budget.iterations` = determinizations averaged."""

    def __init__(self, seed: int | None = None, budget: Budget = SAMPLES) -> None:
        self._rng = random.Random(seed)
        self.budget = budget

    def choose(
        self,
        rules: Rules[Any, Any, Any],
        view: Any,
        legal: Sequence[Action],
        budget: Budget | None = None,
    ) -> Action:
        """A move whose average score is highest; ties broken at random (seeded)."""
        if not legal:
            raise ValueError("there is no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        budget = budget or self.budget
        timer = budget.timer()
        samples = 1 if not rules.hides_information else budget.iterations
        game = Powers(rules)
        states = [game.behind(view, self._rng)]
        while len(states) < samples and not timer.expired(len(states)):
            states.append(game.behind(view, self._rng))
        me = rules.to_move(states[0])
        if me is None or me < 0:
            raise ValueError("the view is not one of a seat about to decide")
        totals: list[float] = []
        for action in legal:
            total = 0.0
            for state in states:
                after, to_move = game.settle(rules.apply(state, action), self._rng)
                total += game.score(after, to_move, me)
            totals.append(total)
        top = max(totals)
        best = [a for a, t in zip(legal, totals, strict=True) if t >= top - 1e-9]
        return best[0] if len(best) == 1 else self._rng.choice(best)
