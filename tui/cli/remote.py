"""`parlour host` and `parlour join`: a match played from several terminals.

`host` opens a match on this machine and prints one invitation per remote seat; with a screen
its own terminal plays a seat (`--seat here`), with `--headless` it only serves (invitations
on stdout, a line per finished match, Ctrl-C or SIGTERM stops it cleanly). `join` opens the
game screen for the seat an invitation holds, or (`--bot SPEC`) lets a bot play it headless:
exit 0 when the match is over, 2 when the invitation is refused.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import signal
import sys
from typing import TYPE_CHECKING, Any

from tui.cli.common import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    PROG,
    CliError,
    bot_spec,
    game_options,
    game_rules,
    locate,
    player_count,
)

if TYPE_CHECKING:
    from core.match import Seat
    from core.rules import Rules
    from replays.remote.host import MatchServer, Role
    from replays.remote.hosting import Plan
    from replays.remote.invite import Invitation

HOST_GRACE = 2.0
"""Seconds a headless host goes on serving after the match ends, so every guest hears it; it
goes on while a guest is still at the match-end panel, who may ask for a rematch."""


# -- host ------------------------------------------------------------------------------------


def cmd_host(args: argparse.Namespace) -> int:
    """`parlour host GAME [--seat SPEC ...] [--listen ADDR:PORT] [--headless] [--resume ID]`."""
    plan = _plan(args)
    if args.headless:
        return _serve_headless(plan)
    from replays.remote.hosting import CannotHost, check_port
    from tui.cli.launch import launch

    try:
        check_port(plan)  # refused here, in one line, rather than on a screen just opened
    except CannotHost as err:
        raise CliError(str(err), f"see '{PROG} host --help'") from None
    from tui.start import Start

    return launch(Start(kind="host", hosting=plan))


def _plan(args: argparse.Namespace) -> Plan:
    from replays.remote.hosting import DEFAULT_PORT, LOOPBACK, Plan, resumable

    address, port = _address(args.listen) if args.listen else (LOOPBACK, DEFAULT_PORT)
    tls = _tls(args.tls) if args.tls else None
    if args.resume is not None:
        if args.game is not None:
            raise CliError("--resume hosts a saved match: give no GAME", f"{PROG} host --resume ID")
        reissue = _reissued(args.reissue)
        _hosted_before(args.resume)
        before = resumable(args.resume) if not args.listen else None
        if before is not None:
            address, port = before.address, before.port
        return Plan(
            resume=args.resume,
            reissue=reissue,
            address=address,
            port=port,
            tls=tls,
            advertise=args.advertise,
            bot_pause=0.0 if args.headless else 0.6,
            here=not args.headless,
        )
    if args.reissue:
        raise CliError(
            "--reissue replaces invitations of a hosted match", "use it with --resume ID"
        )
    if args.game is None:
        raise CliError(
            "name the game to host", f"e.g. {PROG} host en-garde --seat here --seat remote"
        )
    rules = game_rules(args.game)
    specs = list(args.seat)
    counted = not args.players and len(specs) > rules.min_players  # the count is the --seat
    players = player_count(rules, args.players or max(len(specs), rules.min_players), seats=counted)
    if len(specs) > players:
        raise CliError(f"{len(specs)} --seat given for {players} seats", "give one --seat per seat")
    default = "remote" if args.headless else "here"
    while len(specs) < players:
        specs.append(default if not specs else "remote")
    seats, roles = _seats(rules, specs, headless=args.headless)
    options = game_options(rules, args.option, players)
    return Plan(
        rules=rules,
        seats=seats,
        roles=roles,
        options=options,
        address=address,
        port=port,
        advertise=args.advertise,
        tls=tls,
        bot_pause=0.0 if args.headless else 0.6,
    )


def _hosted_before(target: str) -> None:
    """Refuse here, in one line, a match to resume that is not in the store or was never
    hosted from this machine (rather than opening the app to say so)."""
    from replays.errors import LogError
    from replays.logfile import read_header
    from replays.remote.keys import Keys

    path = locate(target)
    try:
        hosted = Keys.load(read_header(path).match_id) is not None
    except (LogError, OSError):
        return  # hosting it will say what is wrong with it
    if not hosted:
        raise CliError(
            "this match was not hosted here, or its invitations were lost",
            f"resume it with {PROG} resume {target}, or host a new match",
        )


def _reissued(texts: list[str]) -> tuple[int, ...]:
    from core.rules import SPECTATOR

    seats = []
    for text in texts:
        if text.strip().lower() == "watch":
            seats.append(SPECTATOR)
        elif text.strip().isdigit() and int(text) >= 1:
            seats.append(int(text) - 1)
        else:
            raise CliError(f"--reissue {text!r} is not a seat number", "e.g. --reissue 2")
    return tuple(seats)


def _seats(
    rules: Rules[Any, Any, Any], specs: list[str], *, headless: bool
) -> tuple[tuple[Seat, ...], tuple[Role, ...]]:
    from core.match import Seat
    from tui.wording import bot_name, numbered

    seats: list[Seat] = []
    roles: list[Role] = []
    for number, text in enumerate(specs, start=1):
        kind, _, typed = text.partition("=")
        kind = kind.strip().lower()
        name = " ".join(typed.split())
        if name.casefold() in {s.name.casefold() for s in seats}:
            raise CliError(
                f"two seats are named {name!r}", "give each its own name, e.g. here=Ann remote=Ben"
            )
        if kind == "here":
            if headless:
                raise CliError("a headless host has no player here", "use remote or a bot")
            if "host" in roles:
                raise CliError("only one seat can be played here", "make the others remote")
            seats.append(Seat(name or numbered("Host", [s.name for s in seats])))
            roles.append("host")
        elif kind == "remote":
            seats.append(Seat(name or numbered(f"Guest {number}", [s.name for s in seats])))
            roles.append("remote")
        else:
            spec = bot_spec(kind, rules)
            given = name or numbered(bot_name(spec), [s.name for s in seats])
            seats.append(Seat(given, "bot", spec))
            roles.append("bot")
    if "host" not in roles and "remote" not in roles:
        raise CliError("every seat is a bot: nobody would join", f"try {PROG} selfplay")
    return tuple(seats), tuple(roles)


def _address(text: str) -> tuple[str, int]:
    host, sep, port = text.strip().rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 0 <= int(port) < 65536:
        raise CliError(f"--listen {text!r} is not ADDRESS:PORT", "e.g. --listen 0.0.0.0:7480")
    return host, int(port)


def _tls(files: list[str]) -> Any:
    import ssl

    from replays.remote.server import tls_context

    try:
        return tls_context(files[0], files[1])
    except (OSError, ssl.SSLError) as err:
        raise CliError(
            f"cannot use the certificate and key ({err})", "check --tls CERT KEY"
        ) from None


def _serve_headless(plan: Plan) -> int:
    import logging

    logging.basicConfig(level=logging.WARNING, format=f"{PROG} host: %(message)s")
    try:
        return asyncio.run(_headless(plan))
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED


async def _headless(plan: Plan) -> int:
    from replays.ending import winners_text
    from replays.remote.hosting import CannotHost, invitation_lines, start, where

    try:
        hosted = await start(plan)
    except CannotHost as err:
        raise CliError(str(err), f"see '{PROG} host --help'") from None
    except (OSError, ValueError) as err:
        raise CliError(f"cannot host ({err})", f"see '{PROG} host --help'") from None
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop.set)
    print(
        f"Hosting {hosted.host.rules.title} on {plan.address}:{hosted.port} "
        f"({where(plan.address, hosted.host.match_id)})",
        file=sys.stderr,
    )
    for who, command in invitation_lines(hosted):
        print(f"{who} {command}", flush=True)
    stopped = asyncio.create_task(stop.wait())
    code = EXIT_OK
    while not stop.is_set():
        host = hosted.host
        finished = asyncio.create_task(host.finished.wait())
        await asyncio.wait({stopped, finished}, return_when=asyncio.FIRST_COMPLETED)
        finished.cancel()
        if not host.finished.is_set():
            print(
                f"stopped {host.match_id}: resume with "
                f"{PROG} host --resume {host.match_id} --headless",
                file=sys.stderr,
                flush=True,
            )
            code = EXIT_INTERRUPTED
            break
        outcome = host.match.outcome()
        won = winners_text(outcome.winners, host.names) if outcome else "none"
        why = f" ({outcome.reason})" if outcome and outcome.reason else ""
        print(f"finished {host.match_id}: won by {won}{why}", flush=True)
        if not await _rematched(host, stop):
            break
        new = hosted.host
        print(f"rematch {new.match_id}: {', '.join(new.names)} (after {host.match_id})", flush=True)
    stopped.cancel()
    await hosted.close()
    return code


async def _rematched(host: MatchServer, stop: asyncio.Event) -> bool:
    """After a match: whether its players agreed to a rematch, waited for while anyone is
    still connected (after `HOST_GRACE`, for the last frames to reach them)."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), HOST_GRACE)
    while not stop.is_set() and not host.moved.is_set() and host.guests:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(host.moved.wait(), 0.5)
    return host.moved.is_set() and not stop.is_set()


