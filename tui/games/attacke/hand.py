"""Attacke's private panel: the viewer's hand, and the controls that compose one decision.

The hand is drawn as card faces, one fan per colour (red, blue, green, yellow, purple), sorted
by value, the shields last. The player moves a cursor over it (arrows or a click) and
selects cards (space, a click, or a value key in the cursor's row); with the face-down variant
`f` marks a card face down (it counts 1). The line under the cards gives the play's value, the
new total and whether it beats the total to beat, and the line below it says what Enter would
do or why the rules refuse it (the screen's `Turn.check`). Passing asks whether to draw, an
opening without an obvious colour asks for one, and a chip due back asks which. What the
selection means is in `draft`, the card faces in `cards`, the keys in `keys`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Static

from core.games.attacke.actions import AttackeAction, Pass, Play, Return
from core.games.attacke.deck import COLOUR_NAMES, COLOURS
from core.games.attacke.view import AttackeView
from tui.games.attacke import keys
from tui.games.attacke.cards import HandCards
from tui.games.attacke.deck import COLOUR_STYLE, chip_content
from tui.games.attacke.draft import Draft
from tui.widgets.clamped import ClampedText
from tui.widgets.hand_panel import ControlButton, HandPanel, hand_title, ready, refused
from tui.widgets.table import Turn


class AttackeHand(HandPanel[AttackeView, AttackeAction], can_focus=True):
    """Cards by colour, the play's value and total, a hint line and the buttons."""

    DEFAULT_CSS = """
    AttackeHand {
        width: 50;
        overflow-y: auto;  /* a very long hand scrolls rather than hiding the buttons */
        scrollbar-size-vertical: 1;
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

    BINDINGS: ClassVar[list[BindingType]] = keys.BINDINGS
    HINT = "#at-hint"

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(names, classes="at-hand")
        self.draft = Draft()
        self._over = False
        """The match has ended (a resignation): the hand waits for nobody."""

    def compose(self) -> ComposeResult:
        yield HandCards()
        yield Static(id="at-sum", classes="at-sum")
        yield ClampedText(id="at-hint", classes="at-hint")  # two rows at most, then "…"
        with Horizontal(classes="at-buttons"):
            yield ControlButton("[b]⏎[/b] Play", id="at-play", compact=True, variant="primary")
            yield ControlButton("[b]p[/b] Pass", id="at-pass", compact=True)
            yield ControlButton("[b]f[/b] Face down", id="at-down", compact=True)
            yield ControlButton("[b]y[/b] Pass+draw", id="at-yes", compact=True, variant="primary")
            yield ControlButton("[b]n[/b] Pass, no card", id="at-no", compact=True)
            for c in COLOURS:
                yield ControlButton(
                    Content.assemble((c.lower(), "bold"), " ", (COLOUR_NAMES[c], COLOUR_STYLE[c])),
                    id=f"at-colour-{c}",
                    compact=True,
                )
            yield ControlButton("[b]Esc[/b] Clear", id="at-cancel", compact=True)

    # -- what the screen calls -------------------------------------------------------------------
    def show(
        self, view: AttackeView, turn: Turn[AttackeAction] | None, *, over: bool = False
    ) -> None:
        old, cursor = self._view, self.draft.cursor
        self._over = over
        fresh = (
            turn is None
            or self._turn is None
            or old is None
            or old.hand != view.hand
            or old.phase != view.phase
            or old.contest != view.contest
        )
        before = self.hand[cursor] if old is not None and cursor < len(self.hand) else None
        same_seat = old is not None and old.viewer == view.viewer
        self._view, self._turn = view, turn
        if fresh:
            hand = self.hand
            # The cursor stays on the card it was on (the same seat's hand); else the first.
            keep = same_seat and before is not None and before in hand
            self.draft = Draft(
                cursor=hand.index(before) if keep and before is not None else 0,
                mode="return" if view.phase == "return" and turn is not None else "select",
            )
        self.border_title = hand_title(self.names, view.viewer)
        self._update()

    def clear(self) -> None:
        self._view, self._turn, self.draft = None, None, Draft()
        self.border_title = "Hand hidden"
        self.query_one(HandCards).draw(None, (), self.draft, live=False)
        self.query_one("#at-sum", Static).update("")
        self._hint(Content(""))
        self.query_one(".at-buttons").display = False
        self._refresh_keys()

    # -- what is composed ------------------------------------------------------------------------
    @property
    def hand(self) -> tuple[str, ...]:
        view = self._view
        return (view.hand or ()) if view is not None else ()

    @property
    def me(self) -> int:
        view = self._view
        return view.viewer if view is not None and view.viewer is not None else 0

    def composed(self) -> tuple[Play | None, str | None]:
        """The play the selection makes, or None and what is missing or wrong in it."""
        view = self._view
        return self.draft.composed(view, self.hand) if view is not None else (None, None)

    # -- drawing ---------------------------------------------------------------------------------
    def _sum_line(self, playable: bool) -> Content:
        """The selection's value and total; ✓ only when it beats the table and is a play the
        rules take (`playable`), as the Play button says."""
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
        if self.draft.mode == "return":
            return Content.assemble("Your chips: ", *(chip_content(c) for c in view.chips[me]))
        value = self.draft.value(self.hand)
        if view.phase == "open":  # "opens at" only for a play (two colours open nothing)
            opens = f" · opens at {value}" if value and playable else ""
            return Content.assemble("Selected ", (str(value), "bold"), opens)
        beat = max((t for s, t in enumerate(view.totals) if s != me), default=0)
        total = view.totals[me] + value
        if total <= beat:
            verdict = Content.styled(f"≤ {beat} ✗", "bold $text-error")
        elif not playable:  # above the table, but not a play (the line below says why)
            verdict = Content.styled(f"> {beat} ✗", "bold $text-error")
        else:
            verdict = Content.styled(f"> {beat} ✓", "bold $success")
        return Content.assemble(
            "Selected ",
            (str(value), "bold"),
            f" · total {view.totals[me]}+{value} = ",
            (str(total), "bold"),
            " ",
            verdict,
        )

    def _explain(self, play: Play | None, missing: str | None, reason: str | None) -> Content:
        view, mode = self._view, self.draft.mode
        if view is None or self._turn is None:
            return Content("")
        if mode == "return":
            return Content(
                "You passed with a 10-shield laid: press the letter of the chip to give back."
            )
        if mode == "pass":
            return Content("Pass: draw a card? y yes · n no · Esc back")
        if mode == "colour":
            return Content("Open in which colour? r b g y p · Esc back")
        if play is None:
            if missing:
                return refused(missing)
            return self._opening()
        if reason is not None:
            return refused(reason)
        verb = f"Open {COLOUR_NAMES[play.colour]}" if play.colour is not None else "Fight"
        return ready(verb, "clear")

    def _opening(self) -> Content:
        view = self._view
        if view is None:
            return Content("")
        down = ", f face down" if self._may_lay_face_down(view) else ""
        if view.phase == "open":
            return Content(f"Open: select knights of one colour (space{down}), then Enter.")
        if view.phase == "fight":
            name = COLOUR_NAMES.get(view.colour or "", "?")
            return Content(f"Select {name} knights or shields (space{down}), Enter; or p to pass.")
        return Content("")

    def _may_lay_face_down(self, view: AttackeView) -> bool:
        """The variant is played and this seat has not laid cards face down in the contest
        yet (once per contest): the hint and the button offer `f` only then."""
        return view.face_down and not view.hidden_counts[self.me]

    def _waiting(self) -> Content:
        view = self._view
        if view is None or view.to_move is None or self._over:
            return Content("")
        if view.to_move < 0:
            return Content.styled("Cards are being drawn…", "dim")
        if view.to_move == self.me:  # held back (the host out of touch): the status says why
            return Content("")
        return Content.styled(f"Waiting for {self.names[view.to_move]}…", "dim")

    def _update(self) -> None:
        cards = self.query_one(HandCards)
        cards.draw(self._view, self.hand, self.draft, live=self._turn is not None)
        # the selection judged once: the total, the hint and the Play button all say it
        play, missing = self.composed()
        reason = None if play is None else self._reason(play)
        playable = play is not None and reason is None
        self.query_one("#at-sum", Static).update(self._sum_line(playable))
        live = self._turn is not None
        self._hint(self._explain(play, missing, reason) if live else self._waiting())
        self._buttons(playable)
        self._refresh_keys()

    def _buttons(self, playable: bool) -> None:
        view, mode = self._view, self.draft.mode
        row = self.query_one(".at-buttons")
        row.display = self._turn is not None and view is not None
        if view is None:
            return
        selecting = mode == "select"
        shown = {
            "at-play": selecting,
            "at-pass": selecting and view.phase == "fight",
            "at-down": selecting and self._may_lay_face_down(view),
            "at-yes": mode == "pass",
            "at-no": mode == "pass",
            "at-cancel": mode in ("pass", "colour") or (selecting and bool(self.draft.marks)),
        }
        for c in COLOURS:
            owned = view.chips[self.me]
            shown[f"at-colour-{c}"] = mode == "colour" or (mode == "return" and c in owned)
        self.query_one("#at-cancel", ControlButton).label = (
            "[b]Esc[/b] Back" if mode in ("pass", "colour") else "[b]Esc[/b] Clear"
        )
        for button in self.query(ControlButton):
            button.display = shown.get(button.id or "", False)
        self.query_one("#at-play", ControlButton).disabled = not playable

    def _refresh_keys(self) -> None:
        if self.is_attached:
            self.screen.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the keys of the hand's mode are on (and in the footer): selecting cards, the
        pass's "draw or not", or the colour asked for an opening or a chip to give back."""
        view, mode = self._view, self.draft.mode
        if self._turn is None or view is None:
            return False
        if action == "pass":
            return mode == "select" and view.phase == "fight"
        if action == "draw":
            return mode == "pass"
        if action == "letter":
            return mode in ("colour", "return")
        if action == "play":  # giving a chip back, Enter gives the only one (else a letter)
            return mode != "pass" and (mode != "return" or len(view.chips[self.me]) == 1)
        if action == "face_down":  # (once used in a contest, f still says why it is refused)
            return view.face_down and mode == "select"
        if action in ("select", "value", "step", "row"):
            return mode == "select"
        return True

    # -- keys and clicks -------------------------------------------------------------------------
    def action_step(self, delta: int) -> None:
        if self._turn is not None and self.draft.step(self.hand, delta):
            self._update()

    def action_row(self, delta: int) -> None:
        if self._turn is not None and self.draft.row(self.hand, delta):
            self._update()

    def action_select(self) -> None:
        if self._turn is not None and self.draft.toggle(self.hand, "up"):
            self._update()

    def action_face_down(self) -> None:
        view = self._view
        if self._turn is None or view is None or not view.face_down:
            return
        if self.draft.toggle(self.hand, "down"):
            self._update()

    def action_value(self, value: int) -> None:
        """Select the next card of `value` (see `Draft.pick_value`), or unselect one; say
        where none is (a key that did nothing seemed broken)."""
        colour = self._view.colour if self._view is not None else None
        if self._turn is None or self.draft.mode != "select":
            return
        if self.draft.pick_value(self.hand, value, colour):
            self._update()
            return
        if colour is None:
            where = f"no {value} in the colour at the cursor (↑ ↓ to another)"
        elif value in (7, 10):
            where = f"no {COLOUR_NAMES[colour]} {value} and no {value}-shield"
        else:
            where = f"no {COLOUR_NAMES[colour]} {value}"
        self._hint(refused(f"You hold {where}"))

    def action_letter(self, key: str) -> None:
        view, draft = self._view, self.draft
        if self._turn is None or view is None:
            return
        if draft.mode == "select":
            if key == "p" and view.phase == "fight":
                if not view.pass_draws:  # nothing left to draw: the pass is all there is
                    self._choose(Pass(False))
                    return
                draft.mode = "pass"
                self._update()
            return
        if draft.mode == "pass":
            if key in ("y", "n"):
                self._choose(Pass(key == "y"))
            return
        colour = key.upper()
        if colour not in COLOURS:
            return
        if draft.mode == "return":
            self._choose(Return(colour))
            return
        draft.colour, draft.mode = colour, "select"
        self._update()
        self.action_play()

    def action_pass(self) -> None:
        """Pass (asking "draw or not?" when a card could be drawn)."""
        self.action_letter("p")

    def action_draw(self, draw: bool) -> None:
        """Answer the pass's "draw or not?"."""
        if self._turn is not None and self.draft.mode == "pass":
            self._choose(Pass(draw))

    def action_cancel(self) -> None:
        if self._turn is None:
            return
        self.draft.back()
        self._update()

    def action_play(self) -> None:
        view, mode = self._view, self.draft.mode
        if self._turn is None or view is None:
            return
        if mode == "return":
            owned = view.chips[self.me]
            if len(owned) == 1:
                self._choose(Return(owned[0]))
            return
        if mode == "pass":
            self._choose(Pass(True))
            return
        if mode != "select":
            return
        play, missing = self.composed()
        if (
            play is None
            and missing is not None
            and view.phase == "open"
            and missing.startswith("Which colour")
        ):
            self.draft.mode = "colour"
            self._update()
            return
        if play is None:
            self._hint(refused(missing or "Select cards first (space)"))
            return
        self._choose(play)

    @on(HandCards.Clicked)
    def _clicked(self, event: HandCards.Clicked) -> None:
        event.stop()
        self.focus()
        if self._turn is None or self.draft.mode != "select":
            return
        self.draft.cursor = event.index
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
