"""Golden vectors: En Garde's legal decisions against an independent implementation.

`shared/vectors/en_garde_calkam.jsonl` (format in its README) lists, for decision points drawn
at random, every legal decision at the advanced level as an open-source Java engine computes
it. For each one we build the position (fencers, the deciding fencer's hand, the attack to
answer), map our legal actions to the vector's form and compare the sets; the standard and
basic sets are derived as the README says. Conceding (our Pass) is not covered by the vectors.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.games.en_garde import EnGardeState
from core.games.en_garde.actions import (
    AdvanceAttack,
    Attack,
    EnGardeAction,
    Move,
    Parry,
    Pass,
    Retreat,
)
from core.games.en_garde.piste import moved
from core.games.en_garde.state import Level
from core.games.en_garde.view import PendingAttack
from tests.core.test_en_garde_script import RULES
from tests.golden import vector_file

NAME = "en_garde_calkam.jsonl"
Key = tuple[Any, ...]


def golden_file() -> Path | None:
    return vector_file(NAME)


def vectors() -> list[dict[str, Any]]:
    path = golden_file()
    if path is None:
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


VECTORS = vectors()
needs_vectors = pytest.mark.skipif(
    not VECTORS, reason=f"golden vectors absent: no shared/vectors/{NAME} above this test"
)


def position(vector: dict[str, Any], level: Level) -> EnGardeState:
    """The decision point: the deciding fencer's hand, the other hand empty (it plays no part
    in which decisions are legal), and the attack to answer if any."""
    seat = 0 if vector["side"] == "L" else 1
    hand = tuple(sorted(vector["hand"]))
    hands = (hand, ()) if seat == 0 else ((), hand)
    pending, phase = None, "turn"
    if vector["pending_attack"] != "none":
        kind, count, value = vector["pending_attack"].split(":")
        advanced = kind == "indirect" and level == "advanced"
        pending, phase = PendingAttack(1 - seat, int(value), int(count), advanced), "defend"
    return EnGardeState(
        level=level,
        first=0,
        round=1,
        phase=phase,  # type: ignore[arg-type]
        actor=seat,
        positions=(vector["left"], vector["right"]),
        hands=hands,
        pending=pending,
    )


def as_vector(state: EnGardeState, action: EnGardeAction) -> Key | None:
    """Our action in the vector's form (None for Pass, which the vectors leave out)."""
    seat = state.actor

    def to(card: int, forward: bool) -> int:
        return moved(state.positions, seat, card, forward)[seat]

    if isinstance(action, Move):
        kind = "advance" if action.forward else "retreat"
        return (kind, action.card, to(action.card, action.forward))
    if isinstance(action, Attack):
        return ("attack", action.value, action.count)
    if isinstance(action, AdvanceAttack):
        return ("advance_attack", action.move, to(action.move, True), action.value, action.count)
    if isinstance(action, Parry):
        assert state.pending is not None
        return ("parry", state.pending.value, state.pending.count)
    if isinstance(action, Retreat):
        return ("defend_retreat", action.card, to(action.card, False))
    assert isinstance(action, Pass)
    return None


def key(item: dict[str, Any]) -> Key:
    kind = item["type"]
    if kind in ("advance", "retreat", "defend_retreat"):
        return (kind, item["card"], item["to"])
    if kind in ("attack", "parry"):
        return (kind, item["value"], item["n"])
    assert kind == "advance_attack", kind
    return (kind, item["card"], item["to"], item["value"], item["n"])


def expected(vector: dict[str, Any], level: Level) -> set[Key]:
    keys = {key(item) for item in vector["actions"]}
    if level != "advanced":
        keys = {k for k in keys if k[0] not in ("advance_attack", "defend_retreat")}
    if level == "basic":
        keys = {k for k in keys if k[0] != "parry" and not (k[0] == "attack" and k[2] > 1)}
    return keys


def ours(state: EnGardeState) -> set[Key]:
    found = {as_vector(state, action) for action in RULES.legal_actions(state)}
    return {k for k in found if k is not None}


def test_the_vectors_are_found_or_the_skip_says_why() -> None:
    if golden_file() is None:
        pytest.skip(f"golden vectors absent: no shared/vectors/{NAME} above this test")
    assert len(VECTORS) > 100


@needs_vectors
@pytest.mark.parametrize("level", ["advanced", "standard", "basic"])
def test_legal_decisions_equal_the_golden_vectors(level: Level) -> None:
    checked, wrong = 0, []
    for number, vector in enumerate(VECTORS, start=1):
        if level == "basic" and vector["pending_attack"] != "none":
            continue  # the basic level has no attack to answer: every attack hits
        state = position(vector, level)
        got, want = ours(state), expected(vector, level)
        checked += 1
        if got != want:
            wrong.append(f"line {number}: missing {want - got}, extra {got - want}")
    assert not wrong, f"{len(wrong)} of {checked} differ:\n" + "\n".join(wrong[:10])
    assert checked > 100


@needs_vectors
def test_every_attack_to_answer_can_also_be_conceded() -> None:
    for vector in VECTORS:
        if vector["pending_attack"] != "none":
            assert Pass() in RULES.legal_actions(position(vector, "advanced"))
