"""A guest's record of a match on another machine in the app: listed under Replays (replayed
from what this machine was shown) and under Resume (joined again with the kept invitation);
a damaged one is refused with its reason."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from textual.widgets import DataTable

from core import registry
from core.ai import decide_from_view, make_bot
from core.match import Seat
from core.play import Decide
from replays.remote.hosting import Hosted, Plan, start
from replays.remote.seen import path_of
from tui.app import ParlourApp
from tui.screens.game import GameScreen
from tui.screens.resume import ReplayListScreen, ResumeScreen
from tui.screens.seen import SeenScreen
from tui.start import Start
from tui.tables.link import SocketLink
from tui.widgets.move_log import MoveLog


@asynccontextmanager
async def a_record() -> AsyncIterator[tuple[Hosted, Path]]:
    """An En Garde match hosted in the test, a dozen moves in, Ben's guest gone, its record
    kept on this machine; the host still serving."""
    plan = Plan(
        rules=registry.get("en-garde"),
        seats=(Seat("Ann"), Seat("Ben")),
        roles=("remote", "remote"),
        port=0,
        bot_pause=0.0,
    )
    hosted = await start(plan, random.Random(3))
    links = [SocketLink(hosted.invitations[seat], keep=seat == 1) for seat in (0, 1)]
    tables = [await link.open() for link in links]
    bot, rng = make_bot("random", 2), random.Random(2)
    try:
        async with asyncio.timeout(20):
            while sum(1 for _, e in hosted.host.match.actions() if e.seat >= 0) < 12:
                for table in tables:
                    if isinstance(table.step(), Decide) and not table.awaiting:
                        view = table.view(table.seat)
                        table.submit(decide_from_view(bot, table.rules, view, rng))
                await asyncio.sleep(0.005)
        for link in links:
            link.close()
        yield hosted, path_of(hosted.host.match_id, 1)
    finally:
        await hosted.close()


def rows(app: ParlourApp) -> list[list[str]]:
    table = app.screen.query_one(DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


async def to_the_record(app: ParlourApp, pilot: Any) -> list[str]:
    """The cursor on the record's row (the host's own file is listed too: same machine)."""
    listed = rows(app)
    (at,) = [n for n, row in enumerate(listed) if "seen" in row[3] or "another" in row[3]]
    for _ in range(at):
        await pilot.press("down")
    return listed[at]


async def test_a_record_is_listed_under_replays_and_replays_what_this_seat_was_shown() -> None:
    async with a_record() as (_, path):
        app = ParlourApp(Start("replay"))
        async with app.run_test(size=(80, 24)) as pilot:
            assert isinstance(app.screen, ReplayListScreen)
            _, game, players, result, _ = await to_the_record(app, pilot)
            assert (game, players) == ("En Garde (advanced)", "Ann vs Ben")
            assert result == "seen, seat 2 (Ben)"
            await pilot.press("enter")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SeenScreen)
            status = str(screen.query_one("#status").render())
            assert "as Ben saw it" in status and "on another machine" in status
            last = screen.at
            logged = len(screen.query_one(MoveLog).lines)
            await pilot.press("left", "left")
            assert screen.at == last - 2
            await pilot.press("home")
            assert screen.at == 0 and len(screen.query_one(MoveLog).lines) < logged
            await pilot.press("end", "escape")
            assert isinstance(app.screen, ReplayListScreen)
    assert path.exists()


async def test_a_record_is_listed_under_resume_and_enter_joins_the_match_again() -> None:
    async with a_record() as (hosted, _):
        app = ParlourApp(Start("resume"))
        async with app.run_test(size=(80, 24)) as pilot:
            assert isinstance(app.screen, ResumeScreen)
            _, _, _, where, _ = await to_the_record(app, pilot)
            assert where == "on another machine"
            await pilot.press("enter")
            for _ in range(250):
                if isinstance(app.screen, GameScreen):
                    break
                await pilot.pause(0.02)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert screen.port.position == len(hosted.host.match)
            assert screen.seating.humans == (1,)
            await pilot.press("q")


async def test_a_damaged_record_is_refused_with_its_reason_and_can_be_deleted() -> None:
    async with a_record() as (_, path):
        rows_of = path.read_bytes().split(b"\n")
        path.write_bytes(b"\n".join([rows_of[0], rows_of[1], b"#junk#", *rows_of[2:]]))
        app = ParlourApp(Start("replay"))
        async with app.run_test(size=(80, 24)) as pilot:
            await to_the_record(app, pilot)
            await pilot.press("enter")
            said: list[Any] = [n.message for n in app._notifications]
            assert any("line 3 is damaged" in text for text in said), said
            assert isinstance(app.screen, ReplayListScreen)
            await pilot.press("d", "y")
            assert not path.exists()
