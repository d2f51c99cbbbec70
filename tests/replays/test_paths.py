from __future__ import annotations

from pathlib import Path

import pytest

from replays import paths


def test_parlour_home_holds_everything(parlour_home: Path) -> None:
    assert paths.matches_dir() == parlour_home / "matches"
    assert paths.config_dir() == parlour_home / "config"
    assert paths.state_dir() == parlour_home / "state"
    assert all(p.is_dir() for p in (paths.matches_dir(), paths.config_dir(), paths.state_dir()))


def test_platform_folders_without_parlour_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PARLOUR_HOME")
    matches = paths.matches_dir()
    assert matches.is_relative_to(tmp_path / "xdg" / "xdg_data_home")
    assert matches.parts[-2:] == ("parlour", "matches")
    assert paths.config_dir() == tmp_path / "xdg" / "xdg_config_home" / "parlour"
    assert paths.state_dir() == tmp_path / "xdg" / "xdg_state_home" / "parlour"
