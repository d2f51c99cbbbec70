"""The host's door: a WebSocket server that admits invitations and carries frames to matches.

Every connection is a stranger until its first frame names a match and a secret that holds a
seat there; anything else is refused with one sentence and no detail about the match. After
that, each frame is size-capped (by websockets, before it is read), rate-limited, and checked
(`wire.guest_frame`); a bad one closes that connection, with its reason logged, and the match
and its other guests go on. A guest too slow to take its frames is dropped the same way: it
is told everything anew when it reconnects.
"""

from __future__ import annotations

import asyncio
import logging
import ssl
from collections import Counter

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from replays.remote.bucket import Bucket
from replays.remote.host import LOG, MatchServer
from replays.remote.invite import SHORT
from replays.remote.wire import (
    GUEST_FRAME_LIMIT,
    TAKEN_OVER,
    Act,
    Hello,
    WireError,
    encode,
    guest_frame,
)

HELLO_TIMEOUT = 5.0
"""Seconds a connection may stay silent before it names its invitation."""
STRANGERS = 64
"""Connections at once that have not named an invitation yet; more wait their turn outside."""
STRANGERS_PER_ADDRESS = 8
"""The same from one address: a machine that opens connections and says nothing keeps its own
out, not everyone's (the total cap alone let 512 idle connections shut the door on guests)."""
RATE = 20.0
"""Frames a second a guest may send, on average (a person sends one every few seconds)."""
BURST = 40
"""Frames a guest may send at once before the rate applies."""
OUTBOX = 256
"""Frames waiting for one guest before it is dropped as too slow."""
CONNECTIONS = 512
"""Connections served at once; more are turned away until some leave."""

REFUSED = (
    "This invitation is not valid here: ask the host to host that match again, or for a new "
    "invitation."
)
"""The one answer to every bad invitation: it says nothing about which part was wrong."""

# Close codes (RFC 6455): the guest's side shows the reason; 1008 means "do not retry".
POLICY = 1008
TRY_LATER = 1013
LEFT = (1000, 1001)
"""A guest that closes with these left on purpose; any other end is a lost connection."""


