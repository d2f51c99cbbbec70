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


def verdict_text(verdict: Verdict, review: Review, names: Sequence[str]) -> Content:
    """The lines under the current move: its judgement, the win chance before it, after it and
    after the best move, and the better move in notation and words."""
    judgement = verdict.judgement
    if judgement is None:
        head = Content.styled("✓ best move" if verdict.best_played else "✓ accurate", "bold")
    else:
        head = Content.assemble(
            (judgement.glyph, JUDGED_STYLE[judgement.glyph]),
            (f" {judgement.word}", "bold"),
            (f" (−{verdict.drop:.2f})", "dim"),
        )
    lines = [
        Content.assemble("Review: ", head, (f" · {names[verdict.seat]}", "dim")),
        Content.assemble(
            ("before ", "dim"),
            chance(verdict.before),
            ("  after ", "dim"),
            chance(verdict.played),
            ("  best ", "dim"),
            chance(verdict.best),
        ),
    ]
    better = review.better(verdict)
    if better:
        lines.append(
            Content.assemble(
                ("better: ", "dim"),
                (verdict.best_notation, "bold"),
                f" — {verdict.best_words}",
            )
        )
    return Content("\n").join(lines)


def accuracy_table(review: Review, names: Sequence[str]) -> Content:
    """One line per reviewed seat: accuracy and the counts of ?! ? ??, under a heading."""
    width = max(len(names[seat]) for seat in review.seats)
    glyphs = [j.glyph for j in Judgement]
    heading = f"{'':<{width}}  acc.  " + "  ".join(f"{g:>2}" for g in glyphs)
    lines = [Content.styled(heading, "dim")]
    for seat in review.seats:
        summary = review.summary(seat)
        accuracy = "  —" if summary.accuracy is None else f"{summary.accuracy:>4.0%}"
        counts = "  ".join(f"{summary.count(j):>2}" for j in Judgement)
        lines.append(
            Content.assemble((f"{names[seat]:<{width}}", "bold"), f"  {accuracy}  {counts}")
        )
    return Content("\n").join(lines)


def review_title(review: Review) -> str:
    """ "Review · 42/60 · normal" while incomplete, "Review · normal" once done."""
    done = "" if review.complete else f" · {review.done}/{review.total}"
    return f"Review{done} · {review.level}"
