"""An OptionList whose highlighted entry also carries a ▸ marker, so colour is not the only cue.

The marker shows only while the list has focus, so a screen with two lists points at one
choice at a time.
"""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.widgets import OptionList
from textual.widgets.option_list import Option

MARK = "▸ "
BLANK = "  "


class ChoiceList(OptionList):
    """Options given as (id, markup) pairs; the highlighted one is drawn with a leading ▸.

    Each line of a label wraps under its own indent (a game's tagline under the tagline, not
    at the list's edge), so the list words its options to its width whenever that changes.
    """

    def __init__(self, *choices: tuple[str, str], id: str | None = None) -> None:
        self._labels = {key: Content.from_markup(label) for key, label in choices}
        super().__init__(*(Option(self._prompt(key, False), id=key) for key, _ in choices), id=id)

    def _prompt(self, key: str, marked: bool, width: int = 0) -> Content:
        """The label behind its marker, wrapped to `width` cells (0: not yet known)."""
        rows: list[Content] = []
        for line in self._labels[key].split("\n"):
            indent = len(line.plain) - len(line.plain.lstrip(" "))
            words = line[indent:]
            wrapped = words.wrap(width - indent) if width > indent + 1 else [words]
            rows += [Content(" " * indent) + part for part in wrapped]
        lead = Content(MARK if marked else BLANK)
        return Content("\n").join([lead + rows[0], *(Content(BLANK) + row for row in rows[1:])])

    def _remark(self) -> None:
        width = self.scrollable_content_region.width - len(BLANK)
        for index, option in enumerate(self.options):
            if option.id is not None:
                marked = self.has_focus and index == self.highlighted
                self.replace_option_prompt_at_index(index, self._prompt(option.id, marked, width))

    def on_resize(self, event: events.Resize) -> None:
        self._remark()

    def watch_highlighted(self, highlighted: int | None) -> None:
        self._remark()
        super().watch_highlighted(highlighted)

    def watch_has_focus(self, focused: bool) -> None:
        super().watch_has_focus(focused)
        self._remark()
