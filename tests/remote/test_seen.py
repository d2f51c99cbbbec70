"""A guest's own record of a match hosted elsewhere: written frame by frame as they arrive, read
back by the replay, holding nothing beyond what the seat was told, replaced by the host's copy
at the end, and refused clearly when damaged. Over 127.0.0.1 with the game screen's tables."""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import random
import stat
from pathlib import Path
from typing import Any

import pytest

from core import registry
from core.ai import decide_from_view, make_bot
from core.match import Seat
from core.play import Decide
from replays.chronicle import Chronicle
from replays.remote import seen
from replays.remote.hosting import Hosted, Plan
from replays.remote.seen import SeenError, path_of, read_seen, summaries
from replays.store import load_match
from tests.remote.conftest import Host
from tests.remote.test_processes import until
from tests.remote.test_wire_audit import Truth, told_too_much, told_wrong
from tui.tables.link import SocketLink
from tui.tables.remote import RemoteTable

MOVES = 12
"""Decisions played before a guest looks at its record (well inside an En Garde match)."""


def en_garde() -> Plan:
    return Plan(
        rules=registry.get("en-garde"),
        seats=(Seat("Ann"), Seat("Ben")),
        roles=("remote", "remote"),
        bot_pause=0.0,
    )


async def play_until(tables: list[RemoteTable[Any, Any]], done: Any, seed: int = 3) -> None:
    """Both seats play random legal moves from their own views until `done()`."""
    bot, rng = make_bot("random", seed), random.Random(seed)
    async with asyncio.timeout(30):
        while not done():
            for table in tables:
                if isinstance(table.step(), Decide) and not table.awaiting:
                    table.submit(decide_from_view(bot, table.rules, table.view(table.seat), rng))
            await asyncio.sleep(0.005)


def decisions(served: Hosted) -> int:
    return sum(1 for _, entry in served.host.match.actions() if entry.seat >= 0)


def frames_in(path: Path) -> list[bytes]:
    rows = path.read_bytes().split(b"\n")[1:]
    return [base64.b64decode(row) for row in rows if row]


async def two_guests(served: Hosted) -> tuple[list[SocketLink], list[RemoteTable[Any, Any]]]:
    links = [SocketLink(served.invitations[seat], keep=True) for seat in (0, 1)]
    return links, [await link.open() for link in links]


async def test_a_guests_record_is_written_as_frames_arrive_and_reads_back_as_it_saw(
    hosted: Host,
) -> None:
    served = await hosted(en_garde(), seed=4)
    links, tables = await two_guests(served)
    ben = tables[1]
    try:
        await play_until(tables, lambda: decisions(served) >= MOVES)
        await until(lambda: ben.position == len(served.host.match), "Ben told the latest")
        record = read_seen(path_of(served.host.match_id, 1))
    finally:
        for link in links:
            link.close()
    assert stat.S_IMODE(record.path.stat().st_mode) == 0o600  # it holds the invitation
    assert str(record.invitation) == str(served.invitations[1])
    assert record.seat == 1 and [s.name for s in record.seats] == ["Ann", "Ben"]
    last = record.moments[-1]
    assert last.position == ben.position and last.view == ben.view(1)
    assert list(last.lines) == ben.lines(1)
    assert [m.position for m in record.moments] == sorted(m.position for m in record.moments)


async def test_a_record_holds_nothing_beyond_the_seat_s_own_view(hosted: Host) -> None:
    """The wire audit, run on what the guest kept: each update is the seat's view and lines at
    its position, and a raw reading finds no other hand, face-down card or pile order."""
    served = await hosted(en_garde(), seed=6)
    links, tables = await two_guests(served)
    try:
        await play_until(tables, lambda: decisions(served) >= MOVES * 2)
        await until(lambda: all(t.position == len(served.host.match) for t in tables), "told")
    finally:
        for link in links:
            link.close()
    match, _ = load_match(served.host.opened.path)
    truth = Truth(match)
    for seat in (0, 1):
        kept = frames_in(path_of(match.header.match_id, seat))
        assert len(kept) > MOVES
        assert told_wrong(truth, seat, kept) == []
        assert told_too_much(match, seat, kept) == []


async def test_a_guest_that_leaves_mid_match_keeps_its_record_and_rejoins_from_it(
    hosted: Host,
) -> None:
    served = await hosted(en_garde(), seed=8)
    links, tables = await two_guests(served)
    await play_until(tables, lambda: decisions(served) >= MOVES)
    links[1].close()  # Ben's machine goes away
    path = path_of(served.host.match_id, 1)
    before = read_seen(path)
    listed, unreadable = summaries()
    assert {s.path for s in listed} == {path, path_of(served.host.match_id, 0)}
    assert unreadable == []
    again = SocketLink(before.invitation, keep=True)
    ben = await again.open()
    try:
        assert ben.seat == 1 and ben.position == len(served.host.match)
        after = read_seen(path)
        assert len(after.moments) == len(before.moments) + 1  # the full update on rejoining
        assert after.moments[-1].lines == tuple(ben.lines(1))
    finally:
        again.close()
        links[0].close()


