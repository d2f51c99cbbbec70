"""Chat is kept in the match file, so one guest may say a few lines at once and then one every
few seconds: a spectator cannot fill the host's disk at the frame rate."""

from __future__ import annotations

import asyncio
import random

from core import registry
from core.match import MetaEntry, Seat
from core.rules import SPECTATOR
from replays.remote.host import CHAT_BURST
from replays.remote.hosting import Plan, start
from tui.tables.link import SocketLink


def crossing() -> Plan:
    """A Crossing hosted here, both seats remote."""
    return Plan(
        rules=registry.get("crossing"),
        seats=(Seat("Ann"), Seat("Ben")),
        roles=("remote", "remote"),
        port=0,
        bot_pause=0.0,
    )


async def test_a_guest_saying_lines_faster_than_the_pace_has_the_rest_refused() -> None:
    hosted = await start(crossing(), rng=random.Random(2))
    try:
        watching = await SocketLink(hosted.invitations[SPECTATOR]).open()
        refused: list[str] = []
        watching.changed = lambda rewritten: refused.extend(watching.notices())
        for n in range(CHAT_BURST + 5):
            watching.chat(f"line {n}")
        for _ in range(200):
            if len(refused) >= 5:
                break
            await asyncio.sleep(0.01)
        said = [e for e in hosted.host.match.entries if isinstance(e, MetaEntry)]
        assert sum(1 for e in said if e.what == "chat") == CHAT_BURST
        assert len(refused) == 5 and all("one line every few seconds" in r for r in refused)
        watching.close()
    finally:
        await hosted.close()


async def test_a_new_connection_does_not_start_the_pace_afresh() -> None:
    """The pace was a connection's own: opening another (the watching invitation takes any
    number) gave a fresh burst of lines each time."""
    hosted = await start(crossing(), rng=random.Random(2))
    links = []
    try:
        for n in range(3):
            watching = await SocketLink(hosted.invitations[SPECTATOR]).open()
            links.append(watching)
            for k in range(CHAT_BURST):
                watching.chat(f"line {n}.{k}")
            await asyncio.sleep(0.2)
        said = [e for e in hosted.host.match.entries if isinstance(e, MetaEntry)]
        assert sum(1 for e in said if e.what == "chat") <= CHAT_BURST + 1
    finally:
        for link in links:
            link.close()
        await hosted.close()
