"""The Giant's-wife move on the table (Jack's setup): pick a card, lift it, choose its new
place in the same castle, or keep the deal; what the board highlights meanwhile."""

from __future__ import annotations

from dataclasses import replace

from core.games.englishman import EnglishmanState
from core.games.englishman.cards import CASTLES
from core.games.englishman.castles import moved_within
from tui.games.englishman.draft import Draft, Picker
from tui.games.englishman.layout import Marks, Place


def marks(view: EnglishmanState, d: Draft) -> tuple[EnglishmanState, Marks]:
    """The castles to draw (the lifted card shown at its new place) and what to highlight."""
    marks = Marks()
    if d.keep:
        return view, marks
    if d.cursor is None:
        for c, castle in enumerate(view.castles):
            if castle:
                marks.rows[c] = "»"
        return view, marks
    c, i = d.cursor
    marks.rows[c] = "▸"
    if not d.lifted:
        marks.picked.add(("castle", c, i))
        return view, marks
    preview = replace(
        view,
        castles=tuple(
            moved_within(castle, i, d.place) if k == c else castle
            for k, castle in enumerate(view.castles)
        ),
    )
    marks.picked.add(("castle", c, d.place))
    return preview, marks


def command(p: Picker, view: EnglishmanState, key: str) -> None:
    """One key of the setup: 1-5 a castle, ← → ↑ ↓ the cursor, Space lifts, - keeps the deal."""
    d = p.draft
    castles = view.castles
    if key == "keep":
        p.draft = Draft(keep=True)
        return
    d.keep = False
    if key.startswith("castle"):
        c = int(key[6:])
        if d.lifted and d.cursor is not None and c != d.cursor[0]:
            p.refuse(
                "The Giant's wife moves a card within its own castle: "
                "← → to choose its place, Esc to pick another card"
            )
            return
        if not castles[c]:
            p.refuse(f"Castle {c + 1} is empty")
            return
        d.cursor, d.lifted = (c, 0), False
    elif key in ("left", "right"):
        step = -1 if key == "left" else 1
        if d.cursor is None:
            d.cursor = (0, 0)
        elif d.lifted:
            n = len(castles[d.cursor[0]])
            d.place = max(0, min(n - 1, d.place + step))
        else:
            c, i = d.cursor
            d.cursor = (c, max(0, min(len(castles[c]) - 1, i + step)))
    elif key in ("up", "down") and not d.lifted:
        c = d.cursor[0] if d.cursor is not None else -1
        c = max(0, min(CASTLES - 1, c + (-1 if key == "up" else 1)))
        i = d.cursor[1] if d.cursor is not None else 0
        if castles[c]:
            d.cursor = (c, min(i, len(castles[c]) - 1))
    elif key == "take":
        if d.cursor is None:
            p.refuse("Pick a card first: 1-5 picks a castle, ← → a card")
        elif not d.lifted:
            d.lift(d.cursor)
    else:
        p.refuse(p.wrong_key())


def clicked(p: Picker, view: EnglishmanState, place: Place) -> None:
    """A click in the setup: a card lifts it (or, lifted, chooses its place; the same place
    again plays it); a castle's row or label picks that castle's front card."""
    kind, c, i = place
    d = p.draft
    if kind == "castle":
        if d.lifted and d.cursor is not None and c == d.cursor[0]:
            if d.place == i:
                p.confirm()
            else:
                d.place = i
        else:
            p.draft = Draft(cursor=(c, i), lifted=True, place=i)
    elif kind in ("row", "front", "back") and view.castles[c]:
        command(p, view, f"castle{c}")
