"""Attacke's private panel: the viewer's hand, and the controls that compose one decision.

The hand is drawn one row per colour (red, blue, green, yellow, purple), sorted by value, with
the shields on a row of their own. The player moves a cursor over it (arrows or a click) and
selects cards (space, a click, or a value key in the cursor's row); with the face-down variant
`f` marks a card face down (it counts 1). The line under the cards gives the play's value, the
new total and whether it beats the total to beat, and the line below it says what Enter would
do or why the rules refuse it (the screen's `Turn.check`). Passing asks whether to draw, an
opening without an obvious colour asks for one, and a chip due back asks which.

No list of legal plays is ever built (it can run to tens of thousands): the panel only checks
the one play composed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Literal

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.widgets import Button, Static

from core.games.attacke.actions import AttackeAction, Pass, Play, Return
from core.games.attacke.deck import COLOUR_NAMES, COLOURS, colour_of, is_knight, value_of
from core.games.attacke.view import AttackeView
from tui.games.attacke_table import COLOUR_STYLE, SHIELD_STYLE, card_content, chip_content
from tui.widgets.table import Chosen, PrivateWidget, Turn

Mode = Literal["select", "colour", "pass", "return"]
Mark = Literal["up", "down"]

LABEL = 2
"""Columns of a row's label ("R ")."""
CELL = 6
"""Columns per card: the cursor (▸), a mark (+ face up, ? face down), the code, a space."""
PER_ROW = 7
VALUE_KEYS = {"2": 2, "3": 3, "4": 4, "5": 5, "7": 7, "0": 10}
"""Value keys: a knight of that value in the cursor's row (`7` and `0` on the shield row)."""


def groups(hand: Sequence[str]) -> list[tuple[str, list[int]]]:
    """(row label, hand indices) for each row: one per colour held, shields last; a long
    colour wraps onto a second row with the same label."""
    rows: list[tuple[str, list[int]]] = []
    for key in (*COLOURS, "S"):
        members = [i for i, c in enumerate(hand) if (colour_of(c) or "S") == key]
        members.sort(key=lambda i: (value_of(hand[i]), i))
        for start in range(0, len(members), PER_ROW):
            rows.append((key, members[start : start + PER_ROW]))
    return rows


class HandCards(Static):
    """The card rows; a click picks the card under the pointer."""

    class Clicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self) -> None:
        super().__init__(id="at-cards", classes="at-cards")
        self.rows: list[tuple[str, list[int]]] = []

    def on_click(self, event: events.Click) -> None:
        event.stop()
        row, column = event.y, event.x - LABEL
        if not 0 <= row < len(self.rows) or column < 0:
            return
        cell = column // CELL
        indices = self.rows[row][1]
        if cell < len(indices):
            self.post_message(self.Clicked(indices[cell]))


class HandButton(Button):
    """A control of the composer; it never takes focus, so the hand keeps its keys."""

    can_focus = False

    def on_mount(self) -> None:
        self.styles.line_pad = 0


