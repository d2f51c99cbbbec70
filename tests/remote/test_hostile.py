"""A hostile guest cannot hurt a hosted match.

Each test serves a live Attacke match whose three seats are played by scripted guests over
real sockets; seats 0 and 1 always play well, and the hostile part is either a connection of
its own or seat 2's player misbehaving on its turn. Whatever it does,
it is answered (refused, or its connection closed) and then: the match file holds only legal
actions, every well-behaved seat's moves are in it exactly as that seat sent them, and the
well-behaved guests play on to the end of the match.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import ClientConnection

from core.chat import CHAT
from core.match import ActionEntry, Match, MetaEntry
from core.rules import SPECTATOR, Wire
from core.text import CHAT_LIMIT, NAME_LIMIT, clean_text, is_clean
from replays.chronicle import Line
from replays.remote import server
from replays.remote.hosting import Hosted
from replays.remote.invite import Invitation, new_secret
from replays.remote.server import BURST, REFUSED
from replays.remote.wire import (
    GUEST_FRAME_LIMIT,
    Act,
    Answer,
    Chat,
    Hello,
    Resign,
    TakeBack,
    WireError,
    encode,
    guest,
    guest_frame,
    host_frame,
)
from replays.store import load_match
from tests.core.test_wire_fuzz import wire_values
from tests.remote.conftest import Host
from tests.remote.guests import (
    PATIENCE,
    Frame,
    Mischief,
    Player,
    dial,
    frames_until_closed,
    hello,
    hosting,
    plan,
    play_all,
)
from tests.remote.test_wire_audit import Truth, told_wrong
from tui.cli.common import EXIT_OK
from tui.cli.files import verify_one

GAME, SEATS = "attacke", 3
CAP = 400
"""Entries after which the guests leave (a random three-seat Attacke match ends well before)."""
EARLY = 6
"""The position by which the match is under way when the hostile part begins."""
MORE = 5
"""Decisions each well-behaved seat still makes after the hostile part, at least."""
MOVED_ON = "The match moved on before your move arrived: look again."
NOT_YOURS = "It is not your turn."
WATCHING = "A spectator watches: only the players can act."


@dataclass
class Table:
    """A live match and the three guests playing it."""

    hosted: Hosted
    players: list[Player]
    playing: asyncio.Task[None]

    @property
    def invitations(self) -> dict[int, Invitation]:
        return self.hosted.invitations

    async def under_way(self) -> int:
        """Wait until the match is a few entries in; the position it has reached."""
        await self.players[0].reached(EARLY)
        return len(self.hosted.host.match)


async def seat_table(
    hosted: Hosted,
    seed: int = 3,
    mischief: Mischief | None = None,
    aside: Mischief | None = None,
) -> Table:
    """Seat 2's player does the `mischief` on its turns and the `aside` on the others'."""
    rules = hosted.host.match.rules
    players = [
        Player(
            hosted.invitations[seat],
            rules,
            seed=seed * 10 + seat,
            cap=CAP,
            mischief=mischief if seat == 2 else None,
            aside=aside if seat == 2 else None,
        )
        for seat in range(SEATS)
    ]
    return Table(hosted, players, asyncio.create_task(play_all(players)))


@pytest.fixture
async def table(hosted: Host) -> AsyncIterator[Table]:
    """A live match with three well-behaved guests playing."""
    live = await seat_table(await hosted(plan(GAME, SEATS), seed=3))
    try:
        yield live
    finally:
        live.playing.cancel()
        with contextlib.suppress(BaseException):
            await live.playing


def moves_of(match: Match, seat: int) -> list[tuple[int, Any]]:
    """(entry, action) of every decision of `seat` in the match."""
    rules = match.rules
    return [
        (index, rules.from_wire(entry.action))
        for index, entry in enumerate(match.entries)
        if isinstance(entry, ActionEntry) and entry.seat == seat
    ]


def sent_by(player: Player) -> list[tuple[int, Any]]:
    return [(act.at, player.rules.from_wire(act.action)) for act in player.sent]


async def the_match_goes_on(live: Table, since: int, *, honest: int = 2) -> Match:
    """Let the guests finish; check the file and that seats 0..`honest`-1 played on unharmed.

    Returns the match as the file holds it."""
    await asyncio.wait_for(live.playing, PATIENCE * 2)
    path = live.hosted.host.opened.path
    code, verdict = verify_one(path)
    assert code == EXIT_OK, verdict
    match, damage = load_match(path)
    assert damage is None
    assert match.is_over or len(match) >= CAP
    for player in live.players[:honest]:
        assert player.seat is not None
        assert player.over or player.position >= CAP
        assert player.refusals == []
        assert moves_of(match, player.seat) == sent_by(player), "each move once, as sent"
        later = [at for at, _ in moves_of(match, player.seat) if at >= since]
        assert len(later) >= MORE or match.is_over
    return match


async def closed_with(ws: ClientConnection) -> tuple[list[Frame], int | None, str | None]:
    """What the host said before closing the connection, and its close code and reason."""
    told = await frames_until_closed(ws)
    return told, ws.close_code, ws.close_reason


# -- before the hello ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "first",
    [
        b"\x00\xff\xfe junk",
        b"\xc1",
        msgpack.packb([1, 2, 3]),
        msgpack.packb({"v": 1, "t": "hello", "match": 7, "secret": None}),
        msgpack.packb({"v": 99, "t": "hello", "match": "m", "secret": "s"}),
        encode("act", at=0, action=["pass", True]),
    ],
    ids=["junk", "reserved-byte", "array", "wrong-types", "wrong-version", "act-first"],
)
async def test_junk_as_the_first_frame_is_refused_and_the_match_goes_on(
    table: Table, first: bytes
) -> None:
    since = await table.under_way()
    ws = await dial(table.invitations[0])
    await ws.send(first)
    told, code, reason = await closed_with(ws)
    assert [frame["t"] for frame in told] == ["refused"]
    assert told[0]["text"] == REFUSED and reason == REFUSED and code == server.POLICY
    await the_match_goes_on(table, since, honest=3)


def test_a_version_of_true_is_no_version() -> None:
    """msgpack's true equals 1 to Python: a hello with "v": true passed for version 1."""
    frame = msgpack.packb({"v": True, "t": "hello", "match": "a" * 8, "secret": "b" * 32})
    with pytest.raises(WireError, match="protocol True"):
        guest_frame(frame)


