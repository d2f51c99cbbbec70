"""The match store: create, open, load, list and branch matches in the matches folder.

A match being played is an `OpenMatch`: a core `Match` whose sink is the locked log writer,
so every entry is on disk before the state moves on. The store supplies the clock (entry
times, creation dates), which core does not have. When a match ends the store appends a
meta "end" record with the outcome, so the listing can tell finished matches and results
without loading any game state.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import core
from core import registry
from core.match import (
    ActionEntry,
    BadEntry,
    Entry,
    Header,
    Match,
    MetaEntry,
    NoteEntry,
    Seat,
    Sink,
)
from core.rules import BadOption, Outcome, Rules, Standing, Wire, resolve_options
from replays import catalogue, leftovers, lock, paths, summary
from replays.closing import Closing
from replays.ending import END, agrees, false_end
from replays.errors import Damage, DamagedLog, LogError, MatchNotFound, NewerFormat
from replays.logfile import SUFFIX, LogRead, LogWriter, read_header, read_log, read_summary
from replays.summary import Tally

Clock = Callable[[], float]
STANDING = "standing"
"""The meta record with the game's public words for where the match stands: {"text"}."""
LARGEST = 2**63 - 1
"""The largest whole number an option may take: a match header stores it as msgpack int64."""


class OpenMatch(Closing):
    """A match open for play or annotation: the Match, its locked log writer, and a clock.

    The Match holds every entry of the file, replayed, with its `end` records checked
    (`open_match`), or is new: so the writer may keep the listing's summary of the file.
    Use it as a context manager (or call `close`) so the lock is released.
    """

    def __init__(
        self,
        match: Match,
        writer: LogWriter,
        *,
        damage: Damage | None = None,
        clock: Clock = time.time,
    ) -> None:
        self.match = match
        self.writer = writer
        self.damage = damage
        """Damage found (and cut off) when the file was opened, to tell the player about."""
        self._clock = clock
        self._ended = _end_agrees(match)
        self._standing = last_standing(match.entries)
        rules = match.rules
        self._standing_rules: Standing | None = rules if isinstance(rules, Standing) else None
        """Checked once: a runtime protocol check on every move costs more than the move."""
        writer.vouch()
        self._record_end()

    @property
    def path(self) -> Path:
        return self.writer.path

    @property
    def damaged_copy(self) -> Path | None:
        """Where the untouched damaged file was kept, when opening it cut a tail off."""
        return self.writer.damaged_copy

    def submit(self, action: Any) -> ActionEntry:
        """Validate, save and apply the move of whoever is to act (IllegalAction if it is not)."""
        entry = self.match.submit(action, at=self._clock())
        self._record_standing()
        self._record_end()
        return entry

    def take_back(self, seat: int) -> MetaEntry:
        """Undo `seat`'s last decision and what followed it (IllegalAction when not allowed)."""
        entry = self.match.take_back(seat, at=self._clock())
        self._record_standing()
        return entry

    def _record_standing(self) -> None:
        """A `standing` record whenever the game's public standing words change, so the resume
        list can say "round 4 · 2–1" without replaying the match."""
        rules = self._standing_rules
        if rules is None:
            return
        words = rules.standing(self.match.state)
        if words != self._standing:
            self.match.record(STANDING, {"text": words}, at=self._clock())
            self._standing = words

    def resign(self, seat: int) -> MetaEntry:
        """`seat` gives up; the others win."""
        entry = self.match.resign(seat, at=self._clock())
        self._record_end()
        return entry

    def chat(self, seat: int, text: str, *, name: str | None = None) -> MetaEntry:
        """`seat` (or SPECTATOR, with a `name`) says `text`: cleaned, saved, then in the match;
        fine on finished matches too (IllegalAction when nothing is left to say)."""
        return self.match.chat(seat, text, at=self._clock(), name=name)

    def annotate(
        self, target: int, text: str, glyph: str = "", marks: Sequence[str] = ()
    ) -> NoteEntry:
        """A note on entry `target` (-1 = the starting position); fine on finished matches."""
        return self.match.annotate(target, text, glyph, marks, at=self._clock())

    def withdraw_note(self, index: int) -> MetaEntry:
        """Withdraw the note at entry `index` (the file keeps it; the match's notes leave it
        out); fine on finished matches."""
        return self.match.withdraw_note(index, at=self._clock())

    def record(self, what: str, data: Mapping[str, Wire]) -> MetaEntry:
        """An informational meta record (bot details, session boundaries); never `end`, which
        only the match's own outcome writes."""
        if what == END:
            raise ValueError("the end record is written by the match itself when it is over")
        return self.match.record(what, data, at=self._clock())

    def close(self) -> None:
        self.writer.close()

    def _record_end(self) -> None:
        """Append the end record once the match is over (also repairs a crash before it, and
        an `end` record that does not agree with the replayed outcome or is not the last)."""
        outcome = self.match.outcome()
        if outcome is None or self._ended:
            return
        data: dict[str, Wire] = {
            "winners": list(outcome.winners),
            "scores": list(outcome.scores),
            "reason": outcome.reason,
        }
        self.match.record(END, data, at=self._clock())
        self._ended = True


