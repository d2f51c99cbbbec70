"""`parlour verify`, `export`, `import` and `list`: match files, without the app.

**Exports keep hidden hands hidden.** Until a match of a game that hides hands is over, text
and Markdown are written from a seat (`--seat N`: what player N saw, their own hand included)
or, by default, as the public transcript (the spectator's view: no one's hand). JSON is the
lossless backup and holds every draw, so for such a match it needs `--reveal-all`; `--seat`
has no meaning there and is refused. A finished match exports everything.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tui.cli.common import (
    EXIT_BAD,
    EXIT_OK,
    EXIT_USAGE,
    PROG,
    CliError,
    locate,
    say_error,
)

if TYPE_CHECKING:
    import argparse

    from core.match import Match

# -- verify --------------------------------------------------------------------------------


def cmd_verify(args: argparse.Namespace) -> int:
    """One verdict per file, `FILE: verdict`; the exit code is the worst verdict's."""
    worst = EXIT_OK
    for name in args.files:
        path = Path(name)
        if not path.exists():
            from replays.errors import LogError
            from replays.store import locate as find  # (only then: the store is not light)

            with contextlib.suppress(LogError):  # not an id either: "no such file" below
                path = find(name)  # a match id, as 'parlour list' shows it
        code, verdict = verify_one(path)
        if code == EXIT_USAGE:
            # a newer format, or a game this Parlour does not know, is a match file all right:
            # its verdict already says what to do
            known = verdict.startswith(("written by a newer Parlour", "cannot check the rules"))
            todo = "" if known else "give a .parlour match file or an id from 'parlour list'"
            say_error(f"{name}: {verdict}", todo)
        else:
            print(f"{name}: {verdict}", flush=True)
        worst = max(worst, code)
    return worst


def verify_one(path: Path) -> tuple[int, str]:
    """(exit code, verdict) for one file: integrity first, then every entry through the rules.

    The verdict follows the file's name on its line, so it never names the file again."""
    from core import registry
    from core.match import ActionEntry, BadEntry, Match
    from replays import chain
    from replays.ending import false_end, winners_text
    from replays.errors import DamagedLog, LogError, NewerFormat, NotAMatchFile
    from replays.logfile import read_log
    from replays.review import review_of

    if not path.exists():
        return EXIT_USAGE, "no such file"
    if path.is_dir():
        return EXIT_USAGE, "is a folder, not a match file"
    try:
        log = read_log(path)
    except DamagedLog as err:
        why = _unnamed(str(err), path).removeprefix("cannot be used: ")
        why = why.removesuffix("; nothing can be recovered")
        return EXIT_BAD, f"damaged before entry 0 ({why}); nothing is recoverable"
    except NewerFormat as err:
        return EXIT_USAGE, (
            f"written by a newer Parlour (format {err.version}; this one reads up to "
            f"{chain.FORMAT_VERSION}): upgrade Parlour to check it"
        )
    except NotAMatchFile as err:
        return EXIT_USAGE, _unnamed(str(err), path)
    except LogError as err:
        return EXIT_USAGE, _unnamed(str(err), path)
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
        return EXIT_BAD, log.damage.message.removeprefix("the match file is ")
    outcome = match.outcome()
    names = [seat.name for seat in log.header.seats]
    wrong = false_end(match)
    if wrong is not None:
        return EXIT_BAD, f"the end record at entry {wrong[0]} {wrong[1]}"
    if outcome is None:
        seat = match.to_move()
        waiting = "chance" if seat is None or seat < 0 else names[seat]
        status = f"not finished: {waiting} to move"
    else:
        score = f" ({'-'.join(str(s) for s in outcome.scores)})" if outcome.scores else ""
        status = f"finished: winner {winners_text(outcome.winners, names)}{score}"
    review = review_of(match)
    if review is not None:
        status += f", reviewed at {review.level}: {review.done} of {review.total} decisions"
    return EXIT_OK, f"ok: {len(log.entries)} entries, {status}"


def _unnamed(message: str, path: Path) -> str:
    """A replays message without the file's name (the verdict line starts with it)."""
    name = path.name
    message = message.removeprefix(f"{name} ")
    for named, plain in ((f" {name}:", ":"), (f" ({name})", ""), (f" {name}", " it")):
        message = message.replace(named, plain)
    return message


# -- export --------------------------------------------------------------------------------


