"""`core.frozen.replace` builds what `dataclasses.replace` builds, for every game's states."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import pytest

from core import registry
from core.frozen import replace
from core.rules import Rules
from tests.contract.test_every_game import random_plies


@pytest.mark.parametrize("rules", registry.all(), ids=lambda r: r.id)
def test_every_games_states_rebuild_as_dataclasses_replace_rebuilds_them(
    rules: Rules[Any, Any, Any],
) -> None:
    rng = random.Random(5)
    for before, _, after in random_plies(rules, rng, plies=300):
        for field in dataclasses.fields(before):
            value = getattr(after, field.name)
            mine, theirs = (
                replace(before, **{field.name: value}),
                dataclasses.replace(before, **{field.name: value}),
            )
            assert type(mine) is type(theirs)
            assert mine == theirs and hash(mine) == hash(theirs) and repr(mine) == repr(theirs)
        assert replace(before) == before and replace(before) is not before


@dataclass(frozen=True)
class Checked:
    low: int
    high: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise ValueError("low above high")


@dataclass(frozen=True)
class Remembering:
    n: int

    @cached_property
    def double(self) -> int:
        return self.n * 2


@dataclass(frozen=True, slots=True)
class Slotted:
    a: int
    b: str = "b"


@dataclass(frozen=True)
class Plain:
    a: int
    b: tuple[int, ...] = ()


def test_an_unknown_field_is_refused_as_dataclasses_refuses_it() -> None:
    with pytest.raises(TypeError):
        replace(Plain(1), c=2)


def test_a_post_init_check_still_runs() -> None:
    with pytest.raises(ValueError, match="low above high"):
        replace(Checked(1, 2), low=3)


def test_a_cached_property_is_worked_out_again_for_the_copy() -> None:
    first = Remembering(2)
    assert first.double == 4
    assert replace(first, n=5).double == 10


def test_slotted_and_plain_classes_rebuild_with_their_changes() -> None:
    assert replace(Slotted(1), b="c") == Slotted(1, "c")
    original = Plain(1, (2,))
    assert replace(original, a=3) == Plain(3, (2,)) and original == Plain(1, (2,))
    with pytest.raises(dataclasses.FrozenInstanceError):
        replace(original, a=4).a = 5  # type: ignore[misc]