@dataclass(frozen=True)
class MatchSummary:
    """One line of the resume browser, read from the file alone: no game state, no hands."""

    path: Path
    header: Header
    title: str
    entries: int
    turns: int
    """Moves made by seats (chance outcomes, notes and meta records are not turns)."""
    last_played: float
    """Time of the last move, or the file's modification time when it has none."""
    outcome: Outcome | None
    """From the end record; None while the match is unfinished."""
    damage: Damage | None = None
    standing: str = ""
    """The game's public words for where the match stands ("round 4 · 2–1"), if it has any."""
    checked: bool = True
    """False for a file listed from its header alone (`scan_matches(check=False)`): its
    entries were not read, so its counts are 0, its time the file's, and it shows no result,
    which only the replay may give (an `end` record can be forged). Never cached."""

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def game(self) -> str:
        return self.header.game

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.header.seats

    @property
    def options(self) -> Mapping[str, Any]:
        return self.header.options

    @property
    def created(self) -> str:
        return self.header.created

    def to_wire(self) -> dict[str, Wire]:
        """Everything but the path, for the listing cache."""
        outcome, damage = self.outcome, self.damage
        return {
            "header": self.header.to_wire(),
            "title": self.title,
            "entries": self.entries,
            "turns": self.turns,
            "last_played": self.last_played,
            "outcome": None
            if outcome is None
            else [list(outcome.winners), list(outcome.scores), outcome.reason],
            "damage": None
            if damage is None
            else [damage.entry, damage.offset, damage.reason, damage.file_size],
            "standing": self.standing,
        }

    @classmethod
    def from_wire(cls, path: Path, wire: Any) -> MatchSummary:
        """The summary `to_wire` gave; raises ValueError (or KeyError, TypeError) if malformed."""
        outcome, damage = wire["outcome"], wire["damage"]
        return cls(
            path,
            Header.from_wire(wire["header"]),
            str(wire["title"]),
            int(wire["entries"]),
            int(wire["turns"]),
            float(wire["last_played"]),
            None if outcome is None else Outcome(tuple(outcome[0]), tuple(outcome[1]), outcome[2]),
            None if damage is None else Damage(*damage),
            str(wire.get("standing", "")),
        )


@dataclass(frozen=True)
class MatchListing:
    """Every match file in the folder: the readable ones and why the others are not."""

    matches: list[MatchSummary]
    unreadable: list[tuple[Path, str]] = field(default_factory=list)
    newer: frozenset[Path] = frozenset()
    """The unreadable files a newer Parlour wrote (an upgrade opens them: not damage)."""


