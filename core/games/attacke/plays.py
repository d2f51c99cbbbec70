"""Every legal play of the seat to move: only `Rules.legal_actions` uses this.

A play is any multiset of the hand, so the list grows fast (tens of thousands of plays from a
large hand with the face-down variant). Nothing that checks, renders or chooses a play may
depend on it: `contest.check_play` judges one play directly, and bots take
`strategy.candidates`.
"""

from __future__ import annotations

from collections import Counter

from core.games.attacke.actions import Play
from core.games.attacke.deck import COLOURS, TEN, colour_of, ordered, value_of
from core.games.attacke.state import AttackeState


def plays(state: AttackeState) -> list[Play]:
    seat = state.actor
    hand = Counter(state.hands[seat])
    if state.phase == "open":
        found: list[Play] = []
        for colour in COLOURS:
            if any(colour_of(c) == colour for c in hand):
                found += _plays(state, hand, colour, opening=True, minimum=0)
        return found
    if state.phase != "fight" or state.colour is None:
        return []
    beat = max(state.total(s) for s in range(state.players) if s != seat)
    return _plays(state, hand, state.colour, opening=False, minimum=beat + 1 - state.total(seat))


def _plays(
    state: AttackeState, hand: Counter[str], colour: str, *, opening: bool, minimum: int
) -> list[Play]:
    seat = state.actor
    face_down = state.face_down and not state.hidden[seat]
    codes = ordered(hand)
    choices: list[list[tuple[int, int, int]]] = []  # per code: (up, down, value added)
    for code in codes:
        n = hand[code]
        up_ok = colour_of(code) in (colour, None)
        most_up = n if up_ok else 0
        if code == TEN:
            most_up = min(most_up, 0 if TEN in state.laid[seat] else 1)
        value = value_of(code)
        choices.append(
            [
                (u, d, u * value + d)
                for u in range(most_up + 1)
                for d in range((n - u if face_down else 0) + 1)
            ]
        )
    best = [0] * (len(codes) + 1)
    for i in range(len(codes) - 1, -1, -1):
        best[i] = best[i + 1] + max(v for _, _, v in choices[i])
    found: list[Play] = []
    chosen: list[tuple[int, int]] = []

    def walk(i: int, total: int) -> None:
        if total + best[i] < minimum:
            return
        if i == len(codes):
            if total >= max(minimum, 1):
                play = _make(codes, chosen, colour if opening else None)
                if play is not None and (play.knights or not opening):
                    found.append(play)
            return
        for up, down, value in choices[i]:
            chosen.append((up, down))
            walk(i + 1, total + value)
            chosen.pop()

    walk(0, 0)
    return found


def _make(codes: tuple[str, ...], chosen: list[tuple[int, int]], colour: str | None) -> Play:
    knights: list[int] = []
    shields: list[int] = []
    hidden: list[str] = []
    for code, (up, down) in zip(codes, chosen, strict=True):
        if up:
            (shields if colour_of(code) is None else knights).extend([value_of(code)] * up)
        hidden.extend([code] * down)
    return Play(tuple(knights), tuple(shields), tuple(hidden), colour)