class Hosting:
    """The matches one server serves, by match id."""

    def __init__(self) -> None:
        self._matches: dict[str, MatchServer] = {}
        self._forward: dict[str, str] = {}
        """A finished match no longer served -> the id of its rematch (the same secrets)."""
        self._connections = 0
        self._strangers: Counter[str] = Counter()
        """Connections not yet admitted, by the address they come from."""

    def add(self, host: MatchServer) -> None:
        self._matches[host.match_id] = host

    def remove(self, host: MatchServer, rematch: str | None = None) -> None:
        """Stop serving `host`; an invitation to it then leads to its `rematch`, whose seats
        hold the same secrets (the one a player had, for their new seat)."""
        if self._matches.get(host.match_id) is host:
            del self._matches[host.match_id]
        if rematch is not None:
            self._forward[host.match_id] = rematch

    def _admit(self, hello: Hello) -> tuple[MatchServer, int] | None:
        """The match and seat a hello's short match id and secret hold (every match whose id
        starts so is asked: two matches of one host may share the first digits)."""
        if len(hello.match) < SHORT:
            return None
        wanted = [match_id for match_id in self._matches if match_id.startswith(hello.match)]
        for match_id in self._forward:
            if match_id.startswith(hello.match):
                later = match_id
                for _ in range(len(self._forward)):  # to the rematch served now
                    later = self._forward.get(later, later)
                wanted.append(later)
        for match_id in wanted:
            host = self._matches.get(match_id)
            if host is not None and not host.closed:
                seat = host.admit(hello.secret)
                if seat is not None:
                    return host, seat
        return None

    async def connection(self, ws: ServerConnection) -> None:
        """One guest, from its first frame to its last."""
        address = _address(ws)
        waiting = self._strangers.total() >= STRANGERS
        if self._connections >= CONNECTIONS or waiting:
            await ws.close(TRY_LATER, "The host is full: try again in a minute.")
            return
        if self._strangers[address] >= STRANGERS_PER_ADDRESS:
            LOG.warning("%s: too many connections from one address, none joined yet", address)
            await ws.close(TRY_LATER, "Too many connections from here: try again in a minute.")
            return
        self._connections += 1
        try:
            await self._serve(ws, address)
        finally:
            self._connections -= 1

    async def _first_frame(self, ws: ServerConnection, address: str) -> bytes | str:
        """The connection's first frame, waited for while it counts as a stranger's."""
        self._strangers[address] += 1
        try:
            return await asyncio.wait_for(ws.recv(), HELLO_TIMEOUT)
        finally:
            self._strangers[address] -= 1
            if not self._strangers[address]:
                del self._strangers[address]

    async def _serve(self, ws: ServerConnection, address: str) -> None:
        peer = _peer(ws)
        try:
            hello = guest_frame(await self._first_frame(ws, address))
        except (TimeoutError, ConnectionClosed):
            return
        except WireError as err:
            LOG.warning("%s: refused before joining: %s", peer, err)
            await _refuse(ws, REFUSED)
            return
        admitted = self._admit(hello) if isinstance(hello, Hello) else None
        if admitted is None:
            LOG.warning("%s: an invitation that holds no seat here", peer)
            await _refuse(ws, REFUSED)
            return
        host, seat = admitted
        outbox: asyncio.Queue[bytes] = asyncio.Queue(OUTBOX)
        dropped: list[bool] = []

        def deliver(frame: bytes) -> bool:
            """Queue `frame`; a guest too far behind is dropped at once, whether or not it
            sends anything (a spectator never does), and told nothing more: the lines it would
            miss are told again, whole, when it reconnects. No closing handshake: a guest that
            cannot take its frames cannot take that either."""
            if dropped:
                return False
            try:
                outbox.put_nowait(frame)
            except asyncio.QueueFull:
                LOG.warning("%s: too far behind; dropped", peer)
                dropped.append(True)
                ws.transport.abort()
                return False
            return True

        closing: list[asyncio.Task[None]] = []

        def taken_over() -> None:
            LOG.info("%s: a newer connection took its seat; closed", peer)
            closing.append(asyncio.get_running_loop().create_task(ws.close(TAKEN_OVER)))

        guest = host.join(seat, deliver, taken_over)
        LOG.info("%s: joined %s at seat %d", peer, host.match_id, seat)
        try:
            while not outbox.empty():  # the welcome and the match so far, before any reading
                await ws.send(outbox.get_nowait())
        except ConnectionClosed:
            host.leave(guest, on_purpose=ws.close_code in LEFT)
            return
        sender = asyncio.create_task(_send(ws, outbox))
        bucket = Bucket(RATE, BURST)
        try:
            async for data in ws:
                if not bucket.take():
                    LOG.warning("%s: too many frames; closed", peer)
                    await ws.close(POLICY, "Too many frames.")
                    break
                try:
                    frame = guest_frame(data)
                except WireError as err:
                    LOG.warning("%s: bad frame, closed: %s", peer, err)
                    await ws.close(POLICY, f"Bad frame: {err}"[:120])
                    break
                if isinstance(frame, Hello):
                    await ws.close(POLICY, "Bad frame: a second hello.")
                    break
                before = len(host.match)
                host.handle(guest, frame)
                if isinstance(frame, Act) and len(host.match) > before:
                    bucket.give_back()
        except ConnectionClosed:
            pass
        finally:
            sender.cancel()
            host.leave(guest, on_purpose=ws.close_code in LEFT)
            LOG.info("%s: left %s", peer, host.match_id)


async def _send(ws: ServerConnection, outbox: asyncio.Queue[bytes]) -> None:
    try:
        while True:
            await ws.send(await outbox.get())
    except ConnectionClosed:
        return


async def _refuse(ws: ServerConnection, text: str) -> None:
    try:
        await ws.send(encode("refused", text=text))
        await ws.close(POLICY, text)
    except ConnectionClosed:
        return


def _address(ws: ServerConnection) -> str:
    """The address a connection comes from, without its port."""
    address = ws.remote_address
    return str(address[0]) if isinstance(address, tuple) else "unknown"


def _peer(ws: ServerConnection) -> str:
    address = ws.remote_address
    return f"{address[0]}:{address[1]}" if isinstance(address, tuple) else "a guest"


async def listen(
    hosting: Hosting, address: str, port: int, tls: ssl.SSLContext | None = None
) -> Server:
    """Start serving `hosting` on `address:port` (port 0: any free port; see `bound_port`)."""
    return await serve(
        hosting.connection,
        address,
        port,
        max_size=GUEST_FRAME_LIMIT,
        max_queue=8,
        compression=None,
        ping_interval=10,
        ping_timeout=20,
        close_timeout=5,
        ssl=tls,
        logger=logging.getLogger("parlour.host.websockets"),
    )


def bound_port(server: Server) -> int:
    """The port `server` listens on (the one the system chose for port 0)."""
    for sock in server.sockets:
        name = sock.getsockname()
        return int(name[1])
    raise RuntimeError("the server listens on no socket")


def tls_context(cert: str, key: str) -> ssl.SSLContext:
    """A server TLS context from a certificate and key file (OSError/SSLError if unusable)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context
