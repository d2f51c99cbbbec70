"""The Giant's action on the table: x discards a beanstalk card (a cursor picks it), m moves a
castle's front four, d makes two single moves (from, to, from, to); what the board highlights
meanwhile, with the second of two single moves previewed after the first."""

from __future__ import annotations

from dataclasses import replace

from core.games.englishman import EnglishmanState
from core.games.englishman.actions import Discard, DoubleMove, EnglishmanAction, MoveFour
from core.games.englishman.cards import CASTLES, KIND
from core.games.englishman.castles import move_front
from tui.games.englishman.draft import Draft, Mode, Picker
from tui.games.englishman.layout import Marks, Place

MODES: tuple[Mode, ...] = ("x", "m", "d")


def marks(
    view: EnglishmanState, d: Draft, legal: set[EnglishmanAction]
) -> tuple[EnglishmanState, Marks]:
    """The castles to draw (after the first of two single moves) and what to highlight."""
    marks = Marks()
    if d.mode in ("", "x"):
        for action in legal:
            if isinstance(action, Discard) and d.mode == "x":
                marks.legal.add(("castle", action.castle, action.card))
        if d.cursor is not None:
            marks.picked.add(("castle", *d.cursor))
            marks.rows[d.cursor[0]] = "▸"
        return view, marks
    picks = d.picks
    if d.mode == "m":
        fours = [four for four in legal if isinstance(four, MoveFour)]
        if not picks:
            for four in fours:
                marks.rows[four.source] = "»"
                marks.legal |= {("castle", four.source, k) for k in range(4)}
        else:
            s = picks[0]
            marks.picked |= {("castle", s, k) for k in range(min(4, len(view.castles[s])))}
            marks.rows[s] = "▸"
            for four in fours:
                if four.source == s:
                    done = len(picks) == 2 and four.target == picks[1]
                    marks.rows[four.target] = "▶" if done else "»"
        return view, marks
    shown = view
    n = len(picks)
    if n >= 1:
        marks.rows[picks[0]] = "▸"
        marks.picked.add(("castle", picks[0], 0))
    if n >= 2:
        shown = replace(view, castles=move_front(view.castles, picks[0], picks[1]))
        marks.picked = {("castle", picks[1], 0)}
        marks.rows = {picks[1]: "▸"}
    if n >= 3:
        marks.rows[picks[2]] = "▸"
        marks.picked.add(("castle", picks[2], 0))
    if n == 4:
        marks.rows[picks[3]] = "▶"
        return shown, marks
    for double in legal:
        if not isinstance(double, DoubleMove):
            continue
        named = _castles(double)
        if named[:n] == picks:
            marks.rows.setdefault(named[n], "»")
            if n in (0, 2):
                marks.legal.add(("castle", named[n], 0))
    return shown, marks


def _castles(action: MoveFour | DoubleMove) -> tuple[int, ...]:
    """The castles an action names, in the order they are picked."""
    if isinstance(action, MoveFour):
        return (action.source, action.target)
    return (action.first_source, action.first_target, action.second_source, action.second_target)


def command(p: Picker, view: EnglishmanState, key: str) -> None:
    """One key of the Giant's: x / m / d the action, then 1-5 (and the cursor for x)."""
    d = p.draft
    castles = view.castles
    for mode in MODES:
        if key == mode:
            p.draft = Draft(mode=mode)
            return
    if d.mode == "" and key.startswith("castle"):
        p.draft = d = Draft(mode="x")
    if d.mode == "x":
        if key.startswith("castle"):
            c = int(key[6:])
            beans = [i for i, card in enumerate(castles[c]) if KIND[card] == "beanstalk"]
            if not beans:
                p.refuse(f"Castle {c + 1} holds no beanstalk card to discard")
                return
            d.cursor = (c, beans[0])
        elif key in ("left", "right", "up", "down"):
            _move_cursor(d, view, key)
        elif key == "take":
            p.confirm()
        else:
            p.refuse(p.wrong_key())
        return
    if d.mode == "":
        p.refuse("First choose the Giant's action: x discard, m move four, d two single moves")
        return
    if not key.startswith("castle"):
        p.refuse(p.wrong_key())
        return
    c = int(key[6:])
    size = 2 if d.mode == "m" else 4
    picks = d.picks if len(d.picks) < size else d.picks[:-1]
    if len(d.picks) == size and d.picks[-1] == c:
        p.confirm()
        return
    trial = (*picks, c)
    kind = MoveFour if d.mode == "m" else DoubleMove
    if not any(isinstance(a, kind) and _castles(a)[: len(trial)] == trial for a in p.legal):
        p.refuse(why_not(view, d.mode, trial))
        return
    d.picks = trial


def why_not(view: EnglishmanState, mode: Mode, trial: tuple[int, ...]) -> str:
    """Why no move four (`mode` "m") or double move ("d") starts with the castles `trial`."""
    castles = view.castles
    if mode == "m":
        if len(trial) == 1:
            return (
                f"Castle {trial[0] + 1} holds {len(castles[trial[0]])} cards: "
                "moving four needs four"
            )
        return "The four cards must go to the front of a different castle"
    n = len(trial)
    if n == 1:
        return f"Castle {trial[0] + 1} is empty"
    if n == 2 or n == 4:
        return "A card must go to the front of a different castle"
    if trial[2] == trial[1]:
        return "The second move must take a different card, not the one the first just placed"
    return f"Castle {trial[2] + 1} is empty"


def _move_cursor(d: Draft, view: EnglishmanState, key: str) -> None:
    """The discard cursor: ← → along the castle, ↑ ↓ to the next castle that holds cards."""
    castles = view.castles
    if d.cursor is None:
        first = next((c for c in range(CASTLES) if castles[c]), None)
        if first is not None:
            d.cursor = (first, 0)
        return
    c, i = d.cursor
    if key in ("left", "right"):
        i = max(0, min(len(castles[c]) - 1, i + (-1 if key == "left" else 1)))
    else:
        step = -1 if key == "up" else 1
        nc = c + step
        while 0 <= nc < CASTLES and not castles[nc]:
            nc += step
        if 0 <= nc < CASTLES:
            c, i = nc, min(i, len(castles[nc]) - 1)
    d.cursor = (c, i)


def clicked(p: Picker, view: EnglishmanState, place: Place) -> None:
    """A click of the Giant's: a card discards it (chosen, then again to play) unless a move
    is being picked; a castle's card, row or label picks that castle."""
    kind, c, i = place
    d = p.draft
    if kind == "castle" and d.mode in ("", "x"):
        if d.mode == "x" and d.cursor == (c, i):
            p.confirm()
        elif KIND[view.castles[c][i]] != "beanstalk":
            p.refuse(
                f"The Giant discards only beanstalk cards, never a "
                f"{KIND[view.castles[c][i]]} card ({view.castles[c][i]})"
            )
        else:
            p.draft = Draft(mode="x", cursor=(c, i))
    elif kind in ("castle", "row", "front", "back"):
        command(p, view, f"castle{c}")