class AttackeHand(PrivateWidget[AttackeView], can_focus=True):
    """Cards by colour, the play's value and total, a hint line and the buttons."""

    DEFAULT_CSS = """
    AttackeHand {
        width: 50;
        height: 100%;
        border: round $secondary;
        border-title-color: $text;
        border-title-style: bold;
        background: $surface;
        padding: 0 1;
        overflow-y: auto;  /* a very long hand scrolls rather than hiding the buttons */
        scrollbar-size-vertical: 1;
    }

    AttackeHand:focus-within {
        border: round $accent;
    }

    AttackeHand .at-cards {
        height: auto;
        width: 100%;
    }

    AttackeHand .at-sum {
        height: 1;
        width: 100%;
    }

    AttackeHand .at-hint {
        height: auto;
        max-height: 2;
        width: 100%;
    }

    AttackeHand .at-buttons {
        height: 1;
        width: 100%;
    }

    AttackeHand .at-buttons Button {
        width: auto;
        min-width: 0;
        margin-right: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "previous card", show=False),
        Binding("right", "step(1)", "next card", show=False),
        Binding("up", "row(-1)", "row up", show=False),
        Binding("down", "row(1)", "row down", show=False),
        Binding("space", "select", "select", show=False),
        Binding("f", "face_down", "face down", show=False),
        *(Binding(k, f"value({v})", "value", show=False) for k, v in VALUE_KEYS.items()),
        Binding("enter", "play", "play"),
        Binding("p", "letter('p')", "pass"),
        *(Binding(k, f"letter('{k}')", k, show=False) for k in ("r", "b", "g", "y", "n")),
        Binding("escape", "cancel", "clear", show=False),
    ]

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(id="hand", classes="at-hand")
        self.names = tuple(names)
        self._view: AttackeView | None = None
        self._turn: Turn | None = None
        self.cursor = 0
        self.marks: dict[int, Mark] = {}
        self.mode: Mode = "select"
        self.colour: str | None = None
        """The colour chosen for an opening whose cards do not say it."""

    def compose(self) -> ComposeResult:
        yield HandCards()
        yield Static(id="at-sum", classes="at-sum")
        yield Static(id="at-hint", classes="at-hint")
        with Horizontal(classes="at-buttons"):
            yield HandButton("[b]⏎[/b] Play", id="at-play", compact=True, variant="primary")
            yield HandButton("[b]p[/b] Pass", id="at-pass", compact=True)
            yield HandButton("[b]f[/b] Face down", id="at-down", compact=True)
            yield HandButton("[b]y[/b] Pass+draw", id="at-yes", compact=True, variant="primary")
            yield HandButton("[b]n[/b] Pass, no card", id="at-no", compact=True)
            for c in COLOURS:
                yield HandButton(
                    Content.assemble((c.lower(), "bold"), " ", (COLOUR_NAMES[c], COLOUR_STYLE[c])),
                    id=f"at-colour-{c}",
                    compact=True,
                )
            yield HandButton("[b]Esc[/b] Clear", id="at-cancel", compact=True)

    # -- what the screen calls -------------------------------------------------------------------
    def show(self, view: AttackeView, turn: Turn | None) -> None:
        old = self._view
        fresh = (
            turn is None
            or self._turn is None
            or old is None
            or old.hand != view.hand
            or old.phase != view.phase
            or old.contest != view.contest
        )
        before = (
            self.hand[self.cursor] if old is not None and self.cursor < len(self.hand) else None
        )
        same_seat = old is not None and old.viewer == view.viewer
        self._view, self._turn = view, turn
        if fresh:
            self.marks, self.colour = {}, None
            self.mode = "return" if view.phase == "return" and turn is not None else "select"
            hand = self.hand
            # The cursor stays on the card it was on (the same seat's hand); else the first.
            keep = same_seat and before is not None and before in hand
            self.cursor = hand.index(before) if keep and before is not None else 0
        seat = view.viewer
        self.border_title = f"{self.names[seat]}'s hand" if seat is not None else "Hand"
        self._update()

    def clear(self) -> None:
        self._view, self._turn, self.marks, self.mode = None, None, {}, "select"
        self.border_title = "Hand hidden"
        cards = self.query_one(HandCards)
        cards.rows = []
        cards.update("")
        self.query_one("#at-sum", Static).update("")
        self._hint(Content(""))
        self.query_one(".at-buttons").display = False
        self._refresh_keys()

    def tell(self, text: str) -> None:
        self._hint(Content(text))

    # -- what is composed ------------------------------------------------------------------------
    @property
    def hand(self) -> tuple[str, ...]:
        view = self._view
        return (view.hand or ()) if view is not None else ()

    @property
    def me(self) -> int:
        view = self._view
        return view.viewer if view is not None and view.viewer is not None else 0

    def _selected(self, mark: Mark) -> list[str]:
        return [self.hand[i] for i, m in sorted(self.marks.items()) if m == mark]

    def _value(self) -> int:
        return sum(value_of(c) for c in self._selected("up")) + len(self._selected("down"))

    def composed(self) -> tuple[Play | None, str | None]:
        """The play the selection makes, or None and what is missing or wrong in it (the
        things a `Play` cannot say: which colour a face-up knight is)."""
        view = self._view
        ups, downs = self._selected("up"), self._selected("down")
        if view is None or not (ups or downs):
            return None, None
        knights = [c for c in ups if is_knight(c)]
        shields = tuple(value_of(c) for c in ups if not is_knight(c))
        colours = sorted({colour_of(c) or "" for c in knights}, key=COLOURS.index)
        values = tuple(value_of(c) for c in knights)
        if view.phase == "open":
            if len(colours) > 1:
                named = " and ".join(COLOUR_NAMES[c] for c in colours)
                hint = " (put the others face down with f)" if view.face_down else ""
                return None, f"An opening takes knights of one colour, not {named}{hint}"
            colour = colours[0] if colours else self.colour
            if colour is None:
                return None, "Which colour opens? Press r, b, g, y or p"
            return Play(values, shields, tuple(downs), colour), None
        contest = view.colour or ""
        off = [c for c in colours if c != contest]
        if off:
            name = COLOUR_NAMES.get(contest, "?")
            hint = " (or face down with f)" if view.face_down else ""
            return None, (f"Only {name} knights and shields go face up in a {name} contest{hint}")
        return Play(values, shields, tuple(downs)), None

    def _reason(self, action: AttackeAction) -> str | None:
        return self._turn.check(action) if self._turn is not None else None

    # -- drawing ---------------------------------------------------------------------------------
    def _cards(self) -> Content:
        view, hand = self._view, self.hand
        if view is None:
            return Content("")
        if not hand:
            return Content.styled("No cards in hand.", "dim")
        contest = view.colour if view.phase == "fight" else None
        lines: list[Content] = []
        for key, indices in groups(hand):
            style = COLOUR_STYLE.get(key, SHIELD_STYLE)
            parts: list[Content | str] = [Content.styled(f"{key:<{LABEL}}", style)]
            for i in indices:
                card = hand[i]
                mark = self.marks.get(i)
                sign = "+" if mark == "up" else "?" if mark == "down" else " "
                face = card_content(card)
                if contest and is_knight(card) and colour_of(card) != contest and not mark:
                    face = Content.styled(card, "dim")
                here = i == self.cursor and self._turn is not None
                cell = Content.assemble(
                    Content.styled("▸" if here else " ", "bold $accent"),
                    Content.styled(sign, "bold"),
                    face.pad_right(3 - len(card)),
                    " ",
                )
                if here:
                    cell = cell.stylize("reverse", 1, 5)
                elif mark:
                    cell = cell.stylize("underline", 1, 5)
                parts.append(cell)
            lines.append(Content.assemble(*parts))
        return Content("\n").join(lines)

    def _sum_line(self) -> Content:
        view = self._view
        if view is None:
            return Content("")
        me = self.me
        mine = view.hidden[me] or ()
        if self._turn is None:
            if view.phase in ("open", "fight") and view.colour is not None and not view.passed[me]:
                laid = " ".join([*view.laid[me], *(f"?{c}" for c in mine)]) or "nothing"
                return Content.styled(f"On the table: {laid} = {view.totals[me]}", "dim")
            return Content("")
        if self.mode == "return":
            return Content.assemble("Your chips: ", *(chip_content(c) for c in view.chips[me]))
        value = self._value()
        if view.phase == "open":
            return Content.assemble(
                "Selected ", (str(value), "bold"), (f" · opens at {value}" if value else "", "")
            )
        beat = max((t for s, t in enumerate(view.totals) if s != me), default=0)
        total = view.totals[me] + value
        verdict = (
            Content.styled(f"> {beat} ✓", "bold $success")
            if total > beat
            else Content.styled(f"≤ {beat} ✗", "bold $text-error")
        )
        return Content.assemble(
            "Selected ",
            (str(value), "bold"),
            f" · total {view.totals[me]}+{value} = ",
            (str(total), "bold"),
            " ",
            verdict,
        )

    def _explain(self) -> Content:
        view = self._view
        if view is None or self._turn is None:
            return Content("")
        if self.mode == "return":
            return Content(
                "You passed with a 10-shield laid: press the letter of the chip to give back."
            )
        if self.mode == "pass":
            return Content("Pass: draw a card? y yes · n no · Esc back")
        if self.mode == "colour":
            return Content("Open in which colour? r b g y p · Esc back")
        play, missing = self.composed()
        if play is None:
            if missing:
                return Content.assemble(("✗ ", "bold"), (missing, "bold $text-error"))
            return self._opening()
        reason = self._reason(play)
        if reason is not None:
            return Content.assemble(("✗ ", "bold"), (reason, "bold $text-error"))
        verb = f"Open {COLOUR_NAMES[play.colour]}" if play.colour is not None else "Fight"
        return Content.assemble(("✓ ", "bold"), verb, (" — Enter to play, Esc to clear", "dim"))

    def _opening(self) -> Content:
        view = self._view
        if view is None:
            return Content("")
        down = ", f face down" if view.face_down else ""
        if view.phase == "open":
            return Content(f"Open: select knights of one colour (space{down}), then Enter.")
        if view.phase == "fight":
            name = COLOUR_NAMES.get(view.colour or "", "?")
            return Content(f"Select {name} knights or shields (space{down}), Enter; or p to pass.")
        return Content("")

    def _waiting(self) -> Content:
        view = self._view
        if view is None or view.to_move is None:
            return Content("")
        if view.to_move < 0:
            return Content.styled("Cards are being drawn…", "dim")
        return Content.styled(f"Waiting for {self.names[view.to_move]}…", "dim")

    def _update(self) -> None:
        cards = self.query_one(HandCards)
        cards.rows = groups(self.hand) if self._view is not None else []
        cards.update(self._cards())
        self.query_one("#at-sum", Static).update(self._sum_line())
        self._hint(self._explain() if self._turn is not None else self._waiting())
        self._buttons()
        self._refresh_keys()

    def _buttons(self) -> None:
        view, mode = self._view, self.mode
        row = self.query_one(".at-buttons")
        row.display = self._turn is not None and view is not None
        if view is None:
            return
        selecting = mode == "select"
        shown = {
            "at-play": selecting,
            "at-pass": selecting and view.phase == "fight",
            "at-down": selecting and view.face_down and not view.hidden_counts[self.me],
            "at-yes": mode == "pass",
            "at-no": mode == "pass",
            "at-cancel": mode in ("pass", "colour") or (selecting and bool(self.marks)),
        }
        for c in COLOURS:
            owned = view.chips[self.me]
            shown[f"at-colour-{c}"] = mode == "colour" or (mode == "return" and c in owned)
        self.query_one("#at-cancel", HandButton).label = (
            "[b]Esc[/b] Back" if mode in ("pass", "colour") else "[b]Esc[/b] Clear"
        )
        for button in self.query(HandButton):
            button.display = shown.get(button.id or "", False)
        play, _ = self.composed()
        self.query_one("#at-play", HandButton).disabled = (
            play is None or self._reason(play) is not None
        )

    def _hint(self, text: Content) -> None:
        self.query_one("#at-hint", Static).update(text)

    def _refresh_keys(self) -> None:
        if self.is_attached:
            self.screen.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self._turn is None:
            return False
        view = self._view
        if action == "letter" and parameters and parameters[0] == "p":
            return True if self.mode != "select" else (view is not None and view.phase == "fight")
        if action == "face_down":
            return view is not None and view.face_down and self.mode == "select"
        return True

    # -- keys and clicks -------------------------------------------------------------------------
    def _rows(self) -> list[tuple[str, list[int]]]:
        return groups(self.hand)

    def _order(self) -> list[int]:
        return [i for _, indices in self._rows() for i in indices]

    def action_step(self, delta: int) -> None:
        order = self._order()
        if self._turn is None or self.mode != "select" or not order:
            return
        at = order.index(self.cursor) if self.cursor in order else 0
        self.cursor = order[(at + delta) % len(order)]
        self._update()

    def action_row(self, delta: int) -> None:
        rows = self._rows()
        if self._turn is None or self.mode != "select" or not rows:
            return
        here = next((r for r, (_, ix) in enumerate(rows) if self.cursor in ix), 0)
        column = rows[here][1].index(self.cursor) if self.cursor in rows[here][1] else 0
        target = rows[(here + delta) % len(rows)][1]
        self.cursor = target[min(column, len(target) - 1)]
        self._update()

    def action_select(self) -> None:
        if self._turn is None or self.mode != "select" or self.cursor >= len(self.hand):
            return
        if self.marks.get(self.cursor) == "up":
            del self.marks[self.cursor]
        else:
            self.marks[self.cursor] = "up"
        self._update()

    def action_face_down(self) -> None:
        view = self._view
        if (
            self._turn is None
            or view is None
            or not view.face_down
            or self.mode != "select"
            or self.cursor >= len(self.hand)
        ):
            return
        if self.marks.get(self.cursor) == "down":
            del self.marks[self.cursor]
        else:
            self.marks[self.cursor] = "down"
        self._update()

    def action_value(self, value: int) -> None:
        """Select the next card of `value` in the cursor's row, or unselect one when all are."""
        rows = self._rows()
        if self._turn is None or self.mode != "select" or not rows:
            return
        key = next((k for k, ix in rows if self.cursor in ix), rows[0][0])
        same = [i for k, ix in rows if k == key for i in ix if value_of(self.hand[i]) == value]
        if not same:
            return
        free = [i for i in same if i not in self.marks]
        if free:
            self.cursor = free[0]
            self.marks[free[0]] = "up"
        else:
            self.cursor = same[-1]
            del self.marks[same[-1]]
        self._update()

    def action_letter(self, key: str) -> None:
        view = self._view
        if self._turn is None or view is None:
            return
        if self.mode == "select":
            if key == "p" and view.phase == "fight":
                self.mode = "pass"
                self._update()
            return
        if self.mode == "pass":
            if key in ("y", "n"):
                self._choose(Pass(key == "y"))
            return
        colour = key.upper()
        if colour not in COLOURS:
            return
        if self.mode == "return":
            self._choose(Return(colour))
            return
        self.colour, self.mode = colour, "select"
        self._update()
        self.action_play()

    def action_cancel(self) -> None:
        if self._turn is None:
            return
        if self.mode in ("pass", "colour"):
            self.mode = "select"
        elif self.mode == "select":
            self.marks, self.colour = {}, None
        self._update()

    def action_play(self) -> None:
        view = self._view
        if self._turn is None or view is None:
            return
        if self.mode == "return":
            owned = view.chips[self.me]
            if len(owned) == 1:
                self._choose(Return(owned[0]))
            return
        if self.mode == "pass":
            self._choose(Pass(True))
            return
        if self.mode != "select":
            return
        play, missing = self.composed()
        if (
            play is None
            and missing is not None
            and view.phase == "open"
            and missing.startswith("Which colour")
        ):
            self.mode = "colour"
            self._update()
            return
        if play is None:
            self._hint(
                Content.assemble(
                    ("✗ ", "bold"), (missing or "Select cards first (space)", "bold $text-error")
                )
            )
            return
        self._choose(play)

    def _choose(self, action: AttackeAction) -> None:
        reason = self._reason(action)
        if reason is not None:
            self._hint(Content.assemble(("✗ ", "bold"), (reason, "bold $text-error")))
            self.app.bell()
            return
        self.post_message(Chosen(action))

    @on(HandCards.Clicked)
    def _clicked(self, event: HandCards.Clicked) -> None:
        event.stop()
        self.focus()
        if self._turn is None or self.mode != "select":
            return
        self.cursor = event.index
        self.action_select()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.focus()
        button = event.button.id or ""
        if button == "at-play":
            self.action_play()
        elif button == "at-pass":
            self.action_letter("p")
        elif button == "at-down":
            self.action_face_down()
        elif button in ("at-yes", "at-no"):
            self.action_letter("n" if button == "at-no" else "y")
        elif button.startswith("at-colour-"):
            self.action_letter(button[-1].lower())
        elif button == "at-cancel":
            self.action_cancel()
