"""The remote codec: every view and chronicle line of random matches comes back equal through
msgpack, and hostile input (junk, unknown classes, wrong field counts, deep or huge values)
raises CodecError and nothing else."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from dataclasses import fields, make_dataclass
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import registry
from core.games.attacke.actions import Play
from core.match import Header, Match, Seat
from core.rules import CHANCE, SPECTATOR, Rules
from replays.chronicle import Chronicle, Line
from replays.remote.codec import (
    DATACLASS,
    DICT,
    FROZENSET,
    MAX_DEPTH,
    MAX_ITEMS,
    PACK_OPTIONS,
    UNPACK_OPTIONS,
    Codec,
    CodecError,
    codec_for,
)

TABLES: list[tuple[str, int, dict[str, object]]] = [
    ("en-garde", 2, {}),
    ("en-garde", 2, {"level": "basic"}),
    ("attacke", 3, {"face_down": True}),
    ("attacke", 5, {}),
    ("crossing", 2, {}),
    ("fields-of-action", 2, {"first": "black"}),
    ("englishman", 2, {}),
]
"""(game, seats, options): every game, with the options that change what a view holds."""
PLIES = 600


def through_the_wire(codec: Codec, value: object) -> object:
    frame = msgpack.packb(codec.pack(value), **PACK_OPTIONS)
    return codec.unpack(msgpack.unpackb(frame, **UNPACK_OPTIONS))


def positions(
    rules: Rules[Any, Any, Any], seats: int, options: dict[str, object], rng: random.Random
) -> Iterator[Any]:
    """Every state of random matches, one after another, PLIES moves in all."""
    state = rules.new(seats, options)
    for _ in range(PLIES):
        yield state
        seat = rules.to_move(state)
        if seat is None:
            state = rules.new(seats, options)
        elif seat == CHANCE:
            state = rules.apply(state, rules.sample_chance(state, rng))
        else:
            state = rules.apply(state, rng.choice(rules.legal_actions(state)))


@pytest.mark.parametrize(("game", "seats", "options"), TABLES, ids=lambda t: str(t))
def test_every_view_of_random_matches_comes_back_equal_for_every_viewer(
    game: str, seats: int, options: dict[str, object]
) -> None:
    rules = registry.get(game)
    codec = codec_for(game)
    for state in positions(rules, seats, options, random.Random(game)):
        for viewer in [*range(seats), SPECTATOR, None]:
            view = rules.view(state, viewer)
            assert through_the_wire(codec, view) == view


@pytest.mark.parametrize(("game", "seats", "options"), TABLES, ids=lambda t: str(t))
def test_every_chronicle_line_comes_back_equal_for_every_reader(
    game: str, seats: int, options: dict[str, object]
) -> None:
    rules, codec, rng = registry.get(game), codec_for(game), random.Random(7)
    names = tuple(Seat(f"P{n}", "human", "") for n in range(seats))
    match = Match(rules, Header(game, options, names, "m"))
    while (seat := rules.to_move(match.state)) is not None and len(match) < 300:
        legal = None if seat == CHANCE else rules.legal_actions(match.state)
        match.submit(rules.sample_chance(match.state, rng) if legal is None else rng.choice(legal))
    chronicle = Chronicle(match)
    for reader in [*range(seats), None]:
        lines = chronicle.lines(reader)
        assert lines
        assert through_the_wire(codec, tuple(lines)) == tuple(lines)


def test_a_line_is_packed_as_its_class_name_and_fields_in_order() -> None:
    line = Line(3, 1, "move", "A4", "Anna advances", 2, taken_back=True)
    assert codec_for("en-garde").pack(line) == [
        msgpack.ExtType(DATACLASS, b"Line"),
        *[3, 1, "move", "A4", "Anna advances", 2, True, ""],
    ]


@pytest.mark.parametrize("game", ["en-garde", "attacke"])
def test_a_hidden_games_state_is_refused_so_it_cannot_be_sent_for_a_view(game: str) -> None:
    rules = registry.get(game)
    with pytest.raises(CodecError, match="not a value"):
        codec_for(game).pack(rules.new(rules.min_players, {}))


def test_an_open_games_state_is_its_view_and_packs() -> None:
    rules = registry.get("crossing")
    state = rules.new(2, {})
    assert through_the_wire(codec_for("crossing"), state) == state


def test_ordinary_tuples_that_look_like_tags_stay_tuples() -> None:
    codec = codec_for("englishman")
    for value in [
        ("@", "Line", (1, 2)),
        (b"Line", 1, 2, 3, "move", "", "", 0, False),
        ((), ((),), (((),),)),
        ("Deal", ()),
    ]:
        assert through_the_wire(codec, value) == value


def test_sets_dicts_bytes_and_floats_come_back_equal() -> None:
    codec = codec_for("fields-of-action")
    value = (
        frozenset({(1, "a"), (2, "b"), None}),
        {1: "one", (2, 3): frozenset({b"\x00"}), "k": {"nested": 1.5}},
        b"\x00\xff",
        -(2**63),
        2**64 - 1,
        frozenset(),
        {},
    )
    assert through_the_wire(codec, value) == value


def test_a_frame_read_with_lists_unpacks_the_same_as_with_tuples() -> None:
    codec = codec_for("crossing")
    rules = registry.get("crossing")
    state = rules.apply(rules.new(2, {}), rules.legal_actions(rules.new(2, {}))[0])
    frame = msgpack.packb(codec.pack(state), **PACK_OPTIONS)
    assert codec.unpack(msgpack.unpackb(frame, raw=False, use_list=True)) == state


@pytest.mark.parametrize(
    "value",
    [
        [1, 2],
        {1, 2},
        object(),
        2**64,
        -(2**63) - 1,
        bytearray(b"x"),
        Seat("a", "human"),
        msgpack.ExtType(DATACLASS, b"Line"),
    ],
)
def test_pack_refuses_values_a_view_never_holds(value: object) -> None:
    with pytest.raises(CodecError):
        codec_for("en-garde").pack(value)


def test_two_classes_of_one_name_cannot_share_a_codec() -> None:
    other = make_dataclass("Line", ["text"], frozen=True)
    with pytest.raises(TypeError, match="two classes named Line"):
        Codec([Line, other])


def test_a_class_name_outside_the_allowlist_is_refused() -> None:
    codec = codec_for("englishman")
    for name in [b"EnGardeView", b"Seat", b"os.system", b"__class__", b"\xff\xfe"]:
        with pytest.raises(CodecError):
            codec.unpack((msgpack.ExtType(DATACLASS, name), 1))


def test_a_wrong_field_count_is_refused() -> None:
    codec = codec_for("englishman")
    for wrong in [(), (1,), (1, 2, 3)]:
        with pytest.raises(CodecError, match="FrontToFront takes 2 fields"):
            codec.unpack((msgpack.ExtType(DATACLASS, b"FrontToFront"), *wrong))


def test_fields_a_class_refuses_are_a_codec_error() -> None:
    codec = codec_for("attacke")
    assert codec.unpack((msgpack.ExtType(DATACLASS, b"Play"), (5,), (), (), None)) == Play((5,))
    with pytest.raises(CodecError, match="Play refused its fields"):
        codec.unpack((msgpack.ExtType(DATACLASS, b"Play"), 5, (), (), None))


def test_nesting_deeper_than_the_bound_is_refused_directly_and_through_msgpack() -> None:
    codec = codec_for("en-garde")
    deep: object = 1
    for _ in range(MAX_DEPTH):
        deep = (deep,)
    assert codec.unpack(deep) == deep
    deeper = (deep,)
    with pytest.raises(CodecError, match="nested deeper"):
        codec.unpack(deeper)
    frame = msgpack.packb(codec.pack(deeper), **PACK_OPTIONS)
    with pytest.raises(CodecError, match="nested deeper"):
        codec.unpack(msgpack.unpackb(frame, **UNPACK_OPTIONS))


def test_more_values_than_the_bound_are_refused_however_they_are_spread() -> None:
    codec = codec_for("en-garde")
    with pytest.raises(CodecError, match="more than"):
        codec.unpack(tuple(range(MAX_ITEMS + 1)))
    with pytest.raises(CodecError, match="more than"):
        codec.unpack(tuple(tuple(range(1_000)) for _ in range(MAX_ITEMS // 1_000)))


@pytest.mark.parametrize(
    "wire",
    [
        {"a": 1},
        (1, msgpack.ExtType(DATACLASS, b"Line")),
        msgpack.ExtType(FROZENSET, b""),
        (msgpack.ExtType(FROZENSET, b"x"), 1),
        (msgpack.ExtType(FROZENSET, b""), 1, 1),
        (msgpack.ExtType(FROZENSET, b""), {"a": 1}),
        (msgpack.ExtType(DICT, b""), 1),
        (msgpack.ExtType(DICT, b""), 1, 2, 1, 3),
        (msgpack.ExtType(DICT, b""), (msgpack.ExtType(DICT, b""),), 1),
        (msgpack.ExtType(9, b""),),
        msgpack.Timestamp(0),
        bytearray(b"x"),
    ],
)
def test_shapes_pack_never_makes_are_refused(wire: object) -> None:
    with pytest.raises(CodecError):
        codec_for("en-garde").unpack(wire)


CODECS = [codec_for(rules.id) for rules in registry.all()]
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats()
    | st.text(max_size=6)
    | st.binary(max_size=6)
)
NAMES = st.sampled_from(sorted({name for codec in CODECS for name in codec.classes}))
EXTS = st.builds(
    msgpack.ExtType,
    st.sampled_from([DATACLASS, DATACLASS, FROZENSET, DICT, 0, 4, 127]),
    NAMES.map(str.encode) | st.just(b"") | st.binary(max_size=6),
)
JUNK = st.recursive(
    SCALARS | EXTS,
    lambda inner: (
        st.lists(inner, max_size=6)
        | st.lists(inner, max_size=6).map(tuple)
        | st.dictionaries(st.text(max_size=3), inner, max_size=3)
        | st.tuples(EXTS, st.lists(inner, max_size=7)).map(lambda t: (t[0], *t[1]))
    ),
    max_leaves=40,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(codec=st.sampled_from(CODECS), junk=JUNK)
def test_junk_unpacks_or_raises_codec_error_and_nothing_else(codec: Codec, junk: object) -> None:
    with contextlib.suppress(CodecError):
        codec.unpack(junk)


PLAIN = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4).map(tuple), max_leaves=8)
"""Values that unpack: what makes the fields of a class, to see what the class does with them."""


@st.composite
def built(draw: st.DrawFn) -> tuple[Codec, object]:
    """An allowlisted class with the right number of fields: plain values, mostly, or junk."""
    codec = draw(st.sampled_from(CODECS))
    name = draw(st.sampled_from(sorted(codec.classes)))
    count = len(fields(codec.classes[name]))
    items = draw(st.lists(PLAIN | PLAIN | JUNK, min_size=count, max_size=count))
    return codec, (msgpack.ExtType(DATACLASS, name.encode()), *items)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(built())
def test_junk_fields_of_allowlisted_classes_build_or_raise_codec_error(
    case: tuple[Codec, object],
) -> None:
    codec, wire = case
    with contextlib.suppress(CodecError):
        codec.unpack(wire)


@settings(max_examples=200, deadline=None)
@given(codec=st.sampled_from(CODECS), junk=JUNK)
def test_junk_read_off_the_wire_unpacks_or_raises_codec_error(codec: Codec, junk: object) -> None:
    frame = msgpack.unpackb(msgpack.packb(junk, **PACK_OPTIONS), **UNPACK_OPTIONS)
    with contextlib.suppress(CodecError):
        codec.unpack(frame)
