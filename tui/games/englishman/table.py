"""The Englishman's table: the board (five fanned castles, Jack's beanstalks, the discards), the
Giant's threats, the hint line, and the picker that composes one action from keys or clicks.

The parts live beside it: `layout` and `board` draw, `flight` moves a played card, `draft`,
`keys`, `setup`, `jack` and `giant` compose the action, `hints` and `threats` word it. The table
puts them together, hands the screen the chosen action and fits its rows to the screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.content import Content
from textual.geometry import Offset
from textual.widget import Widget
from textual.widgets import Static

from core.games.englishman import EnglishmanState
from core.games.englishman.actions import EnglishmanAction
from core.games.englishman.state import JACK
from tui.games.englishman import giant, hints, jack, keys, setup
from tui.games.englishman.board import Board
from tui.games.englishman.draft import Draft, Picker
from tui.games.englishman.flight import Flight, Flyer, flights
from tui.games.englishman.layout import Marks, Place, layout
from tui.games.englishman.threats import threat_lines
from tui.widgets.table import Chosen, TableWidget, Turn

HINT = 2
"""The hint's rows at their most (a replay shows no hint)."""
AROUND = 2 + 3 + HINT
"""The table's rows besides the board: its frame, the three threats and the hint's two."""
BELOW_REPLAY = 17
"""Rows a replay keeps under the table, where tall tiles may not reach: its counter, the next
words and the keys, and beside the moves an entry's verdict (7) over the review's accuracy
table (4)."""