async def test_a_text_frame_is_refused_first_and_closes_the_connection_later(
    table: Table,
) -> None:
    since = await table.under_way()
    first = await dial(table.invitations[0])
    await first.send("hello")
    told, code, _ = await closed_with(first)
    assert [frame["text"] for frame in told] == [REFUSED] and code == server.POLICY
    joined = await hello(table.invitations[SPECTATOR])
    assert [host_frame(await joined.recv())["t"] for _ in "ab"] == ["welcome", "update"]
    await joined.send("chat: hi")
    _, code, reason = await closed_with(joined)
    assert code == server.POLICY and reason is not None and "text" in reason
    await the_match_goes_on(table, since, honest=3)


@pytest.mark.parametrize("joined", [False, True], ids=["before-hello", "after-hello"])
async def test_an_oversized_frame_closes_the_connection_with_1009(
    table: Table, joined: bool
) -> None:
    since = await table.under_way()
    invitation = table.invitations[SPECTATOR]  # a seat's would take the seat from its player
    ws = await (hello(invitation) if joined else dial(invitation))
    await ws.send(guest(Chat("x" * GUEST_FRAME_LIMIT)))
    _, code, _ = await closed_with(ws)
    assert code == 1009
    await the_match_goes_on(table, since, honest=3)


async def test_a_silent_connection_is_closed_after_the_hello_timeout(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server, "HELLO_TIMEOUT", 0.2)
    since = await table.under_way()
    ws = await dial(table.invitations[0])
    started = time.monotonic()
    told, code, _ = await closed_with(ws)
    assert told == [] and code is not None
    assert time.monotonic() - started < 3.0
    await the_match_goes_on(table, since, honest=3)


async def test_silent_connections_from_one_address_cannot_shut_the_door_on_an_invitation(
    table: Table,
) -> None:
    """515 connections that said nothing filled the host's 512 and kept every guest out."""
    since = await table.under_way()
    invitation = table.invitations[SPECTATOR]
    silent = [await dial(invitation) for _ in range(server.STRANGERS_PER_ADDRESS)]
    try:
        turned_away = await dial(invitation)  # one more from this address, before any hello
        _, code, reason = await closed_with(turned_away)
        assert code == server.TRY_LATER and reason is not None and "from here" in reason
        for ws in silent[:1]:
            await ws.close()
        await asyncio.sleep(0.2)  # the host sees it go
        welcomed = await hello(invitation)  # a stranger's place freed: the invitation gets in
        assert host_frame(await welcomed.recv())["t"] == "welcome"
        await welcomed.close()
    finally:
        for ws in silent:
            await ws.close()
    await the_match_goes_on(table, since, honest=3)


