"""A token bucket: how the host paces what one guest may send (frames, chat lines)."""

from __future__ import annotations

import time


class Bucket:
    """A token bucket: `rate` frames a second, `burst` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self._rate, self._burst = rate, float(burst)
        self._tokens, self._at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self._tokens = min(self._burst, self._tokens + (now - self._at) * self._rate)
        self._at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def give_back(self) -> None:
        """Return the token a frame took (a move the match took: a guest's moves are paced by
        its turns, so a bot guest playing as fast as they come is no flood)."""
        self._tokens = min(self._burst, self._tokens + 1)
