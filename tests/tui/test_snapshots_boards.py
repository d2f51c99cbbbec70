"""Snapshots of the 8x8 boards at their first turn and mid-game, at the three sizes the
frame is designed for: 80x24 (squares one row high, the log below), 100x32 (two rows, the log
beside) and 140x45 (four rows). Plain `def` tests, as in `test_snapshots.py`; regenerate with
`pytest --snapshot-update` after a deliberate visual change, and look at the SVGs first.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tui.app import ParlourApp
from tui.start import Start

SIZES = [(80, 24), (100, 32), (140, 45)]


def _first_turn(game: str, plies: int = 0) -> ParlourApp:
    """The app resuming a hot-seat match of `game` (open information: no handoff) after
    `plies` seeded random moves (the games have no chance, so the position is fixed)."""
    from core import registry
    from core.match import Seat
    from replays.store import create_match

    rules, rng = registry.get(game), random.Random(3)
    with create_match(rules, (Seat("Ann"), Seat("Ben")), {}) as opened:
        for _ in range(plies):
            opened.submit(rng.choice(rules.legal_actions(opened.match.state)))
        path = opened.path
    return ParlourApp(Start("resume", match=str(path)))


async def _settled(pilot: Any) -> None:
    """The board picks its squares once its size is known: let that layout settle."""
    await pilot.pause()
    await pilot.pause(0.1)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_crossing_first_turn(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(_first_turn("crossing"), terminal_size=size, run_before=_settled)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_fields_of_action_first_turn(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(_first_turn("fields-of-action"), terminal_size=size, run_before=_settled)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("game", ["crossing", "fields-of-action"])
def test_a_board_mid_game(snap_compare: Any, game: str, size: tuple[int, int]) -> None:
    app = _first_turn(game, plies=14)
    assert snap_compare(app, terminal_size=size, run_before=_settled)