# -- bad invitations -------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["wrong", "another-match", "unknown-match", "revoked"])
async def test_a_bad_invitation_is_refused_with_one_sentence_and_no_detail(
    table: Table, hosted: Host, kind: str
) -> None:
    since = await table.under_way()
    here = table.invitations[1]
    if kind == "wrong":
        match_id, secret = here.match_id, new_secret()
    elif kind in ("another-match", "unknown-match"):
        elsewhere = await hosted(plan(GAME, SEATS), seed=4)
        theirs = elsewhere.invitations[1]
        match_id = here.match_id if kind == "another-match" else theirs.match_id
        secret = theirs.secret
    else:  # the watching invitation: a seat's new one would take the seat from its player
        watching = table.invitations[SPECTATOR]
        fresh = table.hosted.host.keys.reissue(SPECTATOR)
        match_id, secret = watching.match_id, watching.secret
        renewed = await hello(Invitation(here.host, here.port, here.match_id, fresh))
        assert host_frame(await renewed.recv())["t"] == "welcome"  # the new one works
        await renewed.close()
    ws = await dial(here)
    await ws.send(guest(Hello(match_id, secret)))
    told, code, reason = await closed_with(ws)
    assert told == [{"v": 1, "t": "refused", "text": REFUSED}]
    assert (code, reason) == (server.POLICY, REFUSED)
    await the_match_goes_on(table, since, honest=3)


# -- a seat's guest acting wrongly -----------------------------------------------------------------


async def test_an_act_out_of_turn_is_refused_and_nothing_is_written(hosted: Host) -> None:
    meddled: list[str] = []

    async def out_of_turn(player: Player, frame: Frame) -> Frame:
        """While another seat is to move: that seat's kind of move, sent as this one's."""
        if len(meddled) == 3 or frame["to_move"] not in (0, 1) or player.position < EARLY:
            return frame
        at = frame["position"]
        await player.send(Act(at, player.choose(frame)))  # a move the other seat might make
        while (answer := await player.receive())["t"] == "update":
            pass
        assert answer["t"] == "refused"
        after = await player.update()
        meddled.append(answer["text"])
        assert answer["text"] == (NOT_YOURS if after["position"] == at else MOVED_ON)
        return after

    live = await seat_table(await hosted(plan(GAME, SEATS), seed=3), aside=out_of_turn)
    try:
        match = await the_match_goes_on(live, await live.under_way(), honest=2)
    finally:
        live.playing.cancel()
    assert len(meddled) == 3
    rogue = live.players[2]
    assert rogue.refusals == meddled
    assert moves_of(match, 2) == sent_by(rogue), "only its own turns' moves are written"


async def stale_then_play(player: Player, frame: Frame) -> Frame:
    """On the first turn: the chosen move sent for the position before, and for a future one."""
    if player.sent or player.refusals:
        return frame
    at, move = frame["position"], player.choose(frame)
    for stale in (at - 1, at + 5):
        await player.send(Act(stale, move))
        answer = await player.receive()
        assert (answer["t"], answer["text"]) == ("refused", MOVED_ON)
        frame = await player.update()
        assert frame["position"] == at
    return frame


async def test_a_move_for_a_stale_or_future_position_is_refused(hosted: Host) -> None:
    live = await seat_table(await hosted(plan(GAME, SEATS)), mischief=stale_then_play)
    match = await the_match_goes_on(live, since=0)
    assert live.players[2].refusals == [MOVED_ON, MOVED_ON]
    assert moves_of(match, 2) == sent_by(live.players[2])


async def resend_the_last_move(player: Player, frame: Frame) -> Frame:
    """On each turn after the first: the previous move sent again, as a reconnecting link does;
    it must be acknowledged (an update, no refusal) and not applied again."""
    if not player.sent:
        return frame
    last = player.sent[-1]
    await player.send(Act(last.at, last.action))
    answer = await player.receive()
    assert answer["t"] == "update" and answer["position"] == frame["position"]
    return answer


async def test_a_move_resent_after_it_was_applied_is_acknowledged_and_applied_once(
    hosted: Host,
) -> None:
    live = await seat_table(await hosted(plan(GAME, SEATS)), mischief=resend_the_last_move)
    match = await the_match_goes_on(live, since=0, honest=3)
    assert len(live.players[2].sent) >= MORE
    assert moves_of(match, 2) == sent_by(live.players[2])


