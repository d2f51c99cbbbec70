"""Golden legal-move sets from an independent implementation (an open-source Prolog engine).

`shared/vectors/fields_of_action_plog1819.jsonl` (format: shared/vectors/README.md) lists, for
302 positions (the first two are the setup with each side to move, 36 moves each; half the
rest are sparse, so isolated stones are common), every legal move as [from, to, captured].
Our legal move set must equal each one exactly. The file lives beside the repository (CI clones
the repository next to a copy of shared/): found by walking up from here, else /work/shared.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.games.fields_of_action import Capture
from core.games.fields_of_action.board import STONES, Stone, name
from core.games.fields_of_action.setup import position
from tests.games.fields_of_action.script import RULES
from tests.golden import vector_file

VECTORS = "fields_of_action_plog1819.jsonl"


def vectors_file() -> Path | None:
    return vector_file(VECTORS)


def _rows() -> list[Any]:
    path = vectors_file()
    if path is None:
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"{VECTORS} not found"))]
    lines = path.read_text(encoding="utf-8").splitlines()
    return [pytest.param(json.loads(line), id=f"position-{i}") for i, line in enumerate(lines)]


def _stone(cell: str) -> Stone | None:
    return None if cell == "." else STONES["WB".index(cell[0])][int(cell[1:]) - 1]


@pytest.mark.parametrize("row", _rows())
def test_our_legal_moves_equal_the_independent_engines(row: dict[str, Any]) -> None:
    mover = "WB".index(row["to_move"])
    state = position(tuple(_stone(cell) for cell in row["cells"]), mover)
    enemy = "BW"[mover]
    ours = {
        (
            name(a.origin),
            name(a.target),
            f"{enemy}{a.number}" if isinstance(a, Capture) else None,
        )
        for a in RULES.legal_actions(state)
    }
    theirs = {(m[0], m[1], m[2]) for m in row["moves"]}
    assert len(theirs) == len(row["moves"])
    assert sorted(ours - theirs, key=str) == [], "moves we allow that the vectors do not"
    assert sorted(theirs - ours, key=str) == [], "moves the vectors allow that we do not"


def test_the_vectors_begin_with_the_starting_position() -> None:
    path = vectors_file()
    if path is None:
        pytest.skip(f"{VECTORS} not found (looked for shared/vectors above the tests)")
    first = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    start = RULES.new(2, {})
    assert [_stone(cell) for cell in first["cells"]] == list(start.board)
    assert len(first["moves"]) == 36
