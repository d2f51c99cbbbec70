"""The match-end summary: who won, why, the final score and the chapter that ended it.

Worded here, once, from the table's view (public once the match is over), so the result
screen needs neither the match nor its rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from core.match import Seat
from core.rules import Outcome, Rules
from tui.games import Narrator
from tui.screens.round_end import MatchEnd
from tui.widgets.table import ChapterEnd
from tui.wording import headline

V = TypeVar("V")


def match_end(
    rules: Rules[Any, Any, V],
    narrator: Narrator[V],
    view: V,
    outcome: Outcome | None,
    *,
    seats: Sequence[Seat],
    rematch: bool = True,
    told: int,
    path: Path | None,
    options: Mapping[str, object],
) -> MatchEnd:
    """The summary of a finished match; `told` chapters have had their own end panel, so a
    last chapter beyond them is shown with the result; `rematch`: the panel may offer one."""
    names = tuple(seat.name for seat in seats)
    chapters: Sequence[ChapterEnd] = narrator.chapters(view, names)
    return MatchEnd(
        headline=headline(rules, names, outcome),
        reason=(outcome.reason[:1].upper() + outcome.reason[1:]) if outcome else "",
        score=narrator.score(view, names),
        last_round=chapters[-1] if len(chapters) > told else None,
        path=path,
        seats=tuple(seats),
        rematch=rematch,
        game=rules.id,
        options=dict(options),
    )
