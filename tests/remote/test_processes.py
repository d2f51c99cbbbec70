"""Matches played across real processes over loopback: `parlour host --headless` and
`parlour join --bot`, a host in this process with its own seat, takebacks asked across the
wire, and a spectator following from the public view."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from core import registry
from core.ai import decide_from_view, make_bot
from core.match import Seat
from core.play import Decide
from core.rules import CHANCE, SPECTATOR
from replays.remote.hosting import Plan, start
from replays.remote.invite import parse
from replays.store import load_match, locate
from tests.remote.processes import SPECTATORS, Processes, actions, metas, processes
from tui.cli import main
from tui.tables.link import DirectLink, SocketLink
from tui.tables.remote import RemoteTable

MATCH_SECONDS = 60
"""The longest any match here may take (they take a few seconds)."""


def verified(match_id: str, capsys: pytest.CaptureFixture[str]) -> Path:
    """The match file, which `parlour verify` must accept."""
    path = locate(match_id)
    code = main(["verify", str(path)])
    said = capsys.readouterr().out
    assert code == 0, said
    return path


async def until(done: Callable[[], bool], what: str, timeout: float = 20) -> None:
    """Wait, without blocking the loop (a host may run in it), until `done` holds."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        await asyncio.sleep(0.01)


async def play_randomly(table: RemoteTable[Any, Any], seed: int) -> None:
    """A scripted player: a random legal move whenever the table says it is this seat's turn,
    chosen from the seat's view as a guest's bot chooses."""
    changed = asyncio.Event()
    table.changed = lambda rewritten: changed.set()
    bot, rng = make_bot("random", seed), random.Random(seed)
    while not table.is_over:
        changed.clear()
        if isinstance(table.step(), Decide):
            table.submit(decide_from_view(bot, table.rules, table.view(table.seat), rng))
        await changed.wait()


@pytest.fixture
def running(tmp_path: Path) -> Any:
    with processes(tmp_path) as started:
        yield started


def test_two_bots_joined_from_their_own_processes_finish_an_en_garde_match(
    running: Processes, capsys: pytest.CaptureFixture[str]
) -> None:
    host = running.host("en-garde", "--listen", "127.0.0.1:0")
    assert sorted(host.invitations) == [SPECTATORS, 0, 1]
    ann = running.join(host.invitations[0], "random", "ann")
    ben = running.join(host.invitations[1], "greedy", "ben")
    match_id = host.finished(MATCH_SECONDS)
    assert ann.exit_code(15) == 0, ann.stderr
    assert ben.exit_code(15) == 0, ben.stderr
    assert match_id.startswith(host.match_id)  # the invitation carries the short id
    match, damage = load_match(verified(match_id, capsys))
    assert damage is None and match.is_over
    assert [(s.name, s.kind) for s in match.header.seats] == [
        ("Guest 1", "human"),
        ("Guest 2", "human"),
    ]
    seats = {e.seat for e in actions(match_id)}
    assert seats == {CHANCE, 0, 1}
    assert len(metas(match_id, "end")) == 1


