"""What every command shares: the error type and exit codes, and the checks on what was typed.

A game id, `--option KEY=VALUE` pairs, a bot spec and a match file are checked here, each
refusal a `CliError` naming what the user can choose instead. Imports of `core` and `replays`
happen inside the functions, so `--help` stays instant.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.ai import Bot, Budget
    from core.rules import Action, Rules

PROG = "parlour"
EXIT_OK, EXIT_BAD, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
"""Done; damaged or illegal data (or a bug); unusable input; stopped by Ctrl-C."""


@contextmanager
def term_as_interrupt() -> Iterator[None]:
    """Within it, SIGTERM stops a long command as Ctrl-C does (its result so far, exit 130):
    a `kill`, a job runner's timeout or a shell's background job (which ignores Ctrl-C) ends
    `selfplay` or `tournament` cleanly. Outside the main thread (a test calling `main` from a
    worker) signals cannot be set, and nothing changes."""
    import signal  # only the long commands: `verify` and `list` do not load it

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


class CliError(Exception):
    """A problem the user can fix: what went wrong, what to do, and the exit code."""

    def __init__(self, what: str, todo: str, code: int = EXIT_USAGE) -> None:
        super().__init__(what)
        self.what, self.todo, self.code = what, todo, code


def say_error(what: str, todo: str = "") -> None:
    """`parlour: <what went wrong> — <what to do>` on stderr (a full stop that ends `what`
    gives way to the dash)."""
    print(
        f"{PROG}: {what.rstrip('.') if todo else what}" + (f" — {todo}" if todo else ""),
        file=sys.stderr,
    )


# -- games and options ---------------------------------------------------------------------


def game_rules(game: str) -> Rules[Any, Any, Any]:
    """The rules of a playable game, or a CliError listing the games there are."""
    from core import registry

    try:
        return registry.get(game)
    except registry.UnknownGame as err:
        known = ", ".join(game.id for game in registry.playable())
        raise CliError(str(err), f"choose one of: {known}") from None


def game_options(
    rules: Rules[Any, Any, Any], pairs: Sequence[str], players: int | None = None
) -> dict[str, Any]:
    """`KEY=VALUE` texts, checked and typed by the game's declared options; each key once.

    Every value is checked here, where the command line is read, as a new match of `players`
    seats (default: the fewest the game seats) will check it: its choices, the game's own
    ranges and what a match file can store. A refusal says what the option takes."""
    from replays.store import match_options

    given: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise CliError(f"--option {pair!r} is not KEY=VALUE", options_hint(rules))
        if key == "players" and all(o.key != key for o in rules.options):
            raise CliError("the player count is not a game option", f"use --players {value}")
        if key in given:
            raise CliError(
                f"option {key} given twice ({given[key]!r} and {value.strip()!r})",
                f"give --option {key}=... once",
            )
        given[key] = value.strip()
    try:
        return match_options(rules, given, rules.min_players if players is None else players)
    except ValueError as err:  # BadOption, or the game's `new` refusing the combination
        raise CliError(str(err), options_hint(rules)) from None


def options_hint(rules: Rules[Any, Any, Any]) -> str:
    """The game's options and their values, for a refusal's "what to do"."""
    if not rules.options:
        return f"{rules.title} has no options"
    described = "; ".join(
        f"{o.key}={'|'.join(_said(c) for c in o.choices) or type(o.default).__name__}"
        f" (default {_said(o.default)})"
        for o in rules.options
    )
    return f"{rules.title} options: {described}"


def _said(value: object) -> str:
    """An option's value as a player types it: yes / no for a switch (as the form shows it)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def player_count(rules: Rules[Any, Any, Any], players: int, *, seats: bool = False) -> int:
    """`players` when the game seats that many, else a CliError saying how many it seats and
    what to give: the nearest `--players`, or (`seats`: the count came from the `--seat`
    given) that many `--seat`."""
    low, high = rules.min_players, rules.max_players
    if not low <= players <= high:
        span = str(low) if low == high else f"{low} to {high}"
        nearest = high if players > high else low
        raise CliError(
            f"{rules.title} is for {span} players, not {players}",
            f"give {span} --seat" if seats else f"use --players {nearest}",
        )
    return players


# -- bots ----------------------------------------------------------------------------------


def bot_spec(text: str, rules: Rules[Any, Any, Any], flag: str = "--seat") -> str:
    """`text` checked by the app's own spec parser, as `kind:level` ("random" alone).

    An unknown bot or level, or a bot the game cannot use, is a CliError listing the specs
    this game accepts."""
    from core.ai import BOTS, UnknownBot, parse_spec, specs_for

    try:
        kind, level = parse_spec(text, rules)
    except UnknownBot as err:
        raise CliError(
            f"{flag} {text!r}: {err}", f"{rules.title} takes: {', '.join(specs_for(rules))}"
        ) from None
    return kind if BOTS[kind].needs == "nothing" else f"{kind}:{level}"


class TimedBot:
    """A bot thinking on the command line's budget (iterations and a real clock), with the
    seconds each of its decisions took (by `time.perf_counter`)."""

    def __init__(self, spec: str, seed: int) -> None:
        from core.ai import budget_for, make_bot

        self.spec = spec
        self.bot: Bot = make_bot(spec, seed)
        self.budget: Budget = budget_for(spec, clock=time.monotonic)
        self.seconds: list[float] = []

    def choose(
        self, rules: Rules[Any, Any, Any], view: Any, legal: Any, budget: Budget | None = None
    ) -> Action:
        """The wrapped bot's choice, on this bot's budget (or the one given), timed."""
        start = time.perf_counter()
        action = self.bot.choose(rules, view, legal, budget or self.budget)
        self.seconds.append(time.perf_counter() - start)
        return action

    @property
    def at_time_cap(self) -> int:
        """How many decisions ran until the budget's seconds (not its iterations) stopped them."""
        cap = self.budget.seconds
        return sum(1 for s in self.seconds if s >= cap) if cap > 0 else 0


# -- match files ---------------------------------------------------------------------------


def locate(target: str) -> Path:
    """A match file by path or store id, readable enough to open."""
    from replays.errors import LogError, NewerFormat
    from replays.logfile import read_header
    from replays.store import locate as find

    try:
        path = find(target)
        read_header(path)
    except NewerFormat as err:  # a match all right: its message says to upgrade
        raise CliError(str(err), "") from None
    except LogError as err:
        told, name = str(err), Path(target).name
        if target != name and told.startswith(name):  # the file as it was given, whole
            told = target + told[len(name) :]
        raise CliError(told, "give a .parlour file or an id from 'parlour list'") from None
    return path
