"""`parlour tournament`: bot A against bot B over many matches, with a confidence interval.

Seats rotate: in game g (from 0) A sits at seat g mod players and B at every other seat, so
over a multiple of the player count each side plays every seat equally (who moves first
included). Every game's deal and every bot's seed come from `--seed`; bots think on their
level's budget with a real clock, and each decision is timed with `time.perf_counter`. The
statistics (tally, Wilson interval, timing) are `core.ai.tournament`'s; this module plays and
formats. Match files are written only with `--out` (each verifies); Ctrl-C stops between or
inside a game and still prints the result so far.

A game that reaches the ply limit (`--max-plies`, `tui.cli.ply_limits`) is stopped and counted
as **unfinished**, beside W-D-L and never as a draw: the game has no result, and calling it a
draw would hide a bot that cannot finish. Its seed is the run's, so it can be played again.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from tui.cli.common import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    TimedBot,
    bot_spec,
    game_options,
    game_rules,
    player_count,
    term_as_interrupt,
)
from tui.cli.ply_limits import ply_limit
from tui.cli.selfplay import match_name, play_one, prepare_folder
from tui.wording import bot_name

if TYPE_CHECKING:
    from core.ai.tournament import Tally
    from core.match import Seat
    from core.rules import Outcome, Rules

BAR = 20
"""Width of the progress bar, in characters."""


@dataclass
class _Side:
    """One side's bots and their decision times, over the games so far."""

    spec: str
    seconds: list[float] = field(default_factory=list)
    at_time_cap: int = 0

    def add(self, bot: TimedBot) -> None:
        self.seconds += bot.seconds
        self.at_time_cap += bot.at_time_cap


@dataclass
class _Results:
    """What happened so far: each game's outcome with A's seat, and both sides' times."""

    a: _Side
    b: _Side
    players: int
    games: list[tuple[Outcome, int]] = field(default_factory=list)
    unfinished: list[int] = field(default_factory=list)
    """The numbers (from 1) of the games stopped at the ply limit."""
    limit: int = 0
    """The ply limit the games were played to."""

    @property
    def played(self) -> int:
        return len(self.games) + len(self.unfinished)

    def tally(self, seat: int | None = None) -> Tally:
        """A's tally, over every game or over the games A played at `seat`."""
        from core.ai.tournament import tally

        return tally((o, s) for o, s in self.games if seat is None or s == seat)


def cmd_tournament(args: argparse.Namespace) -> int:
    """`parlour tournament GAME --a SPEC --b SPEC --games N --seed S [--players N]
    [--option K=V] [--out DIR]`."""
    rules = game_rules(args.game)
    a, b = bot_spec(args.a, rules, "--a"), bot_spec(args.b, rules, "--b")
    players = player_count(rules, args.players or rules.min_players)
    options = game_options(rules, args.option, players)
    out: Path | None = args.out
    if out is not None:
        prepare_folder(out, rules.id, args.games)

    limit = ply_limit(rules, args.max_plies)
    results = _Results(_Side(a), _Side(b), players, limit=limit)
    progress = _Progress(args.games, sys.stderr)
    master = random.Random(args.seed)
    with term_as_interrupt():
        try:
            for number in range(args.games):
                name = match_name(rules.id, number + 1, args.games)
                a_seat = number % players
                specs = [a if seat == a_seat else b for seat in range(players)]
                seats = _seats(specs, a_seat)
                chance = random.Random(master.getrandbits(64))
                bots = {
                    seat: TimedBot(spec, master.getrandbits(64)) for seat, spec in enumerate(specs)
                }
                match = play_one(
                    rules, options, seats, bots, chance, None if out is None else out / name, limit
                )
                outcome = match.outcome()
                if outcome is None:
                    results.unfinished.append(number + 1)
                else:
                    results.games.append((outcome, a_seat))
                for seat, bot in bots.items():
                    (results.a if seat == a_seat else results.b).add(bot)
                progress.step(results)
        except KeyboardInterrupt:
            progress.close()
            played = results.played
            kept = f"; {played} match files in {out}" if out is not None else ""
            print(
                f"interrupted after {played} of {args.games} games{kept} "
                "(the unfinished game is not counted)",
                file=sys.stderr,
            )
            print(_report(rules, results, args.seed, args.games, interrupted=True), flush=True)
            return EXIT_INTERRUPTED
    progress.close()
    print(_report(rules, results, args.seed, args.games, interrupted=False))
    if out is not None:
        print(f"{args.games} match files written to {out}")
    return EXIT_OK


