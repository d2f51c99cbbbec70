"""A bot's move is drawn to its end before the person at the device is told it is their turn."""

from __future__ import annotations

from textual.widgets import Static

from core import registry
from core.match import Seat
from replays.store import create_match
from tui.app import ParlourApp
from tui.screens.game import GameScreen


async def test_your_turn_waits_until_the_bot_s_move_has_been_drawn() -> None:
    app = ParlourApp()
    app.animation_level = "full"
    async with app.run_test(size=(100, 32)) as pilot:
        seats = (Seat("Robo", "bot", "random"), Seat("Ann"))
        screen = GameScreen(create_match(registry.get("crossing"), seats, {}))
        await app.push_screen(screen)
        for _ in range(200):  # the bot waits ~0.8 s so a person can follow; bounded
            if len(screen.port.match):
                break
            await pilot.pause(0.02)
        assert len(screen.port.match) == 1
        status = str(screen.query_one("#status", Static).render())
        if screen.hold == "motion":  # the stone is still sliding
            assert "Your turn" not in status and status.endswith("Robo (White, bot) moves…")
        await app.animator.wait_until_complete()
        await pilot.pause()
        assert screen.hold is None
        assert "· Your turn, Ann" in str(screen.query_one("#status", Static).render())
        screen._close()
