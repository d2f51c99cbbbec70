"""Snapshots of the card games drawn as cards: Attacke's faces and the Englishman's castles.

Each game at its first turn and in the middle of play, at 80x24, 100x32 and 140x45 (plain
`def` tests, as `test_snapshots.py`). The matches are scripted files resumed by the app, with
the bots' seats never to move when the screenshot is taken. Look at the SVGs before
accepting new baselines (`pytest --snapshot-update`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from core.games.attacke.actions import First
from core.match import Seat
from core.rules import CHANCE
from replays.store import create_match
from tests.tui.test_attacke_screen import HANDS, drawn
from tui.app import ParlourApp
from tui.start import Start

SIZES = [(80, 24), (100, 32), (140, 45)]


def attacke_file(plays: tuple[str, ...]) -> Path:
    """Ann (a person) against two bots, Ann first, the test's deal, then `plays` in notation
    with the scripted draws after each."""
    from core.games.attacke import Attacke

    rules = Attacke()
    seats = (Seat("Ann"), Seat("Ben", "bot", "random"), Seat("Cleo", "bot", "random"))
    draw = drawn({seat: list(hand) for seat, hand in HANDS.items()})
    after = drawn({0: ["Y2", "G5"], 1: ["P2"], 2: ["B3"]})
    with create_match(rules, seats, {"face_down": True}) as opened:
        opened.submit(First(0))
        while opened.match.to_move() == CHANCE:
            opened.submit(draw(opened.match.state))
        for play in plays:
            opened.submit(rules.parse(opened.match.state, play))
            while opened.match.to_move() == CHANCE:
                opened.submit(after(opened.match.state))
        assert opened.match.to_move() == 0
        return opened.path


def englishman_file(plays: tuple[str, ...]) -> Path:
    """Ann as Jack and Ben as the Giant, both people (nothing is hidden: no handoff), the
    test's deal, then `plays` in notation."""
    from core.games.englishman import Englishman
    from tests.tui.test_englishman_screen import DEAL

    rules = Englishman()
    with create_match(rules, (Seat("Ann"), Seat("Ben")), {}) as opened:
        opened.submit(DEAL)
        for play in plays:
            opened.submit(rules.parse(opened.match.state, play))
        return opened.path


SCENES: dict[str, tuple[Callable[[], Path], list[str]]] = {
    "attacke-first-turn": (lambda: attacke_file(()), []),
    "attacke-fight-with-cards-selected": (
        lambda: attacke_file(("R:5 ?G3", "3 4", "7 7")),
        ["2", "7"],
    ),
    "englishman-first-turn": (lambda: englishman_file(()), []),
    "englishman-beanstalk-growing": (
        lambda: englishman_file(("w-", "1f>s", "1f>s", "1f>s", "1>2,3>4", "2f>s", "1f>s")),
        ["3"],
    ),
}
"""Each scene: the match file to resume and the keys pressed before the screenshot."""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", SCENES)
def test_the_card_games_draw_their_cards_as_cards(
    snap_compare: Any, scene: str, size: tuple[int, int]
) -> None:
    match, press = SCENES[scene]
    app = ParlourApp(Start("resume", match=str(match())))
    assert snap_compare(app, press=press, terminal_size=size)
