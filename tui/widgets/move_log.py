"""The move log: each decision in notation and in plain words, draws folded into one line.

The screen rebuilds it whenever the person at the device changes, because plain words depend
on who reads them (your own draws name the card; the opponent's do not).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import RichLog


def fold_chance(texts: Sequence[str]) -> str:
    """Many chance outcomes as one line: "Ann drew a 3, 5; Bob drew a card, 2 times".

    Sentences that differ only in their last word share their beginning; repeats are counted.
    """
    groups: dict[str, list[str]] = {}
    for text in texts:
        head, _, tail = text.rpartition(" ")
        groups.setdefault(head, []).append(tail)
    parts = []
    for head, tails in groups.items():
        if len(set(tails)) == 1 and len(tails) > 1:
            parts.append(f"{head} {tails[0]}, {len(tails)} times".strip())
        else:
            parts.append(f"{head} {', '.join(tails)}".strip())
    return "; ".join(parts)


class MoveLog(RichLog):
    """A scrolling list of moves; it never takes focus from the hand."""

    can_focus = False

    def __init__(self) -> None:
        super().__init__(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
        self.border_title = "Moves"

    def heading(self, text: str) -> None:
        self.write(Text(f"── {text} ──", style="bold"))

    def move(self, number: int, notation: str, words: str) -> None:
        line = Text.assemble((f"{number:>3}. ", "dim"), (f"{notation:<6} ", "bold"), words)
        self.write(line)

    def chance(self, words: str) -> None:
        self.write(Text(f"     · {words}", style="dim"))

    def remark(self, words: str) -> None:
        self.write(Text(f"     ! {words}", style="italic"))
