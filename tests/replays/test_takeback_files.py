"""A takeback in a match file: saved, replayed, exported and verified like any entry."""

from __future__ import annotations

import random

from core.games.crossing import Crossing
from core.match import Seat
from replays.export import to_markdown, to_text
from replays.store import create_match, list_matches, load_match
from tui.cli import main


def test_a_takeback_is_saved_and_replays_exports_and_verify_understand_it() -> None:
    rules = Crossing()
    rng = random.Random(3)
    with create_match(rules, (Seat("Ann"), Seat("Ben")), {}) as opened:
        for _ in range(3):
            opened.submit(rng.choice(rules.legal_actions(opened.match.state)))
        opened.take_back(0)
        opened.submit(rng.choice(rules.legal_actions(opened.match.state)))
        path, state = opened.path, opened.match.state
    match, damage = load_match(path)
    assert damage is None and match.state == state and match.taken_back() == {2}
    text = to_text(match)
    assert "(taken back)" in text and "Ann took back a move" in text
    numbered = [
        line.split(".")[0].strip()
        for line in text.splitlines()
        if ". Ann: " in line or ". Ben: " in line
    ]
    assert numbered == ["1", "2", "3"]  # the withdrawn move has no number: its replacement has 3
    withdrawn = next(line for line in text.splitlines() if line.endswith("(taken back)"))
    assert withdrawn.startswith("       Ann: ")
    assert "(taken back)" in to_markdown(match)
    assert main(["verify", str(path)]) == 0
    (summary,) = [m for m in list_matches() if m.path == path]
    assert summary.turns == 3  # four moves, one of them taken back


def test_a_takeback_that_undoes_the_reply_too_says_so() -> None:
    """Ben took back his move on his own turn: Ann's reply went too, and the line said "a
    move"."""
    rules = Crossing()
    rng = random.Random(4)
    with create_match(rules, (Seat("Ann"), Seat("Ben")), {}) as opened:
        for _ in range(3):  # Ann, Ben, Ann: Ben to move
            opened.submit(rng.choice(rules.legal_actions(opened.match.state)))
        opened.take_back(1)
        opened.take_back(0)  # Ann's first move alone
        path = opened.path
    text = to_text(load_match(path)[0])
    assert "Ben took back a move and the one after it" in text
    (anns,) = [line for line in text.splitlines() if "Ann took back" in line]
    assert anns.endswith("Ann took back a move")  # her own move alone