def create_match(
    rules: Rules[Any, Any, Any],
    seats: Sequence[Seat],
    options: Mapping[str, object] | None = None,
    *,
    source: Mapping[str, Wire] | None = None,
    clock: Clock = time.time,
) -> OpenMatch:
    """Start a new match file in the matches folder and return it open (and locked).

    Raises BadOption / ValueError for options or seat counts the game does not allow.
    """
    if not rules.min_players <= len(seats) <= rules.max_players:
        raise ValueError(
            f"{rules.title} is for {rules.min_players} to {rules.max_players} players, "
            f"not {len(seats)}"
        )
    chosen = match_options(rules, options or {}, len(seats))  # before a file exists
    return _start(rules, _header(rules, chosen, seats, source, clock), [], clock)


def match_options(
    rules: Rules[Any, Any, Any], given: Mapping[str, object], players: int
) -> dict[str, Any]:
    """The options of a new match of `players` seats: defaults filled in, and every value
    checked against its declared choices, against what the game's `new` accepts (ranges such
    as "0 or more") and against what a match header can store. BadOption (a ValueError) says
    what is allowed; the command line and the store check options here alike."""
    chosen = resolve_options(rules.options, given)
    for key, value in chosen.items():
        if type(value) is int and not -LARGEST <= value <= LARGEST:
            digits = len(str(abs(value)))
            given_as = str(value) if digits <= 24 else f"one of {digits} digits"
            raise BadOption(
                f"option {key!r} takes a whole number from {-LARGEST} to {LARGEST}, not {given_as}"
            )
    rules.new(players, chosen)
    return chosen


def open_match(
    target: Path | str, *, rules: Rules[Any, Any, Any] | None = None, clock: Clock = time.time
) -> OpenMatch:
    """Open a match by path or match id to go on playing (or annotating) it.

    A torn or corrupted tail is cut off (see `OpenMatch.damage`). Raises MatchLocked when it is
    open elsewhere, and DamagedLog when an intact entry no longer replays (the file is then
    left untouched: it can still be watched, or continued from there as a new match).
    """
    path = locate(target)
    writer, found = LogWriter.open_append(path)
    try:
        match = _replay(found, rules, sink=writer.append)
    except LogError:
        writer.close()  # not vouched for: no summary is kept of a file that does not replay
        raise
    return OpenMatch(match, writer, damage=found.damage, clock=clock)


def load_match(
    target: Path | str, *, rules: Rules[Any, Any, Any] | None = None
) -> tuple[Match, Damage | None]:
    """Read a match without locking it (to replay, verify or export): the intact prefix.

    Entries after damage in the file, or from the first entry that does not replay (an `end`
    record the moves do not bear out included), are left out and described by the returned
    Damage.
    """
    return replay_log(read_log(locate(target)), rules)


def replay_log(
    found: LogRead, rules: Rules[Any, Any, Any] | None = None
) -> tuple[Match, Damage | None]:
    """The Match of a read file up to the first entry that does not replay, with the Damage
    there (or the file's own damage, None when it is intact). DamagedLog when the header does
    not suit the game, LogError when this Parlour does not know the game."""
    try:
        return _replay(found, rules), found.damage
    except DamagedLog as err:
        if err.damage is None:
            raise
        return _replay(found, rules, stop=err.damage.entry), err.damage


def continue_from(
    target: Path | str,
    entries: int,
    *,
    seats: Sequence[Seat] | None = None,
    rules: Rules[Any, Any, Any] | None = None,
    clock: Clock = time.time,
) -> OpenMatch:
    """A new match that starts from the position after `entries` entries of another.

    The moves up to there are copied (with their times); the new header's `source` names the
    match and entry it branched from.
    """
    original, _ = load_match(target, rules=rules)
    if not 0 <= entries <= len(original):
        raise LogError(f"that match has {len(original)} entries; there is no entry {entries}")
    dead = original.taken_back()  # moves taken back before `entries` stay out of the new match
    moves = [
        e
        for i, e in enumerate(original.entries[:entries])
        if isinstance(e, ActionEntry) and i not in dead
    ]
    game = original.rules
    source: dict[str, Wire] = {"match_id": original.header.match_id, "entry": entries}
    header = _header(
        game,
        original.header.options,
        seats if seats is not None else original.header.seats,
        source,
        clock,
    )
    if Match(game, header, moves).is_over:
        raise LogError("the match is already over at that point; pick an earlier position")
    return _start(game, header, moves, clock)


