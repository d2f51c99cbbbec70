"""Jack's action on the table: a castle's front or back card, then where it goes (another
castle's front, its own front, the beanstalk); what the board highlights meanwhile."""

from __future__ import annotations

from core.games.englishman import EnglishmanState
from core.games.englishman.actions import (
    BackToFront,
    BackToStalk,
    EnglishmanAction,
    FrontToFront,
    FrontToStalk,
)
from core.games.englishman.cards import CASTLES
from tui.games.englishman.draft import Draft, Picker
from tui.games.englishman.layout import Marks, Place


def marks(view: EnglishmanState, d: Draft, legal: set[EnglishmanAction]) -> Marks:
    """The cards Jack may take (or the picked one) and the places it may go."""
    marks = Marks()
    if d.source is None:
        for c, castle in enumerate(view.castles):
            front = FrontToStalk(c) in legal or any(
                FrontToFront(c, t) in legal for t in range(CASTLES)
            )
            back = BackToFront(c) in legal or BackToStalk(c) in legal
            if front:
                marks.legal |= {("castle", c, 0), ("front", c, 0)}
            if back:
                marks.legal |= {("castle", c, len(castle) - 1), ("back", c, 0)}
            if front or back:
                marks.rows[c] = "»"
        return marks
    c, end = d.source
    castle = view.castles[c]
    marks.picked.add(("castle", c, 0 if end == "f" else len(castle) - 1))
    for t in range(CASTLES):
        if end == "f" and FrontToFront(c, t) in legal:
            marks.rows[t] = "»"
            marks.legal.add(("front", t, 0))
    if end == "b" and BackToFront(c) in legal:
        marks.rows[c] = "»"
        marks.legal.add(("front", c, 0))
    stalk = FrontToStalk(c) if end == "f" else BackToStalk(c)
    if stalk in legal:
        marks.stalk = "»"
        marks.legal.add(("stalk", -1, 0))
    marks.rows.setdefault(c, "▸")
    if d.dest is not None:
        if d.dest == "s":
            marks.stalk = "▶"
        else:
            marks.rows[c if d.dest == "f" else int(d.dest)] = "▶"
    return marks


def command(p: Picker, view: EnglishmanState, key: str) -> None:
    """One key of Jack's: 1-5 a castle, b / f its back / own front, s the beanstalk."""
    d = p.draft
    castles = view.castles
    if key.startswith("castle"):
        c = int(key[6:])
        if d.source is None:
            pick_source(p, view, c, "f")
            return
        s, end = d.source
        if c == s:
            if end == "b":
                pick_dest(p, "f")
            else:
                p.refuse(
                    "The front card must go to the front of a different castle "
                    "(or s: the beanstalk)"
                )
            return
        if end == "b":
            p.refuse("A back card goes to its own castle's front (f) or onto the beanstalk (s)")
            return
        pick_dest(p, c)
    elif key in ("f", "b"):
        if d.source is None:
            p.refuse(f"Pick the castle first (1-5), then {key}")
            return
        s, end = d.source
        if key == "b" and (d.dest is None or end == "f"):
            pick_source(p, view, s, "b")
        elif key == "f" and end == "b":
            pick_dest(p, "f")
        elif key == "f" and d.dest is None:
            return
        else:
            p.refuse("Pick where it goes: another castle (1-5) or s")
    elif key == "s":
        if d.source is None:
            p.refuse("Pick the card first: a castle (1-5), then b for its back")
            return
        pick_dest(p, "s")
    elif key in ("left", "right") and d.source is not None and d.dest is None:
        s, end = d.source
        if len(castles[s]) > 1:
            pick_source(p, view, s, "b" if key == "right" else "f")
    else:
        p.refuse(p.wrong_key())


def pick_source(p: Picker, view: EnglishmanState, c: int, end: str) -> None:
    """Take castle `c`'s front ("f") or back ("b") card, unless no move starts there."""
    castle = view.castles[c]
    if not castle:
        p.refuse(f"Castle {c + 1} is empty")
        return
    if end == "f":
        options: list[EnglishmanAction] = [FrontToStalk(c)]
        options += [FrontToFront(c, t) for t in range(CASTLES) if t != c]
    else:
        options = [BackToFront(c), BackToStalk(c)]
    if not any(a in p.legal for a in options):
        reasons = [r for a in options if (r := p.check(a))]
        p.refuse(reasons[-1] if reasons else "No move from there")
        return
    p.draft.source, p.draft.dest = (c, end), None


def pick_dest(p: Picker, dest: int | str) -> None:
    """Send the picked card to `dest` (a castle, "s" or "f"); the same again plays it, and a
    destination the rules refuse is refused at once."""
    d = p.draft
    if d.dest == dest and p.composed() is not None:
        p.confirm()
        return
    d.dest = dest
    action = p.composed()
    if action is not None:
        reason = p.check(action)
        if reason is not None:
            d.dest = None
            p.refuse(reason)


def clicked(p: Picker, view: EnglishmanState, place: Place) -> None:
    """A click of Jack's: a front or back card (or its label) takes it; then a castle, the
    beanstalk line or the card's own front sends it there."""
    kind, c, i = place
    d = p.draft
    if kind == "stalk":
        command(p, view, "s")
        return
    if kind == "discard":
        return
    castle = view.castles[c]
    if d.source is None:
        if kind == "front" or (kind == "castle" and i == 0):
            pick_source(p, view, c, "f")
        elif kind == "back" or (kind == "castle" and i == len(castle) - 1):
            pick_source(p, view, c, "b")
        else:
            p.refuse("Jack takes only a castle's front card (F▸) or back card (◂B)")
        return
    s, end = d.source
    if c != s:
        command(p, view, f"castle{c}")
    elif end == "b" and (kind in ("front", "row") or (kind == "castle" and i == 0)):
        pick_dest(p, "f")
    elif end == "f" and (kind == "back" or (kind == "castle" and i == len(castle) - 1)):
        pick_source(p, view, c, "b")
    else:
        p.draft = Draft()
