"""A match told as lines of play, as one seat (or, once it is over, everyone) may read them.

The game screen's move log, its "since your last turn" line, the replay viewer's move list and
the exports all word moves here, so a move reads the same everywhere and hidden cards stay
hidden in the same way everywhere. What was said at the table (`core.chat`) is told here too,
as lines of their own kind that every reader may read and that are never moves. The chronicle
folds the match's states once and picks up entries appended later (the live game, notes added
in the replay, chat).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from core.chat import CHAT, spoken
from core.match import ActionEntry, Entry, Match, MetaEntry
from core.rules import CHANCE, SecretNotation

LineKind = Literal["move", "chance", "resign", "takeback", "chat"]


@dataclass(frozen=True)
class Line:
    """One line of play: a seat's move, a chance outcome, a resignation or a takeback; or a
    line of chat, words "Ben: hello", said where it stands in the match."""

    index: int
    """The entry's index; a cursor at position index + 1 shows the state after it."""
    seat: int
    """The acting seat, or CHANCE; for chat, the seat that spoke or SPECTATOR."""
    kind: LineKind
    notation: str
    """Empty for chance outcomes the reader may not know."""
    words: str
    chapter: int
    """The round (contest, ...) the line leads into: the move that ends a round is in that
    round, the next round's first deal card in the next."""
    taken_back: bool = False
    """A later takeback undid this move: logs and replays show it struck through, unnumbered."""
    speaker: str = ""
    """Who said a chat line (the seat's name, or the spectator's own); "" for play."""

    @property
    def said(self) -> str:
        """A chat line's text, without its speaker."""
        return self.words.removeprefix(f"{self.speaker}: ")


def move_numbers(lines: Sequence[Line]) -> dict[int, int]:
    """Each line's entry index → the moves standing up to it, counting it when it is one: the
    number the game's move log, the replay's list and a review give the same move. A move a
    takeback withdrew is not counted (the move played in its place takes its number), as the
    turn counter and `parlour list` do not count it."""
    numbers, moves = {}, 0
    for line in lines:
        moves += standing(line)
        numbers[line.index] = moves
    return numbers


def standing(line: Line) -> bool:
    """A seat's move that no takeback withdrew."""
    return line.kind == "move" and not line.taken_back


def taken_back(entry: MetaEntry, names: Sequence[str]) -> str:
    """A takeback's line: whose, and how many decisions went with it ("Ben took back a move
    and the one after it": asked on his own turn, the reply he faced went too)."""
    seat, moves = entry.data["seat"], entry.data.get("moves", 1)
    assert isinstance(seat, int) and isinstance(moves, int)
    after = moves - 1
    if after < 1:
        return f"{names[seat]} took back a move"
    return f"{names[seat]} took back a move and the {'one' if after == 1 else after} after it"


