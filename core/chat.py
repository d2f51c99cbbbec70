"""Chat kept in the match file: a line said at the table, by a seat or by someone without one.

A chat line is a meta entry of its own kind, `{"what": "chat", "data": {"seat", "text"}}`, never
a move: it changes no state, it may be said after the match is over, and everyone may read it.
`seat` is a seat of the match, or SPECTATOR for a spectator (or a host without a seat), who
then gives a `name`. The text (and a spectator's name) is stored clean (`core.text`), and a
file whose chat is not — control characters, too long, no such seat — does not replay, as a
forged resignation does not: a chat line is shown on other people's terminals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.rules import SPECTATOR, IllegalAction, Wire
from core.text import CHAT_LIMIT, NAME_LIMIT, clean_text, is_clean

CHAT = "chat"
"""The meta entry's `what`."""


def chat_data(seat: int, text: str, name: str | None, seats: int) -> dict[str, Wire]:
    """The data of `seat` saying `text` (cleaned) in a match of `seats` seats; IllegalAction
    when nothing is left to say, or the speaker is neither a seat nor a named spectator."""
    said = clean_text(text, CHAT_LIMIT)
    if not said:
        raise IllegalAction("There is nothing to say: the chat line is empty")
    data: dict[str, Wire] = {"seat": seat, "text": said}
    if name is not None:
        data["name"] = clean_text(name, NAME_LIMIT)
    fault = chat_fault(data, seats)
    if fault is not None:
        raise IllegalAction(fault)
    return data


def chat_fault(data: Mapping[str, Wire], seats: int) -> str | None:
    """Why a chat entry with `data` cannot be in a match of `seats` seats, or None."""
    seat, text, name = data.get("seat"), data.get("text"), data.get("name")
    if type(seat) is not int or not (0 <= seat < seats or seat == SPECTATOR):
        return "a chat line must name a seat of this match, or a spectator"
    if not isinstance(text, str) or not is_clean(text, CHAT_LIMIT):
        return (
            f"a chat line must be plain text of 1 to {CHAT_LIMIT} characters, "
            "without control characters"
        )
    if seat != SPECTATOR:
        if name is not None:
            return "a seated player's chat line takes the seat's name, not one of its own"
    elif not isinstance(name, str) or not is_clean(name, NAME_LIMIT):
        return (
            f"a spectator's chat line must give a name of 1 to {NAME_LIMIT} characters, "
            "without control characters"
        )
    return None


def spoken(data: Mapping[str, Wire], names: Sequence[str]) -> tuple[str, str]:
    """Who said a (checked) chat line, the seat's name or the spectator's own, and what."""
    seat, text, name = data.get("seat"), data.get("text"), data.get("name")
    assert type(seat) is int and isinstance(text, str), "chat is checked as it is appended"
    return (str(name) if seat == SPECTATOR else names[seat]), text
