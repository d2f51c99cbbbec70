"""Crossing on the game screen: the 8x8 board (`board8x8`) with phalanxes, crossed stones
locked and underlined (`○+`), each side's crossed count, and a banner while a counter-crossing
is owed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from textual.content import Content

from core.games.crossing import phalanx
from core.games.crossing.actions import CrossingAction, PhalanxMove, Step
from core.games.crossing.board import EMPTY, FAR_RANK, LOCKED, STONE, owner, rank_of
from core.games.crossing.notation import notation
from core.games.crossing.state import CrossingState
from tui.games import GameKit
from tui.games.board8x8 import GLYPH, SIDE, Board8x8, LastShown, Piece, name
from tui.widgets.table import ChapterEnd

DASH = "\u2013"


def _who(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) and names[seat] else SIDE[seat]


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
    return f"{_who(names, state.mover)} ({SIDE[state.mover]}) must cross now or lose"


class CrossingBoard:
    """The adapter `Board8x8` draws Crossing through."""

    title = "Crossing"
    phalanxes = True

    def piece(self, view: CrossingState, square: int) -> Piece | None:
        cell = view.cells[square]
        seat = owner(cell)
        if seat is None:
            return None
        locked = cell == LOCKED[seat]
        return Piece(seat, "+" if locked else "", locked)

    def ply(self, view: CrossingState) -> int:
        return view.ply

    def last(self, view: CrossingState) -> LastShown | None:
        last = view.last
        if last is None:
            return None
        taken = Piece(1 - last.seat) if last.captured is not None else None
        return LastShown(tuple(zip(last.origins, last.targets, strict=True)), last.captured, taken)

    def movable(self, view: CrossingState, seat: int) -> frozenset[int]:
        return frozenset() if view.over else frozenset(view.free(seat))

    def lines(self, view: CrossingState, square: int) -> tuple[tuple[int, ...], ...]:
        return phalanx.lines_through(view.cells, square)

    def destinations(
        self, view: CrossingState, seat: int, selection: tuple[int, ...]
    ) -> Mapping[int, Any]:
        return phalanx.destinations(view.cells, seat, selection, view.exact_distance)

    def action(
        self, view: CrossingState, seat: int, selection: tuple[int, ...], target: int
    ) -> Any:
        crosses = rank_of(target) == FAR_RANK[seat]
        if len(selection) == 1:
            return Step(selection[0], target, crosses)
        ends = (selection[0], selection[-1])

        def distance(square: int) -> int:
            return max(abs(square % 8 - target % 8), abs(square // 8 - target // 8))

        lead = min(ends, key=distance)
        tail = ends[1] if lead == ends[0] else ends[0]
        cell = view.cells[target]
        capture = cell != EMPTY and owner(cell) != seat
        return PhalanxMove(tail, lead, target, capture, crosses)

    def captures(self, action: Any) -> bool:
        return isinstance(action, PhalanxMove) and action.capture

    def crosses(self, action: Any) -> bool:
        return bool(action.crosses)

    def notation(self, action: Any) -> str:
        return notation(action)

    def about(self, view: CrossingState, seat: int, selection: tuple[int, ...]) -> str:
        if len(selection) == 1:
            lines = phalanx.lines_through(view.cells, selection[0])
            more = " Tab, or a stone in line: a phalanx." if lines else ""
            return f"{name(selection[0])} steps one square.{more}"
        n = len(selection)
        reach = f"exactly {n}" if view.exact_distance else f"1 to {n}"
        return (
            f"Phalanx {name(selection[0])}{DASH}{name(selection[-1])}: {n} stones, "
            f"{reach} squares (+/- resize)."
        )

    def refuse(self, view: CrossingState, seat: int, square: int) -> str:
        cell = view.cells[square]
        where = name(square)
        if cell == EMPTY:
            return f"There is no stone on {where}: pick one of yours ({GLYPH[seat]})"
        if cell == LOCKED[seat]:
            return f"Your stone on {where} has crossed: crossed stones never move"
        if cell in STONE + LOCKED and owner(cell) != seat:
            return f"{where} holds {SIDE[1 - seat]}'s stone: pick one of yours ({GLYPH[seat]})"
        return "The match is over" if view.over else f"{where} cannot be picked"

    def panel(self, view: CrossingState, names: Sequence[str]) -> Content:
        lines: list[Content] = []
        crossed = view.crossed
        for seat in (0, 1):
            moving = not view.over and view.mover == seat
            who = Content.assemble(
                (f"{GLYPH[seat]} ", "bold"),
                (_who(names, seat)[:14], "bold"),
                (f" · {SIDE[seat]}", "dim"),
                (" ◀ to move" if moving else "", "bold $accent"),
            )
            stones = len(view.stones(seat))
            counts = Content.assemble(
                "  crossed ", (str(crossed[seat]), "bold"), f" · {stones} stones"
            )
            lines += [who, counts]
        action = last_action(view)
        if action is not None:
            lines.append(Content.assemble(("Last ", "dim"), (notation(action), "bold")))
        return Content("\n").join(lines)

    def banner(self, view: CrossingState, names: Sequence[str]) -> str:
        return banner(view, names)


def prompt(view: CrossingState, names: Sequence[str]) -> str:
    if view.over:
        return "the match is over"
    ask = "pick a stone or phalanx, then a square"
    if view.owes:
        return f"cross now or lose! {ask}"
    return ask


def score(view: CrossingState, names: Sequence[str]) -> str:
    crossed = view.crossed
    parts = [
        f"{_who(names, seat)} {GLYPH[seat]} {crossed[seat]} crossed, {len(view.stones(seat))} left"
        for seat in (0, 1)
    ]
    return " · ".join(parts)


HELP = """\
## Crossing

White (○) starts on ranks 1–2 and races for rank 8; Black (●) starts on ranks 7–8 and races
for rank 1. Rank 8 is at the top.

| Key | Does |
|---|---|
| `←` `↑` `→` `↓` | move the cursor `[ ]` |
| `Enter`, `Space`, click | pick a stone; then pick a lit square to move there |
| pick another stone in line | make the phalanx from the first stone to that one |
| `Tab`, `n` | cycle: the stone alone, then each whole line of stones through it |
| `+` / `-` | one stone more / fewer in the moving phalanx |
| `Esc` | drop the stones picked |

What the board shows:

* `○` White, `●` Black; `○+` / `●+` (underlined) a stone that has **crossed**: locked for good.
* `▸○◂` the stones picked; ` · ` a square they can reach, ` + ` one where they cross,
  `×●×` an enemy stone they capture.
* Yellow squares: the last move (where it came from and went to).
* The panel beside the board: each side's crossed count and stones left, the last move. A red
  frame and **⚠ … must cross now or lose** when the side to move owes a counter-crossing.
* The line under the panel says what Enter would do, or why a choice is refused (✗).
"""


class Narrator:
    """Crossing's words for the frame (no rounds: the match is one race)."""

    def prompt(self, view: CrossingState, names: Sequence[str]) -> str:
        return prompt(view, names)

    def score(self, view: CrossingState, names: Sequence[str]) -> str:
        return score(view, names)

    def chapters(self, view: CrossingState, names: Sequence[str]) -> list[ChapterEnd]:
        return []


def table(names: Sequence[str]) -> Board8x8[CrossingState]:
    return Board8x8(names, CrossingBoard())


KIT: GameKit[CrossingState] = GameKit(
    table=table,
    narrator=Narrator(),
    help=HELP,
    rules_page="crossing.md",
)
