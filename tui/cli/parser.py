"""The command line's parser: argparse, built for the one command that runs (or all of them,
for `--help`). `tui.cli.plain_line` reads the plainest lines of `verify` and `list` without it."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import NoReturn

import core
from tui.cli.common import EXIT_USAGE, PROG, say_error
from tui.cli.ply_limits import PLY_LIMITS


class Parser(argparse.ArgumentParser):
    """argparse, with usage errors in Parlour's one-line style (still exit 2)."""

    def error(self, message: str) -> NoReturn:
        say_error(message, f"see '{self.prog} --help'")
        raise SystemExit(EXIT_USAGE)


def build(only: str | None = None) -> Parser:
    """The command line's parser; with `only`, the one command that is run gets its own
    (building every command's took as long as `parlour list`'s work on a small store)."""

    def wanted(command: str) -> bool:
        return only is None or command == only

    parser = Parser(
        prog=PROG,
        description="Parlour, a terminal games salon. With no command, opens the app.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {core.__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    def option_flag(sub: argparse.ArgumentParser) -> None:
        sub.add_argument(
            "--option",
            "-o",
            action="append",
            default=[],
            metavar="KEY=VALUE",
            help="a game option, e.g. level=advanced (repeatable, each key once)",
        )

    def run_flags(sub: argparse.ArgumentParser, out_help: str, *, out_required: bool) -> None:
        sub.add_argument("--players", type=positive, metavar="N", help="seats (default: fewest)")
        sub.add_argument("--games", type=positive, required=True, metavar="N")
        sub.add_argument(
            "--seed",
            type=seed,
            required=True,
            metavar="S",
            help="the whole run is reproducible from it",
        )
        sub.add_argument("--out", type=Path, required=out_required, metavar="DIR", help=out_help)
        sub.add_argument(
            "--max-plies",
            type=positive,
            metavar="N",
            help="stop a match after N decisions and count it unfinished (default: about ten "
            "times a long match of the game: "
            + ", ".join(f"{game} {limit}" for game, limit in PLY_LIMITS.items())
            + ")",
        )

    if wanted("new"):
        new = commands.add_parser("new", help="open the app at a new game of GAME")
        new.add_argument("game", metavar="GAME", help="game id, e.g. en-garde")
        option_flag(new)
        new.add_argument(
            "--players", type=positive, metavar="N", help="seats (default: as last time)"
        )

    if wanted("resume"):
        resume = commands.add_parser("resume", help="open the app at a saved match (or the list)")
        resume.add_argument("match", metavar="ID", nargs="?", help="match id (or file)")

    if wanted("replay"):
        replay = commands.add_parser("replay", help="open the app's replay viewer on a match")
        replay.add_argument("match", metavar="FILE", help="match file (or id)")

    if wanted("selfplay"):
        selfplay = commands.add_parser("selfplay", help="bots play matches into a folder")
        selfplay.add_argument("game", metavar="GAME", help="game id, e.g. en-garde")
        option_flag(selfplay)
        selfplay.add_argument(
            "--seat",
            action="append",
            default=[],
            metavar="SPEC",
            help="the bot at the next seat: random, greedy, mcts or ismcts, with a level "
            "(easy, normal, hard), e.g. ismcts:normal; once for every seat, or one for all "
            "(default: random)",
        )
        run_flags(selfplay, "the folder for the match files", out_required=True)

    if wanted("tournament"):
        tournament = commands.add_parser(
            "tournament", help="bot A against bot B: results, a 95%% interval, time per decision"
        )
        tournament.add_argument("game", metavar="GAME", help="game id, e.g. en-garde")
        tournament.add_argument(
            "--a", required=True, metavar="SPEC", help="the bot under test, e.g. ismcts:normal"
        )
        tournament.add_argument(
            "--b",
            required=True,
            metavar="SPEC",
            help="its opponent, at every other seat, e.g. random",
        )
        option_flag(tournament)
        run_flags(
            tournament, "also write every match file here (default: none)", out_required=False
        )

    if wanted("verify"):
        verify = commands.add_parser("verify", help="check match files: integrity and rules")
        verify.add_argument("files", metavar="FILE", nargs="+", help="match files (or ids)")

    if wanted("export"):
        export = commands.add_parser("export", help="a match as text, Markdown or JSON")
        export.add_argument("match", metavar="FILE", help="match file (or id)")
        export.add_argument("--format", "-f", choices=("text", "md", "json"), default="text")
        export.add_argument("--out", type=Path, metavar="PATH", help="write here, not to stdout")
        export.add_argument(
            "--force",
            action="store_true",
            help="with --out: overwrite an earlier export (never a match file)",
        )
        export.add_argument(
            "--seat",
            type=positive,
            metavar="N",
            help="text/md: what player N saw, their hand included (default while a match of "
            "hidden hands is on: the public transcript, no hand shown)",
        )
        export.add_argument(
            "--reveal-all",
            action="store_true",
            help="json: export a match whose hands are still secret, every card readable",
        )

    if wanted("review"):
        review = commands.add_parser(
            "review",
            help="the computer marks a match's mistakes and better moves, kept in its file",
        )
        review.add_argument("match", metavar="FILE", help="match file (or id)")
        review.add_argument(
            "--level",
            choices=("easy", "normal", "hard"),
            default="normal",
            help="how long the search thinks about each decision (default: normal)",
        )
        review.add_argument(
            "--seed", type=seed, default=0, metavar="S", help="the review is reproducible from it"
        )
        review.add_argument(
            "--seats",
            type=_seats,
            metavar="WHO",
            help="human (the people's seats; the default), all, or seat numbers such as 1,2",
        )

    if wanted("import"):
        imp = commands.add_parser("import", help="recreate a match file from a JSON export")
        imp.add_argument("file", metavar="FILE.json", type=Path)

    if wanted("list"):
        listing = commands.add_parser("list", help="the matches in the store")
        listing.add_argument(
            "--check",
            action="store_true",
            help="also read and check the matches that came without the summary Parlour keeps "
            "beside a match file (copied in, or from an older Parlour); kept once checked",
        )

    if wanted("host"):
        host = commands.add_parser("host", help="host a match others join from their own terminals")
        host.add_argument("game", metavar="GAME", nargs="?", help="game id, e.g. en-garde")
        option_flag(host)
        host.add_argument("--players", type=positive, metavar="N", help="seats (default: fewest)")
        host.add_argument(
            "--seat",
            action="append",
            default=[],
            metavar="SPEC",
            help="who plays the next seat: here (this terminal), remote (a guest; prints an "
            "invitation) or a bot (random, greedy, ismcts:normal, ...); add =NAME to name the "
            "player, e.g. here=Ann remote=Ben (default: here, then remote)",
        )
        host.add_argument(
            "--listen",
            metavar="ADDR:PORT",
            help="where to listen (default 127.0.0.1:7480, this machine only; with --resume, where "
            "the match was hosted last, so the invitations still hold)",
        )
        host.add_argument(
            "--advertise", metavar="ADDR", help="the address invitations name (default: --listen's)"
        )
        host.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"), help="serve over TLS")
        host.add_argument(
            "--resume", metavar="ID", help="host a match hosted before, same invitations"
        )
        host.add_argument(
            "--reissue",
            action="append",
            default=[],
            metavar="SEAT",
            help="with --resume: a new invitation for seat SEAT (or 'watch'); the old one stops",
        )
        host.add_argument("--headless", action="store_true", help="no screen: serve only")

    if wanted("join"):
        join = commands.add_parser("join", help="join a hosted match with an invitation")
        join.add_argument("invitation", metavar="URL", help="parlour://… from the host")
        join.add_argument(
            "--watch", action="store_true", help="follow the match (watching invitation)"
        )
        join.add_argument("--bot", metavar="SPEC", help="let a bot play the seat, without a screen")
    return parser


def _seats(text: str) -> str | list[int]:
    """`--seats`, read by the review command's own type (imported only then)."""
    from tui.cli.review import seats_arg

    return seats_arg(text)


# -- argument types ------------------------------------------------------------------------


def positive(text: str) -> int:
    """An argparse type: a whole number, 1 or more."""
    value = whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be 1 or more")
    return value


SEEDS = 2**63
"""Seeds run from 0 to just under this: a seed is kept in a match file (a review's), whose
numbers are 64-bit."""


def seed(text: str) -> int:
    """An argparse type: a seed, a whole number from 0 to 2**63 - 1."""
    value = whole(text)
    if not 0 <= value < SEEDS:
        raise argparse.ArgumentTypeError(f"{text!r} is not a seed: use 0 to {SEEDS - 1}")
    return value


def whole(text: str) -> int:
    """An argparse type: a whole number."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
