"""Review a match file: the computer's first pass, kept in the file as `review` entries.

`review_file` goes through the decisions of the chosen seats in match order and appraises each
from the deciding seat's view at that moment (`core.review.appraise`), appending one `review`
meta entry per decision as soon as it is made: the hash chain covers it, the players' notes
are never touched, and a review stopped half-way (Ctrl-C, Esc, a crash) keeps what is done. A
second call with the same level and seed continues where it stopped; since every decision's
search is seeded by the seed and the decision alone, the result is the one an uninterrupted
review gives. `read_review` says what the file holds, without searching. The search is
imported only when a review runs, and the store only when a file is read or written here:
`parlour verify` reads a match's review (`review_of`) without loading the bots or the store.

**What may be reviewed.** A finished match, every seat or some. A match not over only when no
one at the table could learn from it what they may not know: never a hot-seat match (two
people at one device: the better moves would show each the other's hand, and help them play),
and, in a game that hides cards, only the human's own seat against bots.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.match import ActionEntry, Match, MetaEntry
from core.review.accuracy import Summary, summarise
from core.review.verdict import LEVELS, REVIEW, Run, Verdict, read_data, review_data
from replays.errors import LogError

if TYPE_CHECKING:
    from replays.store import OpenMatch

Progress = Callable[[int, int], None]
"""Told (decisions done, decisions in all) as the review goes."""


class NotReviewable(LogError):
    """This match (or these seats of it) cannot be reviewed; the message says what to do."""


@dataclass(frozen=True)
class Review:
    """A match's review as far as it goes: the verdicts, in match order, and how it was made."""

    verdicts: tuple[Verdict, ...]
    run: Run

    @property
    def seats(self) -> tuple[int, ...]:
        return self.run.seats

    @property
    def level(self) -> str:
        return self.run.level

    @property
    def seed(self) -> int:
        return self.run.seed

    @property
    def total(self) -> int:
        """Decisions to review (a seat's only possible move is not a decision)."""
        return self.run.total

    @property
    def done(self) -> int:
        return len(self.verdicts)

    @property
    def complete(self) -> bool:
        return self.done >= self.total

    def summary(self, seat: int) -> Summary:
        """`seat`'s accuracy and counts of each judgement."""
        return summarise(self.verdicts, seat)

    def marked(self) -> tuple[Verdict, ...]:
        """The verdicts with a judgement (?!, ?, ??), in match order."""
        return tuple(v for v in self.verdicts if v.judgement is not None)

    def curve(self, seat: int) -> tuple[tuple[int, float], ...]:
        """(entry, win chance after the move played) for each of `seat`'s reviewed decisions:
        the seat's line on the win-chance graph."""
        return tuple((v.entry, v.played) for v in self.verdicts if v.seat == seat)

    def at(self, entry: int) -> Verdict | None:
        """The verdict on the decision at log entry `entry`, if it was reviewed."""
        for verdict in self.verdicts:
            if verdict.entry == entry:
                return verdict
        return None

    def better(self, verdict: Verdict) -> str:
        """The better move as advice, "better: x5 — attack with a 5"; "" when the move played
        was the best found."""
        if verdict.best_played:
            return ""
        return f"better: {verdict.best_notation} — {verdict.best_words}"


def review_of(match: Match) -> Review | None:
    """The review `match` holds: the verdicts of its latest review's level and seed (the last
    one for each decision), of that review's seats; None when it has none."""
    found = _stored(match)
    return _collect(found, found[-1][1]) if found else None


def read_review(path: Path | str) -> Review | None:
    """The review stored in the match file at `path` (or of that match id), without searching;
    None when it has none. The file is read as the replay viewer reads it: up to any damage."""
    from replays.store import load_match, locate

    match, _ = load_match(locate(path))
    return review_of(match)


