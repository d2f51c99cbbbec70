"""Fixtures for the command-line tests: real match files made by `parlour selfplay`."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.cli import main


def selfplay(out: Path, games: int, seed: int = 1, level: str = "advanced") -> list[Path]:
    """Run `parlour selfplay` in-process and return the files it wrote, in order."""
    argv = [
        "selfplay",
        "en-garde",
        "--option",
        f"level={level}",
        "--games",
        str(games),
        "--seed",
        str(seed),
        "--out",
        str(out),
    ]
    assert main(argv) == 0
    return sorted(out.glob("*.parlour"))


@pytest.fixture
def match_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """One finished En Garde match, written by selfplay."""
    (path,) = selfplay(tmp_path / "played", games=1, seed=5)
    capsys.readouterr()
    return path