async def test_chat_said_while_a_player_decides_does_not_void_the_move(hosted: Host) -> None:
    """A move chosen at a position still stands when only chat came in meanwhile: else any
    spectator could keep a player from ever moving by chatting. Resent, it is acknowledged."""
    served = await hosted(plan(GAME, SEATS))
    spectator = Player(served.invitations[SPECTATOR], served.host.match.rules, seed=0, cap=CAP)
    await spectator.join()
    chosen: list[Act] = []

    async def chat_then_move(player: Player, frame: Frame) -> Frame:
        if chosen:
            return frame
        at = frame["position"]
        await spectator.send(Chat("Take your time."))
        while (await player.update())["position"] == at:
            pass  # the chat line arrives: one entry more
        chosen.append(Act(at, player.choose(frame)))
        for _ in "twice":
            await player.send(chosen[0])
            answer = await player.receive()
            assert answer["t"] == "update" and answer["position"] > at + 1
        return answer

    live = await seat_table(served, mischief=chat_then_move)
    match = await the_match_goes_on(live, since=0)
    await spectator.leave()
    moved = (chosen[0].at + 1, match.rules.from_wire(chosen[0].action))
    assert live.players[2].refusals == []
    assert sorted([*sent_by(live.players[2]), moved]) == moves_of(match, 2)


JUNK_ACTIONS = wire_values | st.lists(wire_values, max_size=4).flatmap(
    lambda body: st.sampled_from(["play", "pass", "return", "first", "draw"]).map(
        lambda head: [head, *body]
    )
)
"""Any msgpack value a peer could send as an action, and Attacke's words ahead of junk."""


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(junk=st.lists(JUNK_ACTIONS, min_size=1, max_size=6))
async def test_an_action_the_rules_cannot_read_is_refused_and_the_seat_plays_on(
    junk: list[Wire],
) -> None:
    async def junk_first(player: Player, frame: Frame) -> Frame:
        if player.sent or player.refusals:
            return frame
        for action in junk:
            if frame["to_move"] != player.seat:
                break
            await player.send(Act(frame["position"], action))
            frame = await player.update()  # a refusal first, or the move was a legal one
        return frame

    async with hosting(plan(GAME, SEATS), seed=6) as served:
        live = await seat_table(served, seed=6, mischief=junk_first)
        await the_match_goes_on(live, since=0)


# -- the spectator, and connections that go away ---------------------------------------------------


async def test_a_spectator_cannot_act_resign_or_take_back(table: Table) -> None:
    since = await table.under_way()
    watcher = Player(table.invitations[SPECTATOR], table.players[0].rules, seed=1, cap=CAP)
    await watcher.join()
    frame = await watcher.update()
    while frame["to_move"] not in (0, 1, 2) and not watcher.over:
        frame = await watcher.update()
    move = Act(frame["position"], watcher.choose(frame))  # a move the seat to act might make
    for attempt in (move, Resign(frame["position"]), TakeBack(), Answer(True)):
        await watcher.send(attempt)
    while len(watcher.refusals) < 4:
        await watcher.receive()
    assert watcher.refusals == [WATCHING] * 4
    await watcher.update()  # still connected
    await watcher.leave()
    match = await the_match_goes_on(table, since, honest=3)
    assert not any(isinstance(e, MetaEntry) and e.what == "resign" for e in match.entries)


async def test_a_frame_flood_closes_that_connection_only(table: Table) -> None:
    since = await table.under_way()
    flood = await hello(table.invitations[SPECTATOR])
    with contextlib.suppress(Exception):
        for _ in range(BURST + 3):
            await flood.send(guest(Answer(False)))
    told, code, reason = await closed_with(flood)
    assert (code, reason) == (server.POLICY, "Too many frames.")
    assert told[0]["t"] == "welcome"
    await the_match_goes_on(table, since, honest=3)


async def test_a_guest_playing_as_fast_as_its_turns_come_is_no_flood(hosted: Host) -> None:
    """Random bots answer at once: an En Garde match has them send hundreds of moves in well
    under a second each, far past the rate limit's burst, and none of it is a flood."""
    served = await hosted(plan("en-garde", 2), seed=2)
    players = [
        Player(served.invitations[s], served.host.match.rules, seed=s, cap=CAP * 2) for s in (0, 1)
    ]
    await play_all(players)
    assert all(p.over for p in players)
    assert sum(len(p.sent) for p in players) > 2 * BURST


