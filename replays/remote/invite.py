"""Invitations: one URL a host hands a guest, carrying where it listens, the match and a seat.

`parlour://HOST:PORT/MATCH_ID/SECRET` (`parlours://` when the host speaks TLS). The secret is a
capability: whoever holds it takes the seat (or the watching place) it was made for, so it is
128 random bits, compared in constant time, and an invitation is read strictly: a pasted URL
that is not exactly this shape is refused with a message saying what is wrong, rather than
guessed at. The match id is the match file's short id (the first 8 hex digits of its
`uuid4().hex`, as `parlour list` shows it): enough to tell apart the matches one host serves,
and short enough that an invitation fits on one line of an 80-column terminal.
"""

from __future__ import annotations

import hmac
import ipaddress
import re
import secrets
import unicodedata
from dataclasses import dataclass
from typing import Final
from urllib.parse import SplitResult, urlsplit

SCHEMES: Final = {"parlour": False, "parlours": True}
"""Scheme -> whether the host uses TLS."""
SHAPE: Final = (
    "An invitation looks like parlour://HOST:PORT/MATCH_ID/SECRET (or parlours://), "
    "with an 8-character hex match id and a 32-character hex secret."
)
_HEX32: Final = re.compile(r"[0-9a-f]{32}")
"""A secret (`secrets.token_hex(16)`)."""
_SHORT_ID: Final = re.compile(r"[0-9a-f]{8}")
"""A match's short id."""
SHORT = 8
"""Hex digits of a match id an invitation carries."""
_LABEL: Final = re.compile(r"[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?")
"""One label of a host name (RFC 1123), as `urlsplit` hands it back: lower case."""
_LONGEST: Final = 400
"""No invitation is longer (a 253-character host name makes one of about 340)."""
_ECHOED: Final = 60
"""At most this much of a bad invitation is shown back to the user."""


class BadInvitation(ValueError):
    """Text that is not an invitation; the message says what is wrong and what one looks like."""


@dataclass(frozen=True)
class Invitation:
    """Where the host listens, which match, and the secret of one seat (or of watching).

    `host` is a name (lower case), an IPv4 address or an IPv6 address without brackets."""

    host: str
    port: int
    match_id: str
    secret: str
    tls: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "host", self.host.lower())
        problem = _problem(self.host, ":" in self.host, self.port, self.match_id, self.secret)
        if problem:
            raise BadInvitation(f"{problem}. {SHAPE}")

    @property
    def where(self) -> str:
        """ "HOST:PORT" as the invitation writes it ("[::1]:7480" for an IPv6 address)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"

    def __str__(self) -> str:
        scheme = "parlours" if self.tls else "parlour"
        return f"{scheme}://{self.where}/{self.match_id}/{self.secret}"


def new_secret() -> str:
    """A fresh seat secret: 128 random bits as 32 lowercase hex characters."""
    return secrets.token_hex(16)


def secrets_match(given: str, expected: str) -> bool:
    """Whether a guest's secret is the seat's, in time that does not depend on where they
    differ (so a guest cannot find a secret character by character)."""
    return hmac.compare_digest(given.encode(), expected.encode())


def parse(text: str) -> Invitation:
    """The invitation in `text` (spaces around it, as pasted, are fine)."""
    text = text.strip()
    if not text:
        raise BadInvitation(f"There is no invitation to read. {SHAPE}")
    if len(text) > _LONGEST:
        raise _bad(text, f"it is longer than any invitation ({len(text)} characters)")
    if any(char.isspace() or not char.isprintable() for char in text):
        raise _bad(text, "it has a space or a control character inside")
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as error:
        raise _bad(text, _port_or_url(str(error))) from None
    if parts.scheme not in SCHEMES:
        raise _bad(text, 'it does not start with "parlour://" or "parlours://"')
    if "?" in text or "#" in text:
        raise _bad(text, 'it has a "?" or "#" part, which invitations never have')
    if "@" in parts.netloc:
        raise _bad(text, 'it has a user name ("...@"), which invitations never have')
    return _invitation(text, parts, port)


def _invitation(text: str, parts: SplitResult, port: int | None) -> Invitation:
    host = parts.hostname or ""
    if not host:
        raise _bad(text, "it names no host")
    if port is None:
        raise _bad(text, "it has no port (HOST:PORT)")
    path = parts.path.split("/")
    if len(path) != 3 or path[0]:
        raise _bad(text, "it should have exactly two parts after the port, MATCH_ID/SECRET")
    bracketed = parts.netloc.startswith("[")
    match_id, secret = path[1].lower(), path[2].lower()  # hex, whatever case it was typed in
    problem = _problem(host, bracketed, port, match_id, secret)
    if problem:
        raise _bad(text, problem)
    return Invitation(host, port, match_id, secret, tls=SCHEMES[parts.scheme])


def _problem(host: str, bracketed: bool, port: int, match_id: str, secret: str) -> str:
    """What is wrong with these parts of an invitation, or "" when nothing is."""
    if not _good_host(host, bracketed):
        return "its host is not a host name, an IPv4 address or a bracketed IPv6 address"
    if not 1 <= port <= 65535:
        return "its port must be a number from 1 to 65535"
    if not _SHORT_ID.fullmatch(match_id):
        return "its match id must be 8 characters of 0-9 and a-f"
    if not _HEX32.fullmatch(secret):
        return "its secret must be 32 characters of 0-9 and a-f"
    return ""


def _good_host(host: str, bracketed: bool) -> bool:
    if bracketed:
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            return False
        return True
    if re.fullmatch(r"[0-9.]+", host):
        try:
            ipaddress.IPv4Address(host)
        except ValueError:
            return False
        return True
    labels = host.removesuffix(".").split(".")
    return len(host) <= 253 and all(_LABEL.fullmatch(label) for label in labels)


def _port_or_url(reason: str) -> str:
    """`urlsplit`'s complaint in the words of an invitation."""
    if reason.startswith("Port"):
        return "its port must be a number from 1 to 65535"
    if "IPv" in reason or "bracket" in reason:
        return "its host is not a host name, an IPv4 address or a bracketed IPv6 address"
    return "it is not a URL"


def _bad(text: str, problem: str) -> BadInvitation:
    """The error for `text`, showing a short, printable part of it."""
    shown = "".join(c for c in text if not unicodedata.category(c).startswith("C"))
    if len(shown) > _ECHOED:
        shown = shown[: _ECHOED - 1] + "…"
    return BadInvitation(f'"{shown}" is not an invitation: {problem}. {SHAPE}')