class Chronicle:
    """The states of `match` after every entry, and its lines of play for any reader.

    The match's entries are fetched once per call, never once per entry: a match of many
    notes is told in time proportional to its length."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self._states: list[Any] = [match.state_at(0)]
        rules = match.rules
        self.secret = rules if isinstance(rules, SecretNotation) else None
        """Checked once: a runtime protocol check costs more than wording a line."""
        self.names = [seat.name for seat in match.header.seats]

    def states(self) -> list[Any]:
        """`states()[n]` is the state after the first n entries (folded once, then cached)."""
        if len(self._states) > len(self.match):
            return self._states
        rules, entries = self.match.rules, self.match.entries
        settled = _last_change(entries)
        """From here on the state is the match's own (only notes and records follow)."""
        while len(self._states) <= len(entries):
            n = len(self._states) - 1
            entry, state = entries[n], self._states[-1]
            if isinstance(entry, ActionEntry):
                # The last move's result is the match's state: folded once there, not twice.
                state = (
                    self.match.state
                    if n == settled
                    else rules.apply(state, rules.from_wire(entry.action))
                )
            elif isinstance(entry, MetaEntry) and entry.what == "takeback":
                to = entry.data.get("to")
                state = self._states[to] if isinstance(to, int) else state
            self._states.append(state)
        return self._states

    def state_before(self, index: int) -> Any:
        return self.states()[index]

    def lines(self, viewer: int | None, start: int = 0) -> list[Line]:
        """Every line from entry `start` on, worded for `viewer` (None: everything)."""
        teller = _Teller(self, viewer, self.match.taken_back())
        return [
            line
            for index in range(start, len(teller.entries))
            if (line := teller.line(index)) is not None
        ]

    def line(
        self, index: int, viewer: int | None, dead: frozenset[int] = frozenset()
    ) -> Line | None:
        """Entry `index` as a line for `viewer`, or None for entries that are not play."""
        return _Teller(self, viewer, dead).line(index)

    def since_last_turn(self, seat: int) -> list[Line]:
        """Every other seat's public moves since `seat` last decided, oldest first.

        Worded as `seat` may know them; chance outcomes, taken-back moves and chat (which is
        not a move) are left out.
        """
        teller = _Teller(self, seat, self.match.taken_back())
        said: list[Line] = []
        for index in range(len(teller.entries) - 1, -1, -1):
            entry = teller.entries[index]
            if not isinstance(entry, ActionEntry) or entry.seat == CHANCE or index in teller.dead:
                continue
            if entry.seat == seat:
                break
            line = teller.line(index)
            if line is not None:
                said.append(line)
        return said[::-1]


def _last_change(entries: Sequence[Entry]) -> int:
    """The index of the last entry that changes the state (a move or a takeback), or -1."""
    for index in range(len(entries) - 1, -1, -1):
        entry = entries[index]
        if isinstance(entry, ActionEntry) or (
            isinstance(entry, MetaEntry) and entry.what == "takeback"
        ):
            return index
    return -1


class _Teller:
    """One reading of a chronicle: the entries and states fetched once, lines worded for one
    viewer."""

    def __init__(self, chronicle: Chronicle, viewer: int | None, dead: frozenset[int]) -> None:
        self.states = chronicle.states()
        self.entries = chronicle.match.entries
        self.rules = chronicle.match.rules
        self.secret = chronicle.secret
        self.names = chronicle.names
        self.viewer = viewer
        self.dead = dead

    def line(self, index: int) -> Line | None:
        rules, viewer, names = self.rules, self.viewer, self.names
        entry = self.entries[index]
        before, after = self.states[index], self.states[index + 1]
        chapter = rules.round_of(after)  # a line is told in the chapter it leads to
        if isinstance(entry, ActionEntry):
            action = rules.from_wire(entry.action)
            words = rules.describe(before, action, viewer, names)
            if entry.seat == CHANCE and not words:
                return None  # a chance outcome the move before it told already, for this viewer
            hidden = entry.seat == CHANCE and viewer is not None and rules.hides_information
            kind: LineKind = "chance" if entry.seat == CHANCE else "move"
            if hidden:
                written = ""
            elif self.secret is not None:
                written = self.secret.notation_seen(before, action, viewer)
            else:
                written = rules.notation(action)
            return Line(
                index,
                entry.seat,
                kind,
                written,
                words,
                chapter,
                taken_back=index in self.dead,
            )
        if isinstance(entry, MetaEntry) and entry.what in ("resign", "takeback", CHAT):
            seat = entry.data.get("seat")
            assert isinstance(seat, int)  # Match checked it when the entry was appended
            if entry.what == "resign":
                return Line(index, seat, "resign", "resign", f"{names[seat]} resigns", chapter)
            if entry.what == CHAT:
                who, text = spoken(entry.data, names)
                return Line(index, seat, "chat", "", f"{who}: {text}", chapter, speaker=who)
            return Line(index, seat, "takeback", "undo", taken_back(entry, names), chapter)
        return None
