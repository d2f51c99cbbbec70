"""What the last matches started from the new-game form were set up with, offered again there:
the names typed for each seat, the last game, and for each game its options and who played it
(a player who sets up two bots and a friend should not set them up again, nor lose that set-up
to a match of another game)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from core.match import Seat

NAMES_FILE = "names.json"
"""Where the names are kept, in the state folder."""
SETUP_FILE = "setup.json"
"""Where the last game, and each game's player count, options and seat kinds, are kept, in the
state folder."""


@dataclass(frozen=True)
class Setup:
    """The set-up of a game's last match as the form offers it again (each part checked on
    use)."""

    game: str
    players: int
    kinds: tuple[str, ...]
    """Each seat's kind as the form's menu has it ("human", "bot:ismcts:normal")."""
    options: Mapping[str, Any]
    """Only values JSON keeps as they are (`_plain`): an option is a word, a number or yes/no."""


def remembered_names() -> list[str]:
    """The human names of the last match started here; [] when none are kept (or unreadable)."""
    from replays.paths import state_dir

    try:
        names = json.loads((state_dir() / NAMES_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(names, list):
        return []
    return [n if isinstance(n, str) else "" for n in names][:8]


def remember_names(seats: tuple[Seat, ...]) -> None:
    """Keep the names typed for human seats for next time, over the names kept before: a seat
    played by a bot or named by the app ("Player 2"), or one this match did not have (a
    two-player game after a five-player one), keeps its earlier name. A failure only costs the
    convenience."""
    from replays.paths import replace_quietly, state_dir
    from tui.widgets.seat_row import is_given_name

    names = remembered_names()
    names += [""] * (len(seats) - len(names))
    for number, seat in enumerate(seats):
        if seat.kind == "human" and not is_given_name(seat.name, ()):
            names[number] = seat.name
    replace_quietly(state_dir() / NAMES_FILE, json.dumps(names).encode())


def remembered_setup(game: str | None = None) -> Setup | None:
    """The set-up of the last match of `game` started here (of any game when None); None
    when none is kept or the file is not one of ours."""
    kept = _kept_setups()
    if kept is None:
        return None
    last, games = kept
    return games.get(last if game is None else game)


def remember_setup(setup: Setup) -> None:
    """Keep the set-up for next time, beside the other games' (the options JSON holds as they
    are); a failure only costs the convenience."""
    from replays.paths import replace_quietly, state_dir

    _, games = _kept_setups() or ("", {})
    games[setup.game] = setup
    body = json.dumps({"last": setup.game, "games": {g: _wire(s) for g, s in games.items()}})
    replace_quietly(state_dir() / SETUP_FILE, body.encode())


def _kept_setups() -> tuple[str, dict[str, Setup]] | None:
    """(the last game, each game's set-up) as kept; an older file's one set-up is its game's."""
    from replays.paths import state_dir

    try:
        kept = json.loads((state_dir() / SETUP_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(kept, dict):
        return None
    if "games" not in kept:  # (kept by an earlier Parlour: the last match's alone)
        one = _setup(kept.get("game"), kept)
        return None if one is None else (one.game, {one.game: one})
    last, games = kept.get("last"), kept.get("games")
    if not isinstance(last, str) or not isinstance(games, dict):
        return None
    found = {game: _setup(game, wire) for game, wire in games.items()}
    return last, {game: setup for game, setup in found.items() if setup is not None}


def _setup(game: object, wire: object) -> Setup | None:
    if not isinstance(game, str) or not isinstance(wire, dict):
        return None
    players, kinds, options = (wire.get(k) for k in ("players", "kinds", "options"))
    if not (
        type(players) is int
        and isinstance(kinds, list)
        and all(isinstance(kind, str) for kind in kinds)
        and isinstance(options, dict)
    ):
        return None
    return Setup(game, players, tuple(kinds), _plain(options))


def _wire(setup: Setup) -> dict[str, object]:
    kept = {"players": setup.players, "kinds": list(setup.kinds)}
    return {**kept, "options": _plain(setup.options)}


def _plain(options: Mapping[str, object]) -> dict[str, object]:
    """The options whose values JSON keeps as they are (a float could be NaN or Infinity)."""
    return {key: value for key, value in options.items() if type(value) in (str, int, bool)}
