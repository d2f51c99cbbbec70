"""What the replay viewer says of a review: the current move's verdict, the accuracy table and
where the marked moves are. Pure functions of the engine's `Review`, so tests read them without
a screen.

Win chances are shown as the graph draws them, −1..1 from the deciding seat's point of view
(+1 a sure win, 0 even, −1 a sure loss; with 3–5 players the expected share on that scale).
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from core.review.judgement import Judgement
from core.review.verdict import Verdict
from replays.review import Review
from tui.widgets.move_list import JUDGED_STYLE
from tui.wording import short_name


def judged_at(review: Review | None) -> dict[int, str]:
    """The review's glyph by cursor position (entry + 1), for the move list."""
    if review is None:
        return {}
    return {v.entry + 1: v.judgement.glyph for v in review.marked() if v.judgement is not None}


def marked_positions(review: Review | None) -> list[int]:
    """The cursor positions of the marked moves (?!, ?, ??), in match order: `m` / `M` go there."""
    return sorted(judged_at(review))


def chance(value: float) -> str:
    """ "+0.40", "−0.10", "0.00": signed, as on the graph's axis."""
    if round(value, 2) == 0:
        return "0.00"
    return f"{'+' if value > 0 else '−'}{abs(value):.2f}"


def verdict_text(verdict: Verdict, review: Review) -> Content:
    """Three short lines under the current move: its judgement and the win chance it gave
    away, the win chance before → after it (and after the best move), the better move in
    notation and words."""
    judgement = verdict.judgement
    if verdict.best_played:
        head = Content.styled("✓ best move", "bold")
    elif verdict.accurate:  # what the accuracy figure counts
        head = Content.styled("✓ accurate", "bold")
    elif judgement is None:  # unmarked, yet not counted accurate: said so, with what it cost
        head = Content.assemble(("≈ close to the best", "bold"), (f" −{verdict.drop:.2f}", "dim"))
    else:
        head = Content.assemble(
            (judgement.glyph, JUDGED_STYLE[judgement.glyph]),
            (f" {judgement.word}", "bold"),
            (f" −{verdict.drop:.2f}", "dim"),
        )
    lines = [
        head,
        Content.assemble(
            chance(verdict.before),
            (" → ", "dim"),
            chance(verdict.played),
            (", best ", "dim"),
            chance(verdict.best),
        ),
    ]
    if review.better(verdict):
        lines.append(
            Content.assemble(
                ("better: ", "dim"), (verdict.best_notation, "bold"), f" — {verdict.best_words}"
            )
        )
    return Content("\n").join(lines)


NAME_ROOM = 10
"""A name's width in the accuracy table: with the figures it fits the side panel."""


def accuracy_table(review: Review, names: Sequence[str]) -> Content:
    """One line per reviewed seat: "Ann        81%  ?!5  ?0  ??1" (accuracy, then the count of
    each judgement)."""
    shown = [short_name(names[seat], NAME_ROOM) for seat in review.seats]  # "Random… 2"
    width = max(len(name) for name in shown)
    lines = []
    for seat, name in zip(review.seats, shown, strict=True):
        summary = review.summary(seat)
        accuracy = "  —" if summary.accuracy is None else f"{summary.accuracy:>4.0%}"
        counts = [
            Content.assemble("  ", (j.glyph, "dim"), str(summary.count(j))) for j in Judgement
        ]
        lines.append(Content.assemble((f"{name:<{width}}", "bold"), f" {accuracy}", *counts))
    return Content("\n").join(lines)


def review_title(review: Review) -> str:
    """ "Review 42/60 · normal" while incomplete, "Review · normal · accuracy" once done: the
    panel's 30 cells of title hold the count or the word that names the figures, not both."""
    if review.complete:
        return f"Review · {review.level} · accuracy"
    return f"Review {review.done}/{review.total} · {review.level}"
