"""The Giant's three threats under the castles (`core.games.englishman.threats` counts them):
a mark each, `·` far, `▲` close, `✗` reached, so the danger does not hang on colour alone."""

from __future__ import annotations

from textual.content import Content

from core.games.englishman import EnglishmanState, threats
from core.games.englishman.threats import Threats

CLOSE = 3
"""Discards from starving Jack at which the threat is marked close (`▲`)."""


def threat_lines(view: EnglishmanState, *, compact: bool) -> Content:
    """Three lines (parallel, vertical, starved), or one short row when `compact`."""
    if view.phase == "deal" or not view.castles:
        return Content("")
    t = threats(view)
    starving = t.discards is not None and t.discards <= CLOSE
    levels = (t.parallel >= 3, t.vertical >= 3, starving)
    hits = (t.parallel >= 4, t.vertical >= 4, t.discards == 0)
    marks = [
        ("✗ ", "bold $text-error")
        if hit
        else (("▲ ", "bold $text-warning") if near else ("· ", "dim"))
        for near, hit in zip(levels, hits, strict=True)
    ]
    if compact:  # one row: the same facts, shorter
        where = "" if t.vertical_castle is None else f" (castle {t.vertical_castle + 1})"
        return Content.assemble(
            marks[0],
            ("parallel ", "bold"),
            f"{t.parallel}/4 ",
            marks[1],
            ("vertical ", "bold"),
            f"{t.vertical}/4{where} ",
            marks[2],
            ("starved ", "bold"),
            _starved_row(t),
        )
    lines = []
    for line, mark in zip(t.lines(), marks, strict=True):
        name, _, rest = line.partition(": ")
        lines.append(Content.assemble(mark, (f"{name}: ", "bold"), rest))
    return Content("\n").join(lines)


def _starved_row(t: Threats) -> str:
    if not t.needed or t.discards is None:
        return "—"
    rest = f" ({t.giant_needs()})" if t.discards else ""
    return f"can finish {t.finishable} of {t.needed}{rest}"
