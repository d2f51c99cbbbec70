"""En Garde's private panel: the viewer's cards and the controls that compose one decision.

The player picks a card (keys 1-5, arrows, or a click), then a verb (forward, back, attack,
advance-and-attack, parry, retreat, pass) and confirms with Enter or the Play button. Every
change is checked at once against the rules (through the screen's `Turn.check`), so the panel
always says whether the composed action can be played, and why not. What the draft means is
in `draft`, the keys in `keys`, the card faces in `cards`.
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

from core.games.en_garde.actions import EnGardeAction
from core.games.en_garde.view import EnGardeView
from tui.games.en_garde import keys
from tui.games.en_garde.cards import HAND_SIZE, CardFace, card_art
from tui.games.en_garde.draft import Draft, offered, words
from tui.widgets.hand_panel import ControlButton, HandPanel, hand_title, ready, refused
from tui.widgets.table import Turn


class EnGardeHand(HandPanel[EnGardeView, EnGardeAction], can_focus=True):
    """Cards, verbs and a line that explains the composed action or why it is not allowed."""

    DEFAULT_CSS = """
    EnGardeHand {
        width: 46;
    }

    EnGardeHand .eg-cards {
        height: 4;
        width: 100%;
    }

    EnGardeHand .eg-card {
        width: 7;
        height: 4;
        margin-right: 1;
        color: $text;
    }

    EnGardeHand .eg-card.-selected {
        color: $text-accent;
        text-style: bold;
    }

    EnGardeHand .eg-card.-played {
        background: $accent 15%;
    }

    EnGardeHand .eg-verbs {
        height: auto;
        width: 100%;
        layout: grid;
        grid-size: 3;
        grid-gutter: 0 1;
        grid-rows: 1;
    }

    EnGardeHand .eg-verbs Button {
        width: 100%;
        min-width: 0;
    }

    EnGardeHand .eg-verbs Button.-chosen {
        text-style: bold reverse;
    }

    EnGardeHand .eg-hint {
        height: auto;
        min-height: 1;
        margin-top: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = keys.BINDINGS
    HINT = "#hint"

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(names, classes="eg-hand")
        self._draft = Draft()

    def compose(self) -> ComposeResult:
        with Horizontal(classes="eg-cards"):
            for slot in range(HAND_SIZE):
                yield CardFace(slot)
        with Horizontal(classes="eg-verbs"):
            for verb in keys.VERBS:
                yield ControlButton(keys.LABELS[verb], id=f"verb-{verb}", compact=True)
            yield ControlButton("[b]⏎[/b] Play", id="play", compact=True, variant="primary")
        yield Static(id="hint", classes="eg-hint")

    # -- what the screen calls -----------------------------------------------------------------
    def show(
        self, view: EnGardeView, turn: Turn[EnGardeAction] | None, *, over: bool = False
    ) -> None:
        fresh = turn is not None and (
            self._turn is None
            or self._view is None
            or self._view.hands != view.hands
            or self._view.phase != view.phase
        )
        self._view, self._turn = view, turn
        if fresh or turn is None:
            self._draft = Draft()
        self.border_title = hand_title(self.names, view.viewer)
        self._redraw()
        if turn is None:
            self._hint(Content("") if over else waiting(view))
        elif fresh:
            self._hint(self._opening())
        self.screen.refresh_bindings()

    def clear(self) -> None:
        self._view, self._turn, self._draft = None, None, Draft()
        self.border_title = "Hand hidden"
        for face in self.query(CardFace):
            face.update("")
            face.display = False
        self.query_one(".eg-verbs").display = False
        self._hint(Content(""))
        self.screen.refresh_bindings()

    # -- helpers -------------------------------------------------------------------------------
    @property
    def hand(self) -> tuple[int, ...]:
        view = self._view
        if view is None or view.viewer is None:
            return ()
        return view.hands[view.viewer] or ()

    def _verbs(self) -> tuple[str, ...]:
        if self._view is None or self._turn is None:
            return ()
        return offered(self._view, self.hand)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self._turn is None:
            return False
        if action == "verb":
            return parameters[0] in self._verbs()
        if action == "strength":
            return self._draft.verb in ("attack", "advance")
        if action == "pick":
            index = parameters[0]
            return isinstance(index, int) and index < len(self.hand)
        return True

    def _redraw(self) -> None:
        view, hand = self._view, self.hand
        action = self._draft.action(view, hand) if view is not None else None
        played = self._draft.played(action, view, hand) if view is not None else set()
        for face in self.query(CardFace):
            if face.slot < len(hand):
                selected = face.slot == self._draft.slot
                face.update(
                    card_art(
                        face.slot, hand[face.slot], selected=selected, played=face.slot in played
                    )
                )
                face.set_class(selected, "-selected")
                face.set_class(face.slot in played, "-played")
                face.display = True
            else:
                face.display = False
        verbs = self._verbs()
        self.query_one(".eg-verbs").display = bool(verbs)
        for verb in keys.VERBS:
            button = self.query_one(f"#verb-{verb}", ControlButton)
            button.display = verb in verbs
            button.set_class(verb == self._draft.verb, "-chosen")
            if verb == "pass":
                word = "Decline" if view is not None and view.phase == "last-chance" else "Take hit"
                button.label = f"[b]x[/b] {word}"
        play = self.query_one("#play", ControlButton)
        play.display = bool(verbs)
        play.disabled = action is None or self._reason(action) is not None

    def _opening(self) -> Content:
        view = self._view
        if view is None:
            return Content("")
        if view.phase == "defend" and view.pending is not None:
            verbs = self._verbs()
            said = [
                answer
                for verb, answer in (
                    ("parry", "parry (p)"),
                    ("retreat", "retreat (r) with a card"),
                )
                if verb in verbs
            ]
            said.append("take the hit (x)")
            text = ", ".join(said[:-1]) + (" or " if len(said) > 1 else "") + said[-1]
            return Content(text[:1].upper() + text[1:] + ".")
        if view.phase == "last-chance":
            return Content(f"Last chance: attack (a) with a {view.distance}, or decline (x).")
        return Content("Pick a card (its value 1-5, ← →, or click), then a move; Enter plays it.")

    def _explain(self) -> Content:
        """What the draft would do, or why it cannot be played, or what is still missing."""
        draft, view = self._draft, self._view
        if view is None:
            return Content("")
        action = draft.action(view, self.hand)
        if action is None:
            if draft.verb is None and draft.slot is not None:
                return self._options_for(draft.slot)
            if draft.verb in ("forward", "back", "retreat", "advance"):
                return Content("Now pick the card to move with (1-5).")
            return self._opening()
        reason = self._reason(action)
        if reason is not None:
            return refused(reason)
        return ready(words(action, view), "undo")

    def _options_for(self, slot: int) -> Content:
        """Which verbs can use the picked card, so the player sees the choices at a glance."""
        view, hand = self._view, self.hand
        allowed = []
        for verb in self._verbs():
            if verb in ("parry", "pass") or view is None:
                continue
            action = Draft(slot, verb, 1).action(view, hand)
            if action is not None and self._reason(action) is None:
                allowed.append(keys.LABELS[verb])
        value = hand[slot]
        if not allowed:
            return Content(f"The {value} cannot be played alone here; pick another card.")
        return Content.from_markup(f"The {value}: " + " · ".join(allowed))

    def _update(self) -> None:
        self._redraw()
        self._hint(self._explain())
        self.screen.refresh_bindings()

    # -- keys and clicks -----------------------------------------------------------------------
    def action_pick(self, slot: int) -> None:
        if self._turn is None or slot >= len(self.hand):
            return
        self._draft.slot = slot
        self._update()

    def action_pick_value(self, value: int) -> None:
        """Pick a card of `value`; pressed again, the next card of that value."""
        if self._turn is None:
            return
        slots = [slot for slot, card in enumerate(self.hand) if card == value]
        if not slots:
            self._hint(refused(f"You hold no {value}"))
            return
        current = self._draft.slot
        later = [slot for slot in slots if current is not None and slot > current]
        self._draft.slot = later[0] if current in slots and later else slots[0]
        self._update()

    def action_step(self, delta: int) -> None:
        if self._turn is None or not self.hand:
            return
        current = self._draft.slot
        start = -1 if current is None and delta > 0 else (current if current is not None else 0)
        self._draft.slot = (start + delta) % len(self.hand)
        self._update()

    def action_verb(self, verb: str) -> None:
        if self._turn is None or verb not in self._verbs():
            return
        if verb != self._draft.verb:
            self._draft.count = 1
        self._draft.verb = verb
        self._update()

    def action_strength(self, delta: int) -> None:
        if self._draft.verb not in ("attack", "advance"):
            return
        self._draft.count = max(1, min(HAND_SIZE, self._draft.count + delta))
        self._update()

    def action_cancel(self) -> None:
        if self._turn is None:
            return
        self._draft = Draft()
        self._update()
        self._hint(self._opening())

    def action_play(self) -> None:
        view = self._view
        if self._turn is None or view is None:
            return
        action = self._draft.action(view, self.hand)
        if action is None:
            if self._draft.verb or self._draft.slot is not None:
                self._hint(self._explain())
            else:  # Enter before any choice: said as a refusal, or it seemed to do nothing
                self._hint(refused(f"Nothing chosen yet. {self._opening().plain}"))
            return
        self._choose(action)

    @on(CardFace.Picked)
    def _picked(self, event: CardFace.Picked) -> None:
        self.focus()
        self.action_pick(event.slot)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.focus()
        button_id = event.button.id or ""
        if button_id == "play":
            self.action_play()
        elif button_id.startswith("verb-"):
            self.action_verb(button_id.removeprefix("verb-"))


def waiting(view: EnGardeView) -> Content:
    """The hint while the hand cannot play: who or what the table waits for, and nothing
    once a round or the match is decided (the result panel tells it)."""
    if view.phase in ("round-over", "over"):
        return Content("")
    if view.phase in ("deal", "refill"):
        return Content.styled("Cards are being drawn…", "dim")
    if view.to_move is not None and view.to_move == view.viewer:
        return Content("")  # this fencer's own turn, held back (the host out of touch)
    return Content.styled("Waiting for the other fencer…", "dim")
