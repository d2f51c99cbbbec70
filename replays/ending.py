"""The `end` record: what it states, and whether the moves bear it out.

Parlour writes one `end` record right after the entry that ends a match, so a listing can show
results without replaying. It is a claim about the moves, never the truth: the replay is. So
whatever turns a file into a Match checks every `end` record against the replay
(`false_end`), and the first one the moves do not bear out is treated as an entry that does
not replay: `verify` rejects the file, export and the replay viewer stop before it with a
warning, opening the match to play and importing it are refused, and the listing shows the
match as damaged. All of them give the same reason, worded here.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.match import ActionEntry, Match, MetaEntry
from core.rules import Outcome

END = "end"
"""The meta record written once a match is over: {"winners", "scores", "reason"}."""

MOVES = frozenset({"resign", "takeback"})
"""Meta records that are moves: an `end` before one of them cannot be right."""


def end_outcome(data: object, seats: int) -> Outcome | None:
    """The outcome an `end` record states, or None when it is malformed for `seats` seats."""
    if not isinstance(data, dict):
        return None
    winners, scores, reason = data.get("winners"), data.get("scores"), data.get("reason")
    if not isinstance(winners, list) or not isinstance(scores, list):
        return None
    if not all(type(w) is int and 0 <= w < seats for w in winners):
        return None
    if len(set(winners)) != len(winners):
        return None
    if not all(type(s) is int for s in scores):
        return None
    if not isinstance(reason, str):
        return None
    return Outcome(tuple(winners), tuple(scores), reason)


def agrees(stated: Outcome | None, outcome: Outcome | None) -> bool:
    """An `end` record's outcome against the replayed one: same winners and scores."""
    if stated is None or outcome is None:
        return stated is None and outcome is None
    return stated.winners == tuple(outcome.winners) and stated.scores == tuple(outcome.scores)


def false_end(match: Match) -> tuple[int, str] | None:
    """(index, what is wrong) of the first `end` record the replay does not bear out, or None.

    Each must come after the last move (action, resignation or takeback), be well formed for
    the match's seats and state the outcome the moves give (winners and scores). The reason
    reads after "the end record", e.g. "says the match is over, but it is not"."""
    entries = match.entries
    ends = [i for i, e in enumerate(entries) if isinstance(e, MetaEntry) and e.what == END]
    if not ends:
        return None
    last_move = max(
        (i for i, e in enumerate(entries) if isinstance(e, ActionEntry) or _is_move(e)),
        default=-1,
    )
    names = [seat.name for seat in match.header.seats]
    outcome = match.outcome()
    for index in ends:
        entry = entries[index]
        assert isinstance(entry, MetaEntry)
        if index < last_move:
            return index, f"comes before the last move (entry {last_move})"
        stated = end_outcome(dict(entry.data), len(names))
        if stated is None:
            return index, "is malformed: it names a seat this match does not have, or bad scores"
        if outcome is None:
            return index, "says the match is over, but it is not"
        if not agrees(stated, outcome):
            said = result_text(stated.winners, stated.scores, names)
            real = result_text(outcome.winners, outcome.scores, names)
            return index, f"says {said}, but the moves give {real}"
    return None


def _is_move(entry: object) -> bool:
    return isinstance(entry, MetaEntry) and entry.what in MOVES


def result_text(winners: Sequence[int], scores: Sequence[int], names: Sequence[str]) -> str:
    """ "winner Ann (5-3)", "winner none (a draw)"."""
    score = f" ({'-'.join(str(s) for s in scores)})" if scores else ""
    return f"winner {winners_text(winners, names)}{score}"


def winners_text(winners: Sequence[int], names: Sequence[str]) -> str:
    """ "Ann and Bob", or "none (a draw)"; a seat the match does not have is named as such."""
    if not winners:
        return "none (a draw)"
    return " and ".join(
        names[w] if 0 <= w < len(names) else f"seat {w + 1}, which this match does not have"
        for w in winners
    )
