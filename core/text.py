"""Text from another machine is text: a name or a chat line that can do nothing but be read.

A remote player's name and chat reach every other terminal at the table. Written raw, a
control character or an escape sequence in them would act on those terminals — retitle the
window (OSC 0), move the cursor over the board (CSI), plant a hyperlink (OSC 8), or turn the
line around with a bidi override so it reads as something else. `clean_text` removes all of
that and leaves printable characters, single spaces and a bounded length.

Markup is not core's concern: `[b]` or `[link=…]` stays literal text here, and whatever
renders the text with a markup language (Textual, Rich) must render it inert itself.
"""

from __future__ import annotations

import re
import unicodedata

NAME_LIMIT = 24
"""Characters a player's name may have."""
CHAT_LIMIT = 200
"""Characters a chat line may have."""
CUT = "…"
"""The last character of a text that was cut to its limit."""

DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Unicode categories no clean text holds: controls (C0, DEL, C1), format characters (bidi
overrides and isolates, zero-width characters), surrogates, private-use and unassigned."""

_SEQUENCE = re.compile(
    r"""
      (?:\x1b\[|\x9b)[0-?]*[\x20-/]*[@-~]        # CSI (7- or 8-bit): parameters, a final byte
    | (?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])    # OSC, DCS, SOS, PM, APC (7- or 8-bit) ...
      .*?(?:\x07|\x1b\\|\x9c|\Z)                # ... up to BEL or ST, or the end of the text
    | \x1b[\x20-/]*[0-~]                         # any other escape: ESC c, ESC ( B, ESC 7
    """,
    re.VERBOSE | re.DOTALL,
)
"""A whole ANSI/VT escape sequence. An unterminated string sequence takes the rest of the text
with it, as a terminal would; a sequence cut short loses its ESC to the character filter."""


def clean_text(text: str, limit: int) -> str:
    """`text` without escape sequences or invisible and control characters, its whitespace
    runs one space, its ends stripped, at most `limit` characters (ending in … when cut).

    Idempotent: what it returns, it returns unchanged."""
    return _clean(text, limit, DROPPED)


def is_clean(text: str, limit: int) -> bool:
    """Whether stored `text` is as `clean_text` leaves it, and not empty. A code point this
    Python's Unicode does not know yet passes: a newer Python may have written it, assigned,
    and a file must not read as forged because its reader is older."""
    return bool(text) and _clean(text, limit, DROPPED - {"Cn"}) == text


def _clean(text: str, limit: int, dropped: frozenset[str]) -> str:
    if limit < 1:
        raise ValueError(f"a text limit is at least 1 character, not {limit}")
    plain = _SEQUENCE.sub("", text)
    kept = "".join(
        " " if char.isspace() else char
        for char in plain
        if char.isspace() or unicodedata.category(char) not in dropped
    )
    words = " ".join(kept.split())
    if len(words) <= limit:
        return words
    return words[: limit - 1].rstrip() + CUT
