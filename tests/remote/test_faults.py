"""Remote play when things break: a guest or the host killed mid-match and started again, and
a decision in flight when the connection drops, which must count exactly once."""

from __future__ import annotations

import asyncio
import random
import socket
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from core import registry
from core.ai import decide_from_view, make_bot
from core.match import ActionEntry, Seat
from core.play import Decide
from core.rules import SPECTATOR
from replays.chronicle import Chronicle
from replays.remote import host as host_module
from replays.remote import server
from replays.remote.host import MatchServer
from replays.remote.hosting import Hosted, Plan, start
from replays.remote.wire import HOST_FRAME_LIMIT, Act, GuestFrame, Hello, guest, host_frame
from replays.store import load_match, locate
from tests.remote.processes import (
    Processes,
    entries,
    free_port,
    metas,
    processes,
    wait_until,
)
from tests.remote.test_processes import MATCH_SECONDS, until, verified
from tests.remote.test_wire_audit import comings_and_goings
from tui.tables.link import TAKEN_THERE, SocketLink
from tui.tables.remote import RemoteTable

MID_MATCH = 30
"""Entries in the file before a process is killed: well into a match of several hundred."""


@pytest.fixture
def running(tmp_path: Path) -> Any:
    with processes(tmp_path) as started:
        yield started


def under_way(match_id: str) -> bool:
    """The match has reached `MID_MATCH` entries and is not over."""
    path = locate(match_id)
    return path.exists() and len(entries(match_id)) >= MID_MATCH


def over(match_id: str) -> bool:
    return bool(metas(match_id, "end"))


def to_move(match_id: str) -> int | None:
    """Who the match file says is to move now."""
    return load_match(locate(match_id))[0].to_move()


def test_a_guest_killed_mid_match_rejoins_with_its_invitation_and_the_match_finishes(
    running: Processes, capsys: pytest.CaptureFixture[str]
) -> None:
    host = running.host("en-garde", "--listen", "127.0.0.1:0")
    match_id = host.match_id
    ann = running.join(host.invitations[0], "random", "ann")
    ben = running.join(host.invitations[1], "random", "ben")
    wait_until(lambda: under_way(match_id), 30, "the match to get going")
    ann.kill()
    wait_until(lambda: to_move(match_id) == 0, 20, "the match to wait for Ann")
    stalled = len(entries(match_id))
    time.sleep(0.3)
    assert len(entries(match_id)) == stalled  # nothing moves without her
    again = time.time()
    ann = running.join(host.invitations[0], "random", "ann-again")
    assert host.finished(MATCH_SECONDS).startswith(match_id)
    assert ann.exit_code(15) == 0, ann.stderr
    assert ben.exit_code(15) == 0, ben.stderr
    match, damage = load_match(verified(match_id, capsys))
    assert damage is None and match.is_over
    assert list(match.entries[:stalled]) == entries(match_id)[:stalled]
    later = [e for e in match.entries[stalled:] if isinstance(e, ActionEntry) and e.seat == 0]
    assert later and all(e.at is not None and e.at >= again - 1 for e in later)
    assert len(metas(match_id, "end")) == 1


def test_a_host_killed_mid_match_resumes_on_its_port_and_the_guests_come_back_by_themselves(
    running: Processes, capsys: pytest.CaptureFixture[str]
) -> None:
    port = free_port()
    listen = f"127.0.0.1:{port}"
    host = running.host("en-garde", "--listen", listen)
    match_id = host.match_id
    guests = [running.join(host.invitations[s], "random", f"guest{s}") for s in (0, 1)]
    wait_until(lambda: under_way(match_id), 30, "the match to get going")
    host.kill()
    kept = entries(match_id)
    assert not over(match_id)
    time.sleep(0.3)
    assert all(guest.popen.poll() is None for guest in guests)  # they wait to reconnect
    again = running.host("--resume", match_id, "--listen", listen, name="host-again")
    assert again.invitations == host.invitations
    assert again.finished(MATCH_SECONDS).startswith(match_id)
    assert [guest.exit_code(15) for guest in guests] == [0, 0], [g.stderr for g in guests]
    match, damage = load_match(verified(match_id, capsys))
    assert damage is None and match.is_over
    assert list(match.entries[: len(kept)]) == kept  # nothing lost, nothing written twice
    assert len(metas(match_id, "end")) == 1


# -- a decision in flight when the connection drops (host in this process) -------------------


async def host_en_garde() -> Hosted:
    rules = registry.get("en-garde")
    plan = Plan(
        rules=rules,
        seats=(Seat("Ann"), Seat("Ben")),
        roles=("remote", "remote"),
        port=0,
        bot_pause=0.0,
    )
    return await start(plan, random.Random(7))


