"""En Garde's public table: the 23-space piste, both fencers, scores, pile and discard.

Everything here is public: hands appear as card backs (how many each fencer holds), their
values only in a replay (`TableWidget.in_replay`). The fencers
themselves (and how they slide) are in `fencers`.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Container, Horizontal
from textual.content import Content
from textual.widgets import Static

from core.games.en_garde.actions import EnGardeAction
from core.games.en_garde.piste import LAST_SPACE
from core.games.en_garde.view import EnGardeView
from tui.games.en_garde.fencers import SEAT_ARROW, Fencer, initials
from tui.widgets.table import TableWidget, Turn

SPACES = LAST_SPACE
CARD_BACK = "▮"


def pips(score: int, target: int = 5) -> str:
    """A round score as filled and empty dots, e.g. ●●○○○."""
    return "●" * min(score, target) + "○" * max(0, target - score)


def track(positions: tuple[int, int]) -> Content:
    """Two empty rows for the fencers, the piste line and its numbers.

    The stretch between the fencers is drawn thin, so the distance shows at a glance.
    """
    left, right = positions
    line: list[tuple[str, str]] = []
    numbers: list[tuple[str, str]] = []
    for space in range(1, SPACES + 1):
        between = left < space < right
        line.append(("───", "dim") if between else ("━━━", ""))
        numbers.append((f"{space:>2} ", "bold" if space in positions else "dim"))
    rows = [Content(""), Content(""), Content.assemble(*line), Content.assemble(*numbers)]
    return Content("\n").join(rows)


class EnGardeBoard(TableWidget[EnGardeView, EnGardeAction]):
    """The piste with both fencers, each player's score and hand size, pile and discard."""

    DEFAULT_CSS = """
    EnGardeBoard {
        height: 8;
        align-vertical: middle;  /* the piste in the middle of whatever height the frame gives */
        border: round $primary;
        border-title-color: $primary;
        border-title-style: bold;
        background: $surface;
        padding: 0 1;
    }

    EnGardeBoard .eg-piste-row {
        width: 100%;
        height: 4;
        align-horizontal: center;
    }

    EnGardeBoard .eg-players {
        height: 1;
        width: 100%;
    }

    EnGardeBoard .eg-player {
        width: 1fr;
        height: 1;
    }

    EnGardeBoard .eg-player.seat-1 {
        text-align: right;
    }

    EnGardeBoard .eg-piste {
        width: 69;
        height: 4;
    }

    EnGardeBoard Fencer {
        position: absolute;
        width: 3;
        height: 2;
        text-style: bold;
    }

    EnGardeBoard Fencer.seat-0 {
        color: $text-accent;
    }

    EnGardeBoard Fencer.seat-1 {
        color: $secondary-lighten-2;
    }

    EnGardeBoard .eg-track {
        height: 4;
        width: 69;
    }

    EnGardeBoard .eg-info {
        width: 100%;
        height: 1;
        text-align: center;
    }
    """

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(id="board", classes="eg-board")
        self.names = tuple(names)
        self.letters = initials(names)
        self._view: EnGardeView | None = None
        self._over = False

    def compose(self) -> ComposeResult:
        with Horizontal(classes="eg-players"):
            yield Static(id="eg-player-0", classes="eg-player seat-0")
            yield Static(id="eg-player-1", classes="eg-player seat-1")
        with Container(classes="eg-piste-row"), Container(classes="eg-piste"):
            yield Static(track((1, SPACES)), classes="eg-track")
            yield Fencer(0, self.letters[0])
            yield Fencer(1, self.letters[1])
        yield Static(id="eg-info", classes="eg-info")

    def player_line(self, view: EnGardeView, seat: int, room: int = 0) -> Content:
        """Name, facing, score dots and number, and the hand as card backs — or, where the
        table shows hands (a replay) and the view holds this one, as its values: spaced, or
        packed ("[23345]") when the line would not fit in `room` columns (0: any)."""
        name = Content.styled(self.names[seat], "bold")
        arrow = f"{SEAT_ARROW[seat]}{self.letters[seat]}"
        score = f"{pips(view.scores[seat])} {view.scores[seat]}"
        hand = view.hands[seat] if self.in_replay else None
        turn = not self._over and view.to_move == seat
        marker = "» " if turn and seat == 0 else ""
        tail = " «" if turn and seat == 1 else ""
        line = Content()
        for gap in (" ", ""):
            cards = f"[{gap.join(map(str, hand))}]" if hand else ""
            shown = cards or CARD_BACK * view.hand_sizes[seat] or "no cards"
            if seat == 0:
                line = Content.assemble(marker, arrow, " ", name, "  ", score, "  ", shown)
            else:
                line = Content.assemble(shown, "  ", score, "  ", name, " ", arrow, tail)
            if not cards or not room or line.cell_length <= room:
                break
        return line

    def info_line(self, view: EnGardeView) -> Content:
        top = f"{view.discard_top}" if view.discard_top is not None else "none"
        return Content.assemble(
            ("distance ", "dim"),
            (str(view.distance), "bold"),
            ("  ·  pile ", "dim"),
            (str(view.pile), "bold"),
            (" card" if view.pile == 1 else " cards", "dim"),
            ("  ·  discard ", "dim"),
            (f"[{top}]", "bold"),
            (f" of {view.discard_count}", "dim"),
        )

    def show(
        self,
        view: EnGardeView,
        turn: Turn[EnGardeAction] | None = None,
        *,
        animate: bool,
        over: bool = False,
    ) -> None:
        self._view, self._over = view, over
        self.border_title = f"En Garde · {view.level} · round {view.round}"
        self._players(view)
        moving = [
            self.query_one(f"#fencer-{seat}", Fencer).place(
                view.positions[seat], slide=animate, then=self._arrived
            )
            for seat in (0, 1)
        ]
        if not any(moving):
            self._arrived()

    def _arrived(self) -> None:
        """The track and the distance line, once the fencers stand where the view has them
        (drawn at once, they told the new distance while a fencer was still on its way)."""
        view = self._view
        if view is None or not self.is_attached:
            return
        self.query_one(".eg-track", Static).update(track(view.positions))
        self.query_one("#eg-info", Static).update(self.info_line(view))

    def _players(self, view: EnGardeView) -> None:
        room = self.content_size.width // 2  # the two player lines share the width
        for seat in (0, 1):
            self.query_one(f"#eg-player-{seat}", Static).update(self.player_line(view, seat, room))

    def on_resize(self) -> None:
        """Fit the player lines to the new width (a hand's values may need packing)."""
        if self._view is not None:
            self._players(self._view)
