"""The player's settings (animations, theme), kept as JSON in Parlour's config folder.

A file that cannot be read never stops the app: it is moved aside as `settings.json.bad`, the
defaults apply, and the caller gets a notice to show, so nothing is lost silently.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from replays import paths

DEFAULT_THEME = "parlour-felt"
FILE_NAME = "settings.json"


@dataclass(frozen=True)
class Settings:
    animations: bool = True
    theme: str = DEFAULT_THEME


def settings_path() -> Path:
    """`settings.json` in the config folder (PARLOUR_HOME/config when that is set)."""
    return paths.config_dir() / FILE_NAME


def load(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and, when the file was unusable, a notice saying what happened."""
    try:
        path = path or settings_path()
        raw = path.read_bytes()
    except FileNotFoundError:
        return Settings(), None
    except OSError as err:
        return Settings(), f"Could not read the settings ({err}); using the defaults."
    try:
        return _from_json(json.loads(raw.decode("utf-8"))), None
    except ValueError as err:
        kept = path.with_name(path.name + ".bad")
        try:
            path.replace(kept)
        except OSError:
            return Settings(), f"The settings file {path} is damaged ({err}); using the defaults."
        return Settings(), (
            f"The settings file was damaged ({err}), so the defaults apply. "
            f"The old file is kept as {kept}."
        )


def save(settings: Settings, path: Path | None = None) -> None:
    """Write atomically (temp file + rename) so a crash never leaves half a file.

    Raises OSError when the folder is not writable; the app reports it.
    """
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(path.name + ".tmp")
    temp.write_text(json.dumps(asdict(settings), indent=2) + "\n", encoding="utf-8")
    temp.replace(path)


def _from_json(data: object) -> Settings:
    if not isinstance(data, dict):
        raise ValueError("expected a JSON object")
    defaults = Settings()
    animations = data.get("animations", defaults.animations)
    theme = data.get("theme", defaults.theme)
    if not isinstance(animations, bool):
        raise ValueError("'animations' must be true or false")
    if not isinstance(theme, str) or not theme:
        raise ValueError("'theme' must be a theme name")
    return Settings(animations=animations, theme=theme)
