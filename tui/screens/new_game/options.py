"""A game's declared options as form fields, drawn from `Rules.options` alone (a new game
needs no code here) and read back as plain values for `core.rules.resolve_options` to check.

Choices become a dropdown, yes/no a yes/no dropdown (a checkbox's cross reads as ticked
either way), anything else a text field.
"""

from __future__ import annotations

from collections.abc import Mapping

from textual.widget import Widget
from textual.widgets import Input, Select

from core.rules import Option

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


def starter(widgets: Mapping[str, Widget]) -> int:
    """The seat (from 0) the options say moves first; 0 when no option says."""
    first = 0
    for key in SEAT_OPTIONS & set(widgets):
        widget = widgets[key]
        if isinstance(widget, Select) and isinstance(widget.value, int):
            first = widget.value - 1
    return first
