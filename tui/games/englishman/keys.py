"""The table's keys, and one key's (or click's) worth of picking handed to the seat acting:
the setup's Giant's-wife move, Jack or the Giant. Every key runs a named command ("castle2",
"s", "enter"); the hint line's clickable words run the same ones."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from core.games.englishman import EnglishmanState
from core.games.englishman.cards import CASTLES
from core.games.englishman.state import JACK
from tui.games.englishman import giant, jack, setup
from tui.games.englishman.draft import Picker
from tui.games.englishman.layout import Place

# Key -> its description; each of these keys runs the command of its own name.
JACK_KEYS = {"f": "front", "b": "back", "s": "beanstalk"}
GIANT_KEYS = {"x": "discard", "m": "move four", "d": "two moves"}
ARROWS = {"left": "card left", "right": "card right", "up": "castle up", "down": "castle down"}


def _hidden(key: str, command: str, text: str) -> Binding:
    """A key the footer leaves out (the hint line names it when it matters)."""
    return Binding(key, f"run('{command}')", text, show=False)


BINDINGS: list[BindingType] = [
    *(Binding(str(c + 1), f"castle({c})", f"castle {c + 1}", show=False) for c in range(CASTLES)),
    *(_hidden(key, key, text) for key, text in (JACK_KEYS | GIANT_KEYS).items()),
    _hidden("minus", "keep", "keep the deal"),
    *(_hidden(key, key, text) for key, text in ARROWS.items()),
    _hidden("space", "take", "take card"),
    Binding("enter", "run('enter')", "play"),
    Binding("escape", "run('cancel')", "cancel"),
]


def command(p: Picker, view: EnglishmanState, key: str) -> None:
    """Esc undoes the last pick, Enter plays; any other command goes to the seat acting."""
    p.told = ""
    if key == "cancel":
        p.draft.back()
    elif key == "enter":
        p.confirm()
    elif view.phase == "setup":
        setup.command(p, view, key)
    elif view.actor == JACK:
        jack.command(p, view, key)
    else:
        giant.command(p, view, key)


def clicked(p: Picker, view: EnglishmanState, place: Place) -> None:
    """A click on the board: the same picking as the keys, by place."""
    p.told = ""
    if view.phase == "setup":
        setup.clicked(p, view, place)
    elif view.phase != "play":
        return
    elif view.actor == JACK:
        jack.clicked(p, view, place)
    else:
        giant.clicked(p, view, place)
