"""A guest's seat table waits for the host's answer to the decision it sent, and only that.

The table is fed the host's real frames for its seat (a `MatchServer` served on 127.0.0.1, its
updates caught as they are delivered), so what it reads is what a guest's socket would.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from core.ai import RandomBot, decide_from_view
from core.play import Decide
from core.rules import SPECTATOR
from replays.remote.wire import Act, Chat, GuestFrame, host_frame
from tests.remote.conftest import Host
from tests.remote.guests import PATIENCE, plan
from tui.tables.port import Wait
from tui.tables.remote import RemoteTable, Welcome


class Outbox:
    """A link that keeps what the table sends."""

    def __init__(self) -> None:
        self.sent: list[GuestFrame] = []

    def send(self, frame: GuestFrame) -> None:
        self.sent.append(frame)

    def close(self) -> None:
        pass


async def test_chat_arriving_while_a_decision_is_in_flight_leaves_the_seat_waiting(
    hosted: Host,
) -> None:
    served = await hosted(plan("en-garde", 2))
    host = served.host
    async with asyncio.timeout(PATIENCE):
        while host.match.to_move() != 0:  # the host deals first
            await asyncio.sleep(0.01)
    frames: list[bytes] = []

    def keep(frame: bytes) -> bool:
        frames.append(frame)
        return True

    seat = host.join(0, keep)
    watcher = host.join(SPECTATOR, lambda frame: True)
    link = Outbox()
    table: RemoteTable[Any, Any] = RemoteTable(Welcome(host_frame(frames[0])), link)
    table.receive(host_frame(frames[-1]))
    assert isinstance(table.step(), Decide)
    view = table.view(0)
    table.submit(decide_from_view(RandomBot(1), table.rules, view, random.Random(1)))
    assert isinstance(table.step(), Wait)

    told = len(frames)
    host.handle(watcher, Chat("Take your time."))
    async with asyncio.timeout(PATIENCE):
        while len(frames) == told:  # told once the line is on disk
            await asyncio.sleep(0.01)
    assert len(frames) == told + 1
    table.receive(host_frame(frames[-1]))
    assert isinstance(table.step(), Wait), "a chat line is no answer to the move"
    assert table.awaiting

    (act,) = link.sent
    assert isinstance(act, Act)
    host.handle(seat, act)  # the move arrives after the chat: it still counts
    async with asyncio.timeout(PATIENCE):
        while len(frames) == told + 1:
            await asyncio.sleep(0.01)
    table.receive(host_frame(frames[-1]))
    assert not table.awaiting
    assert table.position > act.at + 1


async def test_a_replaced_connections_late_end_leaves_the_seat_to_the_newer_one(
    hosted: Host,
) -> None:
    """A replaced connection closes slowly (its peer may be half dead); its end, after the
    newer connection took the seat, made the seat look empty: "reconnecting…" to the others,
    a second "lost the connection", the seat out of a rematch."""
    served = await hosted(plan("en-garde", 2))
    host = served.host
    told: list[bytes] = []

    def to_ann(frame: bytes) -> bool:
        told.append(frame)
        return True

    host.join(0, to_ann)
    older = host.join(1, lambda frame: True)
    newer = host.join(1, lambda frame: True)
    host.leave(newer, on_purpose=True)  # Ben leaves the match from the newer terminal
    host.leave(older, on_purpose=False)  # the older one's close handshake ends only now
    assert host._presence(1) == "away"  # not "reconnecting…"
    await asyncio.sleep(0.1)
    notices = [host_frame(f)["text"] for f in told if host_frame(f)["t"] == "notice"]
    assert notices == [
        f"{host.names[1]} joined.",
        f"{host.names[1]} left the match; their invitation brings them back.",
    ]
