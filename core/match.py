"""Match: the event-sourced aggregate. A header plus ordered entries; state is a fold.

Entries are actions (a seat's decision or a chance outcome), notes (annotations, which never
change state) and meta records (resignations, takebacks, chat, the computer's review, bot
details, session boundaries). A takeback is a meta entry that returns the state to an earlier
position, so the log stays append-only and a replay can still show the moves that were taken
back. The match keeps a snapshot of the state every `snapshot_every` entries, so any position
is reached in at most that many applies. Core does no I/O: `submit` hands each new entry to a
`sink` (the replays log writer in the app, a list in tests) before the state moves on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from core.chat import CHAT, chat_data, chat_fault
from core.review.verdict import REVIEW, review_fault
from core.rules import CHANCE, IllegalAction, Outcome, Rules, Wire

UNNOTE = "unnote"
"""The meta record that withdraws an earlier note ({"note": its entry's index}): an older
Parlour, which does not know it, shows the note still, and reads the file all the same."""

GLYPHS: tuple[str, ...] = ("!!", "!", "!?", "?!", "?", "??")
"""Annotation glyphs, from brilliant to blunder."""

SeatKind = Literal["human", "bot"]


@dataclass(frozen=True)
class Seat:
    """A player at the table: a name, and whether a person or a bot plays it."""

    name: str
    kind: SeatKind = "human"
    bot: str = ""
    """The bot's id (e.g. "random") when kind is "bot"."""

    def to_wire(self) -> dict[str, Wire]:
        return {"name": self.name, "kind": self.kind, "bot": self.bot}

    @classmethod
    def from_wire(cls, wire: Wire) -> Seat:
        if not isinstance(wire, dict):
            raise ValueError("a seat must be a map")
        name, kind, bot = wire.get("name"), wire.get("kind", "human"), wire.get("bot", "")
        if not isinstance(name, str) or not isinstance(bot, str):
            raise ValueError(f"malformed seat {wire!r}")
        if kind == "human":
            return cls(name, "human", bot)
        if kind == "bot":
            return cls(name, "bot", bot)
        raise ValueError(f"a seat is a human or a bot, not {kind!r}")


@dataclass(frozen=True)
class Header:
    """Everything needed to rebuild the match from its entries."""

    game: str
    options: Mapping[str, Any]
    seats: tuple[Seat, ...]
    match_id: str
    created: str = ""
    """ISO 8601 time, supplied by the caller (core has no clock)."""
    app_version: str = ""
    source: Mapping[str, Wire] | None = None
    """For "continue from here": {"match_id": ..., "entry": n} of the match it branched from."""

    def to_wire(self) -> dict[str, Wire]:
        return {
            "game": self.game,
            "options": dict(self.options),
            "seats": [s.to_wire() for s in self.seats],
            "match_id": self.match_id,
            "created": self.created,
            "app_version": self.app_version,
            "source": dict(self.source) if self.source is not None else None,
        }

    @classmethod
    def from_wire(cls, wire: Wire) -> Header:
        if not isinstance(wire, dict):
            raise ValueError("the header must be a map")
        try:
            game, options, seats = wire["game"], wire["options"], wire["seats"]
            match_id = wire["match_id"]
        except KeyError as missing:
            raise ValueError(f"the header has no {missing.args[0]!r} field") from None
        source = wire.get("source")
        if not (
            isinstance(game, str)
            and isinstance(options, dict)
            and isinstance(seats, list)
            and isinstance(match_id, str)
            and (source is None or isinstance(source, dict))
        ):
            raise ValueError("the header's fields have the wrong types")
        created, version = wire.get("created", ""), wire.get("app_version", "")
        return cls(
            game=game,
            options=options,
            seats=tuple(Seat.from_wire(s) for s in seats),
            match_id=match_id,
            created=created if isinstance(created, str) else "",
            app_version=version if isinstance(version, str) else "",
            source=source,
        )


@dataclass(frozen=True)
class ActionEntry:
    """A decision by `seat`, or a chance outcome when seat is CHANCE."""

    seat: int
    action: Wire
    at: float | None = None

    def to_wire(self) -> dict[str, Wire]:
        return {"k": "action", "seat": self.seat, "action": self.action, "at": self.at}


@dataclass(frozen=True)
class NoteEntry:
    """An annotation on entry `target` (0-based index; -1 is the starting position)."""

    target: int
    text: str
    glyph: str = ""
    marks: tuple[str, ...] = ()
    at: float | None = None

    def to_wire(self) -> dict[str, Wire]:
        return {
            "k": "note",
            "target": self.target,
            "text": self.text,
            "glyph": self.glyph,
            "marks": list(self.marks),
            "at": self.at,
        }


@dataclass(frozen=True)
class MetaEntry:
    """Something about the match that is not a move: "resign", "bot", "session", ..."""

    what: str
    data: Mapping[str, Wire] = field(default_factory=dict)
    at: float | None = None

    def to_wire(self) -> dict[str, Wire]:
        return {"k": "meta", "what": self.what, "data": dict(self.data), "at": self.at}


Entry = ActionEntry | NoteEntry | MetaEntry


def entry_from_wire(wire: Wire) -> Entry:
    """Rebuild an entry from its plain form; raises ValueError when it is malformed."""
    if not isinstance(wire, dict):
        raise ValueError("an entry must be a map")
    kind, at = wire.get("k"), wire.get("at")
    if at is not None and not isinstance(at, int | float):
        raise ValueError("an entry's time must be a number")
    if kind == "action":
        seat = wire.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise ValueError("an action entry needs an integer seat")
        return ActionEntry(seat, wire.get("action"), at)
    if kind == "note":
        target, text, glyph = wire.get("target"), wire.get("text"), wire.get("glyph", "")
        marks = wire.get("marks", [])
        if not (
            isinstance(target, int)
            and isinstance(text, str)
            and isinstance(glyph, str)
            and isinstance(marks, list)
            and all(isinstance(m, str) for m in marks)
        ):
            raise ValueError("malformed note entry")
        return NoteEntry(target, text, glyph, tuple(marks), at)  # type: ignore[arg-type]
    if kind == "meta":
        what, data = wire.get("what"), wire.get("data", {})
        if not isinstance(what, str) or not isinstance(data, dict):
            raise ValueError("malformed meta entry")
        return MetaEntry(what, data, at)
    raise ValueError(f"unknown entry kind {kind!r}")


class BadEntry(IllegalAction):
    """Entry `index` of a match cannot be applied; the valid prefix is `index` entries."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(f"entry {index}: {message}")
        self.index = index
        self.reason = message


Sink = Callable[[Entry], None]


class Match:
    """A match in progress or finished: header, entries, and the state they fold to."""

    def __init__(
        self,
        rules: Rules[Any, Any, Any],
        header: Header,
        entries: Iterable[Entry] = (),
        *,
        sink: Sink | None = None,
        snapshot_every: int = 64,
    ) -> None:
        """Replay `entries` (raising BadEntry at the first one that does not apply)."""
        if header.game != rules.id:
            raise ValueError(f"header is for {header.game!r}, rules are {rules.id!r}")
        self.rules = rules
        self.header = header
        self.options = dict(header.options)
        self._sink: Sink | None = None
        self._every = max(1, snapshot_every)
        self._entries: list[Entry] = []
        self._initial = rules.new(len(header.seats), self.options)
        self._state = self._initial
        self._snapshots: list[Any] = [self._initial]  # state after entries [0, k*every)
        self._resigned: int | None = None
        self._live: list[int] = []
        """Indexes of the action entries that stand (not taken back), in order."""
        self._dead: set[int] = set()
        self._withdrawn: set[int] = set()
        """Indexes of the notes withdrawn since (`withdraw_note`): the file keeps them."""
        self._judged: tuple[Any, Outcome | None] = (None, None)
        """(state, its outcome): asked for two or three times an action, worked out once."""
        for entry in entries:
            self._append(entry, validate_index=len(self._entries))
        self._sink = sink

    # -- reading -------------------------------------------------------------------------
    @property
    def entries(self) -> Sequence[Entry]:
        return tuple(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def state(self) -> Any:
        """The state after every entry."""
        return self._state

    @property
    def resigned(self) -> int | None:
        """The seat that resigned, if any."""
        return self._resigned

    def to_move(self) -> int | None:
        return None if self._resigned is not None else self.rules.to_move(self._state)

    def outcome(self) -> Outcome | None:
        if self._resigned is not None:
            others = tuple(s for s in range(len(self.header.seats)) if s != self._resigned)
            name = self.header.seats[self._resigned].name
            return Outcome(others, reason=f"{name} resigned")
        state, outcome = self._judged
        if state is not self._state:
            outcome = self.rules.outcome(self._state)
            self._judged = (self._state, outcome)
        return outcome

    @property
    def is_over(self) -> bool:
        return self.outcome() is not None

    def state_at(self, n: int) -> Any:
        """The state after the first `n` entries (0 = before any entry)."""
        if not 0 <= n <= len(self._entries):
            raise IndexError(f"no position after {n} entries (the match has {len(self)})")
        k = min(n // self._every, len(self._snapshots) - 1)
        state = self._snapshots[k]
        for entry in self._entries[k * self._every : n]:
            if isinstance(entry, ActionEntry):
                state = self.rules.apply(state, self.rules.from_wire(entry.action))
            elif isinstance(entry, MetaEntry) and entry.what == "takeback":
                state = self.state_at(_takeback_to(entry))
        return state

    def taken_back(self) -> frozenset[int]:
        """Indexes of the action entries a later takeback undid."""
        return frozenset(self._dead)

    def takeback_to(self, seat: int) -> int:
        """How many entries the position returns to if `seat` takes back its last decision.

        Everything after that decision goes too (a bot's reply, the other player's move). The
        policy is the same for every game: never across a chance outcome, which may have shown
        a card to someone, and never once the match is over. Raises IllegalAction with the
        reason when a takeback is not allowed, worded to follow "… cannot be taken back: ".
        """
        if self.is_over:
            raise IllegalAction("the match is over")
        for index in reversed(self._live):
            entry = self._entries[index]
            assert isinstance(entry, ActionEntry)
            if entry.seat == CHANCE:
                raise IllegalAction("a card (or other chance outcome) was revealed after it")
            if entry.seat == seat:
                return index
        raise IllegalAction("there is no move to take back")

    def actions(self) -> list[tuple[int, ActionEntry]]:
        """(index, entry) of every action entry, in order."""
        return [(i, e) for i, e in enumerate(self._entries) if isinstance(e, ActionEntry)]

    def notes(self) -> list[tuple[int, NoteEntry]]:
        """(index, entry) of every annotation that stands (not withdrawn since), in order."""
        return [
            (i, e)
            for i, e in enumerate(self._entries)
            if isinstance(e, NoteEntry) and i not in self._withdrawn
        ]

    # -- writing -------------------------------------------------------------------------
    def submit(self, action: Any, *, at: float | None = None) -> ActionEntry:
        """Validate and apply `action` for whoever is to move; the sink sees it first."""
        if self.is_over:
            raise IllegalAction("the match is over")
        seat = self.rules.to_move(self._state)
        assert seat is not None
        entry = ActionEntry(seat, action.to_wire(), at)
        self._append(entry, validate_index=None, to_move=seat)
        return entry

    def annotate(
        self,
        target: int,
        text: str,
        glyph: str = "",
        marks: Sequence[str] = (),
        *,
        at: float | None = None,
    ) -> NoteEntry:
        """Append a note on entry `target`; allowed on finished matches too."""
        entry = NoteEntry(target, text, glyph, tuple(marks), at)
        self._append(entry, validate_index=None)
        return entry

    def withdraw_note(self, index: int, *, at: float | None = None) -> MetaEntry:
        """Withdraw the note at entry `index` (to change it, or to be rid of it): the file
        is append-only, so the note stays in it, and `notes` leaves it out from now on."""
        entry = MetaEntry(UNNOTE, {"note": index}, at)
        self._append(entry, validate_index=None)
        return entry

    def resign(self, seat: int, *, at: float | None = None) -> MetaEntry:
        """`seat` gives up; the others win."""
        if self.is_over:
            raise IllegalAction("the match is over")
        entry = MetaEntry("resign", {"seat": seat}, at)
        self._append(entry, validate_index=None)
        return entry

    def take_back(self, seat: int, *, at: float | None = None) -> MetaEntry:
        """Undo `seat`'s last decision and everything after it (see `takeback_to`)."""
        to = self.takeback_to(seat)
        moves = sum(1 for index in self._live if index >= to)  # no chance among them
        entry = MetaEntry("takeback", {"seat": seat, "to": to, "moves": moves}, at)
        self._append(entry, validate_index=None)
        return entry

    def chat(
        self, seat: int, text: str, *, at: float | None = None, name: str | None = None
    ) -> MetaEntry:
        """`seat` (or a spectator, SPECTATOR with a `name`) says `text`, cleaned (`core.chat`);
        fine on finished matches too, and it never changes the position."""
        entry = MetaEntry(CHAT, chat_data(seat, text, name, len(self.header.seats)), at)
        self._append(entry, validate_index=None)
        return entry

    def record(self, what: str, data: Mapping[str, Wire], *, at: float | None = None) -> MetaEntry:
        """Append an informational meta entry (bot details, session boundaries)."""
        entry = MetaEntry(what, data, at)
        self._append(entry, validate_index=None)
        return entry

    def _fault(self, entry: MetaEntry) -> str | None:
        """Why a chat or review entry cannot be in this match (None: it can, or it is another
        kind of record, which is informational)."""
        seats = len(self.header.seats)
        if entry.what == CHAT:
            return chat_fault(entry.data, seats)
        if entry.what == REVIEW:
            return review_fault(entry.data, seats, self._decider)
        return None

    def _decider(self, index: int) -> int | None:
        """The seat whose decision entry `index` is (None: no seat's action, or no entry)."""
        if not 0 <= index < len(self._entries):
            return None
        entry = self._entries[index]
        if isinstance(entry, ActionEntry) and entry.seat >= 0:
            return entry.seat
        return None

    # -- the one place entries are checked and folded ---------------------------------------
    def _append(
        self, entry: Entry, validate_index: int | None, *, to_move: int | None = None
    ) -> None:
        """Check `entry` against the match so far, hand it to the sink, then fold it in.
        `to_move`: the seat the rules say is to move, from a caller that has just asked them
        and found the match going on (`submit`), so an action is not checked twice."""
        index = len(self._entries)

        def fail(message: str) -> IllegalAction:
            if validate_index is None:
                return IllegalAction(message)
            return BadEntry(index, message)

        state = self._state
        resigned = self._resigned
        if isinstance(entry, ActionEntry):
            seat = to_move
            if seat is None:
                if self.is_over:
                    raise fail("the match is already over")
                seat = self.rules.to_move(state)
            if entry.seat != seat:
                who = "chance" if seat == CHANCE else f"seat {seat}"
                raise fail(f"it is {who}'s turn, not seat {entry.seat}'s")
            try:
                state = self.rules.apply(state, self.rules.from_wire(entry.action))
            except IllegalAction as err:
                raise fail(str(err)) from None
        elif isinstance(entry, NoteEntry):
            if not -1 <= entry.target < index:
                raise fail(f"a note must point at an earlier entry, not {entry.target}")
            if entry.glyph and entry.glyph not in GLYPHS:
                raise fail(f"unknown glyph {entry.glyph!r} (use one of {' '.join(GLYPHS)})")
        elif entry.what == "resign":
            seat_no = entry.data.get("seat")
            if not isinstance(seat_no, int) or not 0 <= seat_no < len(self.header.seats):
                raise fail("a resignation must name a seat of this match")
            if self.is_over:
                raise fail("the match is already over")
            resigned = seat_no
        elif entry.what == "takeback":
            seat_no, to = entry.data.get("seat"), entry.data.get("to")
            if not isinstance(seat_no, int) or not isinstance(to, int):
                raise fail("a takeback must name a seat and an entry")
            try:
                allowed = self.takeback_to(seat_no)
            except IllegalAction as err:
                raise fail(str(err)) from None
            if to != allowed:
                raise fail(f"a takeback by seat {seat_no} returns to entry {allowed}, not {to}")
            state = self.state_at(to)
        elif entry.what == UNNOTE:
            note = entry.data.get("note")
            if type(note) is not int or not 0 <= note < index:
                raise fail("a withdrawal must name an earlier entry")
            if not isinstance(self._entries[note], NoteEntry) or note in self._withdrawn:
                raise fail(f"entry {note} is not a note that stands")
        elif fault := self._fault(entry):
            raise fail(fault)
        if self._sink is not None:
            self._sink(entry)
        self._entries.append(entry)
        self._state = state
        self._resigned = resigned
        if isinstance(entry, ActionEntry):
            self._live.append(index)
        elif isinstance(entry, MetaEntry) and entry.what == "takeback":
            to = _takeback_to(entry)
            while self._live and self._live[-1] >= to:
                self._dead.add(self._live.pop())
        elif isinstance(entry, MetaEntry) and entry.what == UNNOTE:
            note = entry.data["note"]
            assert isinstance(note, int), "withdrawals are checked as they are appended"
            self._withdrawn.add(note)
        if len(self._entries) % self._every == 0:
            self._snapshots.append(state)


def _takeback_to(entry: MetaEntry) -> int:
    to = entry.data.get("to")
    assert isinstance(to, int), "takebacks are checked as they are appended"
    return to
