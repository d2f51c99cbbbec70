"""`parlour`, `parlour new`, `resume` and `replay`: check what was asked, then open the app.

The app draws a full-screen interface, so it opens only on a terminal: with stdin or stdout
redirected (`parlour new en-garde > out.txt`) the command refuses, exit 2, instead of writing
escape codes into a file. `PARLOUR_FORCE_TTY=1` skips that check; it exists for tests that run
the app (or a stand-in for it) headless, and is not meant for players.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tui.cli.common import (
    EXIT_BAD,
    EXIT_USAGE,
    PROG,
    CliError,
    game_options,
    game_rules,
    player_count,
)
from tui.cli.common import locate as locate_match

if TYPE_CHECKING:
    from tui.start import Start

FORCE_TTY = "PARLOUR_FORCE_TTY"
"""Set to 1 to open the app without a terminal (tests only)."""


def launch(start: Start | None) -> int:
    """Open the app at `start`; the only place Textual is imported."""
    if os.environ.get(FORCE_TTY) != "1":
        for name, stream in (("output", sys.stdout), ("input", sys.stdin)):
            isatty = getattr(stream, "isatty", None)
            if stream is None or isatty is None or not isatty():
                raise CliError(
                    f"the app needs a terminal, but its {name} is redirected",
                    f"run {PROG} in a terminal; to work on match files without one, see "
                    f"'{PROG} --help' (selfplay, tournament, verify, export, import, list)",
                    EXIT_USAGE,
                )
    try:
        from tui.app import run
    except ImportError as err:
        raise CliError(
            f"the app cannot start ({err})",
            "reinstall Parlour; the headless commands (selfplay, verify, export, list) still work",
            EXIT_BAD,
        ) from None
    return run(start)


def cmd_app(args: argparse.Namespace) -> int:
    """`parlour`: the main menu."""
    return launch(None)


def cmd_new(args: argparse.Namespace) -> int:
    """`parlour new GAME [--option K=V] [--players N]`: the new-game form of GAME, what was
    typed preselected and the rest as the last match of GAME had it."""
    from tui.start import Start

    rules = game_rules(args.game)
    options = game_options(rules, args.option)  # every option checked, defaults filled in
    typed = {pair.partition("=")[0].strip() for pair in args.option}
    given = {key: value for key, value in options.items() if key in typed}
    players = None if args.players is None else player_count(rules, args.players)
    return launch(Start(kind="new", game=rules.id, options=given, players=players))


def cmd_resume(args: argparse.Namespace) -> int:
    """`parlour resume [ID]`: a saved match that is not over, or the list of them."""
    from tui.start import Start

    if args.match is None:
        return launch(Start(kind="resume"))
    path = locate_match(args.match)
    refusal = _not_resumable(path)
    if refusal is not None:
        raise CliError(*refusal)
    return launch(Start(kind="resume", match=str(path)))


def _not_resumable(path: Path) -> tuple[str, str] | None:
    """Why the match at `path` cannot be played on (what, what to do), judged by replaying it
    as `verify` does: an entry that does not replay, an `end` record the moves do not bear out,
    or a match its moves have ended. A torn tail is no reason: opening cuts it off."""
    from replays.errors import LogError
    from replays.logfile import read_log
    from replays.store import replay_log

    try:
        found = read_log(path)
        match, damage = replay_log(found)
    except LogError as err:
        return str(err), f"check it with: {PROG} verify {path}"
    if damage is not None and damage != found.damage:
        return (
            f"{path.name} cannot be played on: {damage}",
            f"watch it with: {PROG} replay {path}, or continue it there as a new match",
        )
    if match.is_over:
        return f"{path.name} is a finished match", f"watch it with: {PROG} replay {path}"
    return None


def cmd_replay(args: argparse.Namespace) -> int:
    """`parlour replay FILE`: the replay viewer."""
    from tui.start import Start

    return launch(Start(kind="replay", match=str(locate_match(args.match))))
