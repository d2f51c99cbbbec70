"""Where Parlour keeps things: matches, settings and UI state.

`PARLOUR_HOME`, when set, holds everything (tests and portable installs use it); otherwise
the platform's usual folders. Never `version=`: an upgrade must not orphan saved matches.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Literal

from replays.errors import StoreUnavailable

APP = "parlour"
HOME_VARIABLE = "PARLOUR_HOME"


def home() -> Path | None:
    """The folder named by PARLOUR_HOME, or None when it is unset or empty."""
    value = os.environ.get(HOME_VARIABLE, "").strip()
    return Path(value).expanduser() if value else None


def _platform(kind: Literal["data", "config", "state"]) -> Path:
    """The platform's usual folder of `kind` for Parlour. platformdirs (and the `tempfile` and
    `shutil` it loads) is imported only here: `verify`, or anything run with PARLOUR_HOME set,
    never needs it."""
    import platformdirs

    path: Path = getattr(platformdirs, f"user_{kind}_path")(APP, appauthor=False)
    return path


def _ready(folder: Path) -> Path:
    """`folder`, created if missing; StoreUnavailable (a LogError) when it cannot be."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise StoreUnavailable(_not_a_folder(folder)) from None
    except OSError as err:
        if isinstance(err, NotADirectoryError):
            raise StoreUnavailable(_not_a_folder(folder)) from None
        raise StoreUnavailable(
            f"cannot create Parlour's folder {folder}: {err.strerror or err}"
        ) from None
    return folder


def _not_a_folder(folder: Path) -> str:
    base = home()
    named = f" (from {HOME_VARIABLE}={base})" if base is not None else ""
    return f"Parlour's folder {folder}{named} cannot be made: a file is in the way"


def _matches_path() -> Path:
    base = home()
    if base is not None:
        return base / "matches"
    return _platform("data") / "matches"


def matches_dir() -> Path:
    """The folder of `.parlour` match files (created on demand)."""
    return _ready(_matches_path())


def is_matches_dir(folder: Path) -> bool:
    """Whether `folder` is the store's matches folder (never creates anything)."""
    try:
        return folder.resolve() == _matches_path().resolve()
    except (OSError, RuntimeError):
        return False


def config_dir() -> Path:
    """The folder for settings (created on demand)."""
    base = home()
    if base is not None:
        return _ready(base / "config")
    return _ready(_platform("config"))


def state_dir() -> Path:
    """The folder for UI state such as the last opened match (created on demand)."""
    base = home()
    if base is not None:
        return _ready(base / "state")
    return _ready(_platform("state"))


def replace_quietly(target: Path, body: bytes) -> None:
    """Write `target` whole, by a rename from a temporary file beside it, for caches whose loss
    only costs speed: a failure leaves the old file (or none) and no temporary behind."""
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        temporary.write_bytes(body)
        os.replace(temporary, target)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink()