@pytest.mark.parametrize("how", ["close-frame", "tcp-shutdown"])
async def test_a_connection_that_goes_away_mid_match_leaves_the_others_playing(
    table: Table, how: str
) -> None:
    since = await table.under_way()
    host = table.hosted.host
    before = host.guests
    leaving = await hello(table.invitations[SPECTATOR])
    assert [host_frame(await leaving.recv())["t"] for _ in "ab"] == ["welcome", "update"]
    assert host.guests == before + 1
    if how == "close-frame":
        await leaving.close()
    else:
        leaving.transport.write_eof()
    async with asyncio.timeout(PATIENCE):
        while host.guests > before:
            await asyncio.sleep(0.01)
    await the_match_goes_on(table, since, honest=3)


async def test_a_guest_too_slow_for_its_frames_is_dropped_to_catch_up_whole(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A guest whose frames pile up past its outbox is cut off (reconnecting, it is told
    everything), never kept on to be sent later updates with lines missing in between."""
    stuck = asyncio.Event()
    sending = server._send

    async def sluggish(ws: Any, outbox: asyncio.Queue[bytes]) -> None:
        await stuck.wait()
        await sending(ws, outbox)

    since = await table.under_way()
    monkeypatch.setattr(server, "OUTBOX", 3)
    monkeypatch.setattr(server, "_send", sluggish)  # only connections made from now on
    slow = await hello(table.invitations[SPECTATOR])
    match = await the_match_goes_on(table, since, honest=3)
    stuck.set()
    frames: list[bytes] = []
    with contextlib.suppress(Exception):
        async with asyncio.timeout(PATIENCE):
            async for data in slow:
                assert isinstance(data, bytes)
                frames.append(data)
    assert slow.close_code in (None, 1006)  # cut, no closing handshake: it could not take one
    assert not frames or told_wrong(Truth(match), SPECTATOR, frames) == []
    monkeypatch.setattr(server, "_send", sending)
    again = Player(table.invitations[SPECTATOR], table.players[0].rules, seed=0, cap=CAP)
    await again.join()
    await again.update()
    await again.leave()
    assert told_wrong(Truth(match), SPECTATOR, again.frames) == [], "told everything anew"


# -- what a guest says reaches others clean --------------------------------------------------------

DIRTY = "\x1b]0;pwned\x07\x1b[2J[b]x[/b][link=http://e]y[/link] \u202eevil\u202c \u2066iso\u2069 ok"
"""A window title (OSC 0), a screen clear (CSI), markup, bidi overrides and isolates."""


async def test_chat_and_names_full_of_escape_sequences_are_kept_and_told_clean(
    hosted: Host,
) -> None:
    said: list[str] = []

    async def chat_once(player: Player, frame: Frame) -> Frame:
        if not said:
            said.append(DIRTY)
            await player.send(Chat(DIRTY))
            frame = await player.update()
        return frame

    names = ("Ann", "Ben", f"Eve{DIRTY}")
    served = await hosted(plan(GAME, SEATS, names=names))
    live = await seat_table(served, mischief=chat_once)
    match = await the_match_goes_on(live, since=0, honest=3)
    name, text = clean_text(names[2], NAME_LIMIT), clean_text(DIRTY, CHAT_LIMIT)
    assert match.header.seats[2].name == name
    chats = [e.data for e in match.entries if isinstance(e, MetaEntry) and e.what == CHAT]
    assert chats == [{"seat": 2, "text": text}]
    assert "[link=http://e]y[/link]" in text and "\x1b" not in text and "\u202e" not in text
    for player in live.players[:2]:
        frames = [msgpack.unpackb(data, strict_map_key=False) for data in player.frames]
        assert frames[0]["seats"][2]["name"] == name
        lines = [line for frame in frames if frame["t"] == "update" for line in frame["lines"]]
        told = [
            line
            for line in (player.codec.unpack(packed) for packed in lines)
            if isinstance(line, Line) and line.kind == "chat"
        ]
        assert [line.words for line in told] == [f"{name}: {text}"]
        assert all(is_clean(said, len(said)) for said in strings(frames) if said), "no control left"


def strings(value: object) -> list[str]:
    """Every str in a decoded frame, keys included (not the finished match's record: a JSON
    document, whose strings are the file's, checked there)."""
    if isinstance(value, dict) and value.get("t") == "record":
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for pair in value.items() for item in pair for s in strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in strings(item)]
    return []
