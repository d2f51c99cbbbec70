"""Crossing's words: the panel beside the board (each side's crossed count and stones left,
the last move), the banner while a counter-crossing is owed, the prompt and the score."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from core.games.crossing.actions import CrossingAction, PhalanxMove, Step
from core.games.crossing.notation import notation
from core.games.crossing.state import CrossingState
from tui.games import Words
from tui.games.board8x8 import GLUE, GLYPH, SIDE, last_line, player_line, who


def last_action(state: CrossingState) -> CrossingAction | None:
    """The last move as an action (for its notation)."""
    last = state.last
    if last is None:
        return None
    if len(last.origins) == 1:
        return Step(last.origins[0], last.targets[0], last.crossed)
    return PhalanxMove(
        last.origins[-1], last.origins[0], last.targets[0], last.captured is not None, last.crossed
    )


def banner(state: CrossingState, names: Sequence[str]) -> str:
    if state.over or not state.owes:
        return ""
    return f"{who(names, state.mover)} ({SIDE[state.mover]}) must cross now or lose"


def panel(view: CrossingState, names: Sequence[str], *, over: bool) -> Content:
    """Each side's line (the side to move marked, unless the match is `over`), the last move."""
    lines: list[Content] = []
    crossed = view.crossed
    for seat in (0, 1):
        moving = not (over or view.over) and view.mover == seat
        stones = len(view.stones(seat))
        counts = Content.assemble("  crossed ", (str(crossed[seat]), "bold"), f" · {stones} stones")
        lines += [player_line(names, seat, f" ◀{GLUE}to{GLUE}move" if moving else ""), counts]
    action = last_action(view)
    if action is not None:
        lines.append(last_line(notation(action)))
    return Content("\n").join(lines)


def prompt(view: CrossingState, names: Sequence[str]) -> str:
    if view.over:
        return "the match is over"
    if view.owes:
        return "cross now or lose"
    return "move a stone or a phalanx"


def score(view: CrossingState, names: Sequence[str]) -> str:
    crossed = view.crossed
    parts = [
        f"{who(names, seat)} {GLYPH[seat]} {crossed[seat]} crossed, {len(view.stones(seat))} left"
        for seat in (0, 1)
    ]
    return " · ".join(parts)


NARRATOR: Words[CrossingState] = Words(prompt, score)
"""Crossing's words for the frame (no rounds: the match is one race)."""
