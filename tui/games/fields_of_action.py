"""Fields of Action on the game screen: the 8x8 board (`board8x8`) with numbered stones
(`○12`, `●7`), each side's captured numbers with the run in progress in bold, and the count of
moves since the last capture when the capture limit is on."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from textual.content import Content

from core.games.fields_of_action import field
from core.games.fields_of_action.actions import Capture, FieldsAction, Move
from core.games.fields_of_action.notation import notation
from core.games.fields_of_action.runs import RUN_TO_WIN, longest_run
from core.games.fields_of_action.state import FieldsState
from tui.games import GameKit
from tui.games.board8x8 import GLYPH, SIDE, Board8x8, LastShown, Piece, name
from tui.widgets.table import ChapterEnd


def _who(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) and names[seat] else SIDE[seat]


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


def last_action(state: FieldsState) -> FieldsAction | None:
    last = state.last
    if last is None:
        return None
    if last.captured is not None:
        return Capture(last.origin, last.target, last.captured.number)
    return Move(last.origin, last.target)


class FieldsBoard:
    """The adapter `Board8x8` draws Fields of Action through."""

    title = "Fields of Action"
    phalanxes = False

    def piece(self, view: FieldsState, square: int) -> Piece | None:
        stone = view.board[square]
        return None if stone is None else Piece(stone.side, f"{stone.number:<2}")

    def ply(self, view: FieldsState) -> int:
        return view.ply

    def last(self, view: FieldsState) -> LastShown | None:
        last = view.last
        if last is None:
            return None
        gone = last.captured
        taken_piece = None if gone is None else Piece(gone.side, f"{gone.number:<2}")
        captured = last.target if gone is not None else None
        return LastShown(((last.origin, last.target),), captured, taken_piece)

    def movable(self, view: FieldsState, seat: int) -> frozenset[int]:
        if view.result is not None:
            return frozenset()
        return frozenset(sq for sq, s in enumerate(view.board) if s is not None and s.side == seat)

    def lines(self, view: FieldsState, square: int) -> tuple[tuple[int, ...], ...]:
        return ()

    def destinations(
        self, view: FieldsState, seat: int, selection: tuple[int, ...]
    ) -> Mapping[int, Any]:
        if len(selection) != 1:
            return {}
        return {a.target: a for a in field.stone_moves(view.board, selection[0])}

    def action(self, view: FieldsState, seat: int, selection: tuple[int, ...], target: int) -> Any:
        if len(selection) != 1 or selection[0] == target:
            return None
        other = view.board[target]
        if other is not None and other.side != seat:
            return Capture(selection[0], target, other.number)
        return Move(selection[0], target)

    def captures(self, action: Any) -> bool:
        return isinstance(action, Capture)

    def crosses(self, action: Any) -> bool:
        return False

    def notation(self, action: Any) -> str:
        return notation(action)

    def about(self, view: FieldsState, seat: int, selection: tuple[int, ...]) -> str:
        origin = selection[0]
        stone = view.board[origin]
        if stone is None:
            return ""
        n = field.reach(view.board, origin)
        label = f"{GLYPH[stone.side]}{stone.number} on {name(origin)}"
        if n == 0:
            return f"{label} is isolated: it flies to an empty square touching two stones."
        around = "1 stone" if n == 1 else f"{n} stones"
        return f"{label}: {around} around, so it moves exactly {n}."

    def refuse(self, view: FieldsState, seat: int, square: int) -> str:
        if view.result is not None:
            return "The match is over"
        stone = view.board[square]
        if stone is None:
            return f"There is no stone on {name(square)}: pick one of yours ({GLYPH[seat]})"
        return (
            f"{name(square)} holds {SIDE[stone.side]}'s {stone.number}: "
            f"pick one of yours ({GLYPH[seat]})"
        )

    def panel(self, view: FieldsState, names: Sequence[str]) -> Content:
        lines: list[Content] = []
        for seat in (0, 1):
            moving = view.result is None and view.mover == seat
            run = len(longest_run(view.captured[seat]))
            who = Content.assemble(
                (f"{GLYPH[seat]} ", "bold"),
                (_who(names, seat)[:14], "bold"),
                (f" · {SIDE[seat]}", "dim"),
                (" ◀" if moving else "", "bold $accent"),
                (f"  run {run}/{RUN_TO_WIN}" if run else "", "dim"),
            )
            lines += [who, Content.assemble("  took ", taken(view.captured[seat]))]
        if view.capture_limit:
            lines.append(
                Content.assemble(
                    ("Quiet moves ", "dim"),
                    (str(view.since_capture), "bold"),
                    (f" of {view.capture_limit}", "dim"),
                )
            )
        action = last_action(view)
        if action is not None:
            lines.append(Content.assemble(("Last ", "dim"), (notation(action), "bold")))
        return Content("\n").join(lines)

    def banner(self, view: FieldsState, names: Sequence[str]) -> str:
        return ""


def prompt(view: FieldsState, names: Sequence[str]) -> str:
    if view.result is not None:
        return "the match is over"
    return "pick a stone, then where it goes"


def score(view: FieldsState, names: Sequence[str]) -> str:
    parts = []
    for seat in (0, 1):
        numbers = " ".join(str(n) for n in view.captured[seat]) or "nothing"
        parts.append(f"{_who(names, seat)} {GLYPH[seat]} took {numbers}")
    return " · ".join(parts)


HELP = """\
## Fields of Action

Each side has twelve stones numbered 1 to 12: White `○1`…`○12`, Black `●1`…`●12`. Rank 8 is
at the top. A stone moves exactly as many squares as there are stones around it.

| Key | Does |
|---|---|
| `←` `↑` `→` `↓` | move the cursor `[ ]` |
| `Enter`, `Space`, click | pick a stone; then pick a lit square to move there |
| `Esc` | drop the stone picked |

What the board shows:

* `○12` White's 12, `●7` Black's 7.
* `▸○12◂` the stone picked; ` · ` a square it can reach, `×●7×` an enemy stone it captures.
* Yellow squares: the last move (where it came from and went to).
* The panel beside the board: the numbers each side has taken, gaps shown as `·` and the
  longest run underlined in bold (`run 3/5`: five in a row wins); the moves since the last
  capture when the capture limit is on; the last move.
* The line under the panel says how far the picked stone moves, what Enter would do, or why a
  choice is refused (✗).
"""


class Narrator:
    """Fields of Action's words for the frame (no rounds)."""

    def prompt(self, view: FieldsState, names: Sequence[str]) -> str:
        return prompt(view, names)

    def score(self, view: FieldsState, names: Sequence[str]) -> str:
        return score(view, names)

    def chapters(self, view: FieldsState, names: Sequence[str]) -> list[ChapterEnd]:
        return []


def table(names: Sequence[str]) -> Board8x8[FieldsState]:
    return Board8x8(names, FieldsBoard())


KIT: GameKit[FieldsState] = GameKit(
    table=table,
    narrator=Narrator(),
    help=HELP,
    rules_page="fields-of-action.md",
)
