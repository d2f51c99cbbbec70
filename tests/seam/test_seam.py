"""A new game needs no change to the frame: the test-only game plays through the real screens.

Board input (the kit's buttons post `Chosen`), the shared turn loop, the move log, the match
end, the replay viewer and the contract's takeback all work with nothing but a rules class, a
kit and a registry line each.
"""

from __future__ import annotations

import random

from textual.widgets import Button

from core.match import ActionEntry, Seat
from replays.store import create_match, load_match
from tests.seam.three_in_a_row import ThreeInARow
from tui.app import ParlourApp
from tui.screens.game import GameScreen
from tui.screens.replay import ReplayScreen
from tui.screens.round_end import MatchEndScreen
from tui.widgets.move_log import MoveLog


def new_app() -> ParlourApp:
    app = ParlourApp()
    app.animation_level = "none"
    return app


async def test_the_test_only_game_plays_to_the_end_through_the_generic_screens(
    three_in_a_row: ThreeInARow,
) -> None:
    opened = create_match(three_in_a_row, (Seat("Ann"), Seat("Ben")), {})
    path = opened.path
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = GameScreen(opened, rng=random.Random(1))
        await app.push_screen(screen)
        await pilot.pause()
        assert "Your turn, Ann (X)" in str(screen.query_one("#status").render())
        for square in (0, 3, 1, 4):  # Ann a1, Ben a2, Ann b1, Ben b2
            await pilot.click(f"#sq-{square}")
            await pilot.pause()
        await pilot.click("#sq-0")  # taken: refused, nothing is logged
        await pilot.pause()
        assert "a1 is taken" in str(screen.query_one("#hint").render())
        # Wrapped lines joined again: from 100 columns the log is a narrow column.
        log = " ".join(" ".join(strip.text for strip in screen.query_one(MoveLog).lines).split())
        assert "Ben put O on b2" in log
        await pilot.click("#sq-2")  # Ann c1: three in a row
        await pilot.pause()
        assert isinstance(app.screen, MatchEndScreen)
        assert "Ann (X) wins the match" in str(app.screen.query_one(".headline").render())
    match, _ = load_match(path)
    assert match.outcome() is not None and match.outcome().winners == (0,)
    moves = [e for e in match.entries if isinstance(e, ActionEntry)]
    assert len(moves) == 5


async def test_the_test_only_game_replays_and_takes_back_through_the_generic_screens(
    three_in_a_row: ThreeInARow,
) -> None:
    opened = create_match(three_in_a_row, (Seat("Ann"), Seat("Robo", "bot", "random")), {})
    path = opened.path
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = GameScreen(opened, rng=random.Random(1))
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.click("#sq-4")
        await pilot.pause(0.3)
        await pilot.pause()
        marks = [str(b.label) for b in screen.query(Button) if b.id and b.id.startswith("sq-")]
        assert marks.count("X") == 1 and marks.count("O") == 1  # the bot has answered
        await pilot.press("u")  # against a bot: at once, the bot's reply goes too
        await pilot.pause()
        marks = [str(b.label) for b in screen.query(Button) if b.id and b.id.startswith("sq-")]
        assert marks.count("X") == 0 and marks.count("O") == 0
        assert screen.port.match.taken_back()
        await pilot.press("q")
        await pilot.pause()
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        replay = ReplayScreen(path)
        await app.push_screen(replay)
        await pilot.pause()
        words = [line.words for line in replay.cursor.moves()]
        assert words[0] == "Ann put X on b2"
        assert "Ann took back a move and the one after it" in words  # Robo's reply went too
        assert replay.cursor.moves()[0].taken_back