# -- join ------------------------------------------------------------------------------------


def cmd_join(args: argparse.Namespace) -> int:
    """`parlour join URL [--watch] [--bot SPEC]`."""
    from replays.remote.invite import BadInvitation, parse

    try:
        invitation = parse(args.invitation)
    except BadInvitation as err:
        raise CliError(str(err), "copy the whole invitation the host printed") from None
    if args.bot is not None and args.watch:
        raise CliError("a bot plays a seat; it does not watch", "give --bot or --watch, not both")
    if args.bot is not None:
        _known_bot(args.bot)
        return _join_as_bot(invitation, args.bot)
    from tui.cli.launch import launch
    from tui.start import Start

    return launch(Start(kind="join", match=str(invitation), watch=args.watch))


def _known_bot(spec: str) -> None:
    """Refuse a spec naming no bot or level before connecting, so the host never sees the seat
    join and leave for it; whether the game can use the bot is known only once joined."""
    from core.ai import UnknownBot, parse_spec

    try:
        parse_spec(spec)
    except UnknownBot as err:
        raise CliError(f"--bot {spec!r}: {err}", "choose one of those") from None


def _join_as_bot(invitation: Invitation, spec: str) -> int:
    try:
        return asyncio.run(_bot_seat(invitation, spec))
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED


