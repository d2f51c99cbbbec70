"""The ways a remote table reaches its host: a WebSocket to another machine, or the host itself
when it runs in this process (the host's own terminal plays through the same frames).

A socket link that drops says "reconnecting…" and tries again with the same invitation, with
a growing pause; once back, the host tells the seat everything anew, and a decision that was
in flight is sent again with the position it was chosen at, so it counts once. A refused
invitation ends the link with the host's one sentence.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import ssl
from collections.abc import Callable, Coroutine
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidMessage, InvalidURI

from core.rules import SPECTATOR
from replays.remote.host import Guest, MatchServer
from replays.remote.invite import SHORT, Invitation
from replays.remote.seen import KEPT, SeenWriter, forget, path_of
from replays.remote.wire import (
    HOST_FRAME_LIMIT,
    TAKEN_OVER,
    Act,
    GuestFrame,
    Hello,
    WireError,
    guest,
    host_frame,
)
from tui.tables.remote import RemoteTable, Welcome
from tui.wording import sentence

GOING_AWAY = 1001
"""The close code of a host that stops serving (its server closing), not of a lost line."""
TAKEN_THERE = "this seat is played from another terminal now"
"""What the link says once a newer connection took its seat (`TAKEN_OVER`)."""
TAKEN_ADVICE = "If that was not you, ask the host for a new invitation for this seat."
PAUSES = (0.5, 1.0, 2.0, 4.0, 5.0)
"""Seconds between attempts to reconnect (the last repeats)."""
OPEN_TIMEOUT = 10.0


class Refused(Exception):
    """The host turned the invitation away (`final`), or could not be reached."""

    def __init__(self, text: str, *, final: bool = False) -> None:
        super().__init__(text)
        self.final = final

    @property
    def reason(self) -> str:
        """Why, to follow a colon: the host's own sentence ("This invitation is not valid
        here: …") without its capital or its full stop, so that it reads on in ours."""
        text = str(self).strip().rstrip(".").rstrip()
        if len(text) > 1 and text[0].isupper() and text[1].islower():
            text = text[0].lower() + text[1:]
        return text


class DirectLink:
    """A seat of a match hosted in this process: frames go through the loop, not a socket."""

    def __init__(
        self, host: MatchServer, seat: int, closed: Callable[[], None] | None = None
    ) -> None:
        """`closed` is called when the seat's table lets go (the host's player left)."""
        self._host = host
        self._seat = seat
        self._closed = closed
        self._guest: Guest | None = None
        self._table: RemoteTable[Any, Any] | None = None

    def open(self) -> RemoteTable[Any, Any]:
        """Join the host and return the seat's table, already told the match."""
        first: list[bytes] = []

        def keep(frame: bytes) -> bool:
            first.append(frame)
            return True

        self._guest = self._host.join(self._seat, keep)
        table: RemoteTable[Any, Any] = RemoteTable(
            Welcome(host_frame(first[0])), self, path=self._host.opened.path
        )
        for frame in first[1:]:
            table.receive(host_frame(frame))
        self._table = table
        self._guest.deliver = self._deliver
        return table

    def _deliver(self, frame: bytes) -> bool:
        asyncio.get_running_loop().call_soon(self._receive, frame)
        return True

    def _receive(self, frame: bytes) -> None:
        if self._table is not None:
            self._table.receive(host_frame(frame))

    def send(self, frame: GuestFrame) -> None:
        guest = self._guest
        if guest is not None:
            asyncio.get_running_loop().call_soon(self._host.handle, guest, frame)

    def close(self) -> None:
        if self._guest is not None:
            self._host.leave(self._guest)
            self._guest = None
            if self._closed is not None:
                self._closed()

    async def follow(self, match_id: str) -> RemoteTable[Any, Any]:
        """The host's player moves to the rematch with their new seat; hosting goes on (this
        link's closing no longer stops it: the new one's does)."""
        successor = self._host.successor
        if successor is None or successor.match_id != match_id:
            raise Refused("the host has no such match", final=True)
        seat = self._seat if self._seat == SPECTATOR else successor.order.index(self._seat)
        link = DirectLink(successor, seat, self._closed)
        self._closed = None
        return link.open()


