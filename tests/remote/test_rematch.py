"""A rematch across machines: asked on one screen, agreed (or not) on the others, and opened by
the host with the seats rotated and each player's secret kept, so every link moves over by
itself. Over 127.0.0.1, with the tables the game screen plays on."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from core import registry
from core.match import Seat
from core.rules import SPECTATOR
from replays.remote.host import MatchServer
from replays.remote.hosting import Hosted, Plan
from replays.remote.invite import parse
from replays.remote.keys import Keys
from replays.remote.seen import path_of
from replays.remote.wire import Rematch, encode, host_frame
from tests.remote.conftest import Host
from tests.remote.guests import PATIENCE, hello
from tests.remote.processes import processes
from tests.remote.test_processes import until
from tui.tables.link import SocketLink
from tui.tables.remote import RemoteTable

Tables = list[RemoteTable[Any, Any]]


def crossing(names: tuple[str, ...] = ("Ann", "Ben")) -> Plan:
    """Crossing: two seats and no option for who starts, so a rematch changes chairs."""
    return Plan(
        rules=registry.get("crossing"),
        seats=tuple(Seat(name) for name in names),
        roles=("remote",) * len(names),
        bot_pause=0.0,
    )


async def seated(hosted: Hosted, seats: tuple[int, ...]) -> tuple[list[SocketLink], Tables]:
    links = [SocketLink(hosted.invitations[seat]) for seat in seats]
    return links, [await link.open() for link in links]


@pytest.fixture
async def over(hosted: Host) -> AsyncIterator[tuple[Hosted, list[SocketLink], Tables]]:
    """A Crossing match Ann resigned, with Ann, Ben and a spectator still at its end."""
    served = await hosted(crossing())
    links, tables = await seated(served, (0, 1, SPECTATOR))
    try:
        tables[0].resign(0)
        await until(lambda: all(t.offer is not None for t in tables), "the end, told to all")
        yield served, links, tables
    finally:
        for link in links:
            link.close()


async def test_a_rematch_everyone_agrees_to_moves_every_guest_to_the_new_match(
    over: tuple[Hosted, list[SocketLink], Tables],
) -> None:
    served, _, (ann, ben, spectator) = over
    old: MatchServer = served.host
    secrets = list(old.keys.seats)
    ann.ask_rematch(True)
    await until(lambda: ben.offer is not None and ben.offer.agreed == (0,), "Ben to be asked")
    assert old.successor is None
    ben.ask_rematch(True)
    await until(lambda: all(t.moved_to for t in (ann, ben, spectator)), "the new match's id")
    new = served.host
    assert new is old.successor and new.match_id == ann.moved_to
    assert [s.name for s in new.match.header.seats] == ["Ben", "Ann"]  # chairs changed
    kept = Keys.load(new.match_id)
    assert kept is not None and kept.seats == [secrets[1], secrets[0]]
    assert kept.watch == old.keys.watch
    ann2, ben2, watching = [await t.follow() for t in (ann, ben, spectator)]
    try:
        assert (ann2.seat, ben2.seat, watching.seat) == (1, 0, SPECTATOR)
        assert {ann2.match_id, ben2.match_id, watching.match_id} == {new.match_id}
        assert ann2.offer is None and not ann2.is_over  # a match under way, nobody asked
        await until(lambda: new.guests == 3, "everyone at the new match")
        ann2.resign(1)
        await until(lambda: ben2.is_over, "the rematch played to its end")
        assert ben2.outcome() is not None and ben2.outcome().winners == (0,)  # type: ignore[union-attr]
    finally:
        for table in (ann2, ben2, watching):
            table.close()


async def test_a_rematch_said_no_to_ends_on_every_screen_and_none_starts(
    over: tuple[Hosted, list[SocketLink], Tables],
) -> None:
    served, _, tables = over
    ann, ben, _ = tables
    ann.ask_rematch(True)
    await until(lambda: ben.offer is not None and ben.offer.open, "Ben to be asked")
    ben.ask_rematch(False)
    said = "Ben said no: no rematch."
    await until(lambda: all(t.offer and t.offer.said == said for t in tables), "the no")
    assert served.host.successor is None and not any(t.moved_to for t in tables)


async def test_an_unanswered_rematch_lapses_with_a_word(
    over: tuple[Hosted, list[SocketLink], Tables],
) -> None:
    served, _, tables = over
    served.host.rematch.wait = 0.5
    tables[1].ask_rematch(True)
    await until(lambda: tables[0].offer is not None and tables[0].offer.open, "Ann asked")
    said = "No answer within 0 s: no rematch."
    await until(lambda: all(t.offer and t.offer.said == said for t in tables), "the lapse", 5)
    assert served.host.successor is None


async def test_a_player_who_left_ends_the_offer_on_the_others_screens(
    over: tuple[Hosted, list[SocketLink], Tables],
) -> None:
    served, links, (ann, ben, spectator) = over
    ann.ask_rematch(True)
    await until(lambda: ben.offer is not None and ben.offer.open, "Ben asked")
    links[1].close()
    said = "Ben has left: no rematch."
    await until(lambda: all(t.offer and t.offer.said == said for t in (ann, spectator)), "left")
    ann.ask_rematch(True)  # asked again: Ben cannot be asked, so it ends at once
    await asyncio.sleep(0.2)
    assert ann.offer is not None and not ann.offer.open and served.host.successor is None
    back = SocketLink(served.invitations[1])
    ben = await back.open()  # Ben is back: the word that he left no longer holds
    try:
        assert ben.offer is not None and ben.offer.said == ""
    finally:
        back.close()


async def test_a_spectators_rematch_is_refused_and_opens_no_offer(
    over: tuple[Hosted, list[SocketLink], Tables],
) -> None:
    served, _, (ann, _, spectator) = over
    spectator.ask_rematch(True)
    await until(lambda: bool(spectator.notices()), "the refusal")
    assert ann.offer is not None and not ann.offer.open
    assert not served.host.rematch.open


async def test_a_rematch_frame_naming_another_seat_closes_that_connection(
    over: tuple[Hosted, list[SocketLink], Tables],
) -> None:
    served, _, (ann, _ben, _) = over
    ws = await hello(served.invitations[1])
    forged = encode("rematch", yes=True, seat=0)
    await ws.send(forged)
    with pytest.raises(ConnectionClosed):
        async with asyncio.timeout(PATIENCE):
            while True:
                await ws.recv()
    assert ws.close_code == 1008
    assert not served.host.rematch.open and ann.offer is not None and not ann.offer.open


async def test_offers_asked_again_and_again_are_refused_past_a_few(
    over: tuple[Hosted, list[SocketLink], Tables],
) -> None:
    served, _, (_ann, _ben, _) = over
    ws = await hello(served.invitations[0])  # Ann's seat, from a second connection
    refused: list[str] = []
    for _ in range(5):
        await ws.send(encode("rematch", yes=True))
        await ws.send(encode("rematch", yes=False))
    async with asyncio.timeout(PATIENCE):
        while len(refused) < 2:
            frame = host_frame(await ws.recv())
            if frame["t"] == "refused":
                refused.append(frame["text"])
    await ws.close()
    assert all("one rematch offer every few seconds" in text for text in refused)
    assert served.host.successor is None


async def test_a_rematch_before_the_end_is_refused(hosted: Host) -> None:
    served = await hosted(crossing())
    links, (ann, _ben) = await seated(served, (0, 1))
    try:
        ann.ask_rematch(True)
        await until(lambda: bool(ann.notices()), "the refusal")
        assert ann.offer is None and not served.host.rematch.open
    finally:
        for link in links:
            link.close()


async def test_a_three_seat_rematch_with_a_bot_rotates_every_chair(hosted: Host) -> None:
    plan = Plan(
        rules=registry.get("attacke"),
        seats=(Seat("Ann"), Seat("Ben"), Seat("Cy", "bot", "random")),
        roles=("remote", "remote", "bot"),
        bot_pause=0.0,
    )
    served = await hosted(plan)
    links, (ann, ben) = await seated(served, (0, 1))
    followed: Tables = []
    try:
        ann.resign(0)
        await until(lambda: ann.offer is not None and ben.offer is not None, "the end")
        ben.ask_rematch(True)
        await until(lambda: ann.offer is not None and ann.offer.agreed == (1, 2), "Cy agreed")
        ann.ask_rematch(True)
        await until(lambda: bool(ann.moved_to and ben.moved_to), "the rematch")
        followed = [await ann.follow(), await ben.follow()]
        assert [t.seat for t in followed] == [2, 0]  # each one seat on: Ben, Cy, Ann
        assert [s.name for s in served.host.match.header.seats] == ["Ben", "Cy", "Ann"]
        assert served.host.roles() == ("remote", "bot", "remote")
    finally:
        for table in followed:
            table.close()
        for link in links:
            link.close()


def test_a_rematch_frame_reads_back_as_it_was_sent() -> None:
    from replays.remote.wire import guest, guest_frame

    assert guest_frame(guest(Rematch(False))) == Rematch(False)


async def test_a_rematch_whose_host_stops_first_says_so_on_the_panels(
    over: tuple[Hosted, list[SocketLink], Tables],
) -> None:
    served, _, tables = over
    await served.close()
    said = "The host has left: no rematch."
    await until(lambda: all(t.offer and t.offer.said == said for t in tables), "the word", 10)


async def test_a_headless_host_prints_a_line_for_the_rematch_and_serves_it(
    tmp_path: Path,
) -> None:
    with processes(tmp_path) as running:
        host = running.host(
            "crossing", "--seat", "remote=Ann", "--seat", "remote=Ben", "--listen", "127.0.0.1:0"
        )
        links = [SocketLink(parse(host.invitations[seat])) for seat in (0, 1)]
        ann, ben = [await link.open() for link in links]
        followed: Tables = []
        try:
            ann.resign(0)
            await until(lambda: ann.offer is not None and ben.offer is not None, "the end")
            ann.ask_rematch(True)
            await until(lambda: ben.offer is not None and ben.offer.open, "Ben asked")
            ben.ask_rematch(True)
            await until(lambda: bool(ann.moved_to and ben.moved_to), "the rematch")
            said = await asyncio.to_thread(
                host.line, r"^rematch ([0-9a-f]{32}): Ben, Ann \(after [0-9a-f]{32}\)$", 20
            )
            assert said[1] == ann.moved_to
            followed = [await ann.follow(), await ben.follow()]
            assert [t.seat for t in followed] == [1, 0]
            followed[1].resign(0)
            new = ann.moved_to
            await asyncio.to_thread(host.line, rf"^finished {new}: won by Ann", 20)
        finally:
            for table in followed:
                table.close()
            for link in links:
                link.close()
        assert await asyncio.to_thread(host.exit_code, 20) == 0, host.stderr


async def test_a_guest_joining_after_the_end_gets_the_copy_and_may_ask_for_a_rematch(
    over: tuple[Hosted, list[SocketLink], Tables],
) -> None:
    served, links, (ann, _, _) = over
    links[1].close()  # Ben left the panel, then joins again
    again = SocketLink(served.invitations[1], keep=True)
    ben = await again.open()
    try:
        assert ben.is_over and ben.path is not None and ben.offer is not None
        assert not path_of(served.host.match_id, 1).exists()  # the copy, not a record
        ben.ask_rematch(True)
        await until(lambda: ann.offer is not None and ann.offer.agreed == (1,), "Ann asked")
    finally:
        again.close()


async def test_an_invitation_to_a_match_no_longer_served_leads_to_its_rematch(
    over: tuple[Hosted, list[SocketLink], Tables], monkeypatch: pytest.MonkeyPatch
) -> None:
    from replays.remote import hosting

    monkeypatch.setattr(hosting, "MOVE_GRACE", 0.1)
    served, _, (ann, ben, _) = over
    first = dict(served.invitations)
    ann.ask_rematch(True)
    await until(lambda: ben.offer is not None and ben.offer.open, "Ben asked")
    ben.ask_rematch(True)
    await until(lambda: bool(ben.moved_to), "the rematch")
    await until(lambda: not served.past, "the finished match no longer served")
    late = SocketLink(first[1])  # Ben's first invitation, typed again
    table = await late.open()
    try:
        assert table.match_id == served.host.match_id and table.seat == 0
    finally:
        late.close()
