"""One reviewed decision, and the `review` meta entry that keeps it in the match file.

A verdict says, from the deciding seat's point of view and with only what it knew then, what
its win chance was before the decision, after the move it played and after the best move the
review found (−1 lost .. +1 won; with 3 to 5 players its expected share of the point, 0..1,
mapped onto the same scale, so an even four-player table reads −0.5), and how the move is
judged. The entry also says how the review was made (`Run`), so a review stopped half-way
can be continued with the same settings, and a review at other settings is told apart.

A file is only as trustworthy as its chain, and anyone can recompute a chain: so whatever
replays a file checks every review entry (`review_fault`) as it checks chat, and a forged or
malformed one makes the file refuse to replay from there, as a forged move does.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from core.review.judgement import ACCURATE, Judgement, from_glyph, judge
from core.rules import Wire
from core.text import is_clean

REVIEW = "review"
"""The meta entry's `what`."""
LEVELS = ("easy", "normal", "hard")
"""The review levels (the bots' levels: how long the search thinks about each decision)."""
NOTATION_LIMIT = 80
WORDS_LIMIT = 300
PLACES = 4
"""Win chances are stored rounded to this many decimals, so a judgement read back from the
file is the one made (and a reader can check it)."""


@dataclass(frozen=True)
class Verdict:
    """The review of the decision at entry `entry` of the match log, made by `seat`."""

    entry: int
    seat: int
    before: float
    played: float
    best: float
    played_notation: str
    best_notation: str
    best_words: str
    """The best move in the game's words, as the seat would read them."""
    judgement: Judgement | None

    @property
    def drop(self) -> float:
        """Win chance the move played gave away against the best (0 when it was the best)."""
        return round(self.best - self.played, PLACES)

    @property
    def accurate(self) -> bool:
        """Within `ACCURATE` of the best: what a seat's accuracy counts."""
        return self.drop <= ACCURATE

    @property
    def best_played(self) -> bool:
        """The move played was the best found (or as good: the review then names it best)."""
        return self.played_notation == self.best_notation


@dataclass(frozen=True)
class Run:
    """How a review was made: level, seed, the seats reviewed and how many decisions they have
    (a decision with one possible move is not reviewed, so not counted)."""

    level: str
    seed: int
    seats: tuple[int, ...]
    total: int

    @property
    def key(self) -> tuple[str, int]:
        """Verdicts made with the same key are the same whatever the run (same level, seed)."""
        return self.level, self.seed


def review_data(verdict: Verdict, run: Run) -> dict[str, Wire]:
    """The `data` of the review meta entry for `verdict` (field order as in docs/FORMAT.md)."""
    return {
        "entry": verdict.entry,
        "seat": verdict.seat,
        "before": verdict.before,
        "played": verdict.played,
        "best": verdict.best,
        "judgement": verdict.judgement.glyph if verdict.judgement else "",
        "played_notation": verdict.played_notation,
        "best_notation": verdict.best_notation,
        "best_words": verdict.best_words,
        "level": run.level,
        "seed": run.seed,
        "seats": list(run.seats),
        "total": run.total,
    }


Decider = Callable[[int], int | None]
"""The seat whose decision entry `i` of the match is, or None when it is not a seat's action
(a chance outcome, a note, a meta record, or no earlier entry at all)."""


def review_fault(data: Mapping[str, Wire], seats: int, decider: Decider) -> str | None:
    """Why a review entry with `data` cannot be in a match of `seats` seats, or None."""
    try:
        read_data(data, seats, decider)
    except ValueError as err:
        return str(err)
    return None


def read_data(
    data: Mapping[str, Wire], seats: int, decider: Decider | None = None
) -> tuple[Verdict, Run]:
    """The verdict and run a review entry states; ValueError saying what is wrong with it.

    With `decider`, the entry it reviews must be a decision of the seat it names."""
    entry, seat = data.get("entry"), data.get("seat")
    if type(entry) is not int or type(seat) is not int or not 0 <= seat < seats:
        raise ValueError("a review must name a decision (an entry) and a seat of this match")
    if decider is not None and decider(entry) != seat:
        raise ValueError(f"a review of entry {entry} must review a decision of seat {seat}")
    before, played, best = (_chance(data.get(key), key) for key in ("before", "played", "best"))
    if played > best:
        raise ValueError("a review's move played cannot be better than its best move")
    glyph = data.get("judgement")
    if not isinstance(glyph, str):
        raise ValueError("a review's judgement must be text")
    judgement = from_glyph(glyph)
    drop = round(best - played, PLACES)
    if judgement != judge(drop):
        raise ValueError(f"a review's judgement {glyph!r} does not fit its drop of {drop}")
    played_notation = _text(data.get("played_notation"), "played_notation", NOTATION_LIMIT)
    best_notation = _text(data.get("best_notation"), "best_notation", NOTATION_LIMIT)
    best_words = _text(data.get("best_words"), "best_words", WORDS_LIMIT)
    verdict = Verdict(
        entry, seat, before, played, best, played_notation, best_notation, best_words, judgement
    )
    return verdict, _run(data, seats, seat)


def _run(data: Mapping[str, Wire], seats: int, seat: int) -> Run:
    level, seed, chosen, total = (data.get(k) for k in ("level", "seed", "seats", "total"))
    if not isinstance(level, str) or level not in LEVELS:
        raise ValueError(f"a review's level must be one of {', '.join(LEVELS)}")
    if type(seed) is not int or type(total) is not int or total < 1:
        raise ValueError("a review's seed and total must be whole numbers (total at least 1)")
    numbers = [s for s in chosen if type(s) is int] if isinstance(chosen, list) else []
    if (
        not isinstance(chosen, list)
        or len(numbers) != len(chosen)
        or not all(0 <= s < seats for s in numbers)
        or len(set(numbers)) != len(numbers)
        or seat not in numbers
    ):
        raise ValueError("a review's seats must be distinct seats of the match, its own among them")
    return Run(level, seed, tuple(numbers), total)


def _chance(value: Wire, key: str) -> float:
    if (
        not isinstance(value, int | float)
        or isinstance(value, bool)
        or not math.isfinite(value)
        or not -1 <= value <= 1
    ):
        raise ValueError(f"a review's {key} must be a win chance from -1 to 1")
    return float(value)


def _text(value: Wire, key: str, limit: int) -> str:
    if not isinstance(value, str) or not is_clean(value, limit):
        raise ValueError(
            f"a review's {key} must be plain text of 1 to {limit} characters, "
            "without control characters"
        )
    return value
