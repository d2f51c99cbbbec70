"""The contest table: a panel per seat, side by side, with its chips, hand size, the cards it
laid this contest (as small faces) and its running total.

Everything here is public. Hands show only as card backs and a count; cards laid face down
show only as backs (`?`), for their owner too, because the table is what the whole room may
read. The line under the seats gives the contest colour, the total to beat and the pile and
discard counts.

Motion: when a seat lays cards their faces fly from the bottom of the table (the viewer's
own) or from the seat's name to its laid cards; a chip that changes hands flies from its old
place (the supply line or the previous owner) to its new owner. Both are offset animations of
one overlay, and the seat that changed stays lit a little longer; all of it runs on the app's
animator (the game screen waits on it before the next turn), and is skipped (the table simply
shows the end) when the app's animations are off.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.geometry import Offset
from textual.widget import Widget
from textual.widgets import Static

from core.games.attacke.actions import AttackeAction
from core.games.attacke.deck import COLOUR_NAMES, ordered
from core.games.attacke.view import AttackeView
from tui.games.attacke.deck import COLOUR_STYLE, chip_content, chips_content
from tui.games.attacke.faces import BACK, FACE, Canvas, Face, fan, fan_width
from tui.widgets.clamped import ClampedText
from tui.widgets.table import TableWidget, Turn
from tui.wording import short_name

FLIGHT = 0.45
"""Seconds a flying card or chip takes."""
LAID_ROW = 2
"""The row of a seat's panel where its laid cards start (under its name and its chips)."""
SEAT_HEIGHT = LAID_ROW + 3


def backs(count: int) -> Content:
    """A hand's size as card backs ("▮▮▮▮ 4"), or just the count when it is long."""
    if not count:
        return Content.styled("no cards", "dim")
    return Content.assemble(("▮" * min(count, 5), "dim"), f" {count}")


