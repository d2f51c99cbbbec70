"""Attacke's keys in the hand: the cursor, marking cards, playing, passing, choosing a colour.

The letters are shared by the questions: `p` passes while selecting and chooses purple when a
colour is asked; `y` draws after a pass and chooses yellow; `n` declines to draw. Each meaning
is a binding of its own (`pass`, `draw`, `letter`), so the footer names the keys of the moment:
the hand's `check_action` enables only those of its mode, and a key falls through to the next
binding of the same key when one is off.
"""

from __future__ import annotations

from textual.binding import Binding, BindingType

VALUE_KEYS = {"2": 2, "3": 3, "4": 4, "5": 5, "7": 7, "0": 10}
"""Value keys: a knight of that value in the cursor's row (`7` and `0` on the shield row)."""

BINDINGS: list[BindingType] = [
    Binding("left", "step(-1)", "previous card", show=False),
    Binding("right", "step(1)", "next card", show=False),
    Binding("up", "row(-1)", "row up", show=False),
    Binding("down", "row(1)", "row down", show=False),
    Binding("space", "select", "select", show=False),
    Binding("f", "face_down", "face down", show=False),
    *(Binding(k, f"value({v})", "value", show=False) for k, v in VALUE_KEYS.items()),
    Binding("enter", "play", "play"),
    Binding("p", "pass", "pass"),
    Binding("y", "draw(True)", "draw"),
    Binding("enter", "draw(True)", "draw", show=False),
    Binding("n", "draw(False)", "no draw"),
    *(Binding(k, f"letter('{k}')", k, show=False) for k in ("r", "b", "g", "y", "p")),
    Binding("escape", "cancel", "back", show=False),
]
"""The hand's bindings, each naming an `action_*` of `AttackeHand`."""