def cmd_export(args: argparse.Namespace) -> int:
    """`parlour export FILE [--format text|md|json] [--seat N] [--reveal-all] [--out PATH]`."""
    from replays.errors import LogError
    from replays.store import load_match

    path = locate(args.match)
    out: Path | None = args.out
    if out is not None:
        out = _check_target(out, path, force=args.force)
    elif args.force:
        raise CliError("--force applies only with --out", "drop --force, or add --out PATH")
    try:
        match, damage = load_match(path)
    except LogError as err:
        raise CliError(str(err), f"check it with: {PROG} verify {path}") from None
    text = _export_json(match, args) if args.format == "json" else _export_text(match, args)
    if damage is not None:
        say_error(f"warning: {damage}", f"exported the {damage.entry} intact entries")
    if out is None:
        sys.stdout.write(text)
        return EXIT_OK
    try:
        write_whole(out, text.encode("utf-8"), replace=args.force)
    except FileExistsError:
        raise CliError(
            f"{out} already exists",
            "pass --force to overwrite it, or choose another --out path; nothing was written",
        ) from None
    except OSError as err:
        raise CliError(
            f"cannot write {out}: {err.strerror or err}",
            "check the folder's free space and permissions, or choose another --out path; "
            "nothing was written",
            EXIT_BAD,
        ) from None
    print(f"exported to {out}")
    return EXIT_OK