async def test_the_record_gives_way_to_the_hosts_copy_when_the_match_ends(
    hosted: Host,
) -> None:
    served = await hosted(en_garde(), seed=9)
    links, tables = await two_guests(served)
    ann, ben = tables
    try:
        await play_until(tables, lambda: decisions(served) >= 4)
        path = path_of(served.host.match_id, 1)
        assert path.exists()
        ann.resign(0)
        await until(lambda: ben.is_over and ben.path is not None, "Ben's copy of the match")
        await until(lambda: not path.exists(), "the record replaced")
        kept, _ = load_match(ben.path)  # type: ignore[arg-type]
        assert kept.header.match_id == served.host.match_id and kept.is_over
        assert Chronicle(kept).lines(1)
    finally:
        for link in links:
            link.close()


async def test_a_record_of_a_match_that_ended_while_away_goes_when_it_is_rejoined(
    hosted: Host,
) -> None:
    """Ben left, the match ended, Ben came back from Resume: the host's copy came, and the
    record stayed beside it, listed as a match "on another machine" for good."""
    served = await hosted(en_garde(), seed=10)
    links, tables = await two_guests(served)
    ann = tables[0]
    try:
        await play_until(tables, lambda: decisions(served) >= 4)
        links[1].close()  # Ben's machine goes away
        path = path_of(served.host.match_id, 1)
        invitation = read_seen(path).invitation
        ann.resign(0)
        await until(lambda: served.host.match.is_over, "the match's end")
        again = SocketLink(invitation, keep=True)
        ben = await again.open()
        again.close()
        assert ben.is_over and ben.path is not None  # the host's copy is here
        assert not path.exists()
    finally:
        for link in links:
            link.close()


async def test_a_full_record_stops_with_a_word_and_the_match_goes_on(
    hosted: Host, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(seen, "LIMIT", 3000)
    served = await hosted(en_garde(), seed=2)
    links, tables = await two_guests(served)
    said: list[str] = []
    try:
        tables[1].changed = lambda rewritten: said.extend(tables[1].notices())
        await play_until(tables, lambda: decisions(served) >= MOVES)
        size = path_of(served.host.match_id, 1).stat().st_size
        assert size <= 3000, size
        said.extend(tables[1].notices())
        assert any("record of the match is full" in text for text in said)
        read_seen(path_of(served.host.match_id, 1))  # what was kept still reads
    finally:
        for link in links:
            link.close()


@pytest.fixture
async def kept(hosted: Host) -> Path:
    """A record of a few moves, its guests gone."""
    served = await hosted(en_garde(), seed=5)
    links, tables = await two_guests(served)
    await play_until(tables, lambda: decisions(served) >= 6)
    for link in links:
        link.close()
    return path_of(served.host.match_id, 1)


async def test_a_line_cut_off_by_a_crash_is_left_out(kept: Path) -> None:
    whole = read_seen(kept)
    with kept.open("ab") as out:
        out.write(base64.b64encode(b"\x85\xa1v\x01\xa1t\xa6update")[:9])
    assert read_seen(kept).moments == whole.moments


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (lambda rows: [b"not json", *rows[1:]], "line 1 is not a record's header"),
        (lambda rows: [rows[0], rows[1], b"@@@@", *rows[2:]], "line 3 is damaged"),
        (
            lambda rows: [rows[0], rows[1], base64.b64encode(b"\x93\x01\x02\x03"), *rows[2:]],
            "line 3 is damaged",
        ),
        (lambda rows: [rows[0].replace(b'"version": 1', b'"version": 9'), *rows[1:]], "version 9"),
        (lambda rows: [rows[0], *rows[2:]], "line 2 is damaged"),
    ],
    ids=["header", "base64", "not-a-frame", "newer", "no-welcome"],
)
async def test_a_damaged_record_is_refused_with_the_line_that_is_wrong(
    kept: Path, damage: Any, said: str
) -> None:
    rows = kept.read_bytes().split(b"\n")
    kept.write_bytes(b"\n".join(damage(rows)))
    with pytest.raises(SeenError, match=said) as caught:
        read_seen(kept)
    assert kept.name in str(caught.value) and "\n" not in str(caught.value)


async def test_a_record_rejoined_with_a_reissued_invitation_keeps_the_new_one(
    hosted: Host,
) -> None:
    served = await hosted(en_garde(), seed=8)
    links, tables = await two_guests(served)
    await play_until(tables, lambda: decisions(served) >= 2)
    links[1].close()  # Ben leaves; the host gives his seat a new invitation
    path = path_of(served.host.match_id, 1)
    moments = len(read_seen(path).moments)
    renewed = dataclasses.replace(served.invitations[1], secret=served.host.keys.reissue(1))
    again = SocketLink(renewed, keep=True)
    await again.open()
    try:
        after = read_seen(path)
        assert str(after.invitation) == str(renewed)
        assert len(after.moments) == moments + 1  # nothing kept before was lost
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    finally:
        again.close()
        links[0].close()