def drop_everyone(hosted: Hosted) -> None:
    """Cut every guest's connection at the host's end, as a network that goes away would."""
    for connection in list(hosted.server.connections):
        connection.transport.abort()


async def turn_of(table: RemoteTable[Any, Any], seat: int) -> None:
    await until(lambda: isinstance(table.step(), Decide) and table.seat == seat, f"seat {seat}")


def ann_moves(table: RemoteTable[Any, Any]) -> Any:
    bot = make_bot("random", 1)
    return decide_from_view(bot, table.rules, table.view(0), random.Random(1))


def seat_actions(host: MatchServer, seat: int) -> list[tuple[int, ActionEntry]]:
    return [(i, e) for i, e in host.match.actions() if e.seat == seat]


@pytest.mark.parametrize("arrived", [False, True], ids=["lost", "arrived"])
async def test_a_move_in_flight_when_the_connection_drops_is_applied_exactly_once(
    arrived: bool,
) -> None:
    """Lost: the drop comes before the host reads the move, the resend is what counts.
    Arrived: the host applied it but its answer was lost, the resend is only acknowledged."""
    hosted = await host_en_garde()
    host = hosted.host
    links = [SocketLink(hosted.invitations[seat]) for seat in (0, 1)]
    ann_link, ben_link = links
    refusals: list[str] = []
    try:
        ann = await ann_link.open()
        await ben_link.open()
        await turn_of(ann, 0)
        at = ann.position
        handle = host.handle

        def then_drop(guest: Any, frame: GuestFrame) -> None:
            handle(guest, frame)
            if isinstance(frame, Act):
                host.handle = handle  # type: ignore[method-assign]
                drop_everyone(hosted)  # before the update leaves the host's outbox

        if arrived:
            host.handle = then_drop  # type: ignore[method-assign]
        ann.changed = lambda rewritten: refusals.extend(
            said
            for said in ann.notices()
            if "touch with the host" not in said and not comings_and_goings(said, ("Ben",))
        )
        move = ann_moves(ann)
        ann.submit(move)
        if not arrived:
            drop_everyone(hosted)  # before the frame leaves Ann's machine
        await until(lambda: ann.link_state != "", "Ann to notice the drop", 5)
        await until(lambda: ann.link_state == "" and ann.position > at, "Ann back", 15)
        await asyncio.sleep(0.2)  # the resend's answer, if any, has arrived
    finally:
        for link in links:
            link.close()
        await hosted.close()
    mine = seat_actions(host, 0)
    assert [(i, e.action) for i, e in mine] == [(at, move.to_wire())]
    assert refusals == []
    assert ann.position == len(host.match)


async def test_a_seat_joined_again_elsewhere_is_played_from_the_newer_terminal_only() -> None:
    """One invitation opened on two terminals let both play the seat, and neither was told.
    Now the newer one takes the seat; the older says so, refuses moves and does not come back
    to take it (the two would take it from each other for ever)."""
    hosted = await host_en_garde()
    host = hosted.host
    first, ben_link = SocketLink(hosted.invitations[0]), SocketLink(hosted.invitations[1])
    second = SocketLink(hosted.invitations[0])
    try:
        old = await first.open()
        await ben_link.open()
        await turn_of(old, 0)
        new = await second.open()
        await until(lambda: old.link_state != "", "the older terminal to be told", 5)
        assert old.link_state == TAKEN_THERE and old.link_final
        assert old.notices()[-2:] == [
            "This seat is played from another terminal now.",
            "If that was not you, ask the host for a new invitation for this seat.",
        ]
        assert (
            old.check(ann_moves(old)) == "Not sent: this seat is played from another terminal now."
        )
        await asyncio.sleep(1.0)  # past the first reconnecting pauses: it stays away
        assert host.guests == 2 and old.link_state == TAKEN_THERE
        await turn_of(new, 0)
        move = ann_moves(new)
        new.submit(move)
        await until(lambda: len(seat_actions(host, 0)) == 1, "the newer terminal's move", 5)
    finally:
        for link in (first, second, ben_link):
            link.close()
        await hosted.close()
    assert seat_actions(host, 0)[0][1].action == move.to_wire()


@dataclass
class Told:
    """An En Garde hosted here with Ann and Ben joined from sockets, and what Ann is told."""

    hosted: Hosted
    ann: SocketLink
    ben: SocketLink
    ben_table: RemoteTable[Any, Any]
    told: list[str]

    def drop_ben(self) -> None:
        """Ben's network goes away (no closing handshake)."""
        socket = self.ben._ws
        assert socket is not None
        socket.transport.abort()


