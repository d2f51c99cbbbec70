"""Golden vectors: legal-move sets from an independent engine (algol5's "crossings").

For every position in shared/vectors/crossings_algol5.jsonl (format: shared/vectors/README.md)
the set of our legal moves, written in the vector's form (moving squares sorted by name,
direction, distance, captured square, crosses, the cells after and the side to move next),
must equal the file's set exactly.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.games.crossing import CrossingAction, Step
from core.games.crossing.board import direction_between, name
from core.games.crossing.phalanx import after
from tests.games.crossing.script import RULES, from_cells
from tests.golden import vector_file


def _vector_file() -> Path | None:
    return vector_file("crossings_algol5.jsonl")


def _positions() -> list[dict[str, Any]]:
    path = _vector_file()
    if path is None or not path.is_file():
        return []
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


POSITIONS = _positions()
Move = tuple[tuple[str, ...], tuple[int, int], int, str | None, bool, str]


def _ours(cells: str, seat: int, action: CrossingAction) -> Move:
    if isinstance(action, Step):
        line = direction_between(action.origin, action.target)
        assert line is not None
        direction, distance = line
    else:
        direction, distance = action.direction, action.distance
    captured = None if action.captured is None else name(action.captured)
    landed = after(cells, seat, action) + " " + "WB"[1 - seat]
    frm = tuple(sorted(name(s) for s in action.stones))
    return frm, direction, distance, captured, action.crosses, landed


def _theirs(move: dict[str, Any]) -> Move:
    direction = (int(move["dir"][0]), int(move["dir"][1]))
    frm = tuple(move["from"])
    return frm, direction, move["distance"], move["captured"], move["crosses"], move["after"]


@pytest.mark.skipif(not POSITIONS, reason="golden vectors not found in tests/vectors")
def test_the_vector_file_is_the_one_described() -> None:
    assert len(POSITIONS) >= 200
    assert POSITIONS[0]["cells"] == RULES.new(2, {}).cells
    assert len(POSITIONS[0]["moves"]) == len(RULES.legal_actions(RULES.new(2, {})))


@pytest.mark.skipif(not POSITIONS, reason="golden vectors not found in tests/vectors")
@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_every_vector_position_has_exactly_the_listed_legal_moves(index: int) -> None:
    vector = POSITIONS[index]
    seat = "WB".index(vector["to_move"])
    state = from_cells(vector["cells"], seat)
    ours = {_ours(state.cells, seat, a) for a in RULES.legal_actions(state)}
    theirs = {_theirs(m) for m in vector["moves"]}
    assert len(theirs) == len(vector["moves"]), "the vector lists a move twice"
    assert sorted(ours - theirs) == [], "moves we allow that the vector does not"
    assert sorted(theirs - ours) == [], "moves the vector allows that we do not"
