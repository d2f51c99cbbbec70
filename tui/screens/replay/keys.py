"""The replay viewer's keys: the bindings, what fits the Footer, and the full list behind `?`.

The list and the bindings live side by side so the help can never disagree with the keys.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from tui.screens.help import key_rows

STEP = Binding.Group("step", compact=True)
ENTRY = Binding.Group("entry", compact=True)
TURN = Binding.Group("turn", compact=True)
ENDS = Binding.Group("start/end", compact=True)
ROUND = Binding.Group("round", compact=True)
SPEED = Binding.Group("speed", compact=True)
NOTES = Binding.Group("notes", compact=True)
MARKED = Binding.Group("marked", compact=True)

WIDE = 100
"""From this width the Footer has room for more keys."""


def left_out(wide: bool, reviewed: bool, complete: bool) -> tuple[str, ...]:
    """The actions the Footer leaves out (they still work; `?` lists them), measured at
    `WIDE` and at 80 columns: continuing under `WIDE`; with a review, its `m M g` take the
    room, and while it is incomplete `r` too (once it is complete `r` gives its room back)."""
    if not reviewed:
        return () if wide else ("continue",)
    if complete:
        return () if wide else ("continue", "export")
    return ("continue",) if wide else ("continue", "annotate", "export")


BINDINGS: list[BindingType] = [
    # What fits the Footer at 80 columns, the way out included; ? lists them all. The review's
    # keys show when they can be used: r until the review is complete, m M g once there is one.
    Binding("left", "step(-1)", "step", group=STEP),
    Binding("right", "step(1)", "step", group=STEP),
    Binding("shift+left", "step_entry(-1)", "entry", group=ENTRY, show=False),
    Binding("shift+right", "step_entry(1)", "entry", group=ENTRY, show=False),
    Binding("space", "autoplay", "play"),
    Binding("a", "annotate", "note"),
    Binding("p", "perspective", "view"),
    Binding("e", "export", "export"),
    Binding("c", "continue", "continue"),
    Binding("r", "review", "review"),
    Binding("m", "marked(1)", "marked", group=MARKED),
    Binding("M", "marked(-1)", "marked", group=MARKED),
    Binding("g", "graph", "graph"),
    Binding("question_mark", "keys", "keys"),
    Binding("ctrl+s", "screenshot", "screenshot", show=False),
    Binding("escape,q,l", "back", "back"),  # the only way out for a mouse
    Binding("left_square_bracket", "round(-1)", "round", group=ROUND, show=False),
    Binding("right_square_bracket", "round(1)", "round", group=ROUND, show=False),
    Binding("plus,equals_sign", "speed(1)", "speed", group=SPEED, show=False),
    Binding("minus", "speed(-1)", "speed", group=SPEED, show=False),
    Binding("n", "note(1)", "notes", group=NOTES, show=False),
    Binding("N", "note(-1)", "notes", group=NOTES, show=False),
    Binding("up", "turn(-1)", "move", group=TURN, show=False),
    Binding("down", "turn(1)", "move", group=TURN, show=False),
    Binding("home", "start", "start", group=ENDS, show=False),
    Binding("end", "end", "end", group=ENDS, show=False),
    Binding("pageup", "round(-1)", "round", show=False),
    Binding("pagedown", "round(1)", "round", show=False),
]

KEYS: tuple[tuple[str, str], ...] = (
    ("→  ←", "next / previous step: a move with the cards it drew, or a deal"),
    ("shift+→  shift+←", "next / previous entry (every card drawn on its own)"),
    ("↓  ↑", "next / previous move by a player (skips the draws)"),
    ("Home  End", "the start / the end of the match"),
    ("]  [   PgDn PgUp", "next round / start of this (or the previous) round"),
    ("space", "autoplay on / off"),
    ("+  -", "autoplay faster / slower"),
    ("p", "view from the table, each seat, or everything (once it is over)"),
    ("a", "annotate the move on screen: a few words and a glyph (again: edit or remove it)"),
    ("n  N", "next / previous annotated entry"),
    ("e", "export as Markdown, with the notes, as seen now"),
    ("c", "continue from here: a new match from this position"),
    ("r", "review the match: the computer marks ?! ? ?? (Esc stops, r continues)"),
    ("m  M", "next / previous move the review marked"),
    ("g", "show / hide the win-chance graph (at 80×24 it takes the moves' place)"),
    ("click", "a line of the moves or of the notes: go there"),
    ("ctrl+s", "screenshot (an SVG beside the match file)"),
    ("?", "these keys"),
    ("ctrl+p", "commands: new game, resume, rules, settings…"),
    ("Esc  q", "back"),
)


READ_ONLY_LEFT_OUT = ("p", "a", "e", "c", "r", "m  M", "g")
"""The keys of `KEYS` that looking back during one's own match does not have."""


def keys_for(chapter: str, draws: bool, *, look_back: bool = False) -> tuple[tuple[str, str], ...]:
    """`KEYS` in the words of the game replayed: its chapters by their name ("next turn" at
    Crossing, not "next round"), and no cards or draws where the match has none; looking
    back during play (`look_back`), without the keys it does not have."""
    plain = {
        "→  ←": "next / previous move",
        "shift+→  shift+←": "next / previous entry of the match file",
        "↓  ↑": "next / previous move by a player",
    }
    chapters = f"next {chapter} / start of this (or the previous) {chapter}"
    left_out = READ_ONLY_LEFT_OUT if look_back else ()
    return tuple(
        (key, chapters if key.startswith("]") else does if draws else plain.get(key, does))
        for key, does in KEYS
        if key not in left_out
    )


class ReplayKeys(ModalScreen[None]):
    """Every key of the viewer (the Footer cannot fit them all at 80 columns), worded for the
    game (`keys_for`)."""

    CSS_PATH = "../../styles/replay.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,question_mark", "close", "close")]

    def __init__(
        self, chapter: str = "round", draws: bool = True, *, look_back: bool = False
    ) -> None:
        super().__init__()
        self.keys = keys_for(chapter, draws, look_back=look_back)

    def compose(self) -> ComposeResult:
        legend = (
            "▸ marks the current entry; a note shows as its glyph and ✎ beside its entry; "
            "the review's own glyphs are italic."
        )
        with VerticalScroll(id="keys-dialog"):
            yield Static(Content.styled("Replay keys", "bold"), id="keys-title")
            yield from key_rows(self.keys)
            yield Static(Content.styled(legend, "italic"), id="keys-legend")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
