"""The contest table: every seat, its chips, hand size, laid cards and running total.

Everything here is public. Hands show only as counts; cards laid face down show only as `?`
(how many), for their owner too, because the table is what the whole room may read. The line
under the seats gives the contest colour, the total to beat and the pile and discard counts.

Motion: when a seat lays cards they fly in as a small label from the bottom of the table to
that seat's laid cards; a chip that changes hands flies from its old place (the supply line
or the previous owner) to its new owner. Both are offset animations of one overlay label,
skipped (the table simply shows the end) when the app's animations are off.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from textual.app import ComposeResult
from textual.content import Content
from textual.geometry import Offset
from textual.widgets import Static

from core.games.attacke.actions import AttackeAction
from core.games.attacke.deck import COLOUR_NAMES, COLOURS, ordered
from core.games.attacke.view import AttackeView
from tui.games.attacke.deck import COLOUR_STYLE, card_content, chip_content, chips_content
from tui.widgets.table import TableWidget, Turn

NAME_WIDTH = 12
CHIPS_X = 2 + NAME_WIDTH + 1
"""Column where a seat's chips start (after the turn marker and the name)."""
CHIPS_WIDTH = 3 * len(COLOURS) + 1
HAND_X = CHIPS_X + CHIPS_WIDTH
HAND_WIDTH = 7
LAID_X = HAND_X + HAND_WIDTH
LAID_WIDTH = 22
FLIGHT = 0.45
"""Seconds a flying card or chip takes."""


def laid_content(cards: Sequence[str], hidden: int, width: int = LAID_WIDTH) -> Content:
    """The face-up cards and a `+n?` for those face down, keeping the latest when too long."""
    words = list(cards)
    tail = f"{' ' if words else ''}+{hidden}?" if hidden else ""
    dropped = False
    while words and len(" ".join(words)) + len(tail) + (2 if dropped else 0) > width:
        words.pop(0)
        dropped = True
    parts: list[Content | str] = ["… "] if dropped else []
    for i, card in enumerate(words):
        if i:
            parts.append(" ")
        parts.append(card_content(card))
    if hidden:
        parts.append(Content.styled(tail, "bold"))
    return Content.assemble(*parts)


def short_name(name: str, width: int) -> str:
    """A name cut to `width`, keeping a short last word ("Normal gree…2"), so seats whose
    names differ only at the end (bots numbered 2, 3, 4) stay apart."""
    if len(name) <= width:
        return name
    head, _, last = name.rpartition(" ")
    tail = last if head and len(last) <= 3 else ""
    return name[: width - 1 - len(tail)].rstrip() + "…" + tail


def pad(content: Content, width: int) -> Content:
    text = content.truncate(width, ellipsis=True) if content.cell_length > width else content
    return text.pad_right(width - text.cell_length)


class FlyingLabel(Static):
    """The one overlay that carries cards or a chip across the table."""

    def __init__(self) -> None:
        super().__init__(id="at-fly", classes="at-fly")
        self.display = False
        self.flights: list[tuple[str, Offset]] = []
        """What has flown where (text, landing place): the record tests read."""

    def fly(self, text: Content, start: Offset, end: Offset) -> None:
        self.flights.append((text.plain, end))
        self.update(text)
        self.styles.width = max(1, text.cell_length)
        self.display = True
        self.offset = start
        self.animate("offset", end, duration=FLIGHT, easing="out_cubic", on_complete=self._landed)

    def _landed(self) -> None:
        self.display = False