class CastlesTable(TableWidget[EnglishmanState, EnglishmanAction], can_focus=True):
    """The whole public table, and the input while the seat at the device must act."""

    DEFAULT_CSS = """
    CastlesTable {
        height: auto;
        max-height: 30;
        border: round $primary;
        border-title-color: $primary;
        border-title-style: bold;
        background: $surface;
        padding: 0 1;
        layers: base flight;
    }

    CastlesTable:focus {
        border: round $accent;
    }

    CastlesTable.-tight {
        border: none;
    }

    CastlesTable.-compact #threats {
        height: 1;
    }

    CastlesTable #threats {
        height: 3;
        width: 100%;
    }

    CastlesTable #hint {
        height: auto;
        max-height: 2;
        width: 100%;
    }

    CastlesTable #flyer {
        position: absolute;
        layer: flight;
        width: auto;
        height: 1;
        background: $surface;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = keys.BINDINGS

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(id="board", classes="englishman-table")
        self.names = tuple(names)
        self.picker = Picker(chosen=lambda action: self.post_message(Chosen(action)))
        self.board = Board(clicked=self.clicked)
        self.threats = Static(id="threats")
        self.hint = hints.Hint(run=self.command)
        self.flyer = Flyer()
        self.flight = Flight(self, self.board, self.flyer, landed=self._redraw)
        self._over = False
        """The match has ended (a resignation) though the view still names who acts."""

    def compose(self) -> ComposeResult:
        yield self.board
        yield self.threats
        yield self.hint
        yield self.flyer

    # -- what the screen calls ------------------------------------------------------------------
    def show(
        self,
        view: EnglishmanState,
        turn: Turn[EnglishmanAction] | None,
        *,
        animate: bool,
        over: bool = False,
    ) -> None:
        old, self._over = self.picker.view, over
        self.picker.take(view, turn)
        if old == view:  # drawn again (a new prompt, a bot starting): a flight goes on
            self._redraw()
            self.screen.refresh_bindings()
            return
        plans = flights(old, view) if animate and old is not None else []
        self.flight.start(plans if self.app.animation_level != "none" else [])
        self._redraw()
        self.screen.refresh_bindings()
        if self.flight.flying:
            self.call_after_refresh(self.flight.fly, self.flight.generation)

    def tell(self, text: str) -> None:
        self.picker.told = text
        self._hint()

    # -- helpers the tests use ------------------------------------------------------------------
    @property
    def flying(self) -> bool:
        """Whether a card is travelling now."""
        return self.flight.flying

    @property
    def draft(self) -> Draft:
        return self.picker.draft

    def offset_of(self, place: Place) -> Offset:
        """Where `place` lies, relative to this widget's top left corner (for clicks): the
        first column inside it, since a card tile shares its left edge with its neighbour."""
        x, y, width = self.board.layout_at().cells[place]
        region = self.board.region
        inside = x + 1 if width > 2 else x
        return Offset(region.x - self.region.x + inside, region.y - self.region.y + y)

    def row_offset(self, castle: int) -> Offset:
        lay = self.board.layout_at()
        y = min(line for line, c in lay.rows.items() if c == castle)
        region = self.board.region
        return Offset(region.x - self.region.x + 1, region.y - self.region.y + y)

    # -- drawing --------------------------------------------------------------------------------
    def _redraw(self) -> None:
        view = self.picker.view
        if view is None:
            return
        self._title(view)
        leg = self.flight.leg
        if leg is not None:
            self.board.draw(leg.after, Marks(hidden=leg.landing))
        else:
            self.board.draw(*self._marked(view))
        self.threats.update(threat_lines(view, compact=self.has_class("-compact")))
        self._hint()
        self.call_after_refresh(self._fit)

    def _marked(self, view: EnglishmanState) -> tuple[EnglishmanState, Marks]:
        """The state to draw (a preview while composing) and what to highlight."""
        p = self.picker
        if p.turn is None or view.phase not in ("setup", "play"):
            return view, Marks()
        if view.phase == "setup":
            return setup.marks(view, p.draft)
        if view.actor == JACK:
            return view, jack.marks(view, p.draft, p.legal)
        return giant.marks(view, p.draft, p.legal)

    def _title(self, view: EnglishmanState) -> None:
        """The border title, naming the roles alone when the names would cut it short: the
        frame keeps its corners and a space each side, six columns."""
        title = Content(hints.title(view, self.names, over=self._over))  # names are not markup
        room = self.outer_size.width - 6
        if 0 < room < title.cell_length:
            title = Content(hints.title(view, (), over=self._over))
        self.border_title = title

    def _hint(self) -> None:
        idle = self._over or self.in_replay  # a replay's table waits for nobody either
        self.hint.update(hints.line(self.picker, self.names, over=idle))
        # A replay says how the match ended on its own status line: the row is its panels'.
        self.hint.display = not self.in_replay

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit)

    def _budget(self, need: int) -> int:
        """Rows the frame can always give the table in its container (`game.tcss`), whatever
        the news says, so a news line coming or going never redraws the board: beside a log
        column (wide), where the news takes its rows from the table, every row but the news at
        its tallest; above the log (narrow), where the news takes its rows from the log, at
        most 60% of them and never the log's least rows. A replay's table stands tall only in
        the rows the viewer's panels leave (`BELOW_REPLAY`), and gets the `need` of a board of
        one row a line whatever they say."""
        body = self.parent
        if not isinstance(body, Widget):
            return self.size.height
        rows = body.size.height
        if self.in_replay:
            return max(min(rows * 3 // 5, rows - BELOW_REPLAY), need)
        if self.screen.has_class("-wide"):
            news = 0
            for widget in body.children:
                most = widget.styles.max_height
                if widget.id == "news" and most is not None:  # rows, or a share of the body
                    news = int(most.resolve(body.size, self.app.size))
            return rows - news
        least = body.styles.min_height
        log = int(least.value) if least is not None and least.is_cells else 6
        return min(rows * 3 // 5, rows - log)

    def _fit(self) -> None:
        """Give the board the rows the frame, the threats and the hint (at their tallest, so
        picking a card never moves the castles) leave: its tiles stand three rows tall, from
        the top down, while they fit. When even one row a line does not fit, give up the frame
        (its title and bottom rows), then two threat rows, rather than push the move log below
        its least height (long wrapped castles at 80x24); the castles are measured at the width
        they have inside the frame, so giving it up cannot make them fit again and the frame
        come back."""
        view = self.picker.view
        if view is None or not self.is_attached:
            return
        self._title(view)
        framed = self.outer_size.width - 4  # the board's width inside the frame and padding
        around = AROUND - HINT if self.in_replay else AROUND
        need = around + len(layout(view, framed).lines)
        budget = self._budget(need)
        tight, compact = need > budget, need - 2 > budget
        self.board.draw_rows(budget - around)
        if tight != self.has_class("-tight") or compact != self.has_class("-compact"):
            self.set_class(tight, "-tight")
            self.set_class(compact, "-compact")
            self.threats.update(threat_lines(view, compact=compact))

    # -- input ----------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("castle", "run"):
            return self.picker.turn is not None
        return True

    def action_castle(self, castle: int) -> None:
        self.command(f"castle{castle}")

    def action_run(self, command: str) -> None:
        self.command(command)

    def command(self, command: str) -> None:
        """One key's (or clickable word's) worth of picking."""
        view = self.picker.view
        if view is None or self.picker.turn is None:
            return
        keys.command(self.picker, view, command)
        self._redraw()

    def clicked(self, place: Place) -> None:
        """A click on the board: the same picking as the keys, by place."""
        view = self.picker.view
        if view is None or self.picker.turn is None:
            return
        self.focus()
        keys.clicked(self.picker, view, place)
        self._redraw()
