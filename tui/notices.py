"""Notifications that name a file: the path broken at its separators, never inside a name.

A toast wraps at spaces; a path has none, so it was cut wherever the line ended
("…/en-gar" / "de-09df0df3-table.md"). Breaking it ourselves after a separator keeps every
folder and file name whole.
"""

from __future__ import annotations

import re
from pathlib import PurePath

TOAST_WIDTH = 60
"""Textual's toast is 60 cells wide, at most half its rack (their default CSS)."""
TOAST_FRAME = 3
"""The cells of a toast that are not text: its left border and its padding either side."""
RACK_SCROLLBAR = 2
"""The toasts' rack keeps a scrollbar's width free at the screen's right edge."""


def path_lines(path: PurePath | str, screen_width: int) -> str:
    """`path` on as few lines as fit a toast on a screen `screen_width` cells wide, each but
    the last ending at a separator; a name longer than a line is broken after a hyphen,
    underscore or dot where it can be."""
    width = min(TOAST_WIDTH, (screen_width - RACK_SCROLLBAR) // 2) - TOAST_FRAME
    lines = [""]
    for part in re.findall(r"[^/\\]*[/\\]|[^/\\]+$", str(path)):  # each keeps its separator
        for piece in _pieces(part, width):
            if lines[-1] and len(lines[-1]) + len(piece) > width:
                lines.append("")
            lines[-1] += piece
    return "\n".join(lines)


def _pieces(name: str, width: int) -> list[str]:
    """`name` cut after its last hyphen, underscore or dot within `width`, again and again
    while it is longer (a name with none stays whole: the toast folds it)."""
    pieces = []
    while len(name) > width:
        cut = max(name.rfind(mark, 0, width) for mark in "-_.") + 1
        if cut <= 0:
            break
        pieces.append(name[:cut])
        name = name[cut:]
    return [*pieces, name]