class AttackeTable(TableWidget[AttackeView, AttackeAction]):
    """One line per seat, then the contest line; nobody's hand is shown."""

    DEFAULT_CSS = """
    AttackeTable {
        height: auto;
        border: round $primary;
        border-title-color: $primary;
        border-title-style: bold;
        background: $surface;
        padding: 0 1;
        layers: base fly;
    }

    AttackeTable .at-seat {
        height: 1;
        width: 100%;
    }

    AttackeTable .at-seat.-turn {
        background: $accent 20%;
    }

    AttackeTable .at-seat.-fresh {
        background: $warning 25%;
    }

    AttackeTable .at-info {
        height: 1;
        width: 100%;
        color: $text-muted;
    }

    AttackeTable .at-fly {
        layer: fly;
        position: absolute;
        height: 1;
        background: $warning 40%;
        text-style: bold;
    }
    """

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(id="board", classes="at-table")
        self.names = tuple(names)
        self._view: AttackeView | None = None

    def compose(self) -> ComposeResult:
        for seat in range(len(self.names)):
            yield Static(id=f"at-seat-{seat}", classes="at-seat")
        yield Static(id="at-info", classes="at-info")
        yield FlyingLabel()

    # -- lines ---------------------------------------------------------------------------------
    def seat_line(self, view: AttackeView, seat: int) -> Content:
        """Turn marker, name, chips, hand size, laid cards, total and whether still in."""
        turn = view.to_move == seat
        marker = Content.styled("▶ ", "bold $accent") if turn else Content("  ")
        name = pad(Content.styled(short_name(self.names[seat], NAME_WIDTH), "bold"), NAME_WIDTH)
        chips = pad(chips_content(view.chips[seat]), CHIPS_WIDTH)
        size = view.hand_sizes[seat]
        hand = pad(Content.styled(f"✋{size}", "" if size else "dim"), HAND_WIDTH)
        result = view.last_result
        if view.passed[seat]:
            laid = pad(Content.styled("passed", "dim italic"), LAID_WIDTH)
            tail = Content.styled("out", "dim")
        elif view.colour is None and result is not None and result.winner == seat:
            laid = pad(laid_content(result.laid, result.hidden), LAID_WIDTH)
            chip = f" +[{result.chip}]" if result.chip else ""
            tail = Content.styled(f"={result.total:>3} ★ won{chip}", "bold")
        elif view.colour is None:
            laid = pad(Content(""), LAID_WIDTH)
            tail = Content("")
        else:
            laid = pad(laid_content(view.laid[seat], view.hidden_counts[seat]), LAID_WIDTH)
            total = view.totals[seat]
            best = total > 0 and total == view.to_beat
            tail = Content.styled(
                f"={total:>3}" + (" high" if best else ""), "bold" if best else ""
            )
        return Content.assemble(marker, name, " ", chips, hand, laid, " ", tail)

    def info_line(self, view: AttackeView) -> Content:
        pile = Content.assemble(
            ("pile ", "dim"),
            (str(view.pile), "bold"),
            ("  discard ", "dim"),
            (str(view.discard), "bold"),
        )
        goal = Content.styled(f"  ·  {view.chips_to_win} colours win", "dim")
        if view.colour is not None:
            name = COLOUR_NAMES[view.colour]
            head = Content.assemble(
                (f"{name} contest ", COLOUR_STYLE[view.colour]),
                (f"({view.colour})", COLOUR_STYLE[view.colour]),
                ("  ·  to beat ", "dim"),
                (str(view.to_beat), "bold"),
                ("  ·  ", "dim"),
            )
        elif view.phase == "over":
            head = Content.styled("game over  ·  ", "bold")
        elif view.last_result is not None:
            r = view.last_result
            head = Content.assemble(
                (f"{self.names[r.winner]} won {COLOUR_NAMES[r.colour]}", "bold"),
                (f"  ·  {self.names[view.actor]} opens next  ·  ", "dim"),
            )
        elif view.first is None or view.phase == "deal":
            head = Content.styled("dealing  ·  ", "dim")
        else:
            head = Content.styled(f"{self.names[view.actor]} opens  ·  ", "dim")
        return Content.assemble(head, pile, goal)

    # -- the screen's calls ----------------------------------------------------------------------
    def show(
        self, view: AttackeView, turn: Turn[AttackeAction] | None = None, *, animate: bool
    ) -> None:
        before, self._view = self._view, view
        number = view.contest
        if view.results and view.results[-1].contest == number and view.phase != "over":
            number += 1  # the last contest is won: the next one is being opened
        contest = f" · contest {number}" if view.first is not None else ""
        self.border_title = f"Attacke{contest}"
        for seat in range(len(self.names)):
            line = self.query_one(f"#at-seat-{seat}", Static)
            line.update(self.seat_line(view, seat))
            line.set_class(view.to_move == seat, "-turn")
        self.query_one("#at-info", Static).update(self.info_line(view))
        if animate and before is not None and self.app.animation_level != "none":
            self._motion(before, view)

    def tell(self, text: str) -> None:
        """Input is in the hand; the table has nothing to explain."""

    # -- motion ----------------------------------------------------------------------------------
    def _motion(self, before: AttackeView, after: AttackeView) -> None:
        """Fly what moved between two views: newly laid cards first, else a chip."""
        fly = self.query_one(FlyingLabel)
        bottom = Offset(LAID_X, len(self.names))
        same = (
            before.colour is not None
            and after.colour is not None
            and before.contest == after.contest
        )
        for seat in range(len(self.names)):
            if after.colour is None or after.passed[seat]:
                continue
            new = Counter(after.laid[seat])
            hidden = after.hidden_counts[seat]
            if same:
                new -= Counter(before.laid[seat])
                hidden -= before.hidden_counts[seat]
            if new or hidden > 0:
                text = laid_content(ordered(new.elements()), max(hidden, 0))
                start = bottom if after.viewer == seat else Offset(2, seat)
                fly.fly(text, start, Offset(LAID_X, seat))
                self._flash(seat)
                return
        for seat in range(len(self.names)):
            gained = [c for c in after.chips[seat] if c not in before.chips[seat]]
            if gained:
                giver = next(
                    (
                        s
                        for s in range(len(self.names))
                        if gained[0] in before.chips[s] and gained[0] not in after.chips[s]
                    ),
                    None,
                )
                start = Offset(CHIPS_X, giver) if giver is not None else bottom
                fly.fly(chip_content(gained[0]), start, Offset(CHIPS_X, seat))
                self._flash(seat)
                return
        for seat in range(len(self.names)):
            lost = [c for c in before.chips[seat] if c not in after.chips[seat]]
            if lost:
                fly.fly(chip_content(lost[0]), Offset(CHIPS_X, seat), bottom)
                return

    def _flash(self, seat: int) -> None:
        """Light up the row that just changed until the flight has landed."""
        line = self.query_one(f"#at-seat-{seat}", Static)
        line.add_class("-fresh")
        self.set_timer(FLIGHT + 0.25, lambda: line.remove_class("-fresh"))
