"""Attacke's face-down cards never reach another seat through the notation of a move: not in
the live move log, the replay's move list or an export from that seat (all worded by the
chronicle)."""

from __future__ import annotations

import random
import re

from core.ai import make_bot
from core.games.attacke import Attacke
from core.games.attacke.actions import Play
from core.match import ActionEntry, Header, Match, Seat
from core.play import play_out
from replays.chronicle import Chronicle
from replays.export import to_text

HIDDEN_CARD = re.compile(r"\?(?:[RBGYP]\d|10S|7S)")


def test_another_seat_reads_face_down_cards_only_as_a_count() -> None:
    rules = Attacke()
    seats = tuple(Seat(f"P{n}", "bot", "greedy:easy") for n in range(3))
    for seed in range(6):
        match = Match(rules, Header(rules.id, {"face_down": True}, seats, "t"))
        play_out(
            match, {n: make_bot("greedy:easy", seed + n) for n in range(3)}, random.Random(seed)
        )
        hidden = [
            (i, e.seat)
            for i, e in enumerate(match.entries)
            if isinstance(e, ActionEntry)
            and isinstance(a := rules.from_wire(e.action), Play)
            and a.hidden
        ]
        if not hidden:
            continue
        chronicle = Chronicle(match)
        for index, seat in hidden:
            for viewer in range(3):
                line = chronicle.line(index, viewer)
                assert line is not None
                shown = HIDDEN_CARD.search(line.notation) is not None
                assert shown == (viewer == seat), (viewer, seat, line.notation)
        never = [v for v in range(3) if all(seat != v for _, seat in hidden)]
        for viewer in never:  # a seat that laid nothing face down sees no identity anywhere
            assert HIDDEN_CARD.search(to_text(match, viewer)) is None
        return
    raise AssertionError("no face-down play in six matches of greedy bots")
