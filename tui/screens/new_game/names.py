"""What the last match started from the new-game form was set up with, offered again there:
the names typed for each seat, and the game, its options and who played it (a player who sets
up two bots and a friend should not set them up again)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from core.match import Seat

NAMES_FILE = "names.json"
"""Where the names are kept, in the state folder."""
SETUP_FILE = "setup.json"
"""Where the last game, player count, options and seat kinds are kept, in the state folder."""


@dataclass(frozen=True)
class Setup:
    """The last match's set-up as the form offers it again (each part checked on use)."""

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
    """Keep the human seats' names for next time; a failure only costs the convenience."""
    from replays.paths import replace_quietly, state_dir

    names = [seat.name if seat.kind == "human" else "" for seat in seats]
    replace_quietly(state_dir() / NAMES_FILE, json.dumps(names).encode())


def remembered_setup() -> Setup | None:
    """The last match's set-up; None when none is kept or the file is not one of ours."""
    from replays.paths import state_dir

    try:
        kept = json.loads((state_dir() / SETUP_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(kept, dict):
        return None
    game, players, kinds, options = (kept.get(k) for k in ("game", "players", "kinds", "options"))
    if not (
        isinstance(game, str)
        and type(players) is int
        and isinstance(kinds, list)
        and all(isinstance(kind, str) for kind in kinds)
        and isinstance(options, dict)
    ):
        return None
    return Setup(game, players, tuple(kinds), _plain(options))


def remember_setup(setup: Setup) -> None:
    """Keep the set-up for next time (the options JSON holds as they are); a failure only
    costs the convenience."""
    from replays.paths import replace_quietly, state_dir

    kept = {"game": setup.game, "players": setup.players, "kinds": list(setup.kinds)}
    body = json.dumps({**kept, "options": _plain(setup.options)}).encode()
    replace_quietly(state_dir() / SETUP_FILE, body)


def _plain(options: Mapping[str, object]) -> dict[str, object]:
    """The options whose values JSON keeps as they are (a float could be NaN or Infinity)."""
    return {key: value for key, value in options.items() if type(value) in (str, int, bool)}