class SocketLink:
    """A seat of a match on another machine, over a WebSocket, reconnecting when it drops."""

    def __init__(
        self,
        invitation: Invitation,
        *,
        trust: ssl.SSLContext | None = None,
        keep: bool = False,
        watch: bool | None = None,
    ) -> None:
        """`keep`: record the frames this seat is sent on this machine (`replays.remote.seen`),
        as a person's app does; a bot guest keeps nothing. `watch`: whether the player means
        to watch (True) or play (False): an invitation for the other is refused before
        anything is kept (None: whichever the invitation holds)."""
        self.invitation = invitation
        self._trust = trust
        self._keep = keep
        self._watch = watch
        self._record: SeenWriter | None = None
        self._ws: ClientConnection | None = None
        self._table: RemoteTable[Any, Any] | None = None
        self._task: asyncio.Task[None] | None = None
        self._pending: Act | None = None
        self._closed = False
        self._sending: set[asyncio.Task[None]] = set()
        self.ended: Callable[[str], None] | None = None
        """Called once the link has given up (the host refused the invitation again)."""

    @property
    def uri(self) -> str:
        scheme = "wss" if self.invitation.tls else "ws"
        return f"{scheme}://{self.invitation.where}/"

    async def open(self) -> RemoteTable[Any, Any]:
        """Connect, present the invitation and return the seat's table (Refused if not let in)."""
        ws = await self._connect()
        try:
            told, welcomed = await self._expect(ws, "welcome")
            welcome = Welcome(told)
            if self._watch is not None and self._watch != (welcome.seat == SPECTATOR):
                raise Refused(
                    "this invitation is for a seat: join without --watch to play it"
                    if self._watch
                    else "this invitation is for watching: join with --watch",
                    final=True,
                )
            table: RemoteTable[Any, Any] = RemoteTable(welcome, self)
            update, data = await self._expect(ws, "update", table)
            table.receive(update)
        except WireError as err:
            await ws.close()
            raise Refused(f"the host's answer cannot be read ({err})") from None
        except BaseException:  # refused, or the player left while the host answered
            self._later(ws.close())
            raise
        self._ws, self._table = ws, table
        if self._keep and table.path is None:
            try:
                self._record = SeenWriter(self.invitation, told, welcomed)
            except OSError as err:
                table.note(f"No record of the match can be kept on this machine: {err}")
            self._recorded(data)
        elif self._keep:  # a finished match's copy is here now: an earlier record of it goes
            forget(path_of(str(told["match"]), int(told["seat"])))
        self._task = asyncio.create_task(self._run(ws))
        return table

    async def _connect(self) -> ClientConnection:
        try:
            ws = await connect(
                self.uri,
                max_size=HOST_FRAME_LIMIT,
                open_timeout=OPEN_TIMEOUT,
                compression=None,
                ping_interval=10,
                ping_timeout=20,
                close_timeout=3,
                **self._tls(),
            )
        except ssl.SSLCertVerificationError as err:
            raise Refused(
                f"the host's certificate is not trusted here ({err.verify_message}); if the "
                "host made its own, point SSL_CERT_FILE at a copy of it"
            ) from None
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as err:
            why = _why(err, tls=self.invitation.tls)
            raise Refused(f"cannot reach the host ({why})") from None  # (its address is shown)
        try:
            await ws.send(guest(Hello(self.invitation.match_id, self.invitation.secret)))
        except ConnectionClosed:
            raise Refused("the host closed the connection at once") from None
        except BaseException:  # the player left meanwhile: no connection is left behind
            self._later(ws.close())
            raise
        return ws

    def _tls(self) -> dict[str, Any]:
        """TLS for a `parlours://` invitation: the caller's trust, or the system's (which
        honours SSL_CERT_FILE)."""
        if not self.invitation.tls:
            return {}
        return {"ssl": self._trust or ssl.create_default_context()}

    async def _expect(
        self, ws: ClientConnection, kind: str, table: RemoteTable[Any, Any] | None = None
    ) -> tuple[dict[str, Any], bytes]:
        """The host's next frame, which must be of `kind`, and its bytes; a finished match's
        `record`, which comes before its update, is handed to `table` on the way."""
        try:
            data = await asyncio.wait_for(ws.recv(), OPEN_TIMEOUT)
            frame = host_frame(data)
            while frame["t"] == "record" and table is not None:
                table.receive(frame)
                data = await asyncio.wait_for(ws.recv(), OPEN_TIMEOUT)
                frame = host_frame(data)
        except ConnectionClosed as closed:
            reason = closed.rcvd.reason if closed.rcvd is not None else ""
            raise Refused(reason or "the host closed the connection") from None
        except TimeoutError:
            raise Refused("the host did not answer") from None
        if frame["t"] == "refused":
            text = str(frame.get("text", "the host refused the invitation"))[:200]
            raise Refused(text, final=True)
        if frame["t"] != kind:
            raise WireError(f"expected {kind!r}, got {frame['t']!r}")
        assert isinstance(data, bytes)  # `host_frame` refuses text
        return frame, data

    def _recorded(self, data: bytes) -> None:
        """Append one frame to this machine's record; say once when it can take no more."""
        record = self._record
        if record is not None and not record.add(data) and self._table is not None:
            self._record = None
            self._table.note(
                "This machine's record of the match is full or cannot be written: it stops "
                "here (the host keeps the whole match)."
            )

    async def _run(self, ws: ClientConnection) -> None:
        """Read frames until the link closes; reconnect while the host may take us back."""
        while not self._closed:
            await self._read(ws)
            if self._closed:
                return
            if ws.close_code == TAKEN_OVER:  # for good: it would take the seat back
                self._ws = None
                self._told(TAKEN_THERE, final=True)
                if self._table is not None:
                    self._table.note(TAKEN_ADVICE)
                if self.ended is not None:
                    self.ended(sentence(TAKEN_THERE))
                return
            stopped = ws.close_code == GOING_AWAY  # the host stopped serving, on purpose
            if self._table is not None and self._table.is_over:
                # Nothing more to hear of a finished match, and no rematch to agree to.
                self._table.host_left(
                    "The host has left: no rematch."
                    if stopped
                    else "Lost touch with the host: no rematch."
                )
                return
            self._ws = None
            self._told(
                "the host stopped hosting; waiting for it to host again…"
                if stopped
                else "lost touch with the host; reconnecting…"
            )
            back = await self._reconnect()
            if back is None:
                return
            ws = back

    async def _reconnect(self) -> ClientConnection | None:
        table = self._table
        assert table is not None
        for attempt in itertools.count():
            await asyncio.sleep(PAUSES[min(attempt, len(PAUSES) - 1)])
            if self._closed:
                return None
            try:
                ws = await self._connect()
            except Refused as refused:
                if self._turned_away(refused):
                    return None
                continue
            try:
                _, welcomed = await self._expect(ws, "welcome")
                update, data = await self._expect(ws, "update", table)
                table.receive(update)
            except (Refused, WireError) as err:
                self._later(ws.close())
                if isinstance(err, Refused) and self._turned_away(err):
                    return None
                continue
            except BaseException:  # the player left while the host answered
                self._later(ws.close())
                raise
            if self._closed:
                self._later(ws.close())
                return None
            self._ws = ws
            if table.path is not None and self._record is not None:  # it ended meanwhile
                self._record.discard()  # the host's finished copy is kept instead
                self._record = None
            self._recorded(welcomed)
            self._recorded(data)
            self._told("")
            if self._pending is not None:
                await _send(ws, guest(self._pending))  # counted once: it names its position
            return ws
        return None

    def _turned_away(self, refused: Refused) -> bool:
        """Whether the host refused the invitation for good (then the link gives up)."""
        if not refused.final:
            return False
        self._told(
            "turned away by the host, which is not hosting this match now or gave this seat a "
            "new invitation",
            final=True,
        )  # (short enough for the status line at 80 columns; the bot's `ended` says it whole)
        if self.ended is not None:
            self.ended(str(refused))
        return True

    async def _read(self, ws: ClientConnection) -> None:
        table = self._table
        assert table is not None
        try:
            async for data in ws:
                try:
                    frame = host_frame(data)
                    table.receive(frame)
                except WireError:
                    await ws.close()
                    return
                if frame["t"] in KEPT and isinstance(data, bytes):
                    self._recorded(data)
                elif frame["t"] == "record" and table.path is not None and self._record:
                    self._record.discard()  # the host's finished copy is kept instead
                    self._record = None
                if not table.awaiting:
                    self._pending = None  # taken, refused, or the match moved past it
        except ConnectionClosed:
            return

    def _told(self, state: str, *, final: bool = False) -> None:
        if self._table is not None:
            self._table.lost(state, final=final)

    def send(self, frame: GuestFrame) -> None:
        if isinstance(frame, Act):
            self._pending = frame
        ws = self._ws
        if ws is not None:
            self._later(_send(ws, guest(frame)))

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        """Run `work` on the loop, kept referenced until it is done."""
        task = asyncio.get_running_loop().create_task(work)
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def follow(self, match_id: str) -> RemoteTable[Any, Any]:
        """The same invitation's secret at the host's next match: the host kept it for this
        player's new seat. This link closes; the new one reconnects like it."""
        moved = dataclasses.replace(self.invitation, match_id=match_id[:SHORT])
        link = SocketLink(moved, trust=self._trust, keep=self._keep, watch=self._watch)
        link.ended = self.ended
        self.close()
        return await link.open()

    def close(self) -> None:
        self._closed = True
        ws, self._ws = self._ws, None
        if ws is not None:
            self._later(ws.close())
        if self._task is not None:
            self._task.cancel()


async def _send(ws: ClientConnection, data: bytes) -> None:
    with contextlib.suppress(ConnectionClosed):
        await ws.send(data)


def _why(err: BaseException, *, tls: bool = False) -> str:
    if isinstance(err, ConnectionRefusedError):
        return "nothing listens there: is the host running?"
    if isinstance(err, TimeoutError):
        return "no answer in time"
    if tls and isinstance(err, ConnectionResetError | ssl.SSLError):
        return (
            "it cut the secure connection short: if the host does not use TLS, its "
            "invitation starts parlour://, not parlours://"
        )
    if not tls and isinstance(err, InvalidMessage):
        return (
            "it did not answer as a Parlour host: if the host uses TLS, its invitation starts "
            "parlours://"
        )
    return str(err) or type(err).__name__
