"""The numbers a side has taken, as the panel shows them: in order, gaps marked, the longest
run (five in a row wins) in bold underline."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from core.games.fields_of_action.runs import longest_run


def taken(numbers: Sequence[int]) -> Content:
    """Captured numbers in order, gaps shown as ` · `, the longest run in bold underline."""
    if not numbers:
        return Content.styled("none yet", "dim")
    run = set(longest_run(numbers))
    parts: list[Content] = []
    previous: int | None = None
    for n in sorted(numbers):
        if previous is not None:
            parts.append(Content(" " if n == previous + 1 else " · "))
        parts.append(Content.styled(str(n), "bold underline" if n in run else ""))
        previous = n
    return Content.assemble(*parts)
