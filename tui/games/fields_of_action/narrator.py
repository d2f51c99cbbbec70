"""Fields of Action's words: the panel beside the board (the numbers each side has taken and
its run, the moves counted towards the capture limit, the last move), the prompt and the score."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from core.games.fields_of_action.actions import Capture, FieldsAction, Move
from core.games.fields_of_action.notation import notation
from core.games.fields_of_action.runs import RUN_TO_WIN, longest_run
from core.games.fields_of_action.state import FieldsState
from tui.games import Words
from tui.games.board8x8 import GLUE, GLYPH, last_line, player_line, who
from tui.games.fields_of_action.runs import taken


def last_action(state: FieldsState) -> FieldsAction | None:
    """The last move as an action (for its notation)."""
    last = state.last
    if last is None:
        return None
    if last.captured is not None:
        return Capture(last.origin, last.target, last.captured.number)
    return Move(last.origin, last.target)


def run_words(captured: Sequence[int]) -> str:
    """The longest run of numbers taken, against the five that win ("run 3/5"); a winning run
    as the log tells it ("run of 6"), not as "6/5"."""
    run = len(longest_run(captured))
    if not run:
        return ""
    if run >= RUN_TO_WIN:
        return f"  run{GLUE}of{GLUE}{run}"
    return f"  run{GLUE}{run}/{RUN_TO_WIN}"


def panel(view: FieldsState, names: Sequence[str], *, over: bool) -> Content:
    """Each side's line (the side to move marked, unless the match is `over`), what each took,
    the moves towards the capture limit, the last move."""
    lines: list[Content] = []
    for seat in (0, 1):
        moving = not over and view.result is None and view.mover == seat
        who_line = player_line(
            names, seat, " ◀" if moving else "", (run_words(view.captured[seat]), "dim")
        )
        lines += [who_line, Content.assemble("  took ", taken(view.captured[seat]))]
    if view.capture_limit:
        lines.append(
            Content.assemble(
                ("Capture limit ", "dim"),
                (str(view.since_capture), "bold"),
                (f" of {view.capture_limit}", "dim"),
            )
        )
    action = last_action(view)
    if action is not None:
        lines.append(last_line(notation(action)))
    return Content("\n").join(lines)


def prompt(view: FieldsState, names: Sequence[str]) -> str:
    if view.result is not None:
        return "the match is over"
    return "move a stone"


def score(view: FieldsState, names: Sequence[str]) -> str:
    parts = []
    for seat in (0, 1):
        numbers = " ".join(str(n) for n in view.captured[seat]) or "nothing"
        parts.append(f"{who(names, seat)} {GLYPH[seat]} took {numbers}")
    return " · ".join(parts)


NARRATOR: Words[FieldsState] = Words(prompt, score)
"""Fields of Action's words for the frame (no rounds)."""