def delete_match(target: Path | str) -> None:
    """Remove a match file (by path or id) and its lock note, for good.

    The lock is taken first, so a match being played, here or in another Parlour, is never
    deleted under its player: MatchLocked says who has it. A copy kept aside when a damaged
    file was repaired is left alone, since it exists to be examined.
    """
    path = locate(target)
    try:
        stream = path.open("rb")
    except FileNotFoundError:
        raise MatchNotFound(f"there is no match file {path}") from None
    lock.acquire(path, stream)
    try:
        path.unlink()
        summary.remove(path)
    finally:
        lock.release(path, stream)


def list_matches() -> list[MatchSummary]:
    """Every readable match, most recently played first (header and counts only)."""
    return scan_matches().matches


def scan_matches(*, check: bool = True) -> MatchListing:
    """Every match file in the folder, readable or not, most recently played first.

    Each file is summarised on its own: one that cannot be read or summarised is reported in
    `unreadable` with the reason, and never stops the others from being listed. A file is read
    once (the listing cache, keyed by size and modification time); with no cache, the summary
    its writer kept beside it is used when it still matches the file's size and last digest
    (see `replays.summary`), and only otherwise is the whole file read and replayed. With
    `check` False that last step is skipped: such a file (copied in, written by an older
    Parlour) is listed from its header as not `checked`, at the cost of a header, not a replay.
    A match open in a Parlour right now (its summary is kept when it closes) is read all the
    same: it is what the player is most likely looking for.
    """
    found: list[MatchSummary] = []
    unreadable: list[tuple[Path, str]] = []
    newer: set[Path] = set()
    cached, fresh = catalogue.load(), {}
    folder = paths.matches_dir()
    leftovers.sweep(folder)
    for name in _match_names(folder):
        path = folder / name
        try:
            key = catalogue.key_of(path)
            summary = _cached(path, key, cached) or _summary_of(path, check=check)
            wire = summary.to_wire() if summary.checked else None
        except OSError as err:
            unreadable.append((path, f"{path.name} cannot be read: {err.strerror or err}"))
            continue
        except LogError as err:
            unreadable.append((path, str(err)))
            if isinstance(err, NewerFormat):
                newer.add(path)
            continue
        except Exception as err:  # one odd file must never hide every other match
            unreadable.append((path, f"{path.name} cannot be listed: {type(err).__name__}: {err}"))
            continue
        found.append(summary)
        if wire is not None:
            fresh[path.name] = (key, wire)
    if fresh != cached:
        catalogue.save(fresh)
    found.sort(key=lambda s: s.last_played, reverse=True)
    return MatchListing(found, unreadable, frozenset(newer))


def _match_names(folder: Path) -> list[str]:
    """The names of the match files in `folder`, sorted (names, not paths: sorting a thousand
    paths took longer than reading their cached summaries)."""
    try:
        with os.scandir(folder) as entries:
            return sorted(entry.name for entry in entries if entry.name.endswith(SUFFIX))
    except OSError:
        return []


def _summary_of(path: Path, *, check: bool) -> MatchSummary:
    """From the kept summary when it still fits the file, else from reading it all (or, unless
    `check`, its header alone); a file read in full that the replay bears out gets its summary
    kept beside it then (a file copied into the store comes without one), so a later listing
    without the cache does not read it again."""
    kept = read_summary(path)
    if kept is not None:
        header, tally = kept
        return _summary(path, header, tally, None, tally.outcome)
    if not check and not lock.sidecar(path).exists():  # one being played is read in full
        header = read_header(path)
        return _summary(path, header, Tally(len(header.seats)), None, None, checked=False)
    log = read_log(path)
    found, vouched = _judged(log)
    if vouched is not None and paths.is_matches_dir(path.parent):
        summary.write(path, vouched, log.end, log.digest)
    return found


