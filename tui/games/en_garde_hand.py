"""En Garde's private panel: the viewer's cards and the controls that compose one decision.

The player picks a card (keys 1-5, arrows, or a click), then a verb (forward, back, attack,
advance-and-attack, parry, retreat, pass) and confirms with Enter or the Play button. Every
change is checked at once against the rules (through the screen's `Turn.check`), so the panel
always says whether the composed action can be played, and why not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.widgets import Button, Static

from core.games.en_garde.actions import (
    AdvanceAttack,
    Attack,
    EnGardeAction,
    Move,
    Parry,
    Pass,
    Retreat,
)
from core.games.en_garde.view import EnGardeView
from tui.widgets.table import Chosen, PrivateWidget, Turn

HAND_SIZE = 5
HIGHEST = 5
"""The highest card value: an attack at a greater distance is impossible."""
NUMBERS = ("one", "two", "three", "four", "five")
VERBS = ("forward", "back", "attack", "advance", "parry", "retreat", "pass")
LABELS = {
    "forward": "[b]f[/b] Forward",
    "back": "[b]b[/b] Back",
    "attack": "[b]a[/b] Attack",
    "advance": "[b]d[/b] Adv+Attack",
    "parry": "[b]p[/b] Parry",
    "retreat": "[b]r[/b] Retreat",
    "pass": "[b]x[/b] Pass",
}
CARDS = Binding.Group("card", compact=True)
STRENGTH = Binding.Group("strength", compact=True)


def can_retreat(view: EnGardeView) -> bool:
    """Whether the defender may retreat from the pending attack with a card it holds.

    Only an advance-and-attack allows a retreat, and only with a card that keeps the fencer on
    the piste; a hand this view does not show counts as able (the rules will say).
    """
    pending = view.pending
    if view.level != "advanced" or pending is None or not pending.advanced:
        return False
    seat = 1 - pending.attacker
    hand = view.hands[seat]
    return hand is None or any(card <= view.advances[seat] for card in hand)


def card_art(slot: int, value: int, *, selected: bool, played: bool) -> str:
    """A card face, four rows tall: the value in the corner and inside, with its pips.

    The cursor card has a heavy border and cards the composed action would play carry a
    ▲ mark, so neither depends on colour.
    """
    tl, tr, bl, br, h, v = (
        ("┏", "┓", "┗", "┛", "━", "┃") if selected else ("╭", "╮", "╰", "╯", "─", "│")
    )
    mark = "▲" if played else h
    return "\n".join(
        (
            f"{tl}{value}{h * 4}{tr}",
            f"{v}  {value}  {v}",
            f"{v}{('•' * value):^5}{v}",
            f"{bl}{h * 2}{mark}{h * 2}{br}",
        )
    )


class CardFace(Static):
    """One card of the hand; a click picks it."""

    class Picked(Message):
        def __init__(self, slot: int) -> None:
            super().__init__()
            self.slot = slot

    def __init__(self, slot: int) -> None:
        super().__init__("", id=f"card-{slot}", classes="eg-card")
        self.slot = slot

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Picked(self.slot))


class VerbButton(Button):
    """A verb of the composer; it never takes focus, so the hand keeps its keys."""

    can_focus = False

    def on_mount(self) -> None:
        self.styles.line_pad = 0  # CSS refuses 0; three verbs must fit a row at 80 columns


@dataclass
class Draft:
    """The action being composed."""

    slot: int | None = None
    verb: str | None = None
    count: int = 1


class EnGardeHand(PrivateWidget[EnGardeView], can_focus=True):
    """Cards, verbs and a line that explains the composed action or why it is not allowed."""

    DEFAULT_CSS = """
    EnGardeHand {
        width: 46;
        height: 100%;
        border: round $secondary;
        border-title-color: $text;
        border-title-style: bold;
        background: $surface;
        padding: 0 1;
    }

    EnGardeHand:focus-within {
        border: round $accent;
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
        color: $accent;
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

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(v), f"pick_value({v})", "card", group=CARDS) for v in range(1, HIGHEST + 1)),
        Binding("left", "step(-1)", "previous card", show=False),
        Binding("right", "step(1)", "next card", show=False),
        # The verbs' keys are printed on their buttons; the Footer keeps to what is not.
        Binding("f", "verb('forward')", "forward", show=False),
        Binding("b", "verb('back')", "back", show=False),
        Binding("a", "verb('attack')", "attack", show=False),
        Binding("d", "verb('advance')", "advance and attack", show=False),
        Binding("p", "verb('parry')", "parry", show=False),
        Binding("r", "verb('retreat')", "retreat", show=False),
        Binding("x", "verb('pass')", "pass", show=False),
        Binding("plus,equals_sign", "strength(1)", "more", group=STRENGTH),
        Binding("minus", "strength(-1)", "fewer", group=STRENGTH),
        Binding("enter", "play", "play"),
        Binding("escape", "cancel", "undo", show=False),
    ]

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(id="hand", classes="eg-hand")
        self.names = tuple(names)
        self._view: EnGardeView | None = None
        self._turn: Turn | None = None
        self._draft = Draft()

    def compose(self) -> ComposeResult:
        with Horizontal(classes="eg-cards"):
            for slot in range(HAND_SIZE):
                yield CardFace(slot)
        with Horizontal(classes="eg-verbs"):
            for verb in VERBS:
                yield VerbButton(LABELS[verb], id=f"verb-{verb}", compact=True)
            yield VerbButton("[b]⏎[/b] Play", id="play", compact=True, variant="primary")
        yield Static(id="hint", classes="eg-hint")

    # -- what the screen calls -----------------------------------------------------------------
    def show(self, view: EnGardeView, turn: Turn | None) -> None:
        fresh = turn is not None and (
            self._turn is None
            or self._view is None
            or self._view.hands != view.hands
            or self._view.phase != view.phase
        )
        self._view, self._turn = view, turn
        if fresh or turn is None:
            self._draft = Draft()
        seat = view.viewer
        self.border_title = f"{self.names[seat]}'s hand" if seat is not None else "Hand"
        self._redraw()
        if turn is None:
            self._hint(Content.styled("Waiting for the other fencer…", "dim"))
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

    def tell(self, text: str) -> None:
        self._hint(Content(text))

    # -- helpers -------------------------------------------------------------------------------
    @property
    def hand(self) -> tuple[int, ...]:
        view = self._view
        if view is None or view.viewer is None:
            return ()
        return view.hands[view.viewer] or ()

    def _verbs(self) -> tuple[str, ...]:
        """The verbs this phase offers (whether each is possible is for the rules to say)."""
        view = self._view
        if view is None or self._turn is None:
            return ()
        if view.phase in ("turn", "riposte"):
            base = ("forward", "back", "attack")
            return (*base, "advance") if view.level == "advanced" else base
        if view.phase == "defend":
            pending = view.pending
            hand = self.hand
            can_parry = pending is not None and hand.count(pending.value) >= pending.count
            offers: tuple[str, ...] = ("parry",) if can_parry else ()
            if can_retreat(view):
                offers += ("retreat",)
            return (*offers, "pass")
        if view.phase == "last-chance":
            return ("attack", "pass")
        return ()

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

    def _action(self, draft: Draft) -> EnGardeAction | None:
        """The action `draft` describes, or None while it is incomplete."""
        view, hand = self._view, self.hand
        if view is None or draft.verb is None:
            return None
        card = hand[draft.slot] if draft.slot is not None and draft.slot < len(hand) else None
        if draft.verb in ("forward", "back"):
            return None if card is None else Move(card, draft.verb == "forward")
        if draft.verb == "retreat":
            return None if card is None else Retreat(card)
        if draft.verb == "attack":
            return Attack(card if card is not None else view.distance, draft.count)
        if draft.verb == "advance":
            if card is None:
                return None
            return AdvanceAttack(card, view.distance - card, draft.count)
        return Parry() if draft.verb == "parry" else Pass()

    def _played(self, action: EnGardeAction | None) -> set[int]:
        """The slots the action would play, the cursor card first among equals."""
        view, hand = self._view, self.hand
        if action is None or view is None:
            return set()
        wanted: list[int] = []
        if isinstance(action, Move | Retreat):
            wanted = [action.card]
        elif isinstance(action, Attack):
            wanted = [action.value] * action.count
        elif isinstance(action, AdvanceAttack):
            wanted = [action.move] + [action.value] * action.count
        elif isinstance(action, Parry) and view.pending is not None:
            wanted = [view.pending.value] * view.pending.count
        order = list(range(len(hand)))
        if self._draft.slot is not None and self._draft.slot < len(hand):
            order.remove(self._draft.slot)
            order.insert(0, self._draft.slot)
        chosen: set[int] = set()
        for value in wanted:
            for slot in order:
                if slot not in chosen and hand[slot] == value:
                    chosen.add(slot)
                    break
        return chosen

    def _redraw(self) -> None:
        hand = self.hand
        action = self._action(self._draft)
        played = self._played(action)
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
        for verb in VERBS:
            button = self.query_one(f"#verb-{verb}", VerbButton)
            button.display = verb in verbs
            button.set_class(verb == self._draft.verb, "-chosen")
            if verb == "pass":
                view = self._view
                word = (
                    "Decline" if view is not None and view.phase == "last-chance" else ("Take hit")
                )
                button.label = f"[b]x[/b] {word}"
        play = self.query_one("#play", VerbButton)
        play.display = bool(verbs)
        play.disabled = action is None or self._reason(action) is not None

    def _reason(self, action: EnGardeAction) -> str | None:
        if self._turn is None:
            return None
        return self._turn.check(action)

    def _hint(self, text: Content) -> None:
        self.query_one("#hint", Static).update(text)

    def _opening(self) -> Content:
        view = self._view
        if view is None:
            return Content("")
        if view.phase == "defend" and view.pending is not None:
            verbs = self._verbs()
            said = [
                words
                for verb, words in (
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
        action = self._action(draft)
        if action is None:
            if draft.verb is None and draft.slot is not None:
                return self._options_for(draft.slot)
            if draft.verb in ("forward", "back", "retreat", "advance"):
                return Content("Now pick the card to move with (1-5).")
            return self._opening()
        reason = self._reason(action)
        if reason is not None:
            return Content.assemble(("✗ ", "bold"), (reason, "bold $text-error"))
        return Content.assemble(
            ("✓ ", "bold"), self._words(action, view), (" — Enter to play, Esc to undo", "dim")
        )

    def _options_for(self, slot: int) -> Content:
        """Which verbs can use the picked card, so the player sees the choices at a glance."""
        allowed = []
        for verb in self._verbs():
            if verb in ("parry", "pass"):
                continue
            action = self._action(Draft(slot, verb, 1))
            if action is not None and self._reason(action) is None:
                allowed.append(LABELS[verb])
        value = self.hand[slot]
        if not allowed:
            return Content(f"The {value} cannot be played alone here; pick another card.")
        return Content.from_markup(f"The {value}: " + " · ".join(allowed))

    def _words(self, action: EnGardeAction, view: EnGardeView) -> str:
        seat = view.viewer if view.viewer is not None else 0
        step = 1 if seat == 0 else -1
        here = view.positions[seat]
        if isinstance(action, Move):
            to = here + (step if action.forward else -step) * action.card
            way = "forward" if action.forward else "back"
            return f"Move {way} {action.card} to space {to}"
        if isinstance(action, Retreat):
            return f"Retreat {action.card} to space {here - step * action.card}"
        if isinstance(action, Attack):
            return (
                f"Attack with {NUMBERS[action.count - 1]} {action.value}s"
                if (action.count > 1)
                else f"Attack with a {action.value}"
            )
        if isinstance(action, AdvanceAttack):
            cards = (
                f"{NUMBERS[action.count - 1]} {action.value}s"
                if action.count > 1
                else f"a {action.value}"
            )
            to = here + step * action.move
            return f"Advance {action.move} to space {to}, attack with {cards}"
        if isinstance(action, Parry) and view.pending is not None:
            p = view.pending
            return (
                f"Parry with {NUMBERS[p.count - 1]} {p.value}s"
                if p.count > 1
                else (f"Parry with a {p.value}")
            )
        return "Decline" if view.phase == "last-chance" else "Take the hit (lose the round)"

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
            self.tell(f"You hold no {value}.")
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
        if self._turn is None:
            return
        action = self._action(self._draft)
        if action is None:
            self._hint(
                self._explain()
                if self._draft.verb or self._draft.slot is not None
                else self._opening()
            )
            return
        reason = self._reason(action)
        if reason is not None:
            self._hint(Content.assemble(("✗ ", "bold"), (reason, "bold $text-error")))
            self.app.bell()
            return
        self.post_message(Chosen(action))

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