def _seats(specs: Sequence[str], a_seat: int) -> tuple[Seat, ...]:
    """Seat names saying the side: "A Greedy bot", "B Random bot" (B1, B2... with several B
    seats)."""
    from core.match import Seat

    several = len(specs) > 2
    seats, numbered = [], 0
    for seat, spec in enumerate(specs):
        if seat == a_seat:
            side = "A"
        else:
            numbered += 1
            side = f"B{numbered}" if several else "B"
        seats.append(Seat(f"{side} {bot_name(spec)}", "bot", spec))
    return tuple(seats)


class _Progress:
    """A bar redrawn in place on a terminal (`[#####.....] 12/40`); a line per game otherwise."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.stream = total, stream
        isatty = getattr(stream, "isatty", None)
        self.bar = bool(isatty and isatty())
        self.drawn = False

    def step(self, results: _Results) -> None:
        done = results.played
        so_far = results.tally()
        record = f"A {so_far.wins}-{so_far.draws}-{so_far.losses}"
        if results.unfinished:
            record += f", {len(results.unfinished)} unfinished"
        if self.bar:
            filled = BAR * done // self.total
            self.stream.write(
                f"\r[{'#' * filled}{'.' * (BAR - filled)}] {done}/{self.total}  {record}"
            )
            self.drawn = True
        else:
            if results.unfinished and results.unfinished[-1] == done:
                seat, got = (done - 1) % results.players, "did not finish (the ply limit)"
            else:
                outcome, seat = results.games[-1]
                got = "drew" if outcome.is_draw else "won" if seat in outcome.winners else "lost"
            self.stream.write(
                f"game {done}/{self.total}: A at seat {seat + 1} {got}; {record} so far\n"
            )
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line, so what follows starts on a fresh one."""
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = False


def _report(
    rules: Rules[Any, Any, Any], results: _Results, seed: int, games: int, *, interrupted: bool
) -> str:
    from core.ai.tournament import summary, timing

    a, b = results.a, results.b
    played = results.played
    tally = results.tally()
    low, high = tally.interval
    fair = 1 / results.players
    share = (
        "50%"
        if results.players == 2
        else f"a fair share of {fair:.0%}, one win in {results.players}"
    )
    if not tally.matches:
        verdict = "no game finished"
    elif low > fair:
        verdict = f"A is clearly stronger (the whole interval is above {share})"
    elif high < fair:
        verdict = f"A is clearly weaker (the whole interval is below {share})"
    else:
        verdict = "no clear difference at 95% confidence"
    lines = [
        ("Partial result, " if interrupted else "")
        + f"{rules.title}, {results.players} players, {played} of {games} games, seed {seed}:"
        f" A {a.spec} against B {b.spec}" + (" at every other seat" if results.players > 2 else ""),
        "A " + summary(a.spec, b.spec, tally),
        f"  {verdict}",
    ]
    if results.unfinished:
        numbers = ", ".join(str(n) for n in results.unfinished)
        lines.append(
            f"Unfinished: {len(results.unfinished)} (stopped at {results.limit} decisions, "
            f"not counted above): game {numbers}"
        )
    lines += [
        "A by seat: "
        + ", ".join(_seat_line(results.tally(seat), seat) for seat in range(results.players)),
        "Time per decision:",
    ]
    for side, name in ((a, "A"), (b, "B")):
        taken = timing(side.seconds)
        lines.append(
            f"  {name} {side.spec}: mean {_ms(taken.mean)}, max {_ms(taken.max)} "
            f"over {taken.decisions} decision{'s' if taken.decisions != 1 else ''}"
        )
    capped = a.at_time_cap + b.at_time_cap
    if capped:
        lines.append(
            f"note: {capped} {'decision' if capped == 1 else 'decisions'} stopped at the level's "
            "time limit, not its iteration limit, so a rerun with this seed may differ"
        )
    return "\n".join(lines)


def _seat_line(tally: Tally, seat: int) -> str:
    if not tally.matches:
        return f"seat {seat + 1} no games"
    return (
        f"seat {seat + 1} {tally.wins}-{tally.draws}-{tally.losses} "
        f"({tally.rate:.0%} of {tally.matches})"
    )


def _ms(seconds: float) -> str:
    """Milliseconds, two decimals below 10 ms (a random bot's 0.01 ms), whole ones above."""
    ms = seconds * 1000
    return f"{ms:.2f} ms" if ms < 10 else f"{ms:.0f} ms"