def _cached(
    path: Path, key: catalogue.Key, cached: dict[str, tuple[catalogue.Key, Any]]
) -> MatchSummary | None:
    """The cached summary of `path` if the file has not changed since it was made."""
    hit = cached.get(path.name)
    if hit is None or hit[0] != key:
        return None
    try:
        return MatchSummary.from_wire(path, hit[1])
    except (ValueError, KeyError, TypeError, IndexError):
        return None


def summarise(log: LogRead) -> MatchSummary:
    """A read log's summary, judged as `verify` judges it: the entries are replayed, the count
    stops at the first one that does not replay (an `end` record the moves do not bear out
    included), which becomes the summary's damage, and the result is the replayed one (also
    when Parlour stopped before writing the `end` record). A match of a game this Parlour does
    not know is counted unreplayed, its `end` record trusted as `replays.summary` says."""
    return _judged(log)[0]


def _judged(log: LogRead) -> tuple[MatchSummary, Tally | None]:
    """`summarise`, and the tally a writer would have kept for the file when the replay bears
    every entry out and the `end` records give the replayed outcome (None otherwise)."""
    seats = len(log.header.seats)
    try:
        match, damage = replay_log(log)
    except DamagedLog:  # the header does not suit the game: none of its entries replay
        start = log.offsets[0] if log.offsets else log.end
        damage = Damage(0, start, "its header does not suit the game", log.size)
        return _summary(log.path, log.header, Tally(seats), damage, None), None
    except LogError:
        tally = Tally.of(seats, log.entries)
        return _summary(log.path, log.header, tally, log.damage, tally.outcome), None
    tally, outcome = Tally.of(seats, match.entries), match.outcome()
    found = _summary(log.path, log.header, tally, damage, outcome)
    borne_out = damage is None and log.end == log.size and tally.outcome == outcome
    return found, tally if borne_out and len(match) == len(log.entries) else None


def _created(header: Header) -> float | None:
    """When the match was created, as a time (None when its header does not say readably)."""
    try:
        return datetime.fromisoformat(header.created).timestamp()
    except (ValueError, OverflowError, OSError):
        return None


def _summary(
    path: Path,
    header: Header,
    tally: Tally,
    damage: Damage | None,
    outcome: Outcome | None,
    *,
    checked: bool = True,
) -> MatchSummary:
    last = tally.last
    if last is not None and not _is_a_date(last):
        last = None  # an edited entry time no calendar can show: the file's own time instead
    started = _created(header)
    if last is not None and started is not None and started > last:
        last = started  # continued from another match: its copied moves are older than it
    if last is None:
        try:
            last = path.stat().st_mtime
        except OSError:
            last = 0.0
    try:
        title = registry.card(header.game).title
    except registry.UnknownGame:
        title = header.game
    return MatchSummary(
        path,
        header,
        title,
        tally.entries,
        tally.turns,
        last,
        outcome,
        damage,
        tally.standing,
        checked,
    )


def _is_a_date(moment: float) -> bool:
    try:
        datetime.fromtimestamp(moment)
    except (ValueError, OverflowError, OSError):
        return False
    return True


def last_standing(entries: Sequence[Entry]) -> str:
    """The words of the latest standing record ("" when there is none)."""
    for entry in reversed(entries):
        if isinstance(entry, MetaEntry) and entry.what == STANDING:
            text = entry.data.get("text")
            return text if isinstance(text, str) else ""
    return ""


def locate(target: Path | str) -> Path:
    """The match file for a path, or for a match id (or a unique start of one, 4+ characters)."""
    if isinstance(target, Path) or "/" in target or target.endswith(SUFFIX):
        path = Path(target)
        if not path.exists():
            raise MatchNotFound(f"there is no match file {path}")
        return path
    wanted = target.strip().lower()
    if len(wanted) < 4 or not re.fullmatch(r"[0-9a-f]+", wanted):
        raise MatchNotFound(f"{target!r} is not a match id (ids are 4 or more hex digits)")
    hits = []
    for path in paths.matches_dir().glob(f"*-{wanted[:8]}*{SUFFIX}"):
        try:
            if read_header(path).match_id.startswith(wanted):
                hits.append(path)
        except LogError:
            continue
    if not hits:
        raise MatchNotFound(f"no saved match has the id {target!r}")
    if len(hits) > 1:
        raise MatchNotFound(f"several matches start with {target!r}; give more of the id")
    return hits[0]


