"""The simplest opponent: a uniformly random legal move, from its own seeded generator.

It owns a `random.Random`, never the global one, so a self-play run or a test is reproducible
from its seed and bots never disturb each other's (or the app's) randomness.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from core.rules import Action, Rules

if TYPE_CHECKING:
    from core.ai.budget import Budget


class RandomBot:
    """Picks any of the moves it is shown with equal probability."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(
        self,
        rules: Rules[Any, Any, Any],
        view: Any,
        legal: Sequence[Action],
        budget: Budget | None = None,
    ) -> Action:
        """One of `legal`, uniformly (neither the view nor a budget is needed to play at random)."""
        if not legal:
            raise ValueError("there is no legal action to choose from")
        return self._rng.choice(legal)
