"""Perft: how many move sequences of depth 1, 2 and 3 the board games have from the start.

Counted once by these engines, after they matched the independent golden vectors, and pinned
here (as chess engines pin theirs): a change to move generation that alters any count fails.
"""

from __future__ import annotations

from typing import Any

import pytest

from core import registry
from core.rules import Rules

PINNED = {
    "crossing": (60, 3_600, 269_278),
    "fields-of-action": (36, 1_285, 54_271),
}


def perft(rules: Rules[Any, Any, Any], state: Any, depth: int) -> int:
    """Leaves of the move tree `depth` plies deep (a finished game is one leaf)."""
    if depth == 0 or rules.to_move(state) is None:
        return 1
    legal = rules.legal_actions(state)
    if depth == 1:
        return len(legal)
    return sum(perft(rules, rules.apply(state, action), depth - 1) for action in legal)


@pytest.mark.parametrize("game", sorted(PINNED))
def test_the_move_tree_from_the_start_has_the_pinned_size(game: str) -> None:
    rules = registry.get(game)
    start = rules.new(2, {})
    assert tuple(perft(rules, start, depth) for depth in (1, 2, 3)) == PINNED[game]