def file_name(header: Header) -> str:
    """`<created>-<game>-<short id>.parlour`, e.g. `20250521-214005-en-garde-1a2b3c4d.parlour`."""
    try:
        stamp = datetime.fromisoformat(header.created).strftime("%Y%m%d-%H%M%S")
    except ValueError:
        stamp = "undated"
    game = re.sub(r"[^a-z0-9-]+", "-", header.game.lower()).strip("-") or "game"
    short = re.sub(r"[^0-9a-z]+", "", header.match_id.lower())[:8] or "match"
    return f"{stamp}-{game}-{short}{SUFFIX}"


def _header(
    rules: Rules[Any, Any, Any],
    options: Mapping[str, Any],
    seats: Sequence[Seat],
    source: Mapping[str, Wire] | None,
    clock: Clock,
) -> Header:
    import uuid  # only a new match needs an id: the listing and loading do not pay the import

    return Header(
        game=rules.id,
        options=dict(options),
        seats=tuple(seats),
        match_id=uuid.uuid4().hex,
        created=datetime.fromtimestamp(clock()).astimezone().isoformat(timespec="seconds"),
        app_version=core.__version__,
        source=dict(source) if source is not None else None,
    )


def _start(
    rules: Rules[Any, Any, Any], header: Header, moves: Sequence[Entry], clock: Clock
) -> OpenMatch:
    """Write a new match file (header and any copied moves) and open it for play."""
    folder = paths.matches_dir()
    leftovers.sweep(folder)
    path = folder / file_name(header)
    writer = LogWriter.create(path, header)
    try:
        writer.append_many(moves)
        opened = OpenMatch(Match(rules, header, moves, sink=writer.append), writer, clock=clock)
        if moves:  # continued from another match: where it stands, as of now
            opened._record_standing()
        return opened
    except LogError:
        writer.close()
        path.unlink(missing_ok=True)
        summary.remove(path)
        raise


def _replay(
    found: LogRead,
    rules: Rules[Any, Any, Any] | None,
    *,
    sink: Sink | None = None,
    stop: int | None = None,
) -> Match:
    """Fold the entries read into a Match; DamagedLog (with a Damage) if one does not replay."""
    path, header = found.path, found.header
    game = _rules(header, path, rules)
    try:
        match = Match(game, header, found.entries[:stop], sink=sink)
    except BadEntry as err:
        reason = f"the next entry breaks the rules ({err.reason})"
        raise _refused(found, err.index, reason, f"no longer replays ({err.reason})") from None
    except ValueError as err:
        raise DamagedLog(path, f"its header does not suit {game.title} ({err})") from None
    wrong = false_end(match)
    if wrong is not None:
        index, why = wrong
        reason = f"the next entry, an end record, {why}"
        raise _refused(found, index, reason, f"is an end record that {why}")
    return match


def _refused(found: LogRead, index: int, reason: str, what: str) -> DamagedLog:
    """Entry `index` is intact but does not replay: the file can be watched up to there."""
    damage = Damage(index, found.offsets[index], reason, found.size)
    return DamagedLog(
        found.path,
        f"entry {index + 1} {what}; watch it, or continue it as a new match from before that entry",
        damage,
    )


def _rules(header: Header, path: Path, given: Rules[Any, Any, Any] | None) -> Rules[Any, Any, Any]:
    if given is not None:
        if given.id != header.game:
            raise LogError(f"{path.name} is a match of {header.game!r}, not {given.id!r}")
        return given
    try:
        return registry.get(header.game)
    except registry.UnknownGame as err:
        raise LogError(f"{path.name} cannot be opened: {err}") from None


def _end_agrees(match: Match) -> bool:
    """Whether the match's last trusted `end` record states its replayed outcome."""
    stated = Tally.of(len(match.header.seats), match.entries).outcome
    return stated is not None and agrees(stated, match.outcome())
