"""Scripted matches with a known blunder, for the review's tests (deals are chance actions).

* Crossing: after `CROSSING_OPENING`, Black (seat 1) to move must stop White's diagonal
  phalanx a1–d4, which otherwise captures on h8 and crosses there, a crossing Black cannot
  answer: `g7-h6` lets it through (`CROSSING_BLUNDER`, then `CROSSING_PUNISHMENT`).
* En Garde, standard level: after the deal and `EN_GARDE_APPROACH`, Ann (seat 0) stands at
  distance 4 with three 4s, an attack no hand can parry (five 4s in the deck); retreating with
  `1<` (`EN_GARDE_BLUNDER`) gives the sure hit away.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core.games.crossing import Crossing
from core.games.en_garde import EnGarde
from core.games.en_garde.actions import Draw
from core.match import Seat
from replays.store import create_match

CROSSING_OPENING = "c1:c2-c4 c8:d7-f5 g1:g2-g3 e6-d5 d1:d2-d4 d5-c6 h1-g1"
CROSSING_BLUNDER = "g7-h6"
CROSSING_PUNISHMENT = "a1:d4xh8+"
CROSSING_AFTER = "a7-a6"
"""Black's move after the crossing it cannot answer: the match is over with it."""
CROSSING_BLUNDER_DECISION = 7
"""The blunder is the match's eighth decision (counting from 0, as `decision_entry` does)."""

EN_GARDE_HANDS = ("44455", "55321")
EN_GARDE_APPROACH = "5> d1 5> d5 5> d1 3> d2"
EN_GARDE_BLUNDER = "1<"
EN_GARDE_BLUNDER_DECISION = 4

PEOPLE = (Seat("Ann"), Seat("Ben"))
AGAINST_A_BOT = (Seat("Ann"), Seat("Greedy", "bot", "greedy"))


def crossing_file(seats: Sequence[Seat] = PEOPLE, *, finish: bool = True) -> Path:
    """A Crossing match file in the store: the opening, the blunder and (with `finish`) the
    crossing that punishes it and Black's last move; closed."""
    rules = Crossing()
    script = [*CROSSING_OPENING.split(), CROSSING_BLUNDER]
    if finish:
        script += [CROSSING_PUNISHMENT, CROSSING_AFTER]
    with create_match(rules, tuple(seats), {}) as opened:
        for token in script:
            opened.submit(rules.parse(opened.match.state, token))
        assert opened.match.is_over == finish
        return opened.path


def en_garde_file(
    hands: tuple[str, str] = EN_GARDE_HANDS,
    seats: Sequence[Seat] = AGAINST_A_BOT,
    then: str = EN_GARDE_BLUNDER,
) -> Path:
    """An unfinished standard-level En Garde match file (Ann against a bot by default): the
    deal of `hands` (Ann starts), the approach, then Ann's `then`; closed."""
    rules = EnGarde()
    with create_match(rules, tuple(seats), {"level": "standard"}) as opened:
        for i in range(5):
            for seat in (0, 1):
                opened.submit(Draw(int(hands[seat][i]), seat, "deal"))
        for token in f"{EN_GARDE_APPROACH} {then}".split():
            opened.submit(rules.parse(opened.match.state, token))
        return opened.path


def decision_entry(path: Path, number: int) -> int:
    """The log index of the match's decision `number` (0 first): seats' actions only, the
    store's own records (standing words) and chance in between are skipped."""
    from core.match import ActionEntry
    from replays.logfile import read_log

    decisions = [
        i
        for i, e in enumerate(read_log(path).entries)
        if isinstance(e, ActionEntry) and e.seat >= 0
    ]
    return decisions[number]


def crossing_state(script: str = CROSSING_OPENING) -> Any:
    """The Crossing position after `script` from the start."""
    rules = Crossing()
    state = rules.new(2, {})
    for token in script.split():
        state = rules.apply(state, rules.parse(state, token))
    return state
