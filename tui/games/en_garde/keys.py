"""En Garde's keys in the hand: a card by value or by place, a verb, the attack's strength.

Each verb's key is printed on its button (`LABELS`, from the same table as the binding), so
the Footer keeps to the keys that are not.
"""

from __future__ import annotations

from textual.binding import Binding, BindingType

from tui.games.en_garde.cards import HIGHEST

VERB_KEYS = (
    # verb, key, what the binding says, the button's word
    ("forward", "f", "forward", "Forward"),
    ("back", "b", "back", "Back"),
    ("attack", "a", "attack", "Attack"),
    ("advance", "d", "advance and attack", "Adv+Attack"),
    ("parry", "p", "parry", "Parry"),
    ("retreat", "r", "retreat", "Retreat"),
    ("pass", "x", "pass", "Pass"),
)
VERBS = tuple(verb for verb, *_ in VERB_KEYS)
LABELS = {verb: f"[b]{key}[/b] {word}" for verb, key, _, word in VERB_KEYS}
CARDS = Binding.Group("card", compact=True)
STRENGTH = Binding.Group("strength", compact=True)

BINDINGS: list[BindingType] = [
    *(Binding(str(v), f"pick_value({v})", "card", group=CARDS) for v in range(1, HIGHEST + 1)),
    Binding("left", "step(-1)", "previous card", show=False),
    Binding("right", "step(1)", "next card", show=False),
    *(Binding(key, f"verb('{verb}')", says, show=False) for verb, key, says, _ in VERB_KEYS),
    Binding("plus,equals_sign", "strength(1)", "more", group=STRENGTH),
    Binding("minus", "strength(-1)", "fewer", group=STRENGTH),
    Binding("enter", "play", "play"),
    Binding("escape", "cancel", "undo", show=False),
]
"""The hand's bindings, each naming an `action_*` of `EnGardeHand`."""
