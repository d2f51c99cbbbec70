"""The frames of a hosted match, both ways: msgpack maps with a version and a type.

A guest is a stranger on the network: everything it sends is decoded here, size-capped and
checked field by field before the host looks at it, and anything else is a `WireError` that
closes that one connection. What the host sends is built here too, so the two ends cannot
drift; docs/PROTOCOL.md describes every field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import msgpack

from core.rules import Outcome, Wire

VERSION = 1
"""The protocol's version: a frame of another version is refused with a word on upgrading."""
GUEST_FRAME_LIMIT = 4096
"""Bytes in one frame from a guest (a decision, a chat line): far above any real one."""
HOST_FRAME_LIMIT = 1 << 20
"""Bytes in one frame from the host (a view and the lines so far)."""
TAKEN_OVER = 4000
"""The close code of a guest whose seat a newer connection with the same invitation took (one
connection plays a seat): the closed one does not reconnect, or the two would take the seat
from each other for ever."""


class WireError(ValueError):
    """A frame that is not Parlour's protocol (or not its version): the connection ends."""


def encode(kind: str, **fields: Wire) -> bytes:
    """One frame of type `kind`."""
    frame: dict[str, Wire] = {"v": VERSION, "t": kind}
    frame.update(fields)
    packed: bytes = msgpack.packb(frame, use_bin_type=True)
    return packed


def decode(data: bytes | str, limit: int) -> dict[str, Any]:
    """The map in one frame, checked for size, shape and version (WireError if not)."""
    if not isinstance(data, bytes):
        raise WireError("frames are binary msgpack, not text")
    if len(data) > limit:
        raise WireError(f"a frame of {len(data)} bytes is over the limit of {limit}")
    try:
        frame = msgpack.unpackb(
            data,
            raw=False,
            strict_map_key=True,
            max_array_len=limit,
            max_map_len=limit,
            max_str_len=limit,
            max_bin_len=limit,
            max_ext_len=limit,
        )
    except (ValueError, TypeError, msgpack.UnpackException) as err:
        raise WireError(f"not a msgpack frame ({type(err).__name__})") from None
    if not isinstance(frame, dict) or not isinstance(frame.get("t"), str):
        raise WireError("a frame is a map with a type")
    version = frame.get("v")
    if version != VERSION or isinstance(version, bool):  # True == 1, but is no version
        raise WireError(
            f"the other side speaks protocol {version!r}, this Parlour speaks {VERSION}: "
            "both need the same version of Parlour"
        )
    return frame


# -- what a guest sends ---------------------------------------------------------------------


@dataclass(frozen=True)
class Hello:
    """The first frame of a connection: the invitation's match and secret."""

    match: str
    secret: str


@dataclass(frozen=True)
class Act:
    """A decision, chosen at position `at` (the entries the guest had seen): a retry after a
    drop names the same position, so the host applies it once."""

    at: int
    action: Wire


@dataclass(frozen=True)
class Resign:
    at: int


@dataclass(frozen=True)
class TakeBack:
    """Ask to take back this seat's last move."""


@dataclass(frozen=True)
class Answer:
    """The answer to a takeback this seat was asked to agree to."""

    yes: bool


@dataclass(frozen=True)
class Chat:
    text: str


@dataclass(frozen=True)
class Rematch:
    """Once the match is over: this seat asks for (or agrees to) a rematch, or declines it."""

    yes: bool


GuestFrame = Hello | Act | Resign | TakeBack | Answer | Chat | Rematch

_FIELDS: dict[str, dict[str, type]] = {
    "hello": {"match": str, "secret": str},
    "act": {"at": int, "action": object},
    "resign": {"at": int},
    "takeback": {},
    "answer": {"yes": bool},
    "chat": {"text": str},
    "rematch": {"yes": bool},
}


def guest_frame(data: bytes | str) -> GuestFrame:
    """A guest's frame, every field checked (WireError otherwise)."""
    frame = decode(data, GUEST_FRAME_LIMIT)
    kind = frame["t"]
    fields = _FIELDS.get(kind)
    if fields is None:
        raise WireError(f"unknown frame type {kind[:20]!r}")
    extra = set(frame) - set(fields) - {"v", "t"}
    if extra:
        raise WireError(f"unexpected fields in {kind!r}: {', '.join(sorted(extra))[:60]}")
    for name, expected in fields.items():
        value = frame.get(name)
        if name not in frame or not _is(value, expected):
            raise WireError(f"{kind!r} needs {name!r} as {expected.__name__}")
    if kind == "hello":
        return Hello(frame["match"], frame["secret"])
    if kind == "act":
        return Act(frame["at"], frame["action"])
    if kind == "resign":
        return Resign(frame["at"])
    if kind == "takeback":
        return TakeBack()
    if kind == "answer":
        return Answer(frame["yes"])
    if kind == "rematch":
        return Rematch(frame["yes"])
    return Chat(frame["text"])


def _is(value: object, expected: type) -> bool:
    if expected is object:
        return True
    if expected is int:
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31
    return isinstance(value, expected)


def guest(frame: GuestFrame) -> bytes:
    """The bytes of a guest's frame (the client's side of `guest_frame`)."""
    if isinstance(frame, Hello):
        return encode("hello", match=frame.match, secret=frame.secret)
    if isinstance(frame, Act):
        return encode("act", at=frame.at, action=frame.action)
    if isinstance(frame, Resign):
        return encode("resign", at=frame.at)
    if isinstance(frame, TakeBack):
        return encode("takeback")
    if isinstance(frame, Answer):
        return encode("answer", yes=frame.yes)
    if isinstance(frame, Rematch):
        return encode("rematch", yes=frame.yes)
    return encode("chat", text=frame.text)


# -- what the host sends ----------------------------------------------------------------------


def host_frame(data: bytes | str) -> dict[str, Any]:
    """A host's frame, decoded; its fields are checked by the guest's table as it reads them
    (a host that sends nonsense ends the connection, never the guest's app)."""
    frame = decode(data, HOST_FRAME_LIMIT)
    if frame["t"] not in ("welcome", "update", "notice", "refused", "record"):
        raise WireError(f"unknown frame type {frame['t'][:20]!r}")
    return frame


def field(frame: Mapping[str, Any], name: str, *kinds: type) -> Any:
    """`frame[name]`, which must be of one of `kinds` (WireError otherwise)."""
    value = frame.get(name)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise WireError(f"a {frame.get('t')!r} frame needs {name!r}")
    return value


def read_outcome(wire: object) -> Outcome | None:
    """An update's `outcome` field (nil while the match is on; WireError when unreadable)."""
    if not isinstance(wire, dict):
        return None
    winners, scores, reason = wire.get("winners"), wire.get("scores", ()), wire.get("reason")
    if not all(
        isinstance(numbers, list | tuple) and all(isinstance(n, int) for n in numbers)
        for numbers in (winners, scores)
    ):
        raise WireError("the host's outcome cannot be read")
    return Outcome(tuple(winners), tuple(scores), str(reason or "")[:300])  # type: ignore[arg-type]