def review_file(
    path: Path | str,
    *,
    level: str = "normal",
    seed: int = 0,
    seats: Sequence[int] | str | None = None,
    progress: Progress | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Review:
    """Review the match at `path` (a file or match id), appending a `review` entry per decision.

    `seats`: seat numbers (0-based), "human" (the people's seats), "all", or None (the human
    seats, or every seat of a match of bots only). `progress(done, total)` is told at the start
    and after each decision; `should_stop()` is asked between decisions and inside the
    searches, and a decision whose search it cut short is not kept. Raises NotReviewable
    (unfinished hot-seat match, bad level or seats, a damaged file) and the store's LogErrors
    (locked elsewhere, ...)."""
    from replays.store import load_match, locate, open_match

    if level not in LEVELS:
        raise NotReviewable(f"there is no review level {level!r} (levels: {', '.join(LEVELS)})")
    target = locate(path)
    match, damage = load_match(target)
    if damage is not None:
        raise NotReviewable(
            f"{target.name}: {damage}; only an intact match can be reviewed "
            f"('parlour verify {target.name}' says more)"
        )
    _check_reviewable(match, chosen_seats(match, seats))  # refused before the file is locked
    with open_match(target) as opened:
        return review_open(
            opened,
            level=level,
            seed=seed,
            seats=seats,
            progress=progress,
            should_stop=should_stop,
        )


def review_open(
    opened: OpenMatch,
    *,
    level: str = "normal",
    seed: int = 0,
    seats: Sequence[int] | str | None = None,
    progress: Progress | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Review:
    """`review_file` of a match already open (the game screen's, once the match is over):
    its entries go through `opened`, which the caller keeps open and closes. Nothing else may
    write to `opened` while it runs (it is meant for a worker thread with the match over)."""
    if level not in LEVELS:
        raise NotReviewable(f"there is no review level {level!r} (levels: {', '.join(LEVELS)})")
    match = opened.match
    chosen = chosen_seats(match, seats)
    _check_reviewable(match, chosen)
    stop = should_stop or _never
    names = [seat.name for seat in match.header.seats]
    decisions = _decisions(match, chosen, seed)
    run = Run(level, seed, chosen, len(decisions))
    finished = {v.entry for v, made in _stored(match) if made.key == run.key}
    count = sum(1 for decision in decisions if decision.entry in finished)
    if progress is not None:
        progress(count, run.total)
    for decision in decisions:
        if decision.entry in finished:
            continue
        if stop():
            break
        verdict = decision.review(match.rules, names, level, seed, stop)
        if stop():
            break
        if verdict is None:
            continue
        opened.record(REVIEW, review_data(verdict, run))
        count += 1
        if progress is not None:
            progress(count, run.total)
    return _collect(_stored(match), run)


def chosen_seats(match: Match, seats: Sequence[int] | str | None) -> tuple[int, ...]:
    """The seats `seats` names in `match` (see `review_file`); NotReviewable when it names
    none, or a seat the match does not have."""
    header = match.header
    people = tuple(n for n, seat in enumerate(header.seats) if seat.kind == "human")
    every = tuple(range(len(header.seats)))
    if seats is None:
        return people or every
    if seats == "all":
        return every
    if seats == "human":
        if not people:
            raise NotReviewable("no person played this match; review all its seats instead")
        return people
    if isinstance(seats, str):
        raise NotReviewable(f"seats are 'human', 'all' or seat numbers, not {seats!r}")
    wrong = [s for s in seats if not 0 <= s < len(every)]
    if wrong or not seats:
        raise NotReviewable(
            f"this match has seats 1 to {len(every)}"
            + (f", no seat {wrong[0] + 1}" if wrong else "; name at least one")
        )
    return tuple(sorted(set(seats)))


def _check_reviewable(match: Match, seats: tuple[int, ...]) -> None:
    """NotReviewable when reviewing `seats` of `match` now could show someone what they may
    not know (see the module's docstring)."""
    if match.is_over:
        return
    header = match.header
    people = [n for n, seat in enumerate(header.seats) if seat.kind == "human"]
    if len(people) > 1:
        shown = (
            "would show each player the other's cards through the better moves (and help them play)"
            if match.rules.hides_information
            else "would tell the players the better moves while they still play them"
        )  # an open board has no cards to show
        raise NotReviewable(f"this match is not over: its review {shown}; finish it first")
    hidden = [s for s in seats if s not in people]
    if match.rules.hides_information and hidden:
        raise NotReviewable(
            f"this match is not over: reviewing {header.seats[hidden[0]].name}'s moves would "
            "show that seat's cards; finish it first, or review only your own seat"
        )


@dataclass(frozen=True)
class _Decision:
    """A seat's decision to review: its entry, the seat, what it saw and what it played."""

    entry: int
    seat: int
    view: Any
    played: Any

    def review(
        self,
        rules: Any,
        names: Sequence[str],
        level: str,
        seed: int,
        stop: Callable[[], bool],
    ) -> Verdict | None:
        from core.review.appraise import review_decision

        return review_decision(
            rules,
            self.view,
            self.played,
            entry=self.entry,
            seat=self.seat,
            names=names,
            level=level,
            seed=seed,
            stop=stop,
        )


def _decisions(match: Match, seats: tuple[int, ...], seed: int) -> list[_Decision]:
    """The decisions of `seats` that stand (not taken back) and were decisions (more than one
    move possible), in match order, each with the seat's view just before it."""
    from core.review.appraise import generator, options

    rules, undone = match.rules, match.taken_back()
    found: list[_Decision] = []
    state = match.state_at(0)
    for index, entry in enumerate(match.entries):
        if isinstance(entry, ActionEntry) and entry.seat in seats and index not in undone:
            view = rules.view(state, entry.seat)
            played = rules.from_wire(entry.action)
            if len(options(rules, view, played, generator(seed, index))) > 1:
                found.append(_Decision(index, entry.seat, view, played))
        if isinstance(entry, ActionEntry) or (
            isinstance(entry, MetaEntry) and entry.what == "takeback"
        ):
            state = match.state_at(index + 1)
    return found


def _stored(match: Match) -> list[tuple[Verdict, Run]]:
    """Every review entry of `match`, read (they were checked as the match was replayed),
    but those of decisions a later takeback undid (a review of a match not over)."""
    seats, undone = len(match.header.seats), match.taken_back()
    found = [
        read_data(entry.data, seats)
        for entry in match.entries
        if isinstance(entry, MetaEntry) and entry.what == REVIEW
    ]
    return [(verdict, run) for verdict, run in found if verdict.entry not in undone]


def _collect(found: Sequence[tuple[Verdict, Run]], run: Run) -> Review:
    """The review `run` has in `found`: for each decision of its seats, the last verdict made
    at its level and seed."""
    latest: dict[int, Verdict] = {}
    for verdict, made in found:
        if made.key == run.key and verdict.seat in run.seats:
            latest[verdict.entry] = verdict
    return Review(tuple(latest[entry] for entry in sorted(latest)), run)


def _never() -> bool:
    return False
