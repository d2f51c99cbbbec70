"""Guests for hosted-match tests: a scripted player over a real socket, and the hosting.

A `Player` is what a person at another machine would be, minus the screen: it says hello with
its invitation, keeps every frame the host sends it (for the audit), and on its seat's turn
plays a random legal move chosen from its own view alone, as `core.ai.decide_from_view` lets
a headless guest do. Everything runs in the test's event loop over 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from core import registry
from core.ai import RandomBot, decide_from_view
from core.match import Seat
from core.rules import CHANCE, Rules, Wire
from replays.remote.codec import Codec
from replays.remote.host import Role
from replays.remote.hosting import LOOPBACK, Hosted, Plan, start
from replays.remote.invite import Invitation
from replays.remote.wire import HOST_FRAME_LIMIT, Act, GuestFrame, Hello, guest, host_frame

PATIENCE = 20.0
"""Seconds any one wait in a hosted test may take before the test fails (never hangs)."""

Frame = dict[str, Any]
Mischief = Callable[["Player", Frame], Awaitable[Frame]]
"""Called on the player's turn before it moves (or, as `aside`, while another seat is to
move); sends what it likes, reads the replies, and returns the latest update it read (the
frame it was given when it sent nothing)."""


def plan(
    game: str,
    players: int,
    options: dict[str, Any] | None = None,
    names: Sequence[str] = (),
) -> Plan:
    """A new match with every seat remote: guests make every decision, the host only deals."""
    rules = registry.get(game)
    remote: tuple[Role, ...] = ("remote",)
    seats = tuple(Seat(names[n] if n < len(names) else f"Guest {n + 1}") for n in range(players))
    return Plan(
        rules=rules,
        seats=seats,
        roles=remote * players,
        options=options or {},
        bot_pause=0.0,
    )


@contextlib.asynccontextmanager
async def hosting(chosen: Plan, seed: int = 0) -> AsyncIterator[Hosted]:
    """A hosted match on 127.0.0.1 (whatever port the plan names: the system picks a free
    one), its chance drawn from a seeded generator; closed however the test ends."""
    hosted = await start(replace(chosen, address=LOOPBACK, port=0), rng=random.Random(seed))
    try:
        yield hosted
    finally:
        await hosted.close()


def uri(invitation: Invitation) -> str:
    return f"ws://{invitation.host}:{invitation.port}/"


async def dial(invitation: Invitation) -> ClientConnection:
    """A raw connection to the invitation's host, before any frame is sent. It waits a second
    at most for the host to end a closed connection (a host that stops reading a flood only
    drops its side after its own close timeout)."""
    return await connect(
        uri(invitation),
        max_size=HOST_FRAME_LIMIT,
        compression=None,
        open_timeout=PATIENCE,
        close_timeout=1,
    )


async def hello(invitation: Invitation) -> ClientConnection:
    """A raw connection that has presented `invitation`."""
    ws = await dial(invitation)
    await ws.send(guest(Hello(invitation.match_id, invitation.secret)))
    return ws


async def frames_until_closed(ws: ClientConnection) -> list[Frame]:
    """Every frame the host sends until it closes the connection."""
    told: list[Frame] = []
    with contextlib.suppress(Exception):
        async with asyncio.timeout(PATIENCE):
            async for data in ws:
                told.append(host_frame(data))
    return told


class Player:
    """A scripted guest: plays its seat at random from its own view (or only watches)."""

    def __init__(
        self,
        invitation: Invitation,
        rules: Rules[Any, Any, Any],
        *,
        seed: int,
        cap: int,
        mischief: Mischief | None = None,
        aside: Mischief | None = None,
    ) -> None:
        """`cap`: the player leaves once the match has this many entries (or is over)."""
        self.invitation = invitation
        self.rules = rules
        self.codec = Codec.for_game(rules)
        self.cap = cap
        self.mischief = mischief
        self.aside = aside
        self.seat: int | None = None
        self.frames: list[bytes] = []
        """Every frame the host sent this connection, as received."""
        self.sent: list[Act] = []
        """Every decision this player sent."""
        self.refusals: list[str] = []
        self.position = 0
        self.over = False
        self._rng = random.Random(seed)
        self._bot = RandomBot(seed)
        self._ws: ClientConnection | None = None
        self._moved: asyncio.Condition = asyncio.Condition()

    async def send(self, frame: GuestFrame | bytes | str) -> None:
        assert self._ws is not None
        await self._ws.send(frame if isinstance(frame, bytes | str) else guest(frame))

    async def receive(self) -> Frame:
        """The next frame from the host (recorded); ConnectionClosed when there is none."""
        assert self._ws is not None
        data = await asyncio.wait_for(self._ws.recv(), PATIENCE)
        assert isinstance(data, bytes), "the host sends binary frames only"
        self.frames.append(data)
        frame = host_frame(data)
        if frame["t"] == "refused":
            self.refusals.append(str(frame["text"]))
        elif frame["t"] == "update":
            async with self._moved:
                self.position = frame["position"]
                self.over = frame["outcome"] is not None
                self._moved.notify_all()
        return frame

    async def reached(self, position: int) -> None:
        """Wait until this player has been told a position at least `position` (or the end)."""
        async with self._moved:
            await asyncio.wait_for(
                self._moved.wait_for(lambda: self.position >= position or self.over), PATIENCE
            )

    def choose(self, frame: Frame) -> Wire:
        """A random legal move for this seat, from the view in `frame` alone."""
        view = self.codec.unpack(frame["view"])
        wire: Wire = decide_from_view(self._bot, self.rules, view, self._rng).to_wire()
        return wire

    async def join(self) -> None:
        """Connect and present the invitation; the welcome says which seat it holds."""
        self._ws = await dial(self.invitation)
        await self.send(Hello(self.invitation.match_id, self.invitation.secret))
        welcome = await self.receive()
        assert welcome["t"] == "welcome", welcome
        self.seat = welcome["seat"]

    async def leave(self) -> None:
        if self._ws is not None:
            await self._ws.close()

    async def update(self) -> Frame:
        """The next update (frames before it are recorded too)."""
        while (frame := await self.receive())["t"] != "update":
            pass
        return frame

    async def run(self) -> None:
        """Join, then play (or watch) until the match ends or reaches the cap."""
        await self.join()
        try:
            await self.play()
        finally:
            await self.leave()

    async def play(self) -> None:
        acted_at: int | None = None
        frame = await self.receive()
        while True:
            if frame["t"] == "refused":
                acted_at = None  # the update that follows says where the match is
            if frame["t"] == "update":
                if self.over or self.position >= self.cap:
                    return
                mine = frame["to_move"] == self.seat and self.seat != CHANCE
                if not mine and self.aside is not None:
                    later = await self.aside(self, frame)
                    if later is not frame:
                        frame = later
                        continue
                if mine and acted_at != self.position:
                    if self.mischief is not None:
                        frame = await self.mischief(self, frame)
                        if frame["position"] != self.position or frame["to_move"] != self.seat:
                            continue
                    acted_at = self.position
                    act = Act(self.position, self.choose(frame))
                    self.sent.append(act)
                    await self.send(act)
            frame = await self.receive()


async def play_all(players: Sequence[Player]) -> None:
    """Run `players` to the end (or their cap), every one bounded in time."""
    async with asyncio.timeout(PATIENCE * 2):
        await asyncio.gather(*(p.run() for p in players))
