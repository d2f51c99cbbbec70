"""The adapter `Board8x8` draws Fields of Action through: numbered stones (`○12`, `●7 `), the
stones the side to move may pick, and why a pick is refused."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual.content import Content

from core.games.fields_of_action.actions import Capture, FieldsAction
from core.games.fields_of_action.board import Stone
from core.games.fields_of_action.notation import notation
from core.games.fields_of_action.state import FieldsState
from tui.games.board8x8 import GLYPH, SIDE, LastShown, Piece, name
from tui.games.fields_of_action import field, narrator


def _piece(stone: Stone) -> Piece:
    return Piece(stone.side, f"{stone.number:<2}")


class FieldsBoard:
    """The adapter `Board8x8` draws Fields of Action through."""

    title = "Fields of Action"
    phalanxes = False

    def piece(self, view: FieldsState, square: int) -> Piece | None:
        stone = view.board[square]
        return None if stone is None else _piece(stone)

    def last(self, view: FieldsState) -> LastShown | None:
        last = view.last
        if last is None:
            return None
        gone = last.captured
        taken_piece = None if gone is None else _piece(gone)
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
    ) -> Mapping[int, FieldsAction]:
        return field.destinations(view, selection)

    def action(
        self, view: FieldsState, seat: int, selection: tuple[int, ...], target: int
    ) -> FieldsAction | None:
        return field.move_to(view, seat, selection, target)

    def captures(self, action: FieldsAction) -> bool:
        return isinstance(action, Capture)

    def crosses(self, action: FieldsAction) -> bool:
        return False

    def notation(self, action: FieldsAction) -> str:
        return notation(action)

    def about(self, view: FieldsState, seat: int, selection: tuple[int, ...]) -> str:
        return field.about(view, selection)

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

    def panel(self, view: FieldsState, names: Sequence[str], *, over: bool) -> Content:
        return narrator.panel(view, names, over=over)

    def banner(self, view: FieldsState, names: Sequence[str]) -> str:
        return ""

    def warning(self, view: FieldsState, action: FieldsAction) -> str:
        return ""
