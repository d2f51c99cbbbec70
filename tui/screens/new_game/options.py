"""A game's declared options as form fields, drawn from `Rules.options` alone (a new game
needs no code here) and read back as plain values for `core.rules.resolve_options` to check.

Choices become a dropdown, yes/no a yes/no dropdown (a checkbox's cross reads as ticked
either way), anything else a text field.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from textual.widget import Widget
from textual.widgets import Input, Select

from core.rules import CHANCE, Option, Rules

SEAT_OPTIONS = frozenset({"starts"})
"""Option keys whose values are seat numbers (who starts): shown as "Seat 1", "Seat 2"."""


def choice_text(choice: object) -> str:
    """An option's value in words: yes and no for the booleans."""
    if isinstance(choice, bool):
        return "yes" if choice else "no"
    return str(choice)


def title(key: str) -> str:
    """The field's label: "Exact distance" for `exact_distance`."""
    if key in SEAT_OPTIONS:
        return "Starts"
    return key.replace("_", " ").replace("-", " ").capitalize()


def option_widget(option: Option, value: str | int | bool) -> Widget:
    """The field for `option`, showing `value`."""
    if option.choices:
        seats = option.key in SEAT_OPTIONS and isinstance(option.default, int)
        return Select(
            [
                (f"Seat {choice}" if seats else choice_text(choice), choice)
                for choice in option.choices
            ],
            value=value,
            allow_blank=False,
            compact=True,
            classes="option",
        )
    if isinstance(option.default, bool):
        return Select(
            [("yes", True), ("no", False)],
            value=bool(value),
            allow_blank=False,
            compact=True,
            classes="option",
        )
    if isinstance(option.default, int):
        return Input(str(value), type="integer", compact=True, classes="option")
    return Input(str(value), compact=True, classes="option")


def option_values(widgets: Mapping[str, Widget]) -> dict[str, object]:
    """What each field holds now, by option key (unchecked: the rules check it)."""
    values: dict[str, object] = {}
    for key, widget in widgets.items():
        if isinstance(widget, Select | Input):
            values[key] = widget.value
    return values


def first_mover(
    rules: Rules[Any, Any, Any], players: int, widgets: Mapping[str, Widget]
) -> int | None:
    """The seat (from 0) that makes the first decision with the options the fields hold,
    asked of the game's own starting state, as an option may name a seat ("Seat 2") or a side
    ("black"). A deal before that decision is dealt from a fixed seed: it never decides who
    starts. None while the fields hold no valid options (the form says why)."""
    try:
        state = rules.new(players, option_values(widgets))
    except ValueError:
        return None
    deal = random.Random(0)
    while (seat := rules.to_move(state)) == CHANCE:
        state = rules.apply(state, rules.sample_chance(state, deal))
    return seat