async def test_a_five_seat_attacke_match_with_the_hosts_own_seat_a_bot_and_three_guests_ends(
    running: Processes, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = registry.get("attacke")
    seats = (
        Seat("Host"),
        Seat("Random", "bot", "random"),
        Seat("Guest 3"),
        Seat("Guest 4"),
        Seat("Guest 5"),
    )
    plan = Plan(
        rules=rules,
        seats=seats,
        roles=("host", "bot", "remote", "remote", "remote"),
        port=0,
        bot_pause=0.0,
    )
    hosted = await start(plan, random.Random(4))
    try:
        assert sorted(hosted.invitations) == [SPECTATOR, 2, 3, 4]
        table = DirectLink(hosted.host, 0).open()
        player = asyncio.create_task(play_randomly(table, 4))
        guests = [
            running.join(str(hosted.invitations[seat]), "random", f"guest{seat}")
            for seat in (2, 3, 4)
        ]
        await asyncio.wait_for(hosted.host.finished.wait(), MATCH_SECONDS)
        await asyncio.wait_for(player, 10)
        codes = [await asyncio.to_thread(guest.exit_code, 15) for guest in guests]
        assert codes == [0, 0, 0], [guest.stderr for guest in guests]
        match_id = hosted.host.match_id
        assert table.is_over and table.outcome() == hosted.host.match.outcome()
    finally:
        await hosted.close()
    match, _ = load_match(verified(match_id, capsys))
    assert match.is_over
    moved = {e.seat for e in actions(match_id)}
    assert moved >= {0, 1, 2, 3, 4}


class Seated:
    """An in-process guest of a hosted match: its table and what changed since last asked."""

    def __init__(self, table: RemoteTable[Any, Any]) -> None:
        self.table = table
        self.notices: list[str] = []
        table.changed = lambda rewritten: self.notices.extend(table.notices())

    async def move(self, seed: int) -> None:
        """A random legal move, once it is this seat's turn; returns once the host has it."""
        table = self.table
        await until(lambda: isinstance(table.step(), Decide), f"seat {table.seat}'s turn")
        at = table.position
        bot = make_bot("random", seed)
        table.submit(decide_from_view(bot, table.rules, table.view(table.seat), random.Random()))
        await until(lambda: table.position > at, "the host to take the move")


async def test_a_takeback_asked_across_the_wire_is_agreed_by_the_other_guest_or_refused(
    running: Processes, capsys: pytest.CaptureFixture[str]
) -> None:
    host = running.host("crossing", "--listen", "127.0.0.1:0")
    links = [SocketLink(parse(host.invitations[seat])) for seat in (0, 1)]
    white, black = [Seated(await link.open()) for link in links]
    try:
        before = white.table.view(0)
        await white.move(1)
        await until(lambda: black.table.to_move() == 1, "Black's turn")
        white.table.take_back(0)
        await until(lambda: black.table.asked() == 0, "Black to be asked")
        black.table.answer(True)
        await until(lambda: white.table.to_move() == 0, "White's turn again")
        assert white.table.view(0) == before  # the position went back
        assert black.table.view(1) == before
        assert [line.taken_back for line in white.table.lines(0) if line.kind == "move"] == [True]

        await white.move(2)
        moved = white.table.position
        white.table.take_back(0)
        await until(lambda: black.table.asked() == 0, "Black to be asked again")
        black.table.answer(False)
        await until(lambda: any("said no" in n for n in white.notices), "White to hear no")
        assert white.table.position == moved and white.table.to_move() == 1  # the move stands
        assert black.table.asked() is None
        await black.move(3)
    finally:
        for link in links:
            link.close()
    match_id = host.match_id
    (takeback,) = metas(match_id, "takeback")
    assert takeback.data["seat"] == 0 and takeback.data["moves"] == 1
    assert [e.seat for e in actions(match_id)] == [0, 0, 1]
    match, _ = load_match(verified(match_id, capsys))
    assert match.taken_back() == {match.actions()[0][0]}


async def test_a_takeback_asked_on_one_s_own_turn_waits_for_the_player_whose_move_it_undoes(
    running: Processes,
) -> None:
    """Black, to move, took back his last move: White's reply after it went too, unasked."""
    host = running.host("crossing", "--listen", "127.0.0.1:0")
    links = [SocketLink(parse(host.invitations[seat])) for seat in (0, 1)]
    white, black = [Seated(await link.open()) for link in links]
    try:
        await white.move(1)
        await black.move(2)
        await white.move(3)
        replied = black.table.position
        await until(lambda: black.table.to_move() == 1, "Black's turn")
        black.table.take_back(1)
        await until(lambda: white.table.asked() == 1, "White to be asked")
        assert black.table.position == replied  # nothing undone until White agrees
        white.table.answer(False)
        await until(lambda: any("said no" in n for n in black.notices), "Black to hear no")
        assert black.table.position == replied and black.table.to_move() == 1
        black.table.take_back(1)
        await until(lambda: white.table.asked() == 1, "White to be asked again")
        white.table.answer(True)
        await until(lambda: black.table.position > replied, "the takeback")
        assert [line.taken_back for line in black.table.lines(1) if line.kind == "move"] == [
            False,
            True,
            True,
        ]
        assert black.table.to_move() == 1
    finally:
        for link in links:
            link.close()


async def test_a_spectator_follows_a_match_to_the_end_from_the_public_view_only(
    running: Processes, capsys: pytest.CaptureFixture[str]
) -> None:
    host = running.host("en-garde", "--listen", "127.0.0.1:0")
    link = SocketLink(parse(host.invitations[SPECTATORS]))
    table = await link.open()
    seen: list[tuple[int, Any]] = [(table.position, table.view(SPECTATOR))]
    table.changed = lambda rewritten: seen.append((table.position, table.view(SPECTATOR)))
    try:
        assert table.seat == SPECTATOR
        assert not isinstance(table.step(), Decide)  # a spectator is never asked to move
        for seat in (0, 1):
            running.join(host.invitations[seat], "random", f"guest{seat}")
        await until(lambda: table.is_over, "the end of the match", MATCH_SECONDS)
    finally:
        link.close()
    match, _ = load_match(verified(host.match_id, capsys))
    assert table.outcome() == match.outcome()
    assert seen[-1][0] == len(match)
    rules = match.rules
    assert len({position for position, _ in seen}) > 20  # it followed along, not just the end
    for position, view in seen:
        assert view == rules.view(match.state_at(position), SPECTATOR), position
    playing = [view for _, view in seen if view.phase not in ("round-over", "over")]
    assert playing and all(view.hands == (None, None) for view in playing)
