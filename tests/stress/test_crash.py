"""The crash harness at a tiny size: every game, killed with SIGKILL, torn writes included."""

from __future__ import annotations

import io

from tests.stress.common import games
from tests.stress.crash import run


def test_killed_matches_of_every_game_lose_nothing_saved_and_resume() -> None:
    out = io.StringIO()
    report = run(matches=len(games()), seed=3, kills_per_match=3, torn_share=0.7, out=out)
    assert report.failures == [], out.getvalue()
    assert report.unreadable == 0
    assert report.kills >= len(games())
    assert report.resumable == report.kills
    assert report.finished == report.matches == len(games())
    assert all(lost in (0, 1) for lost in report.lost), report.lost  # at most the one in flight
