"""The judgement scale: lichess's thresholds on a −1..1 win chance, in one place."""

from __future__ import annotations

import pytest

from core.review.judgement import (
    ACCURATE,
    BLUNDER,
    INACCURACY,
    MISTAKE,
    Judgement,
    from_glyph,
    judge,
)


@pytest.mark.parametrize(
    ("drop", "expected"),
    [
        (0.0, None),
        (ACCURATE, None),
        (0.0999, None),
        (INACCURACY, Judgement.INACCURACY),
        (0.1999, Judgement.INACCURACY),
        (MISTAKE, Judgement.MISTAKE),
        (0.2999, Judgement.MISTAKE),
        (BLUNDER, Judgement.BLUNDER),
        (2.0, Judgement.BLUNDER),
    ],
)
def test_a_drop_is_judged_on_lichess_scale(drop: float, expected: Judgement | None) -> None:
    assert judge(drop) is expected


def test_judgements_have_the_annotation_glyphs_and_words() -> None:
    assert [(j.glyph, j.word) for j in Judgement] == [
        ("?!", "inaccuracy"),
        ("?", "mistake"),
        ("??", "blunder"),
    ]
    assert all(from_glyph(j.glyph) is j for j in Judgement)
    assert from_glyph("") is None
    with pytest.raises(ValueError, match="not a review judgement"):
        from_glyph("!!")
