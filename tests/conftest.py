"""Test isolation, set before anything imports Textual (see shared/TEXTUAL_NOTES.md).

Animation, colour and terminal variables are scrubbed so snapshots are stable, and every test
gets its own PARLOUR_HOME and platformdirs folders: no test ever touches the real home folder.
"""

from __future__ import annotations

import os

for _name in list(os.environ):
    if _name.startswith("TEXTUAL_") or _name in ("NO_COLOR", "COLORTERM", "FORCE_COLOR"):
        del os.environ[_name]
os.environ["TEXTUAL_ANIMATIONS"] = "none"

# A pytest plugin (pytest-textual-snapshot) may have imported Textual already, freezing its
# constants before this file ran: set the one that matters on the module as well.
import textual.constants  # noqa: E402

textual.constants.TEXTUAL_ANIMATIONS = "none"  # type: ignore[misc]

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def parlour_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private PARLOUR_HOME, config, state and data folder for every test."""
    home = tmp_path / "parlour-home"
    home.mkdir()
    monkeypatch.setenv("PARLOUR_HOME", str(home))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / "xdg" / var.lower()))
    return home
