"""The test-only game's kit: a 3×3 board of buttons that is the input, nothing more."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.containers import Grid
from textual.widgets import Button, Static

from tests.seam.three_in_a_row import MARKS, Board, Place, ThreeInARow
from tui.games import GameKit, Words
from tui.widgets.table import Chosen, TableWidget, Turn


class Squares(TableWidget[Board, Place]):
    DEFAULT_CSS = """
    Squares { height: 9; }
    Squares Grid { grid-size: 3 3; width: 30; height: 7; }
    Squares Button { width: 9; min-width: 9; }
    """

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(id="board")
        self._turn: Turn[Place] | None = None

    def compose(self) -> ComposeResult:
        with Grid():
            for row in range(2, -1, -1):
                for col in range(3):
                    yield Button("·", id=f"sq-{row * 3 + col}", compact=True)
        yield Static(id="hint")

    def show(
        self, view: Board, turn: Turn[Place] | None, *, animate: bool, over: bool = False
    ) -> None:
        self._turn = turn
        for square, cell in enumerate(view.cells):
            self.query_one(f"#sq-{square}", Button).label = "·" if cell is None else MARKS[cell]

    def tell(self, text: str) -> None:
        self.query_one("#hint", Static).update(text)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self._turn is not None and event.button.id is not None:
            self.post_message(Chosen(Place(int(event.button.id.removeprefix("sq-")))))


def prompt(view: Board, names: Sequence[str]) -> str:
    return "pick an empty square"


def score(view: Board, names: Sequence[str]) -> str:
    return ""


KIT: GameKit[Board, Place] = GameKit(
    rules=ThreeInARow(),
    table=Squares,
    narrator=Words(prompt, score),
    help="## Three in a Row\n\nClick a square.",
    rules_page="three-in-a-row.md",
)
