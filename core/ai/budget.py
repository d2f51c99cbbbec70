"""How much thinking a bot may do for one decision: iterations, seconds, and a way to stop.

Core reads no clock (`tests/core/test_purity.py` bans `time`), so the caller hands one in: the
app and the command line pass `time.monotonic`, tests pass a fake. `stop` is the app worker's
`is_cancelled`: a search polls it, and the clock, every `POLL` iterations, so closing a game
or a new move ends the thinking within a few milliseconds. The clock is a promise, not a
hint: a search does not start an iteration that, going by the longest so far, would end past
the deadline (one full-board iteration can cost 60 ms, and `normal` promises a second).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

POLL = 1
"""A search looks at `stop()` and the clock once every this many iterations (and at the start)."""


def _never() -> bool:
    return False


@dataclass(frozen=True)
class Budget:
    """At most `iterations`, and at most `seconds` by `clock` when both are given."""

    iterations: int
    """The cap on search iterations (greedy: on determinizations averaged)."""
    seconds: float = 0.0
    """Wall-clock cap; 0 = none. Ignored without a clock (the iteration cap still holds)."""
    clock: Callable[[], float] | None = None
    """Seconds from any fixed origin, e.g. `time.monotonic`; supplied by tui or cli, never core."""
    stop: Callable[[], bool] = _never
    """True once the answer is no longer wanted (the worker was cancelled)."""

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError(f"a budget allows at least one iteration, not {self.iterations}")
        if self.seconds < 0:
            raise ValueError(f"a budget's seconds cannot be negative ({self.seconds})")

    def timer(self) -> Timer:
        """A fresh stopwatch for one decision, started now."""
        return Timer(self)


class Timer:
    """Tells a running search whether it may go on: `expired(i)` before iteration i."""

    __slots__ = ("_budget", "_deadline", "_last", "_longest")

    def __init__(self, budget: Budget) -> None:
        self._budget = budget
        clock = budget.clock
        self._deadline = clock() + budget.seconds if clock and budget.seconds > 0 else None
        self._last: float | None = None
        self._longest = 0.0

    def expired(self, done: int) -> bool:
        """True when `done` iterations use the budget up, when stop says so, or (polled) when
        the time left is less than the longest poll-to-poll stretch so far took (the latest
        alone let a costlier iteration, one that opens a new position, run past the end)."""
        budget = self._budget
        if done >= budget.iterations:
            return True
        if done % POLL:
            return False
        if budget.stop():
            return True
        if self._deadline is None or budget.clock is None:
            return False
        now = budget.clock()
        if self._last is not None:
            self._longest = max(self._longest, now - self._last)
        self._last = now
        return now + self._longest >= self._deadline
