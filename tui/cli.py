"""The `parlour` command: launch the app, or work on match files without it.

Headless commands (selfplay, verify, export, import, list) never import Textual, and every
heavy import happens inside the command that needs it, so `--help` and `--version` are
instant and the app reaches its menu as fast as a bare Textual app. Nothing reaches the user
as a traceback: errors read `parlour: <what went wrong> — <what to do>`.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import traceback
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import core

if TYPE_CHECKING:
    from core.rules import Rules
    from tui.start import Start

PROG = "parlour"
EXIT_OK, EXIT_BAD, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


class CliError(Exception):
    """A problem the user can fix: what went wrong, what to do, and the exit code."""

    def __init__(self, what: str, todo: str, code: int = EXIT_USAGE) -> None:
        super().__init__(what)
        self.what, self.todo, self.code = what, todo, code


def _say_error(what: str, todo: str = "") -> None:
    print(f"{PROG}: {what}" + (f" — {todo}" if todo else ""), file=sys.stderr)


class _Parser(argparse.ArgumentParser):
    """argparse, with usage errors in Parlour's one-line style (still exit 2)."""

    def error(self, message: str) -> NoReturn:
        _say_error(message, f"see '{self.prog} --help'")
        raise SystemExit(EXIT_USAGE)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be 1 or more")
    return value


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _parser() -> _Parser:
    parser = _Parser(
        prog=PROG,
        description="Parlour, a terminal games salon. With no command, opens the app.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {core.__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    def option_flag(sub: argparse.ArgumentParser) -> None:
        sub.add_argument(
            "--option", "-o", action="append", default=[], metavar="KEY=VALUE",
            help="a game option, e.g. level=advanced (repeatable)",
        )

    new = commands.add_parser("new", help="open the app at a new game of GAME")
    new.add_argument("game", metavar="GAME", help="game id, e.g. en-garde")
    option_flag(new)

    resume = commands.add_parser("resume", help="open the app at a saved match (or the list)")
    resume.add_argument("match", metavar="ID", nargs="?", help="match id (or file)")

    replay = commands.add_parser("replay", help="open the app's replay viewer on a match")
    replay.add_argument("match", metavar="FILE", help="match file (or id)")

    selfplay = commands.add_parser("selfplay", help="random bots play matches into a folder")
    selfplay.add_argument("game", metavar="GAME", help="game id, e.g. en-garde")
    option_flag(selfplay)
    selfplay.add_argument("--players", type=_positive, metavar="N", help="seats (default: fewest)")
    selfplay.add_argument("--games", type=_positive, required=True, metavar="N")
    selfplay.add_argument("--seed", type=_whole, required=True, metavar="S",
                          help="the whole run is reproducible from it")
    selfplay.add_argument("--out", type=Path, required=True, metavar="DIR")

    verify = commands.add_parser("verify", help="check match files: integrity and rules")
    verify.add_argument("files", metavar="FILE", nargs="+")

    export = commands.add_parser("export", help="a match as text, Markdown or JSON")
    export.add_argument("match", metavar="FILE", help="match file (or id)")
    export.add_argument("--format", "-f", choices=("text", "md", "json"), default="text")
    export.add_argument("--out", type=Path, metavar="PATH", help="write here, not to stdout")
    export.add_argument("--seat", type=_positive, metavar="N",
                        help="text/md: only what player N saw (needed while a match is on)")

    imp = commands.add_parser("import", help="recreate a match file from a JSON export")
    imp.add_argument("file", metavar="FILE.json", type=Path)

    commands.add_parser("list", help="the matches in the store")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """The console script: run one command and return its exit code."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")  # a narrow terminal encoding must not crash output
    try:
        args = _parser().parse_args(argv)
    except SystemExit as leaving:  # --help, --version and usage errors
        return leaving.code if isinstance(leaving.code, int) else EXIT_USAGE
    try:
        return _COMMANDS[args.command](args)
    except CliError as err:
        _say_error(err.what, err.todo)
        return err.code
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BAD
    except Exception as err:  # the last line of defence: a short message, never a traceback
        if os.environ.get("PARLOUR_DEBUG"):
            traceback.print_exc()
        _say_error(
            f"unexpected error ({type(err).__name__}: {err})",
            "this is a bug in Parlour; please report it with the command you ran "
            "(set PARLOUR_DEBUG=1 to see the details)",
        )
        return EXIT_BAD


def _silence_stdout() -> None:
    """After the reader of a pipe left (`parlour export x | head`), drop further output."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


# -- shared checks -------------------------------------------------------------------------


def _rules(game: str) -> Rules[Any, Any, Any]:
    from core import registry

    try:
        return registry.get(game)
    except registry.UnknownGame as err:
        known = ", ".join(rules.id for rules in registry.all())
        raise CliError(str(err), f"choose one of: {known}") from None


def _options(rules: Rules[Any, Any, Any], pairs: Sequence[str]) -> dict[str, Any]:
    """`KEY=VALUE` texts, checked and typed by the game's declared options."""
    from core.rules import BadOption, resolve_options

    given: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise CliError(f"--option {pair!r} is not KEY=VALUE", _options_hint(rules))
        given[key.strip()] = value.strip()
    try:
        return resolve_options(rules.options, given)
    except BadOption as err:
        raise CliError(str(err), _options_hint(rules)) from None


def _options_hint(rules: Rules[Any, Any, Any]) -> str:
    if not rules.options:
        return f"{rules.title} has no options"
    described = "; ".join(
        f"{o.key}={'|'.join(str(c) for c in o.choices) or type(o.default).__name__}"
        f" (default {o.default})"
        for o in rules.options
    )
    return f"{rules.title} options: {described}"


def _locate(target: str) -> Path:
    """A match file by path or store id, readable enough to open."""
    from replays.errors import LogError
    from replays.logfile import read_header
    from replays.store import locate

    try:
        path = locate(target)
        read_header(path)
    except LogError as err:
        raise CliError(str(err), "give a .parlour file or an id from 'parlour list'") from None
    return path


# -- launching the app ---------------------------------------------------------------------


def _launch(start: Start | None) -> int:
    """The only place Textual is imported."""
    try:
        from tui.app import run
    except ImportError as err:
        raise CliError(
            f"the app cannot start ({err})",
            "reinstall Parlour; the headless commands (selfplay, verify, export, list) still work",
            EXIT_BAD,
        ) from None
    run(start)
    return EXIT_OK


def _cmd_app(args: argparse.Namespace) -> int:
    return _launch(None)


def _cmd_new(args: argparse.Namespace) -> int:
    from tui.start import Start

    rules = _rules(args.game)
    options = _options(rules, args.option)
    return _launch(Start(kind="new", game=rules.id, options=options))


def _cmd_resume(args: argparse.Namespace) -> int:
    from tui.start import Start

    if args.match is None:
        return _launch(Start(kind="resume"))
    from replays.logfile import read_log
    from replays.store import summarise

    path = _locate(args.match)
    if summarise(read_log(path)).finished:
        raise CliError(
            f"{path.name} is a finished match", f"watch it with: {PROG} replay {path}"
        )
    return _launch(Start(kind="resume", match=str(path)))


def _cmd_replay(args: argparse.Namespace) -> int:
    from tui.start import Start

    return _launch(Start(kind="replay", match=str(_locate(args.match))))


# -- selfplay ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Played:
    winners: str
    scores: str
    actions: int
    moves: int


def _cmd_selfplay(args: argparse.Namespace) -> int:
    from core.ai import make_bot

    rules = _rules(args.game)
    options = _options(rules, args.option)
    players = args.players or rules.min_players
    if not rules.min_players <= players <= rules.max_players:
        span = (
            str(rules.min_players) if rules.min_players == rules.max_players
            else f"{rules.min_players} to {rules.max_players}"
        )
        raise CliError(f"{rules.title} is for {span} players, not {players}",
                       f"use --players {rules.min_players}")
    out: Path = args.out
    names = [f"{rules.id}-{n:0{max(4, len(str(args.games)))}d}.parlour"
             for n in range(1, args.games + 1)]
    _prepare_folder(out, names)

    master = random.Random(args.seed)
    written = 0
    try:
        for number, name in enumerate(names, start=1):
            chance = random.Random(master.getrandbits(64))
            bots = [make_bot("random", master.getrandbits(64)) for _ in range(players)]
            played = _play_one(rules, options, bots, chance, out / name)
            written += 1
            print(
                f"[{number:>{len(str(args.games))}}/{args.games}] {name}: "
                f"winner {played.winners}, score {played.scores}, "
                f"{played.actions} actions ({played.moves} by players)",
                flush=True,
            )
    except KeyboardInterrupt:
        print(
            f"interrupted: {written} of {args.games} matches written to {out} "
            "(the unfinished one was removed)",
            file=sys.stderr,
        )
        return EXIT_INTERRUPTED
    print(f"{written} matches written to {out}")
    return EXIT_OK


def _prepare_folder(out: Path, names: Sequence[str]) -> None:
    if out.exists() and not out.is_dir():
        raise CliError(f"{out} is not a folder", "give --out a folder (it is created if missing)")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise CliError(f"cannot create {out}: {err.strerror or err}",
                       "choose a folder you can write to") from None
    taken = [name for name in names if (out / name).exists()]
    if taken:
        raise CliError(f"{out / taken[0]} already exists ({len(taken)} of the files would clash)",
                       "choose an empty folder or remove the old files; nothing was overwritten")


def _play_one(
    rules: Rules[Any, Any, Any],
    options: dict[str, Any],
    bots: Sequence[Any],
    chance: random.Random,
    path: Path,
) -> _Played:
    """One complete match into `path`; an interrupted or failed match leaves no file."""
    from core.match import Header, Match, Seat
    from core.play import play_out
    from core.rules import CHANCE
    from replays.errors import LogError
    from replays.logfile import LogWriter
    from replays.store import OpenMatch

    seats = tuple(Seat(f"Random {n}", "bot", "random") for n in range(1, len(bots) + 1))
    header = Header(
        game=rules.id,
        options=options,
        seats=seats,
        match_id=uuid.uuid4().hex,
        created=datetime.now().astimezone().isoformat(timespec="seconds"),
        app_version=core.__version__,
    )
    try:
        writer = LogWriter.create(path, header)
    except LogError as err:
        todo = (
            "something else is writing to the --out folder; give each run its own folder"
            if path.exists() else "check that the --out folder is writable"
        )
        raise CliError(str(err), todo, EXIT_BAD) from None
    except KeyboardInterrupt:
        _discard(path)
        raise
    try:
        with OpenMatch(Match(rules, header, sink=writer.append), writer) as opened:
            match = opened.match
            play_out(match, dict(enumerate(bots)), chance, submit=opened.submit)
    except BaseException as err:
        writer.close()
        _discard(path)
        if isinstance(err, LogError):
            raise CliError(str(err), "check the disk space and the --out folder",
                           EXIT_BAD) from None
        raise
    outcome = match.outcome()
    assert outcome is not None
    moves = [entry for _, entry in match.actions()]
    return _Played(
        winners=_winners(outcome.winners, [s.name for s in seats]),
        scores="-".join(str(s) for s in outcome.scores) or "none",
        actions=len(moves),
        moves=sum(1 for entry in moves if entry.seat != CHANCE),
    )


def _discard(path: Path) -> None:
    """Remove an unfinished selfplay file and its lock note."""
    from replays.lock import sidecar

    path.unlink(missing_ok=True)
    sidecar(path).unlink(missing_ok=True)


def _winners(winners: Sequence[int], names: Sequence[str]) -> str:
    return " and ".join(names[w] for w in winners) if winners else "none (a draw)"


# -- verify --------------------------------------------------------------------------------


def _cmd_verify(args: argparse.Namespace) -> int:
    worst = EXIT_OK
    for name in args.files:
        code, verdict = _verify_one(Path(name))
        if code == EXIT_USAGE:
            _say_error(f"{name}: {verdict}", "give the path of a .parlour match file")
        else:
            print(f"{name}: {verdict}", flush=True)
        worst = max(worst, code)
    return worst


def _verify_one(path: Path) -> tuple[int, str]:
    """(exit code, verdict) for one file: integrity first, then every entry through the rules."""
    from core import registry
    from core.match import ActionEntry, BadEntry, Match
    from replays.errors import DamagedLog, LogError, NewerFormat
    from replays.logfile import read_log

    if not path.exists():
        return EXIT_USAGE, "no such file"
    if path.is_dir():
        return EXIT_USAGE, "is a folder, not a match file"
    try:
        log = read_log(path)
    except DamagedLog as err:
        return EXIT_BAD, f"damaged before entry 0 ({err}); nothing is recoverable"
    except NewerFormat as err:
        return EXIT_USAGE, f"written in a newer format: {err}"
    except LogError as err:
        return EXIT_USAGE, str(err)
    try:
        rules = registry.get(log.header.game)
    except registry.UnknownGame as err:
        return EXIT_USAGE, f"cannot check the rules: {err} (a newer Parlour may know it)"
    try:
        match = Match(rules, log.header, log.entries)
    except BadEntry as err:
        what = "illegal action" if isinstance(log.entries[err.index], ActionEntry) else "bad entry"
        return EXIT_BAD, f"{what} at entry {err.index}: {err.reason}"
    except ValueError as err:
        return EXIT_BAD, f"the header does not suit {rules.title}: {err}"
    if log.damage is not None:
        entry = log.damage.entry
        kept = f"entries 0..{entry - 1} are recoverable" if entry else "nothing is recoverable"
        return EXIT_BAD, f"damaged at entry {entry} ({log.damage.reason}); {kept}"
    outcome = match.outcome()
    names = [seat.name for seat in log.header.seats]
    if outcome is None:
        seat = match.to_move()
        waiting = "chance" if seat is None or seat < 0 else names[seat]
        status = f"not finished: {waiting} to move"
    else:
        score = f" ({'-'.join(str(s) for s in outcome.scores)})" if outcome.scores else ""
        status = f"finished: winner {_winners(outcome.winners, names)}{score}"
    return EXIT_OK, f"ok: {len(log.entries)} entries, {status}"


# -- export, import, list ------------------------------------------------------------------


def _cmd_export(args: argparse.Namespace) -> int:
    from replays import export
    from replays.errors import LogError
    from replays.store import load_match

    path = _locate(args.match)
    try:
        match, damage = load_match(path)
    except LogError as err:
        raise CliError(str(err), f"check it with: {PROG} verify {path}") from None
    if damage is not None:
        _say_error(f"warning: {damage}", f"exporting the {damage.entry} intact entries")
    perspective = None if args.seat is None else args.seat - 1
    if args.format == "json":
        text = export.to_json(match)
    else:
        if perspective is None and not match.is_over:
            raise CliError(
                "the match is not over, so not every hand may be shown",
                "pass --seat N to export what player N has seen",
            )
        if perspective is not None and perspective >= len(match.header.seats):
            raise CliError(f"this match has no seat {args.seat}",
                           f"choose --seat 1 to {len(match.header.seats)}")
        render = export.to_markdown if args.format == "md" else export.to_text
        try:
            text = render(match, perspective)
        except LogError as err:
            raise CliError(str(err), "choose another --seat") from None
    if args.out is None:
        sys.stdout.write(text)
        return EXIT_OK
    try:
        args.out.write_text(text, encoding="utf-8")
    except OSError as err:
        raise CliError(f"cannot write {args.out}: {err.strerror or err}",
                       "choose another --out path", EXIT_BAD) from None
    print(f"exported to {args.out}")
    return EXIT_OK


def _cmd_import(args: argparse.Namespace) -> int:
    from replays import paths
    from replays.errors import LogError, SaveFailed
    from replays.export import from_json, import_json
    from replays.store import file_name

    hint = "give a file made by 'parlour export --format json'"
    try:
        header, _ = from_json(args.file.read_text(encoding="utf-8"))
    except OSError as err:
        raise CliError(f"cannot read {args.file}: {err.strerror or err}", hint) from None
    except UnicodeDecodeError:
        raise CliError(f"{args.file} is not a text file, so not a JSON export", hint) from None
    except LogError as err:
        raise CliError(str(err), hint) from None
    existing = paths.matches_dir() / file_name(header)
    if existing.exists():
        raise CliError(f"this match is already in the store: {existing}",
                       "nothing was imported; remove that file first to import it again")
    try:
        path = import_json(args.file)
    except SaveFailed as err:
        raise CliError(str(err), "check the disk space and Parlour's data folder",
                       EXIT_BAD) from None
    except LogError as err:
        raise CliError(str(err), hint) from None
    print(path)
    return EXIT_OK


def _cmd_list(args: argparse.Namespace) -> int:
    from replays import paths
    from replays.store import scan_matches

    listing = scan_matches()
    for path, why in listing.unreadable:
        _say_error(f"skipped {path.name}: {why}", f"check it with: {PROG} verify {path}")
    if not listing.matches:
        print(f"no saved matches in {paths.matches_dir()}")
        return EXIT_OK
    rows = [("ID", "GAME", "SEATS", "TURNS", "LAST PLAYED", "RESULT", "FILE")]
    for found in listing.matches:
        names = [seat.name for seat in found.seats]
        if found.outcome is None:
            result = "damaged" if found.damage is not None else "in progress"
        else:
            result = "finished: " + (
                _winners(found.outcome.winners, names) if found.outcome.winners else "draw"
            )
        rows.append((
            found.header.match_id[:8],
            found.title,
            ", ".join(names),
            str(found.turns),
            datetime.fromtimestamp(found.last_played).strftime("%Y-%m-%d %H:%M"),
            result,
            found.path.name,
        ))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    for row in rows:
        cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=False)]
        print("  ".join([*cells, row[-1]]))
    return EXIT_OK


_COMMANDS = {
    None: _cmd_app,
    "new": _cmd_new,
    "resume": _cmd_resume,
    "replay": _cmd_replay,
    "selfplay": _cmd_selfplay,
    "verify": _cmd_verify,
    "export": _cmd_export,
    "import": _cmd_import,
    "list": _cmd_list,
}
