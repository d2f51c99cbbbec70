"""Opening a match to the network: the match file, its secrets, the server and the invitations.

Shared by `parlour host --headless` and the app's hosting, so both make the same files and
say the same invitations. A new hosted match is an ordinary match file in the store (resume,
replay, export and verify treat it like any other); its secrets live beside the store
(`keys`), so `--resume` reopens it with the invitations the guests already hold.
"""

from __future__ import annotations

import asyncio
import errno
import random
import socket
import ssl
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server

from core.match import Seat
from core.rematch import rematch_order
from core.rules import SPECTATOR, Rules
from core.text import NAME_LIMIT, clean_text
from replays.remote.host import MatchServer, Role
from replays.remote.invite import SHORT, Invitation
from replays.remote.keys import Keys
from replays.remote.server import Hosting, bound_port, listen
from replays.store import create_match, open_match

DEFAULT_PORT = 7480
LOOPBACK = "127.0.0.1"
MOVE_GRACE = 30.0
"""Seconds a finished match is still served after its rematch opened: a guest reconnecting
meanwhile is told the new match's id and moves over."""


class CannotHost(Exception):
    """Hosting cannot start; the message says why and what to do."""


@dataclass(frozen=True)
class Plan:
    """What to host: a new match (`rules`, `seats`, `roles`, `options`) or one to resume."""

    rules: Rules[Any, Any, Any] | None = None
    seats: tuple[Seat, ...] = ()
    roles: tuple[Role, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    resume: str | None = None
    """A match id or file to host again (its roles and secrets come from the kept keys)."""
    reissue: tuple[int, ...] = ()
    """Seats (SPECTATOR: watching) whose invitations are replaced, revoking the old ones."""
    address: str = LOOPBACK
    port: int = DEFAULT_PORT
    advertise: str | None = None
    """The address invitations name (default: the one listened on)."""
    tls: ssl.SSLContext | None = None
    bot_pause: float = 0.6
    any_port: bool = False
    """When `port` is taken, listen on any free one (the app's own hosting: no --listen)."""
    here: bool = True
    """A seat may be played at this terminal; a headless host makes a resumed match's
    own seat remote (with a new invitation) instead."""


@dataclass
class Hosted:
    """A match being served: the host, the server and the invitations to hand out."""

    host: MatchServer
    hosting: Hosting
    server: Server
    invitations: dict[int, Invitation]
    """Seat (SPECTATOR for watching) -> its invitation."""
    address: str
    """The address listened on."""
    port: int
    """The port listened on (the system's choice when 0 was asked)."""
    runner: asyncio.Task[None]
    """The host's driving (chance, bots)."""
    tls: bool = False
    past: list[MatchServer] = field(default_factory=list)
    """Finished matches whose rematch is served now, kept a while for guests moving over."""

    @property
    def server_address(self) -> str:
        return (
            f"[{self.address}]:{self.port}"
            if ":" in self.address
            else f"{self.address}:{self.port}"
        )

    async def close(self, grace: float = 0.0) -> None:
        """Stop serving: the guests are dropped (after `grace` seconds, for the last frames
        to reach them), the match file is closed (nothing is lost: every move was written as
        it was made)."""
        self.host.close()
        for old in self.past:
            old.close()
        await asyncio.sleep(grace)
        self.runner.cancel()
        self.server.close()
        await self.server.wait_closed()

    def offer_rematches(self) -> None:
        """Let the match being served open a rematch once its players all agree."""
        self.host.opens_rematch = self.rematch

    def rematch(self) -> MatchServer:
        """The next match of the same game and options, seats rotated as a local rematch
        rotates them (`core.rematch`); each remote player keeps their secret in their new
        seat, so their links move over by themselves. Served from now on; the finished one a
        while longer (`MOVE_GRACE`)."""
        old = self.host
        header = old.match.header
        order, options = rematch_order(old.rules, len(header.seats), header.options)
        roles = old.roles()
        opened = create_match(old.rules, tuple(header.seats[n] for n in order), options)
        keys = Keys(
            opened.match.header.match_id,
            [old.keys.seats[n] for n in order],
            old.keys.watch,
            old.keys.address,
            old.keys.port,
        )
        try:
            keys.save()
        except OSError:
            opened.close()
            raise
        new = MatchServer(
            opened, tuple(roles[n] for n in order), keys, rng=old.rng, bot_pause=old.bot_pause
        )
        new.order = order
        self.hosting.add(new)
        self.host, self.past = new, [*self.past, old]
        self.runner = asyncio.get_running_loop().create_task(new.run())
        short = self.invitations[SPECTATOR]
        self.invitations = invitations(new, keys, short.host, short.port, self.tls)
        self.offer_rematches()
        asyncio.get_running_loop().call_later(MOVE_GRACE, self._retire, old)
        return new

    def _retire(self, old: MatchServer) -> None:
        old.close()
        self.hosting.remove(old, old.successor.match_id if old.successor else None)
        self.past = [past for past in self.past if past is not old]


def open_host(plan: Plan, rng: random.Random | None = None) -> tuple[MatchServer, Keys]:
    """The match file (new or resumed) under a host, with its secrets saved."""
    if plan.resume is not None:
        opened = open_match(plan.resume)
        keys = Keys.load(opened.match.header.match_id)
        if keys is None or len(keys.seats) != len(opened.match.header.seats):
            opened.close()
            raise CannotHost(
                "this match was not hosted here, or its invitations were lost: "
                "host it as a new match"
            )
        roles: tuple[Role, ...] = tuple(
            "bot" if seat.kind == "bot" else "remote" if key else "host"
            for seat, key in zip(opened.match.header.seats, keys.seats, strict=True)
        )
        if not plan.here and "host" in roles:  # nobody at this terminal: invite that seat too
            keys.reissue(roles.index("host"))
            roles = tuple("remote" if role == "host" else role for role in roles)
        for seat in plan.reissue:
            if seat != SPECTATOR and not (0 <= seat < len(roles) and roles[seat] == "remote"):
                opened.close()
                raise CannotHost(f"seat {seat + 1} is not played from another machine")
            keys.reissue(seat)
    else:
        if plan.rules is None:
            raise CannotHost("nothing to host: name a game or a match to resume")
        seats = tuple(
            Seat(clean_text(s.name, NAME_LIMIT) or f"Seat {n + 1}", s.kind, s.bot)
            for n, s in enumerate(plan.seats)
        )
        opened = create_match(plan.rules, seats, plan.options)
        roles = plan.roles
        keys = Keys.new(opened.match.header.match_id, [role == "remote" for role in roles])
    try:
        keys.save()
    except OSError as err:
        opened.close()
        raise CannotHost(f"cannot keep the invitations' secrets ({err})") from None
    return MatchServer(opened, roles, keys, rng=rng, bot_pause=plan.bot_pause), keys


def invitations(
    host: MatchServer, keys: Keys, address: str, port: int, tls: bool
) -> dict[int, Invitation]:
    """One invitation per remote seat, and one for watching."""
    short = host.match_id[:SHORT]
    made = {
        seat: Invitation(address, port, short, secret, tls)
        for seat, secret in enumerate(keys.seats)
        if secret is not None
    }
    made[SPECTATOR] = Invitation(address, port, short, keys.watch, tls)
    return made


async def start(plan: Plan, rng: random.Random | None = None) -> Hosted:
    """Listen, open the match, and start driving it (CannotHost when any of it fails). The
    port is taken first: a new match is not made, to be left unplayed, where none can be
    served."""
    hosting = Hosting()
    try:
        try:
            server = await listen(hosting, plan.address, plan.port, plan.tls)
        except OSError:
            if not plan.any_port:
                raise
            server = await listen(hosting, plan.address, 0, plan.tls)
    except OSError as err:
        raise CannotHost(_not_listening(plan, err)) from None
    try:
        host, keys = open_host(plan, rng)
    except BaseException:
        server.close()
        raise
    hosting.add(host)
    port = bound_port(server)
    keys.address, keys.port = plan.address, port
    try:
        keys.save()  # `--resume` listens there again, so the invitations still hold
    except OSError as err:
        host.close()
        server.close()
        raise CannotHost(f"cannot keep the invitations' secrets ({err})") from None
    address = plan.advertise or plan.address
    made = invitations(host, keys, address, port, plan.tls is not None)
    runner = asyncio.get_running_loop().create_task(host.run())
    hosted = Hosted(host, hosting, server, made, plan.address, port, runner, plan.tls is not None)
    hosted.offer_rematches()
    return hosted


def check_port(plan: Plan) -> None:
    """Refuse (CannotHost) a port `plan` cannot listen on, before a screen opens for it: the
    bind the server will make, released at once. Another program taking the port in between
    still meets `start`'s own refusal; a name that does not resolve is left to `start` too."""
    if plan.any_port:
        return
    try:
        places = socket.getaddrinfo(
            plan.address, plan.port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except OSError:
        return
    for family, kind, proto, _, place in places:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as asyncio does
            try:
                probe.bind(place)
            except OSError as err:
                raise CannotHost(_not_listening(plan, err)) from None


def _not_listening(plan: Plan, err: OSError) -> str:
    """Why the host cannot listen where `plan` says, and what to do about it."""
    at = f"{plan.address}:{plan.port}"
    if err.errno == errno.EADDRINUSE:
        said = f"cannot listen on {at}: that port is in use (another match hosted here?)"
    else:
        said = f"cannot listen on {at} ({err.strerror or err})"
    if plan.resume is not None:
        return f"{said}; the invitations name that port: free it, then resume the match again"
    return f"{said}; choose another port with --listen ADDRESS:PORT"


def where(address: str, match_id: str) -> str:
    """Whom an address lets in, for the host's first line, and how to let others in."""
    command = widening(address, match_id)
    if command is not None:
        return f"{THIS_MACHINE}; {WIDEN} {command}"
    return "other machines may join: keep the invitations to the people you invite"


THIS_MACHINE = "this machine only"
WIDEN = "to let other machines in, stop and host it again with"


def widening(address: str, match_id: str) -> str | None:
    """The command that hosts the match again for other machines too, when `address` lets
    in this machine only (None when others may join already)."""
    if address in ("127.0.0.1", "::1", "localhost"):
        return f"parlour host --resume {match_id[:8]} --listen 0.0.0.0:PORT"
    return None


def invitation_lines(hosted: Hosted) -> list[tuple[str, str]]:
    """Whom each invitation is for ("Ben (seat 2):") and the whole command that joins with it
    ("parlour join parlour://…", one line to copy): the remote seats, then watching."""
    names = hosted.host.names
    lines = [
        (f"{names[seat]} (seat {seat + 1}):", f"parlour join {invitation}")
        for seat, invitation in sorted(hosted.invitations.items())
        if seat != SPECTATOR
    ]
    lines.append(("Spectators:", f"parlour join --watch {hosted.invitations[SPECTATOR]}"))
    return lines


def resumable(target: str) -> Plan | None:
    """The plan to host `target` (a match id or file) again where it was hosted, if it was
    hosted from here with seats on other machines; None for any other match."""
    keys = Keys.hosted(target)
    if keys is None:
        return None
    return Plan(resume=target, address=keys.address or LOOPBACK, port=keys.port or DEFAULT_PORT)
