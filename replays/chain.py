"""The framing of a match file: marker, records and the hash chain (see docs/FORMAT.md).

A file is a plain msgpack stream: the 16-byte preamble `["parlour-match", 1]`, then records
`[body, digest]` where `body` is one msgpack value packed into a bin and
`digest = blake2b(previous digest + body, digest_size=16)`; the header record's "previous
digest" is the preamble itself. Packing is deterministic, so the same header and entries
always give the same bytes.
"""

from __future__ import annotations

from typing import BinaryIO

import msgpack

try:  # hashlib's own blake2b, without hashlib loading OpenSSL first (~5 ms of every command)
    from _blake2 import blake2b
except ImportError:  # a Python built without it: hashlib finds one
    from hashlib import blake2b

from core.rules import Wire

MAGIC = "parlour-match"
FORMAT_VERSION = 1
"""The newest format this Parlour writes and reads."""
PREAMBLE = msgpack.packb([MAGIC, FORMAT_VERSION])
MARKER = PREAMBLE[:-1]
"""The version-independent start of every match file: fixarray(2), fixstr "parlour-match"."""
DIGEST_SIZE = 16
MAX_BODY = 256 * 1024
"""The largest record body written or read; anything bigger is treated as damage."""
MAX_DEPTH = 32
"""The deepest nesting of lists and maps a record body may have."""

DECODE_ERRORS = (msgpack.UnpackException, ValueError, TypeError, OverflowError)
"""Everything msgpack may raise on hostile bytes (OutOfData and BufferFull are not ValueErrors)."""


OutOfData = msgpack.OutOfData
"""Raised by a record reader when the stream ends, cleanly or mid-record."""


def digest(previous: bytes, body: bytes) -> bytes:
    """The chain link of a record: it covers the body and, through `previous`, all before it."""
    return blake2b(previous + body, digest_size=DIGEST_SIZE).digest()


def pack_body(wire: Wire) -> bytes:
    """A header or entry in its packed form; ValueError when it cannot be stored."""
    try:
        body: bytes = msgpack.packb(wire, use_bin_type=True)
    except (TypeError, ValueError, OverflowError) as err:
        raise ValueError(f"it holds a value a match file cannot store ({err})") from None
    if len(body) > MAX_BODY:
        raise ValueError(f"it is too large to store ({len(body)} bytes; at most {MAX_BODY})")
    return body


def pack_record(body: bytes, link: bytes) -> bytes:
    """The on-disk record: a 2-array of bins."""
    record: bytes = msgpack.packb([body, link], use_bin_type=True)
    return record


def record_parts(record: object) -> tuple[bytes, bytes]:
    """The (body, digest) of an unpacked record; ValueError when it has the wrong shape."""
    if (
        isinstance(record, list)
        and len(record) == 2
        and isinstance(record[0], bytes)
        and isinstance(record[1], bytes)
        and len(record[1]) == DIGEST_SIZE
    ):
        return record[0], record[1]
    raise ValueError("a record has the wrong shape")


def unpack_body(body: bytes) -> Wire:
    """The value packed in a record body, checked to be plain data; ValueError otherwise."""
    try:
        value = msgpack.unpackb(body, raw=False, strict_map_key=True, timestamp=0)
    except DECODE_ERRORS:
        raise ValueError("a record's contents are unreadable") from None
    if not is_plain(value):
        raise ValueError("a record holds values a match file never contains")
    return value  # type: ignore[no-any-return]


_SCALARS = frozenset({type(None), bool, int, float, str, bytes})


def is_plain(value: object) -> bool:
    """True for None/bool/int/float/str/bytes and lists and str-keyed maps of them.

    Iterative and depth-limited, so no later recursive walk (export, a game's `from_wire`)
    can be pushed into Python's recursion limit by a forged file. It checks exact types:
    msgpack builds exactly these, and the check runs for every record read, so it walks one
    level at a time with no call or tuple per value (a listing checks a header per file).
    """
    level: list[object] = [value]
    depth = 0
    while level:
        nested: list[object] = []
        for item in level:
            kind = type(item)
            if kind in _SCALARS:
                continue
            if depth >= MAX_DEPTH:
                return False
            if kind is list:
                nested += item  # type: ignore[arg-type]
            elif kind is dict:
                for key in item:  # type: ignore[attr-defined]
                    if type(key) is not str:
                        return False
                nested += item.values()  # type: ignore[attr-defined]
            else:
                return False
        level = nested
        depth += 1
    return True


def claimed_body_length(head: bytes) -> int | None:
    """The body length a record starting with `head` declares (its bin header), if readable."""
    if len(head) < 3 or head[0] != 0x92:
        return None
    kind = head[1]
    width = {0xC4: 1, 0xC5: 2, 0xC6: 4}.get(kind)
    if width is None or len(head) < 2 + width:
        return None
    return int.from_bytes(head[2 : 2 + width], "big")


def read_version(data: bytes) -> int | None:
    """The format number that follows the marker, or None when it is not a whole number."""
    unpacker = msgpack.Unpacker(max_buffer_size=64)
    try:
        unpacker.feed(data[:64])
        value = unpacker.unpack()
    except DECODE_ERRORS:
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def record_unpacker(stream: BinaryIO, read_size: int = 64 * 1024) -> msgpack.Unpacker:
    """A streaming reader of records with limits, so a forged length cannot allocate or hang.
    It reads `read_size` bytes at a time (more when a record needs it): a reader of the header
    alone asks for little, not a whole file of moves."""
    return msgpack.Unpacker(
        stream,
        raw=False,
        strict_map_key=True,
        max_buffer_size=2 * MAX_BODY + 64,
        read_size=read_size,
        max_bin_len=MAX_BODY,
        max_str_len=64,
        max_array_len=2,
        max_map_len=0,
        max_ext_len=0,
    )
