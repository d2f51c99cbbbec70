"""`parlour selfplay`: bots play complete matches into a folder, reproducibly from a seed.

`play_one` is the one way the command line plays a match (tournaments too): `core.play`'s turn
loop, every action through the match file's writer when there is a file. An interrupted or
failed match leaves no file behind.

**The ply limit.** Bots can play a game that never ends (The Blood of an Englishman has no
draw rule), so every match stops after `--max-plies` decisions, by default the game's figure in
`tui.cli.ply_limits`. A match stopped there is *unfinished*: its line says so and its file is kept,
since it is a valid match file (`parlour verify` reads it, the app can resume it) and the one
record of how the bots got stuck, which is what a person then wants to look at.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import core
from tui.cli.common import (
    EXIT_BAD,
    EXIT_INTERRUPTED,
    EXIT_OK,
    CliError,
    TimedBot,
    bot_spec,
    game_options,
    game_rules,
    player_count,
    term_as_interrupt,
)
from tui.cli.ply_limits import ply_limit
from tui.wording import bot_name, numbered

if TYPE_CHECKING:
    from core.ai import Bot
    from core.match import Match, Seat
    from core.rules import Rules


@dataclass(frozen=True)
class _Played:
    winners: str
    scores: str
    actions: int
    moves: int


def cmd_selfplay(args: argparse.Namespace) -> int:
    """`parlour selfplay GAME [--seat SPEC ...] --games N --seed S --out DIR`."""
    from core.match import Seat
    from core.rules import CHANCE
    from replays.ending import winners_text

    rules = game_rules(args.game)
    given = [bot_spec(text, rules) for text in args.seat]
    counted = not args.players and len(given) > 1  # the count is the --seat given
    players = player_count(
        rules, args.players or (len(given) if counted else rules.min_players), seats=counted
    )
    options = game_options(rules, args.option, players)
    if len(given) > 1 and len(given) != players:
        raise CliError(
            f"{len(given)} --seat given for {players} players",
            f"give one --seat for every seat, or one for all {players}",
        )
    specs = given * players if len(given) == 1 else given or ["random"] * players
    names: list[str] = []
    for spec in specs:  # named as the app names bots: "Random bot", "Random bot 2"
        names.append(numbered(bot_name(spec), names))
    seats = tuple(Seat(name, "bot", spec) for name, spec in zip(names, specs, strict=True))
    out: Path = args.out
    width = len(str(args.games))
    prepare_folder(out, rules.id, args.games)

    limit = ply_limit(rules, args.max_plies)
    master = random.Random(args.seed)
    written = unfinished = 0
    with term_as_interrupt():
        try:
            for number in range(1, args.games + 1):  # names made one at a time: bounded memory
                name = match_name(rules.id, number, args.games)
                chance = random.Random(master.getrandbits(64))
                bots = {n: TimedBot(spec, master.getrandbits(64)) for n, spec in enumerate(specs)}
                match = play_one(rules, options, seats, bots, chance, out / name, limit)
                outcome = match.outcome()
                moves = [entry for _, entry in match.actions()]
                written += 1
                if outcome is None:
                    unfinished += 1
                    print(
                        f"[{number:>{width}}/{args.games}] {name}: unfinished, stopped at the "
                        f"ply limit after {len(moves)} actions ({limit} by players); file kept",
                        flush=True,
                    )
                    continue
                played = _Played(
                    winners=winners_text(outcome.winners, [s.name for s in seats]),
                    scores="-".join(str(s) for s in outcome.scores) or "none",
                    actions=len(moves),
                    moves=sum(1 for entry in moves if entry.seat != CHANCE),
                )
                print(
                    f"[{number:>{width}}/{args.games}] {name}: "
                    f"winner {played.winners}, score {played.scores}, "
                    f"{played.actions} actions ({played.moves} by players)",
                    flush=True,
                )
        except KeyboardInterrupt:
            print(
                f"interrupted: {written} of {args.games} matches written to {out} "
                "(the interrupted one was removed)",
                file=sys.stderr,
            )
            return EXIT_INTERRUPTED
    left = f", {unfinished} of them unfinished at the ply limit ({limit})" if unfinished else ""
    matches = "1 match" if written == 1 else f"{written} matches"
    print(f"{matches} written to {out}{left}")
    return EXIT_OK


def match_name(game: str, number: int, games: int) -> str:
    """The file name of match `number` (from 1) of a run of `games`: `en-garde-0001.parlour`."""
    return f"{game}-{number:0{max(4, len(str(games)))}d}.parlour"


def prepare_folder(out: Path, game: str, games: int) -> None:
    """Create `out` if needed; refuse when a file of the run (`match_name(game, 1..games)`) is
    already in it. The folder is read once; nothing is made per game up front. Temporary match
    files a killed run left in it are removed (`replays.leftovers`)."""
    from replays import leftovers

    if out.exists() and not out.is_dir():
        raise CliError(f"{out} is not a folder", "give --out a folder (it is created if missing)")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise CliError(
            f"cannot create {out}: {err.strerror or err}", "choose a folder you can write to"
        ) from None
    leftovers.sweep(out)
    pattern = re.compile(rf"{re.escape(game)}-(\d+)\.parlour")
    taken: list[str] = []
    try:
        for entry in sorted(out.iterdir()):
            found = pattern.fullmatch(entry.name)
            if (
                found
                and 1 <= int(found[1]) <= games
                and entry.name == match_name(game, int(found[1]), games)
            ):
                taken.append(entry.name)
    except OSError as err:
        raise CliError(
            f"cannot read {out}: {err.strerror or err}", "choose a folder you can read and write"
        ) from None
    if taken:
        raise CliError(
            f"{out / taken[0]} already exists ({len(taken)} of the files would clash)",
            "choose an empty folder or remove the old files; nothing was overwritten",
        )


def play_one(
    rules: Rules[Any, Any, Any],
    options: dict[str, Any],
    seats: Sequence[Seat],
    bots: Mapping[int, Bot],
    chance: random.Random,
    path: Path | None,
    max_plies: int | None = None,
) -> Match:
    """One match to its end or to `max_plies` decisions, into the file `path` (kept once the
    match is over or stopped at the limit; removed when interrupted or failed) or, with None,
    in memory only."""
    from core.match import Header, Match
    from core.play import play_out
    from replays.errors import LogError
    from replays.logfile import LogWriter
    from replays.store import OpenMatch

    header = Header(
        game=rules.id,
        options=options,
        seats=tuple(seats),
        match_id=uuid.uuid4().hex,
        created=datetime.now().astimezone().isoformat(timespec="seconds"),
        app_version=core.__version__,
    )
    if path is None:
        match = Match(rules, header)
        play_out(match, bots, chance, max_plies=max_plies)
        return match
    try:
        writer = LogWriter.create(path, header)
    except LogError as err:
        todo = (
            "something else is writing to the --out folder; give each run its own folder"
            if path.exists()
            else "check that the --out folder is writable"
        )
        raise CliError(str(err), todo, EXIT_BAD) from None
    except KeyboardInterrupt:
        discard(path)
        raise
    try:
        with OpenMatch(Match(rules, header, sink=writer.append), writer) as opened:
            match = opened.match
            play_out(match, bots, chance, submit=opened.submit, max_plies=max_plies)
    except BaseException as err:
        writer.close()
        discard(path)
        if isinstance(err, LogError):
            raise CliError(
                str(err), "check the disk space and the --out folder", EXIT_BAD
            ) from None
        raise
    return match


def discard(path: Path) -> None:
    """Remove an unfinished match file and its lock note."""
    from replays import summary
    from replays.lock import sidecar

    path.unlink(missing_ok=True)
    sidecar(path).unlink(missing_ok=True)
    summary.remove(path)
