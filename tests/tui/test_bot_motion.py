"""A bot's move is drawn to its end before the person at the device is told it is their turn."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from core import registry
from core.match import Seat
from replays.store import create_match
from tui.app import ParlourApp
from tui.games.board8x8 import Board8x8, slide
from tui.screens.game import GameScreen
from tui.widgets.table import Chosen


def long_slides(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every move slides for a minute: still in flight however slow the machine, so a test
    sees the moment it asks about (and lands the stone by hand)."""
    monkeypatch.setattr(slide, "SLIDE_SHORTEST", 60.0)
    monkeypatch.setattr(slide, "SLIDE_LONGEST", 60.0)


async def test_your_turn_waits_until_the_bot_s_move_has_been_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    long_slides(monkeypatch)
    app = ParlourApp()
    app.animation_level = "full"
    async with app.run_test(size=(100, 32)) as pilot:
        seats = (Seat("Robo", "bot", "random"), Seat("Ann"))
        screen = GameScreen(create_match(registry.get("crossing"), seats, {}))
        await app.push_screen(screen)
        for _ in range(250):  # the bot waits ~0.8 s so a person can follow; bounded
            if len(screen.port.match):
                break
            await pilot.pause(0.02)
        assert len(screen.port.match) == 1
        await pilot.pause()
        assert screen.hold == "motion"  # the bot's stone is sliding
        status = str(screen.query_one("#status", Static).render())
        assert "Your turn" not in status and status.endswith("Robo (White, bot) moves…")
        assert isinstance(screen.table, Board8x8)
        await app.animator.stop_animation(screen.table.grid, "progress")  # landed by hand
        for _ in range(250):
            if screen.hold is None:
                break
            await pilot.pause(0.02)
        assert screen.hold is None
        assert "· Your turn, Ann" in str(screen.query_one("#status", Static).render())
        screen._close()


async def test_the_turn_in_the_status_is_the_bot_s_own_while_its_move_is_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Black's move ends a turn: while it slid, the status already named the next one ("Turn 2
    · Robo … moves…" for a move of turn 1)."""
    app = ParlourApp()
    app.animation_level = "full"
    async with app.run_test(size=(100, 32)) as pilot:
        seats = (Seat("Ann"), Seat("Robo", "bot", "random"))
        rules = registry.get("fields-of-action")
        screen = GameScreen(create_match(rules, seats, {}))
        await app.push_screen(screen)
        await pilot.pause()
        board = screen.table
        assert isinstance(board, Board8x8)
        long_slides(monkeypatch)
        board.post_message(Chosen(rules.legal_actions(screen.port.match.state)[0]))
        await pilot.pause()
        if len(screen.port.match) == 1:  # Ann's stone still sliding: landed by hand
            await app.animator.stop_animation(board.grid, "progress")
        for _ in range(250):  # the bot waits ~0.8 s so a person can follow; bounded
            if len(screen.port.match) == 2:
                break
            await pilot.pause(0.02)
        await pilot.pause()
        # The bot's stone slides for a minute (if a slow pause let the bot move while Ann's
        # stone was still sliding, its move took that slide over): the status is read now.
        assert screen.hold == "motion"
        status = str(screen.query_one("#status", Static).render())
        assert status.startswith("Turn 1 · Robo") and status.endswith("moves…"), status
        await app.animator.stop_animation(board.grid, "progress")  # landed by hand
        for _ in range(250):
            if screen.hold is None:
                break
            await pilot.pause(0.02)
        status = str(screen.query_one("#status", Static).render())
        assert status.startswith("Turn 2 · Your turn, Ann"), status
        screen._close()
