"""Snapshot tests of key screens (pytest-textual-snapshot). Plain `def` tests, fixed sizes.

Baselines live in `__snapshots__/`; regenerate with `pytest --snapshot-update` after a
deliberate visual change, and look at the SVGs before committing them. Keep clocks, versions
and random ids off these screens.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input

from tui.app import ParlourApp
from tui.start import Start


def test_main_menu(snap_compare: Any) -> None:
    assert snap_compare(ParlourApp(), terminal_size=(100, 32))


def test_main_menu_at_80_by_24(snap_compare: Any) -> None:
    assert snap_compare(ParlourApp(), terminal_size=(80, 24))


async def _steady_cursor(pilot: Any) -> None:
    """The name field's cursor blinks: a screenshot would catch it on or off by chance."""
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await pilot.pause()


def test_new_game(snap_compare: Any) -> None:
    assert snap_compare(
        ParlourApp(Start("new", "en-garde")), terminal_size=(100, 32), run_before=_steady_cursor
    )


def test_settings(snap_compare: Any) -> None:
    assert snap_compare(ParlourApp(), press=["s"], terminal_size=(100, 32))


def _scripted_resume(seats: tuple[Any, ...]) -> ParlourApp:
    """The app resuming an En Garde match whose first deal the test chose."""
    from core.games.en_garde import EnGarde
    from core.games.en_garde.actions import Draw
    from replays.store import create_match

    with create_match(EnGarde(), seats, {"level": "advanced"}) as opened:
        for ann, bob in zip((1, 2, 3, 4, 4), (1, 2, 3, 5, 5), strict=True):
            opened.submit(Draw(ann))
            opened.submit(Draw(bob))
        path = opened.path
    return ParlourApp(Start("resume", match=str(path)))


def test_en_garde_game_screen(snap_compare: Any) -> None:
    from core.match import Seat

    app = _scripted_resume((Seat("Ann"), Seat("Robo", "bot", "random")))
    assert snap_compare(app, press=[*["right"] * 4, "f"], terminal_size=(100, 32))


def test_en_garde_game_screen_at_80_by_24(snap_compare: Any) -> None:
    from core.match import Seat

    app = _scripted_resume((Seat("Ann"), Seat("Robo", "bot", "random")))
    assert snap_compare(app, press=[*["right"] * 4, "f"], terminal_size=(80, 24))


def test_en_garde_game_screen_at_140_by_45(snap_compare: Any) -> None:
    from core.match import Seat

    app = _scripted_resume((Seat("Ann"), Seat("Robo", "bot", "random")))
    assert snap_compare(app, press=[*["right"] * 4, "f"], terminal_size=(140, 45))


def _en_garde_mid_round() -> ParlourApp:
    """An En Garde match against a bot a dozen decisions in, Ann to move (the bot is not
    asked): seeded play, chance drawn from a seeded generator into the log."""
    import random

    from core.games.en_garde import EnGarde
    from core.match import Seat
    from core.rules import CHANCE
    from replays.store import create_match

    rules, rng = EnGarde(), random.Random(11)
    with create_match(rules, (Seat("Ann"), Seat("Robo", "bot", "random")), {}) as opened:
        match = opened.match
        while match.to_move() != 0 or sum(e.seat != CHANCE for _, e in match.actions()) < 12:
            if match.to_move() == CHANCE:
                opened.submit(rules.sample_chance(match.state, rng))
            else:
                opened.submit(rng.choice(rules.legal_actions(match.state)))
        path = opened.path
    return ParlourApp(Start("resume", match=str(path)))


@pytest.mark.parametrize("size", [(80, 24), (100, 32), (140, 45)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_en_garde_mid_round(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(_en_garde_mid_round(), terminal_size=size)


def test_hot_seat_handoff(snap_compare: Any) -> None:
    from core.match import Seat

    app = _scripted_resume((Seat("Ann"), Seat("Bob")))
    assert snap_compare(app, terminal_size=(100, 32))


def _annotated_replay() -> ParlourApp:
    """The replay viewer on a finished En Garde match (random play, fixed seed) with one note."""
    import random

    from core.games.en_garde import EnGarde
    from core.match import Seat
    from core.rules import CHANCE
    from replays.store import create_match, open_match

    rules, rng = EnGarde(), random.Random(3)
    with create_match(rules, (Seat("Ann"), Seat("Bob")), {"level": "advanced"}) as opened:
        match = opened.match
        while match.to_move() is not None:
            if match.to_move() == CHANCE:
                opened.submit(rules.sample_chance(match.state, rng))
            else:
                opened.submit(rng.choice(rules.legal_actions(match.state)))
        path = opened.path
    with open_match(path) as annotating:
        annotating.annotate(12, "a bold opening", "!?")
    return ParlourApp(Start("replay", match=str(path)))


def test_replay_viewer(snap_compare: Any) -> None:
    keys = ["home", "down", "down", "right"]
    assert snap_compare(_annotated_replay(), press=keys, terminal_size=(100, 32))


def test_replay_viewer_at_80_by_24(snap_compare: Any) -> None:
    keys = ["home", "down", "down", "right"]
    assert snap_compare(_annotated_replay(), press=keys, terminal_size=(80, 24))
