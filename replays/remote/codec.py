"""Views and chronicle lines as plain msgpack values, and back again from a peer we do not trust.

A guest is sent `rules.view(state, seat)` and its own `Line`s; both are frozen dataclasses, so
they need a tagged form on the wire. Unpacking builds only the dataclasses of the match's own
game package (plus `Line`), by a name looked up in that allowlist: never eval, pickle or an
attribute named by the peer.

The packed form (`Codec.pack`), the only shapes `Codec.unpack` accepts:

* None, bool, int (64-bit), float, str and bytes stay as they are;
* a tuple becomes an array, and comes back as a tuple;
* a dataclass becomes the array ``[ExtType(1, b"ClassName"), field, field, ...]``, its fields
  in declaration order; a frozenset ``[ExtType(2, b""), item, ...]`` (items sorted by their
  packed bytes); a dict ``[ExtType(3, b""), key, value, key, value, ...]``.

An ordinary tuple can never be read as a tag: `pack` emits an ExtType only at the head of a
tagged array, and `unpack` refuses an ExtType anywhere else, as it refuses a msgpack map (no
packed value is one). Input is bounded: nesting deeper than `MAX_DEPTH` arrays or more than
`MAX_ITEMS` values in all, an unknown class, a wrong field count, a repeated set item or dict
key, or fields a class refuses raise `CodecError`, and nothing else.

Packed sizes in bytes (`len(msgpack.packb(codec.pack(view), **PACK_OPTIONS))`, seat 0's view
over 100 random matches per game: the median of each match's middle ply / the largest at any
ply): En Garde 390 / 1130; Attacke, 3 seats 195 / 690, 5 seats 295 / 1020; Crossing 1020 /
7420 and Fields of Action 690 / 5390 (their repetition keys, 64-65 bytes each, pile up until
a capture); the Englishman 190 / 320. A chronicle line packs to 30-130 bytes (the
Englishman's deal about 210). A 64 KiB frame holds the largest view and a few hundred lines.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from types import MappingProxyType, ModuleType
from typing import Any, Final

import msgpack

from core import registry
from core.rules import Rules
from replays.chronicle import Line

PACK_OPTIONS: Final[dict[str, Any]] = {"use_bin_type": True}
"""For `msgpack.packb` of a frame: bytes stay bin, distinct from str."""
UNPACK_OPTIONS: Final[dict[str, Any]] = {"raw": False, "use_list": False, "strict_map_key": True}
"""For `msgpack.unpackb` of a frame: str as str, arrays as tuples (what views hold), map keys
only str or bytes. `unpack` takes lists as well, for frames read with `use_list=True`."""

MAX_DEPTH: Final = 32
"""Arrays within arrays; a view nests about 5 deep."""
MAX_ITEMS: Final = 100_000
"""Values in one unpacked value, all levels counted; a view holds a few hundred."""

DATACLASS: Final = 1
FROZENSET: Final = 2
DICT: Final = 3
"""The msgpack ext codes that open a tagged array."""

_SCALARS: Final = (type(None), bool, int, float, str, bytes)
_INT_RANGE: Final = range(-(2**63), 2**64)
"""What a msgpack int holds."""
_SHOWN: Final = 40
"""At most this much of a peer-given class name goes into an error message."""

Packed = Any
"""A value msgpack packs as is: a scalar, bytes, an ExtType or a list of Packed (msgpack has no
type hints, so mypy sees Any)."""


class CodecError(ValueError):
    """A value the codec will not pack, or wire input it will not unpack; the reason is short."""


class Codec:
    """Packs and unpacks the dataclasses of one allowlist, matched by class name."""

    def __init__(self, classes: Iterable[type[Any]]) -> None:
        self._classes: dict[str, type[Any]] = {}
        self._fields: dict[type[Any], tuple[str, ...]] = {}
        for cls in classes:
            name = cls.__name__
            if self._classes.setdefault(name, cls) is not cls:
                raise TypeError(f"two classes named {name} cannot share one codec")
            fields = dataclasses.fields(cls)
            if not all(f.init for f in fields):
                raise TypeError(f"{name} has a field __init__ does not take; it cannot be rebuilt")
            self._fields[cls] = tuple(f.name for f in fields)

    @classmethod
    def for_game(cls, rules: Rules[Any, Any, Any]) -> Codec:
        """The codec of `rules`' game: the public dataclasses of its `core.games` package, and
        `Line`. A game that hides anything keeps its state class out, so a host that would send
        a state instead of a view fails in `pack` rather than leaking it."""
        state = rules.new(rules.min_players, {})
        shown = type(rules.view(state, None))
        hidden = type(state).__name__ if shown is not type(state) else ""
        return _for_package(_package_of(type(rules).__module__), hidden)

    @property
    def classes(self) -> Mapping[str, type[Any]]:
        """The allowlist: the classes this codec packs and builds, by name."""
        return MappingProxyType(self._classes)

    def pack(self, value: object) -> Packed:
        """`value` as plain msgpack values; raises CodecError on a type views never hold."""
        kind = type(value)
        if kind in _SCALARS:
            if kind is int and value not in _INT_RANGE:
                raise CodecError("an int does not fit in 64 bits")
            return value
        if type(value) is tuple:
            return [self.pack(item) for item in value]
        if type(value) is frozenset:
            items = sorted((self.pack(item) for item in value), key=_packb)
            return [msgpack.ExtType(FROZENSET, b""), *items]
        if type(value) is dict:
            flat = (self.pack(x) for pair in value.items() for x in pair)
            return [msgpack.ExtType(DICT, b""), *flat]
        if self._classes.get(kind.__name__) is kind:
            tag = msgpack.ExtType(DATACLASS, kind.__name__.encode())
            return [tag, *(self.pack(getattr(value, name)) for name in self._fields[kind])]
        raise CodecError(f"a {kind.__name__} is not a value this codec packs")

    def unpack(self, wire: object) -> object:
        """The value `pack` made `wire` from; raises CodecError on anything `pack` never makes."""
        return _Reader(self).read(wire, 0)


class _Reader:
    """One unpacking, counting the values it has read against MAX_ITEMS."""

    def __init__(self, codec: Codec) -> None:
        self.classes = codec._classes
        self.fields = codec._fields
        self.left = MAX_ITEMS

    def read(self, wire: object, depth: int) -> object:
        self.left -= 1
        if self.left < 0:
            raise CodecError(f"more than {MAX_ITEMS} values")
        kind = type(wire)
        if kind in _SCALARS:
            return wire
        if kind is not tuple and kind is not list:
            raise CodecError(f"a {kind.__name__} is not part of a packed value")
        if depth >= MAX_DEPTH:
            raise CodecError(f"nested deeper than {MAX_DEPTH}")
        items: tuple[object, ...] | list[object] = wire  # type: ignore[assignment]
        if len(items) > self.left:
            raise CodecError(f"more than {MAX_ITEMS} values")
        if not items or type(items[0]) is not msgpack.ExtType:
            return tuple(self.read(item, depth + 1) for item in items)
        self.left -= 1
        head: Any = items[0]
        body = [self.read(item, depth + 1) for item in items[1:]]
        if head.code == DATACLASS:
            return self.build(head.data, body)
        if head.data != b"":
            raise CodecError(f"ext code {head.code} carries no data")
        if head.code == FROZENSET:
            found = _hashed(lambda: frozenset(body))
            if len(found) != len(body):
                raise CodecError("a set lists an item twice")
            return found
        if head.code == DICT:
            if len(body) % 2:
                raise CodecError("a dict has a key without a value")
            table = _hashed(lambda: dict(zip(body[::2], body[1::2], strict=True)))
            if 2 * len(table) != len(body):
                raise CodecError("a dict lists a key twice")
            return table
        raise CodecError(f"unknown ext code {head.code}")

    def build(self, data: bytes, fields: list[object]) -> object:
        try:
            name = data.decode()
        except UnicodeDecodeError:
            raise CodecError("a class name is not UTF-8") from None
        cls = self.classes.get(name)
        if cls is None:
            raise CodecError(f"unknown class {name[:_SHOWN]!r}")
        wanted = len(self.fields[cls])
        if len(fields) != wanted:
            raise CodecError(f"{name} takes {wanted} fields, not {len(fields)}")
        try:
            return cls(*fields)
        except Exception as refused:  # a __post_init__ may raise anything on hostile fields
            raise CodecError(f"{name} refused its fields") from refused


def _hashed(make: Any) -> Any:
    """`make()`, with an unhashable set item or dict key (a peer's dict inside) as CodecError."""
    try:
        return make()
    except TypeError:
        raise CodecError("a set item or dict key is unhashable") from None


def _packb(value: Packed) -> bytes:
    packed: bytes = msgpack.packb(value, **PACK_OPTIONS)
    return packed


def codec_for(game_id: str) -> Codec:
    """The codec of a registered game (raises `core.registry.UnknownGame`)."""
    return Codec.for_game(registry.get(game_id))


def _package_of(module: str) -> str:
    parts = module.split(".")
    if parts[:2] != ["core", "games"] or len(parts) < 3:
        raise TypeError(f"{module} is not a game under core.games")
    return ".".join(parts[:3])


@cache
def _for_package(package: str, hidden: str) -> Codec:
    found = (
        value
        for module in _modules(importlib.import_module(package))
        for name, value in vars(module).items()
        if isinstance(value, type)
        and dataclasses.is_dataclass(value)
        and value.__module__ == module.__name__
        and name != hidden
        and not name.startswith("_")
    )
    return Codec([*found, Line])


def _modules(root: ModuleType) -> Iterator[ModuleType]:
    yield root
    for info in pkgutil.walk_packages(getattr(root, "__path__", ()), root.__name__ + "."):
        yield importlib.import_module(info.name)