def laid_faces(
    cards: Sequence[str], down: Sequence[str | None], width: int
) -> tuple[list[Face], int, int]:
    """The laid cards, the face-down ones last (`down`: each card, or None where this view
    may not know it: a back), as faces fitting `width`: overlapping by a border, by two when
    short of room, and dropping the oldest only when even that is too wide. Returns the
    faces, the stride and how many were dropped."""
    faces = [Face(card) for card in cards]
    faces += [Face(card, mark="?") if card else Face(BACK) for card in down]
    for stride in (FACE - 1, FACE - 2):
        if fan_width(len(faces), stride) <= width:
            return faces, stride, 0
    keep = max(1, (width - 3 - FACE) // (FACE - 2) + 1)
    return faces[-keep:], FACE - 2, len(faces) - keep


def laid_canvas(cards: Sequence[str], down: Sequence[str | None], width: int) -> Canvas:
    """A seat's laid cards drawn as a fan of small faces, `+n` first for any left out."""
    faces, stride, dropped = laid_faces(cards, down, width)
    canvas = Canvas(width, 3)
    x = 0
    if dropped:
        canvas.put(0, 1, f"+{dropped}", "dim")
        x = len(f"+{dropped}") + 1
    fan(canvas, faces, x, 0, stride)
    return canvas


WON = " won"
"""The word after a won contest's total ("=14 ★ won"), dropped where it would cut the
winner's name (five seats at 80 columns)."""


def pad(content: Content, width: int) -> Content:
    text = content.truncate(width, ellipsis=True) if content.cell_length > width else content
    return text.pad_right(width - text.cell_length)


class FlyingLabel(Static):
    """The one overlay that carries cards (as faces) or a chip across the table."""

    def __init__(self) -> None:
        super().__init__(id="at-fly", classes="at-fly")
        self.display = False
        self.flights: list[tuple[str, Offset]] = []
        """What has flown where (card codes or chip, landing place): the record tests read."""

    def fly(self, what: str, art: Content, start: Offset, end: Offset) -> None:
        self.flights.append((what, end))
        self.update(art)
        self.styles.width = max(1, max(len(line) for line in art.plain.split("\n")))
        self.display = True
        self.offset = start
        self.animate("offset", end, duration=FLIGHT, easing="out_cubic", on_complete=self._landed)

    def _landed(self) -> None:
        self.display = False


class SeatPanel(Widget):
    """One seat: turn marker, name and total; chips and hand size; the cards laid this contest."""

    DEFAULT_CSS = """
    SeatPanel {
        width: 1fr;
        height: 5;
        padding: 0 1;
    }

    SeatPanel.-turn {
        background: $accent 20%;
    }

    SeatPanel.-fresh {
        background: $warning 25%;
    }
    """

    def __init__(self, seat: int, name: str) -> None:
        super().__init__(id=f"at-seat-{seat}", classes="at-seat")
        self.seat, self.seat_name = seat, name
        self.view: AttackeView | None = None
        self.turn = False
        """Whether this seat is to move (never once the match is over)."""
        self._glow = 0.0

    @property
    def glow(self) -> float:
        """How lit the seat is after its change (1 at the start of a flight, 0 when settled):
        animated by the app's animator, so a wait for stillness also waits for the light."""
        return self._glow

    @glow.setter
    def glow(self, value: float) -> None:
        self._glow = value
        self.set_class(value > 0, "-fresh")

    def show(self, view: AttackeView, *, over: bool) -> None:
        self.view = view
        self.turn = not over and view.to_move == self.seat
        self.set_class(self.turn, "-turn")
        self.refresh()

    def render(self) -> Content:
        return self.block(self.size.width) if self.view is not None else Content("")

    def block(self, width: int) -> Content:
        """The panel's five rows drawn into `width` columns."""
        view, seat = self.view, self.seat
        assert view is not None
        width = max(width, FACE)
        total, cards, down = self.standing(view)
        room = width - total.cell_length - 1 if total else width
        if len(self.seat_name) + 2 > room and total.plain.endswith(WON):
            total = total[: -len(WON)]  # "=14 ★": the winner's name before the word "won"
            room = width - total.cell_length - 1
        head = Content.assemble(  # cut to its room here, so the seat's number stays ("… 2")
            Content.styled("▶ ", "bold $text-accent") if self.turn else "  ",
            Content.styled(short_name(self.seat_name, max(room - 2, 1)), "bold"),
        )
        rows = [
            Content.assemble(pad(head, room), " ", total) if total else pad(head, width),
            Content.assemble(chips_content(view.chips[seat]), "  ", backs(view.hand_sizes[seat])),
        ]
        if view.passed[seat]:
            rows += [Content(""), Content.styled("passed", "dim italic"), Content("")]
        else:
            rows += laid_canvas(cards, down, width).content().split("\n", allow_blank=True)
        return Content("\n").join(pad(row, width) for row in rows)

    def standing(self, view: AttackeView) -> tuple[Content, Sequence[str], Sequence[str | None]]:
        """The total as shown (with ▲ for the total to beat, ★ for a won contest), the
        face-up cards and the face-down ones to lay out (None for a back; a view of everything
        shows their faces, marked `?`); no cards once the contest is won."""
        seat, result = self.seat, view.last_result
        if view.passed[seat]:
            return Content.styled("out", "dim"), (), ()
        if view.colour is None and result is not None and result.winner == seat:
            # the winning total stays told; its cards are on the discard pile (the log and the
            # news name them), as at a real table once the contest is won
            return Content.styled(f"={result.total} ★{WON}", "bold"), (), ()
        if view.colour is None:
            return Content(""), (), ()
        total = view.totals[seat]
        high = total > 0 and total == view.to_beat
        words = Content.styled(f"={total}" + (" ▲" if high else ""), "bold" if high else "")
        # named only in a view of everything (a replay's, a finished match's): the table
        # draws what every seat may see, even at a hot seat between players
        known = view.hidden[seat] if view.viewer is None else None
        down = list(known) if known is not None else [None] * view.hidden_counts[seat]
        return words, view.laid[seat], down


class AttackeTable(TableWidget[AttackeView, AttackeAction]):
    """A panel per seat side by side, then the contest line; nobody's hand is shown."""

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

    AttackeTable .at-seats {
        height: 5;
        width: 100%;
    }

    AttackeTable .at-info {
        height: 1;
        width: 100%;
        color: $text-muted;
    }

    AttackeTable .at-fly {
        layer: fly;
        position: absolute;
        height: auto;
        background: $warning 40%;
        text-style: bold;
    }
    """

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(id="board", classes="at-table")
        self.names = tuple(names)
        self._view: AttackeView | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(classes="at-seats"):
            for seat, name in enumerate(self.names):
                yield SeatPanel(seat, name)
        yield ClampedText(id="at-info", classes="at-info")
        yield FlyingLabel()

    def panel(self, seat: int) -> SeatPanel:
        return self.query_one(f"#at-seat-{seat}", SeatPanel)

    def laid_at(self, seat: int) -> Offset:
        """Where a seat's laid cards are drawn, in the table's content coordinates."""
        panel = self.panel(seat)
        return Offset(panel.content_region.x - self.content_region.x, LAID_ROW)

    def chips_at(self, seat: int) -> Offset:
        panel = self.panel(seat)
        return Offset(panel.content_region.x - self.content_region.x, 1)

    def info_lines(self, view: AttackeView) -> tuple[Content, ...]:
        """The contest line, its parts set apart by a narrow " · ", and shorter tellings for a
        narrower table (without the goal, then without the discard: at 80 columns it read
        "… · pile 79  discard 1 · 4…"); with names too long for all, `ClampedText` ends the
        shortest with "…"."""
        pile = Content.assemble(("pile ", "dim"), (str(view.pile), "bold"))
        discard = Content.assemble(("  discard ", "dim"), (str(view.discard), "bold"))
        goal = Content.styled(f" · {view.chips_to_win} colours win", "dim")
        if view.colour is not None:
            name = COLOUR_NAMES[view.colour]
            head = Content.assemble(
                (f"{name} contest ", COLOUR_STYLE[view.colour]),
                (f"({view.colour})", COLOUR_STYLE[view.colour]),
                (" · to beat ", "dim"),
                (str(view.to_beat), "bold"),
                (" · ", "dim"),
            )
        elif view.phase == "over":
            head = Content.styled("game over · ", "bold")
        elif view.last_result is not None:
            r = view.last_result
            head = Content.assemble(
                (f"{self.names[r.winner]} won {COLOUR_NAMES[r.colour]}", "bold"),
                (f" · {self.names[view.actor]} opens next · ", "dim"),
            )
        elif view.first is None or view.phase == "deal":
            head = Content.styled("dealing · ", "dim")
        else:
            head = Content.styled(f"{self.names[view.actor]} opens · ", "dim")
        return head + pile + discard + goal, head + pile + discard, head + pile

    # -- the screen's calls ----------------------------------------------------------------------
    def show(
        self,
        view: AttackeView,
        turn: Turn[AttackeAction] | None = None,
        *,
        animate: bool,
        over: bool = False,
    ) -> None:
        before, self._view = self._view, view
        number = view.contest
        if view.results and view.results[-1].contest == number and view.phase != "over":
            number += 1  # the last contest is won: the next one is being opened
        contest = f" · contest {number}" if view.first is not None else ""
        self.border_title = f"Attacke{contest}"
        for seat in range(len(self.names)):
            self.panel(seat).show(view, over=over)
        self.query_one("#at-info", ClampedText).show_first_fitting(*self.info_lines(view))
        if animate and before is not None and self.app.animation_level != "none":
            self._motion(before, view)

    def tell(self, text: str) -> None:
        """Input is in the hand; the table has nothing to explain."""

    # -- motion ----------------------------------------------------------------------------------
    def _motion(self, before: AttackeView, after: AttackeView) -> None:
        """Fly what moved between two views: newly laid cards first, else a chip."""
        fly = self.query_one(FlyingLabel)
        bottom = Offset(self.laid_at(0).x, SEAT_HEIGHT)
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
                cards = ordered(new.elements())
                down = [None] * max(hidden, 0)  # (flying: as the others saw them go down)
                art = laid_canvas(cards, down, self.panel(seat).content_region.width)
                what = " ".join([*cards, *[BACK] * max(hidden, 0)])
                start = bottom if after.viewer == seat else self.chips_at(seat)
                fly.fly(what, art.content(), start, self.laid_at(seat))
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
                start = self.chips_at(giver) if giver is not None else bottom
                fly.fly(f"[{gained[0]}]", chip_content(gained[0]), start, self.chips_at(seat))
                self._flash(seat)
                return
        for seat in range(len(self.names)):
            lost = [c for c in before.chips[seat] if c not in after.chips[seat]]
            if lost:
                fly.fly(f"[{lost[0]}]", chip_content(lost[0]), self.chips_at(seat), bottom)
                return

    def _flash(self, seat: int) -> None:
        """Light up the seat that just changed until a moment after the flight has landed; an
        animation (not a timer), so the screen's "until still" holds the next turn for it."""
        panel = self.panel(seat)
        panel.glow = 1.0
        panel.animate("glow", 0.0, duration=FLIGHT + 0.25, easing="linear")
