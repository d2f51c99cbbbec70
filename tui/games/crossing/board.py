"""The adapter `Board8x8` draws Crossing through: stones, crossed stones locked and underlined
(`○+`), which stones may move, where a selection goes, and why a pick is refused."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual.content import Content

from core.games.crossing import phalanx
from core.games.crossing.actions import CrossingAction, PhalanxMove
from core.games.crossing.board import EMPTY, LOCKED, STONE, owner
from core.games.crossing.notation import notation
from core.games.crossing.state import CrossingState
from tui.games.board8x8 import GLYPH, SIDE, LastShown, Piece, name
from tui.games.crossing import narrator
from tui.games.crossing.phalanx import about, move_to


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
    ) -> Mapping[int, CrossingAction]:
        return phalanx.destinations(view.cells, seat, selection, view.exact_distance)

    def action(
        self, view: CrossingState, seat: int, selection: tuple[int, ...], target: int
    ) -> CrossingAction | None:
        return move_to(view, seat, selection, target)

    def captures(self, action: CrossingAction) -> bool:
        return isinstance(action, PhalanxMove) and action.capture

    def crosses(self, action: CrossingAction) -> bool:
        return bool(action.crosses)

    def notation(self, action: CrossingAction) -> str:
        return notation(action)

    def about(self, view: CrossingState, seat: int, selection: tuple[int, ...]) -> str:
        return about(view, selection)

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

    def panel(self, view: CrossingState, names: Sequence[str], *, over: bool) -> Content:
        return narrator.panel(view, names, over=over)

    def banner(self, view: CrossingState, names: Sequence[str]) -> str:
        return narrator.banner(view, names)

    def warning(self, view: CrossingState, action: CrossingAction) -> str:
        if view.over or not view.owes or action.crosses:
            return ""
        return "it does not cross: you lose the match"
