"""An OptionList whose highlighted entry also carries a ▸ marker, so colour is not the only cue.

The marker shows only while the list has focus, so a screen with two lists points at one
choice at a time.
"""

from __future__ import annotations

from textual.widgets import OptionList
from textual.widgets.option_list import Option

MARK = "▸ "
BLANK = "  "


class ChoiceList(OptionList):
    """Options given as (id, markup) pairs; the highlighted one is drawn with a leading ▸."""

    def __init__(self, *choices: tuple[str, str], id: str | None = None) -> None:
        self._labels = dict(choices)
        super().__init__(*(Option(BLANK + label, id=key) for key, label in choices), id=id)

    def _remark(self) -> None:
        for index, option in enumerate(self.options):
            if option.id is not None:
                marked = self.has_focus and index == self.highlighted
                self.replace_option_prompt_at_index(
                    index, (MARK if marked else BLANK) + self._labels[option.id]
                )

    def watch_highlighted(self, highlighted: int | None) -> None:
        self._remark()
        super().watch_highlighted(highlighted)

    def watch_has_focus(self, focused: bool) -> None:
        super().watch_has_focus(focused)
        self._remark()
