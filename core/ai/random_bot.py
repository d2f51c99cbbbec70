"""The simplest opponent: a uniformly random legal move, from its own seeded generator.

It owns a `random.Random`, never the global one, so a self-play run or a test is reproducible
from its seed and bots never disturb each other's (or the app's) randomness.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from core.rules import Action, Rules


class RandomBot:
    """Picks any legal move with equal probability."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, rules: Rules[Any, Any, Any], view: Any, legal: Sequence[Action]) -> Action:
        """One of `legal`, uniformly (the view is not needed to play at random)."""
        if not legal:
            raise ValueError("there is no legal action to choose from")
        return self._rng.choice(legal)
