"""Arbitrary input never gets past the wire and notation readers as anything but a clear refusal.

Match files and JSON imports come from disk, so every decoder must answer any msgpack-able
value with either the thing it encodes or IllegalAction / ValueError — never another exception.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from core.match import entry_from_wire
from core.rules import IllegalAction
from tests.core.test_en_garde_script import RULES, new

wire_values: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**64 - 1)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.binary(max_size=8)
    | st.sampled_from(["draw", "move", "attack", "advance", "parry", "retreat", "pass", "k"]),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.sampled_from(["k", "seat", "action", "at", "target", "text"]), inner)
    ),
    max_leaves=12,
)


@given(wire_values)
def test_from_wire_reads_an_action_or_refuses_plainly(wire: Any) -> None:
    try:
        action = RULES.from_wire(wire)
    except IllegalAction:
        return
    assert action.to_wire() == wire


@given(wire_values)
def test_entry_from_wire_reads_an_entry_or_raises_value_error(wire: Any) -> None:
    try:
        entry = entry_from_wire(wire)
    except ValueError:
        return
    assert entry_from_wire(entry.to_wire()) == entry


@given(st.text(alphabet="dpxr<>-12345670 aX", max_size=8))
def test_parse_reads_notation_or_refuses_plainly(text: str) -> None:
    try:
        action = RULES.parse(new(), text)
    except IllegalAction:
        return
    assert RULES.parse(new(), RULES.notation(action)) == action
