"""The game screen's frame gives the table the screen: every registered game, at its first turn
against random bots, at the sizes the issue names (80x24, 100x32, 140x45).

From 100 columns the move log is a column beside the table and the table (with the hand of a
card game) covers at least 60% of the screen's cells; below 100 the log sits under the table.
No hand is ever hidden, and the same widgets move when the terminal is resized.
"""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest
from textual.pilot import Pilot

from core import registry
from core.match import Seat
from core.rules import Rules
from replays.store import create_match
from tui.app import ParlourApp
from tui.games import kit_for
from tui.screens.game import GameScreen
from tui.screens.replay import ReplayScreen
from tui.screens.round_end import MatchEndScreen
from tui.widgets.move_log import MoveLog
from tui.widgets.table import PrivateWidget, TableWidget

GAMES = registry.all()


async def first_turn(
    app: ParlourApp, pilot: Pilot[None], rules: Rules[Any, Any, Any]
) -> GameScreen:
    """Ann against random bots (enough of them for the game), the deal done."""
    bots = tuple(Seat(f"Bot {n}", "bot", "random") for n in range(1, rules.min_players))
    screen = GameScreen(create_match(rules, (Seat("Ann"), *bots), {}), rng=random.Random(5))
    await app.push_screen(screen)
    await pilot.pause()
    await pilot.pause(0.1)
    return screen


def new_app() -> ParlourApp:
    app = ParlourApp()
    app.animation_level = "none"
    return app


def table_cells(screen: GameScreen) -> int:
    """Cells of the kit's table, and of its private panel for a card game."""
    kit = kit_for(screen.rules.id)
    assert isinstance(screen.table, TableWidget)
    cells = screen.table.region.area
    if kit.private is not None:
        assert isinstance(screen.private, PrivateWidget)
        cells += screen.private.region.area
    return cells


async def test_the_table_covers_sixty_percent_of_the_screen_at_100_by_32_in_every_game() -> None:
    for rules in GAMES:
        app = new_app()
        async with app.run_test(size=(100, 32)) as pilot:
            screen = await first_turn(app, pilot, rules)
            share = table_cells(screen) / (100 * 32)
            assert share >= 0.6, f"{rules.id}: {share:.0%}"


async def test_the_move_log_is_a_column_beside_the_table_from_100_columns() -> None:
    for size in ((100, 32), (140, 45)):
        for rules in GAMES:
            app = new_app()
            async with app.run_test(size=size) as pilot:
                screen = await first_turn(app, pilot, rules)
                log, table = screen.query_one(MoveLog).region, screen.table.region
                assert log.x >= table.right, rules.id
                assert log.y <= table.y and log.bottom >= table.bottom, rules.id
                assert log.width < table.width, rules.id
                if screen.private is not None:  # the hand under the table, as wide
                    hand = screen.private.region
                    assert hand.y >= table.bottom and hand.right <= log.x, rules.id


async def test_below_100_columns_the_log_is_under_the_table_and_every_hand_in_sight() -> None:
    for rules in GAMES:
        app = new_app()
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await first_turn(app, pilot, rules)
            log, table = screen.query_one(MoveLog).region, screen.table.region
            assert log.y >= table.bottom and log.height >= 9, rules.id
            if screen.private is not None:
                hand = screen.private.region
                assert hand.y >= table.bottom and hand.right <= log.x, rules.id
                assert screen.region.contains_region(hand), rules.id
            assert screen.region.contains_region(table), rules.id


async def test_resizing_across_100_columns_moves_the_same_log_and_keeps_its_lines() -> None:
    rules = registry.get("crossing")
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await first_turn(app, pilot, rules)
        await pilot.press("enter", "up", "enter")  # d2-d3; the bot answers
        await pilot.pause(0.3)
        log = screen.query_one(MoveLog)
        before = [line.text.strip() for line in log.lines if line.text.strip()]
        assert before and screen.has_class("-wide")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert screen.query_one(MoveLog) is log and not screen.has_class("-wide")
        assert log.region.y >= screen.table.region.bottom
        assert " ".join(before).split() == " ".join(s.text for s in log.lines).split()


TURN_MARK = {
    "en-garde": "» ",
    "attacke": "▶ Ann",
    "crossing": "◀ to move",
    "fields-of-action": "White ◀",
    "englishman": "Setup · Jack (Ann)",
}
"""How each table marks Ann's turn at her first decision."""


def shown(app: ParlourApp) -> str:
    """The screenshot's characters (no-break spaces read as spaces)."""
    svg = app.export_screenshot()
    return html.unescape("".join(re.findall(r"<text[^>]*>(.*?)</text>", svg))).replace("\xa0", " ")


async def replay_to_the_end(app: ParlourApp, pilot: Pilot[None], screen: GameScreen) -> str:
    """Open the replay of `screen`'s match at its last position; what it shows."""
    path = screen.port.path
    assert path is not None
    await app.push_screen(ReplayScreen(path))
    await pilot.press("end")
    await pilot.pause()
    return shown(app)


@pytest.mark.parametrize("rules", GAMES, ids=lambda rules: rules.id)
async def test_once_a_player_resigns_no_table_marks_a_seat_to_move(
    rules: Rules[Any, Any, Any],
) -> None:
    """A resignation ends the match while the game's view still names a seat to move: the
    tables went on marking it ("◀ to move", "Waiting for …") behind the end panel and in the
    replay of the match. And the replay gave the result without the seat ("■ Bot 1 wins the
    match" after "Bot 1 (Black) wins the match")."""
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await first_turn(app, pilot, rules)
        assert TURN_MARK[rules.id] in shown(app)
        await pilot.press("ctrl+r", "y")
        await pilot.pause()
        assert isinstance(app.screen, MatchEndScreen)
        said = app.screen.end.headline  # "Bot 1 (Black) wins the match"
        app.pop_screen()  # the table the end panel stands over
        await pilot.pause()
        assert app.screen is screen
        table = shown(app)
        assert TURN_MARK[rules.id] not in table and "Waiting for" not in table, table
        replayed = await replay_to_the_end(app, pilot, screen)
        assert "Ann resigned" in replayed and TURN_MARK[rules.id] not in replayed, replayed
        assert f"■ {said}" in replayed, replayed  # the replay words the result alike


@pytest.mark.parametrize("rules", GAMES, ids=lambda rules: rules.id)
async def test_a_replay_waits_for_nobody(rules: Rules[Any, Any, Any]) -> None:
    """A replay's Next line says who acts at the position shown; the Englishman's table said
    "Waiting for Jack (Ann)…" beside it, as it does in play while a bot thinks."""
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await first_turn(app, pilot, rules)
        replayed = await replay_to_the_end(app, pilot, screen)
        assert "Next: Ann" in replayed and "Waiting for" not in replayed, replayed