@asynccontextmanager
async def ann_told() -> AsyncIterator[Told]:
    hosted = await host_en_garde()
    ann_link, ben_link = SocketLink(hosted.invitations[0]), SocketLink(hosted.invitations[1])
    told: list[str] = []
    try:
        ann = await ann_link.open()
        ann.changed = lambda rewritten: told.extend(ann.notices())
        ben = await ben_link.open()
        await until(lambda: "Ben joined." in told, "Ann told Ben joined", 5)
        yield Told(hosted, ann_link, ben_link, ben, told)
    finally:
        ann_link.close()
        ben_link.close()
        await hosted.close()


async def test_the_others_are_told_when_a_player_joins_drops_comes_back_and_leaves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The host heard nothing of a guest joining or dropping until that guest's turn, and then
    read "reconnecting…" beside the name as if it were the host reconnecting."""
    monkeypatch.setattr(host_module, "DROP_TOLD_AFTER", 0.05)  # before Ben's first retry
    async with ann_told() as two:
        two.drop_ben()
        dropped = "Ben lost the connection; waiting for them to come back…"
        await until(lambda: dropped in two.told, "Ann told Ben dropped", 5)
        await until(lambda: two.ben_table.link_state == "", "Ben back", 15)
        await until(lambda: "Ben is back." in two.told, "Ann told Ben is back", 5)
        two.ben.close()
        left = "Ben left the match; their invitation brings them back."
        await until(lambda: left in two.told, "Ann told Ben left", 5)
    assert all("Ann" not in said for said in two.told)  # nobody is told of themselves


async def test_a_connection_back_in_a_blink_or_a_join_leave_loop_is_not_news_to_everyone() -> None:
    """Told of every drop, the others read "lost the connection" and "is back" for a network's
    blink; and a guest joining and leaving in a loop filled every screen with notices."""
    async with ann_told() as two:
        two.drop_ben()
        await until(lambda: two.ben_table.link_state != "", "Ben to notice", 5)
        await until(lambda: two.ben_table.link_state == "", "Ben back", 15)
        await asyncio.sleep(0.2)
        assert two.told == ["Ben joined."]  # back within DROP_TOLD_AFTER: nothing to tell
        two.ben.close()
        for _ in range(12):  # a guest in a loop: leave, join, leave…
            again = SocketLink(two.hosted.invitations[1])
            await again.open()
            again.close()
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.3)
    assert "Ben left the match; their invitation brings them back." in two.told
    assert len(two.told) <= host_module.NEWS_BURST, two.told  # a few, then one every 10 s


# -- a guest too slow to take its frames -------------------------------------------------------


async def test_a_guest_too_far_behind_is_cut_off_at_once_and_told_everything_when_it_returns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A spectator whose network stalls (it reads nothing) fills its outbox at the host: the
    host must drop it then, not keep it connected while its frames, and the lines in them,
    are thrown away; back again, it is told every line."""
    monkeypatch.setattr(server, "OUTBOX", 4)
    rules = registry.get("crossing")  # a whole board in every frame: a stall fills up soon
    bots = (Seat("Random 1", "bot", "random"), Seat("Random 2", "bot", "random"))
    plan = Plan(rules=rules, seats=bots, roles=("bot", "bot"), port=0, bot_pause=0.01)
    hosted = await start(plan, random.Random(3))
    host = hosted.host
    watching = hosted.invitations[SPECTATOR]
    uri = f"ws://127.0.0.1:{hosted.port}/"
    probe = socket.socket()
    probe.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # before connecting: the window
    probe.connect(("127.0.0.1", hosted.port))
    try:
        async with connect(uri, sock=probe, max_size=HOST_FRAME_LIMIT) as stalled:
            await stalled.send(guest(Hello(watching.match_id, watching.secret)))
            assert host_frame(await stalled.recv())["t"] == "welcome"
            (door,) = hosted.server.connections
            door.transport.get_extra_info("socket").setsockopt(
                socket.SOL_SOCKET, socket.SO_SNDBUF, 4096
            )
            stalled.transport.pause_reading()  # its network stalls
            await until(lambda: host.guests == 1, "the spectator to join", 5)
            await until(lambda: host.guests == 0, "the host to drop it", 10)
            assert not host.match.is_over  # dropped while the match went on
            stalled.transport.resume_reading()
            with pytest.raises(ConnectionClosed):  # it hears of it: a link reconnects
                while True:
                    await asyncio.wait_for(stalled.recv(), 5)
        async with connect(uri, max_size=HOST_FRAME_LIMIT) as back:
            await back.send(guest(Hello(watching.match_id, watching.secret)))
            assert host_frame(await back.recv())["t"] == "welcome"
            update = host_frame(await back.recv())
        assert update["reset"]
        told = [host.codec.unpack(line) for line in update["lines"]]
        every = Chronicle(host.match).lines(SPECTATOR)
        assert told == [line for line in every if line.index < update["position"]]
    finally:
        await hosted.close()
