"""File fuzzing at a tiny size: damaged files of every game through every reader.

The full run (`python -m tests.stress.fuzz --files 6000 --every-byte`) tries thousands."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from tests.replays.test_en_garde_logs import assert_cuts_recover_the_prefix
from tests.stress.common import games
from tests.stress.fuzz import Figures, check_file, fuzz, make_original


@pytest.mark.parametrize("rules", games(), ids=lambda r: r.id)
def test_every_byte_cut_of_a_small_file_reads_back_its_complete_records(
    rules: object, tmp_path: Path
) -> None:
    original = make_original(rules, seed=9, folder=tmp_path, moves=8)
    path = tmp_path / f"{original.game}-9.parlour"
    assert_cuts_recover_the_prefix(path, range(len(original.data) + 1), tmp_path / "cut.parlour")


def test_some_cuts_go_through_every_reader(tmp_path: Path) -> None:
    home = Path(os.environ["PARLOUR_HOME"])
    work = tmp_path / "work"
    work.mkdir()
    figures = Figures()
    for rules in games():
        original = make_original(rules, seed=4, folder=tmp_path, moves=6)
        for cut in range(0, len(original.data) + 1, 37):
            check_file(original, "cut", original.data[:cut], True, work, figures)
    assert figures.failures == []
    assert home.exists()


def test_hypothesis_damage_of_every_game() -> None:
    out = io.StringIO()
    figures = fuzz(files=120, seed=5, short=True, out=out)
    assert figures.failures == [], out.getvalue()
    assert figures.tried >= 100 and len(figures.games) == len(games())
