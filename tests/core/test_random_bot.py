"""RandomBot: uniform over legal actions, reproducible from its seed, blind to global random."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass

import pytest

from core.ai import BOTS, RandomBot, UnknownBot, decide, make_bot
from core.rules import CHANCE


@dataclass(frozen=True)
class Pick:
    n: int

    def to_wire(self) -> list[int]:
        return [self.n]


class Toy:
    """A stand-in game: `state` is whose turn it is (CHANCE, a seat, or None); four picks.

    Its view of a state is a marker that says which seat asked, so a test can see what a bot
    was shown."""

    def to_move(self, state: int | None) -> int | None:
        return state

    def legal_actions(self, state: int | None) -> list[Pick]:
        return [Pick(n) for n in range(4)]

    def view(self, state: int | None, seat: int | None) -> str:
        return f"view of seat {seat}"


PICKS = [Pick(n) for n in range(4)]


def test_choices_are_legal_and_spread_over_every_action() -> None:
    bot = RandomBot(seed=7)
    counts: Counter[object] = Counter(bot.choose(Toy(), None, PICKS) for _ in range(4000))  # type: ignore[arg-type]
    assert set(counts) == {Pick(0), Pick(1), Pick(2), Pick(3)}
    assert all(800 < c < 1200 for c in counts.values())


def test_same_seed_same_choices() -> None:
    a, b = RandomBot(seed=3), RandomBot(seed=3)
    rules = Toy()
    first = [decide(a, rules, 1, 1) for _ in range(50)]  # type: ignore[arg-type]
    second = [decide(b, rules, 1, 1) for _ in range(50)]  # type: ignore[arg-type]
    assert first == second


def test_global_random_state_is_left_alone() -> None:
    random.seed(11)
    expected = random.random()
    random.seed(11)
    bot = RandomBot(seed=None)
    for _ in range(20):
        decide(bot, Toy(), 0, 0)  # type: ignore[arg-type]
    assert random.random() == expected


@pytest.mark.parametrize(("to_move", "seat"), [(1, 0), (CHANCE, 0), (None, 0)])
def test_refuses_to_move_out_of_turn(to_move: int | None, seat: int) -> None:
    with pytest.raises(ValueError):
        decide(RandomBot(seed=1), Toy(), to_move, seat)  # type: ignore[arg-type]


def test_a_bot_is_shown_the_seats_view_and_legal_actions_never_the_state() -> None:
    shown: list[tuple[object, object]] = []

    class Spy:
        def choose(self, rules: object, view: object, legal: object) -> Pick:
            shown.append((view, legal))
            return Pick(0)

    assert decide(Spy(), Toy(), 1, 1) == Pick(0)  # type: ignore[arg-type]
    assert shown == [("view of seat 1", PICKS)]


def test_make_bot_knows_random_and_names_the_known_ids_otherwise() -> None:
    assert BOTS.get("random")
    assert isinstance(make_bot("random", seed=1), RandomBot)
    with pytest.raises(UnknownBot, match="random"):
        make_bot("grandmaster")


def test_bots_import_no_game() -> None:
    code = (
        "import sys, core.ai; print(sorted(m for m in sys.modules if m.startswith('core.games')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
