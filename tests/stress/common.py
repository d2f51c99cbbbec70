"""What every harness shares: the games, their seats, and a bot match played into a file."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from core import registry
from core.ai import decide, make_bot
from core.match import Match, Seat
from core.rules import CHANCE, Rules


def games() -> tuple[Rules[Any, Any, Any], ...]:
    """Every registered game (a game that lands is covered with no change here)."""
    return registry.all()


def players_for(rules: Rules[Any, Any, Any], rng: random.Random | None = None) -> int:
    """A seat count the game allows: random across its range when `rng` is given."""
    if rng is None:
        return max(rules.min_players, min(3, rules.max_players))
    return rng.randint(rules.min_players, rules.max_players)


def bot_seats(players: int) -> tuple[Seat, ...]:
    return tuple(Seat(f"Bot {n + 1}", "bot", "random") for n in range(players))


def step(
    match: Match, bots: list[Any], rng: random.Random, submit: Callable[[Any], object] | None = None
) -> bool:
    """Play the one thing the match waits for; False once it is over."""
    seat = match.to_move()
    if seat is None:
        return False
    record = submit if submit is not None else match.submit
    rules = match.rules
    if seat == CHANCE:
        record(rules.sample_chance(match.state, rng))
    else:
        record(decide(bots[seat], rules, match.state, seat))
    return True


def random_bots(players: int, seed: int) -> list[Any]:
    return [make_bot("random", seed * 31 + seat) for seat in range(players)]


def stop_on_term() -> None:
    """SIGTERM (and SIGINT, which a shell's background job ignores) stop the run with its
    figures so far, as Ctrl-C does."""
    import signal

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
