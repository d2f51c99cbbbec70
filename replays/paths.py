"""Where Parlour keeps things: matches, settings and UI state.

`PARLOUR_HOME`, when set, holds everything (tests and portable installs use it); otherwise
the platform's usual folders. Never `version=`: an upgrade must not orphan saved matches.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "parlour"
HOME_VARIABLE = "PARLOUR_HOME"


def home() -> Path | None:
    """The folder named by PARLOUR_HOME, or None when it is unset or empty."""
    value = os.environ.get(HOME_VARIABLE, "").strip()
    return Path(value).expanduser() if value else None


def _ready(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def matches_dir() -> Path:
    """The folder of `.parlour` match files (created on demand)."""
    base = home()
    if base is not None:
        return _ready(base / "matches")
    return _ready(platformdirs.user_data_path(APP, appauthor=False) / "matches")


def config_dir() -> Path:
    """The folder for settings (created on demand)."""
    base = home()
    if base is not None:
        return _ready(base / "config")
    return _ready(platformdirs.user_config_path(APP, appauthor=False))


def state_dir() -> Path:
    """The folder for UI state such as the last opened match (created on demand)."""
    base = home()
    if base is not None:
        return _ready(base / "state")
    return _ready(platformdirs.user_state_path(APP, appauthor=False))