async def _bot_seat(invitation: Invitation, spec: str) -> int:
    """Play the invitation's seat with a bot until the match is over."""
    from core.ai import UnknownBot, budget_for, decide_from_view, make_bot
    from core.play import Decide
    from core.rules import SPECTATOR
    from tui.tables.link import Refused, SocketLink

    link = SocketLink(invitation)
    try:
        table = await link.open()
    except Refused as refused:
        todo = (
            "then run this command again with the invitation the host gives"
            if refused.final  # (the host's refusal already says to ask it)
            else "check the invitation, and that the host is running and reachable"
        )
        where = invitation.where
        raise CliError(
            f"the bot cannot join the match at {where}: {refused}", todo, EXIT_USAGE
        ) from None
    if table.seat == SPECTATOR:
        link.close()
        await asyncio.sleep(0)  # (the close is sent)
        raise CliError(
            "this is a spectators' invitation: it holds no seat for the bot to play",
            "give the bot a player's invitation",
        )
    try:
        checked = bot_spec(spec, table.rules, "--bot")
        bot, budget = make_bot(checked, random.randrange(2**32)), budget_for(checked)
    except (CliError, UnknownBot):
        link.close()
        raise
    changed = asyncio.Event()
    ended: list[str] = []
    table.changed = lambda rewritten: changed.set()
    link.ended = ended.append
    rng = random.Random()
    while not table.is_over and not ended:
        changed.clear()
        if isinstance(table.step(), Decide):
            position, view = table.position, table.view(table.seat)
            action = await asyncio.to_thread(decide_from_view, bot, table.rules, view, rng, budget)
            if table.position == position and isinstance(table.step(), Decide):
                table.submit(action)  # not after a takeback that came while it thought
        await changed.wait()
    link.close()
    if ended:  # turned away, or its seat taken by another terminal: said in the host's words
        why = ended[0].rstrip(".")
        raise CliError(
            f"the bot stopped playing: {why[:1].lower()}{why[1:]}",
            "ask the host for a new invitation",
        )
    await asyncio.sleep(0)
    return EXIT_OK
