"""Words that follow the table: seat names as the game calls them, and "the others" for 2 to 5.

Every sentence that names players is built here, so no screen assumes two players ("your
opponent") and a game with seats of its own (White and Black, Jack and the Giant) is worded
with them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from rich.cells import cell_len, set_cell_size

from core.rules import Outcome, Rules


def seat_label(
    rules: Rules[Any, Any, Any], names: Sequence[str], seat: int, *, bot: bool = False
) -> str:
    """The player's name, with the game's own name for the seat when it has one, and with
    "bot" in the same parentheses when `bot` and the name does not say so already ("Ann (Giant,
    bot)", never "Ann (Giant) (bot)" or "Easy mcts bot (bot)")."""
    name = names[seat]
    own = rules.seat_names[seat] if seat < len(rules.seat_names) else ""
    notes = ([own] if own and own.lower() != name.lower() else []) + (
        ["bot"] if bot and "bot" not in name.lower() else []
    )
    return f"{name} ({', '.join(notes)})" if notes else name


def bot_name(spec: str) -> str:
    """A seat name for a bot: "Random bot", "Hard ismcts bot" (the new-game form's and the
    host's, so a bot is called the same wherever its match was set up)."""
    kind, _, level = spec.partition(":")
    return f"{level.capitalize()} {kind} bot" if level else f"{kind.capitalize()} bot"


def numbered(name: str, taken: Collection[str]) -> str:
    """`name`, or "`name` 2", "`name` 3"…: the first that no seat in `taken` has (case aside)."""
    used = {t.casefold() for t in taken}
    found, n = name, 2
    while found.casefold() in used:
        found, n = f"{name} {n}", n + 1
    return found


def short_name(name: str, width: int) -> str:
    """`name` in `width` cells at most: cut with "…" (after a whole word if that loses three
    cells or fewer), keeping a seat's number ("Normal ismcts… 2"), so seats whose names differ
    only at the end (bots numbered 2, 3, 4) stay apart."""
    if cell_len(name) <= width:
        return name
    head, _, last = name.rpartition(" ")
    tail = f" {last}" if head and last.isdigit() and cell_len(last) <= 3 else ""
    if tail and width < cell_len(tail) + 2:  # no room for the space: "…2", or for the number
        tail = tail.strip() if width > cell_len(last) else ""
    body = head if tail else name
    room = max(width - 1 - cell_len(tail), 0)
    cut = set_cell_size(body, room).rstrip()
    space = cut.rfind(" ")
    mid_word = body[len(cut) : len(cut) + 1] not in ("", " ")
    if mid_word and space > 0 and cell_len(cut[space:]) <= 4:  # a space and 3 cells at most
        cut = cut[:space].rstrip()
    return cut + "…" + tail


def joined(words: Sequence[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cleo"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def facing(names: Sequence[str]) -> str:
    """Who plays, as every list of matches writes it: "Ann vs Bob", "Ann, Bob, Cleo"."""
    return (" vs " if len(names) == 2 else ", ").join(names)


def match_result(winners: Sequence[str]) -> str:
    """ "Ann wins the match", "Ann and Bob win the match", or (no winner) "The match is drawn"."""
    if not winners:
        return "The match is drawn"
    return f"{joined(winners)} {'win' if len(winners) > 1 else 'wins'} the match"


def headline(rules: Rules[Any, Any, Any], names: Sequence[str], outcome: Outcome | None) -> str:
    """The result, the winners named with their seats ("Ann (White) wins the match"): the end
    panel, the replay and a guest's record say it alike."""
    if outcome is None or outcome.is_draw:
        return match_result([])
    return match_result([seat_label(rules, names, w) for w in outcome.winners])


def others(rules: Rules[Any, Any, Any], names: Sequence[str], seat: int) -> str:
    """Everyone at the table but `seat`, by name."""
    return joined([seat_label(rules, names, s) for s in range(len(names)) if s != seat])


def titled(title: str, options: Mapping[str, object]) -> str:
    """The game's title with its word-valued options, as the lists and the replay name a
    match: "En Garde (advanced)", "Fields of Action (black first)". Who moves first is said so:
    a bare "(white)" read as the side the player took."""
    words = [
        f"{value} first" if key == "first" else value
        for key, value in options.items()
        if isinstance(value, str)
    ]
    return f"{title} ({', '.join(words)})" if words else title


def full_stop(text: str) -> str:
    """`text` ending as a sentence ends: with a full stop, unless it has one or ends in "…"."""
    return text if text.endswith(("…", ".")) else f"{text}."


def sentence(clause: str) -> str:
    """A clause that follows a colon elsewhere ("the host stopped hosting") as a sentence of
    its own: its first letter up, a full stop after it."""
    return full_stop(clause[:1].upper() + clause[1:])