def write_whole(out: Path, data: bytes, *, replace: bool) -> None:
    """Write `out` whole or not at all: a temporary file beside it, fsynced, then renamed (with
    `replace` False, never over a file that appeared meanwhile). On failure nothing is left."""
    import os

    temporary = out.with_name(f".{out.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "xb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        if replace:
            os.replace(temporary, out)
        else:
            os.link(temporary, out)
            os.unlink(temporary)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _check_target(out: Path, source: Path, *, force: bool) -> Path:
    """Where `--out` writes (through a symbolic link, to the file it names), refusing a place
    an export must not go even with `--force`: a folder or a device, a folder that is not
    there, the match itself or any other match file (an export in its place would lose it),
    or a match file's name (the store would list it, and find no match in it)."""
    from replays.logfile import SUFFIX, starts_as_match

    if out.is_symlink():
        out = out.resolve()
    if out.is_dir():
        raise CliError(f"{out} is a folder", "give --out the path of a file to write")
    if not out.parent.is_dir():
        raise CliError(
            f"the folder {out.parent} does not exist",
            "create it first or choose another --out path; nothing was written",
        )
    keep = "choose another --out path; nothing was written"
    if out.exists():
        if not out.is_file():
            raise CliError(f"{out} is not a regular file, so an export cannot replace it", keep)
        if out.samefile(source) or starts_as_match(out):
            raise CliError(f"{out} is a match file, which an export never replaces", keep)
        if not force:
            raise CliError(
                f"{out} already exists",
                "pass --force to overwrite it, or choose another --out path; nothing was written",
            )
    if out.suffix == SUFFIX:
        raise CliError(
            f"an export is not a match file: {out.name} ends in {SUFFIX}",
            "give --out another name (e.g. .md, .txt or .json); nothing was written",
        )
    return out


def _hides_hands(match: Match) -> bool:
    """Whether some hand in `match` is still secret (a hidden-hand game, not over)."""
    return bool(match.rules.hides_information) and not match.is_over


def _export_json(match: Match, args: argparse.Namespace) -> str:
    from replays import export

    if args.seat is not None:
        raise CliError(
            "--seat does not apply to --format json: JSON is the whole match file, every "
            "seat's cards included",
            "drop --seat, or use --format text or md to export what one player saw",
        )
    if _hides_hands(match) and not args.reveal_all:
        raise CliError(
            "the match is not over, and a JSON export holds every card dealt, including "
            "the hands that are still secret",
            "pass --reveal-all to export it anyway (every hand readable in the file), or use "
            "--format text for the public transcript",
        )
    return export.to_json(match)


def _export_text(match: Match, args: argparse.Namespace) -> str:
    from core.rules import SPECTATOR
    from replays import export
    from replays.errors import LogError

    seats = match.header.seats
    hidden = bool(match.rules.hides_information)
    if args.reveal_all:
        raise CliError(
            "--reveal-all is for --format json only",
            "text and Markdown show every hand once the match is over; before that, "
            "export the public transcript or one player's with --seat N",
        )
    if args.seat is not None:
        if args.seat > len(seats):
            raise CliError(
                f"this match has no seat {args.seat}", f"choose --seat 1 to {len(seats)}"
            )
        perspective: int | None = args.seat - 1
        name = seats[args.seat - 1].name
        seen = (
            f"{name} (seat {args.seat}); this shows {name}'s hand, no one else's"
            if hidden and not match.is_over
            else f"{name} (seat {args.seat})"
        )
    elif match.is_over:
        perspective = None
        seen = "everyone (the match is over, so every hand is shown)" if hidden else "everyone"
    elif hidden:
        perspective = SPECTATOR
        seen = (
            "no seat: the public transcript, no one's hand is shown "
            "(the match is not over; --seat N shows what player N saw)"
        )
    else:
        perspective, seen = SPECTATOR, "everyone (nothing is hidden in this game)"
    markdown = args.format == "md"
    render = export.to_markdown if markdown else export.to_text
    try:
        text = render(match, perspective)
    except LogError as err:
        raise CliError(str(err), "choose another --seat") from None
    return _seen_by(text, seen, markdown=markdown)


def _seen_by(text: str, seen: str, *, markdown: bool) -> str:
    """The transcript with its heading's "Seen by" line saying `seen`."""
    label = "- **Seen by:** " if markdown else "Seen by: "
    lines = text.split("\n")
    for number, line in enumerate(lines[:12]):
        if line.startswith(label):
            lines[number] = label + seen
            break
    return "\n".join(lines)


# -- import, list --------------------------------------------------------------------------


def cmd_import(args: argparse.Namespace) -> int:
    """`parlour import FILE.json`: the identical match file, into the store."""
    from replays import paths
    from replays.errors import LogError, SaveFailed, Unstorable
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
        raise CliError(f"{args.file}: {err}", hint) from None
    existing = paths.matches_dir() / file_name(header)
    if existing.exists():
        raise CliError(
            f"this match is already in the store: {existing}",
            "nothing was imported; remove that file first to import it again",
        )
    try:
        path = import_json(args.file)
    except Unstorable as err:
        raise CliError(str(err), hint) from None
    except SaveFailed as err:
        raise CliError(
            str(err), "check the disk space and Parlour's data folder", EXIT_BAD
        ) from None
    except LogError as err:
        raise CliError(str(err), hint) from None
    print(f"imported to {path}")
    return EXIT_OK


def cmd_list(args: argparse.Namespace) -> int:
    """`parlour list`: a table of the matches in the store."""
    from datetime import datetime

    from replays import paths
    from replays.ending import winners_text
    from replays.store import scan_matches

    listing = scan_matches(check=args.check)
    for path, why in listing.unreadable:
        say_error(
            f"skipped {path.name}: {_unnamed(why, path)}", f"check it with: {PROG} verify {path}"
        )
    if not listing.matches:
        print(f"no saved matches in {paths.matches_dir()}")
        return EXIT_OK
    rows = [("ID", "GAME", "SEATS", "MOVES", "LAST PLAYED", "RESULT", "FILE")]
    for found in listing.matches:
        names = [seat.name for seat in found.seats]
        if not found.checked:
            result = "not checked"
        elif found.outcome is None:
            result = "damaged" if found.damage is not None else "in progress"
        else:
            result = "finished: " + (
                winners_text(found.outcome.winners, names) if found.outcome.winners else "draw"
            )
            if found.damage is not None:  # verify rejects it: say so here too
                result += " (damaged)"
        rows.append(
            (
                found.header.match_id[:8],
                found.title,
                ", ".join(names),
                str(found.turns) if found.checked else "?",
                # unread, only the file's own time is known: a copy's, not a move's
                datetime.fromtimestamp(found.last_played).strftime("%Y-%m-%d %H:%M")
                if found.checked
                else "?",
                result,
                found.path.name,
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    for row in rows:
        cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=False)]
        print("  ".join([*cells, row[-1]]))
    unchecked = sum(not found.checked for found in listing.matches)
    if unchecked:
        one = unchecked == 1
        say_error(
            f"{unchecked} {'match has' if one else 'matches have'} no summary beside "
            f"{'its file' if one else 'their files'} (copied in, or saved by an older Parlour): "
            f"{'its moves and result are' if one else 'their moves and results are'} not "
            "checked yet",
            f"'{PROG} list --check' reads and checks {'it' if one else 'them'}, once",
        )
    return EXIT_OK
