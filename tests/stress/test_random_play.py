"""Long random play at a tiny size: every action of every game checked, logs read back."""

from __future__ import annotations

import io

from tests.stress.common import games
from tests.stress.random_play import run


def test_random_matches_of_every_game_pass_every_check() -> None:
    out = io.StringIO()
    figures = run(matches=4, seed=1, out=out)
    assert set(figures) == {rules.id for rules in games()}
    for game, found in figures.items():
        assert found.failures == [], out.getvalue()
        assert found.matches == found.logged == 4, game
