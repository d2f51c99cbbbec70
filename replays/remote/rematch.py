"""Asking for a rematch across machines: who has agreed, how long the offer stands, why it ended.

Once a hosted match is over any player may ask for a rematch; the others are asked on their own
screens, the host's bots agree at once, and the offer stands `REMATCH_WAIT` seconds. One "no",
or a player no longer connected, ends it, and every screen is told why. The host keeps this
talk (`MatchServer`); the new match itself is opened by the hosting (`hosting.Hosted.rematch`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from core.rules import Wire
from replays.remote.bucket import Bucket

REMATCH_WAIT = 60.0
"""Seconds an offer stands before it lapses, unanswered."""
OFFER_RATE = 0.1
"""Offers a second one guest may open, on average (three at once, then one every 10 s)."""
OFFER_BURST = 3


def offer_bucket() -> Bucket:
    """A guest's pace of new offers: asking again and again is refused, not shown to all."""
    return Bucket(OFFER_RATE, OFFER_BURST)


class RematchTalk:
    """The rematch offers of one finished match."""

    def __init__(self, names: Sequence[str], bots: Sequence[bool], wait: float) -> None:
        self._names = tuple(names)
        self._bots = tuple(bots)
        self.wait = wait
        self.agreed: set[int] = set()
        """The seats that have agreed to the open offer (empty: none is open)."""
        self.deadline = 0.0
        """When the open offer lapses (`time.monotonic`)."""
        self.said = ""
        """Why the last offer ended ("Ben said no: no rematch."), "" before any did."""
        self._gone: int | None = None
        """The seat whose leaving ended the last offer: its return clears the word."""

    @property
    def open(self) -> bool:
        return bool(self.agreed)

    def ask(self, seat: int, present: Callable[[int], bool]) -> bool:
        """`seat` asks for, or agrees to, a rematch; True once every seat has agreed. A seat
        whose player is not connected (`present`) ends the offer: they cannot be asked."""
        if not self.open:
            self.agreed = {n for n, bot in enumerate(self._bots) if bot}
            self.deadline = time.monotonic() + self.wait
            self.said = ""
        self.agreed.add(seat)
        gone = [n for n in range(len(self._names)) if n not in self.agreed and not present(n)]
        if gone:
            self.left(gone[0])
            return False
        return len(self.agreed) == len(self._names)

    def decline(self, seat: int) -> bool:
        """`seat` says no; True when that ended an open offer."""
        if not self.open:
            return False
        self.end(f"{self._names[seat]} said no: no rematch.")
        return True

    def left(self, seat: int) -> bool:
        """`seat`'s player is gone; True when that ended an open offer."""
        if not self.open:
            return False
        self.end(f"{self._names[seat]} has left: no rematch.")
        self._gone = seat
        return True

    def back(self, seat: int) -> None:
        """`seat`'s player is connected again: a word that they had left no longer holds."""
        if self._gone == seat and not self.open:
            self.said, self._gone = "", None

    def lapse(self) -> bool:
        """The offer's time is up; True when that ended an open offer."""
        if not self.open or time.monotonic() < self.deadline:
            return False
        self.end(f"No answer within {self.wait:.0f} s: no rematch.")
        return True

    def end(self, why: str) -> None:
        self.agreed = set()
        self.said, self._gone = why, None

    def wire(self) -> dict[str, Wire]:
        """The `rematch` field of an update (docs/PROTOCOL.md)."""
        left = max(0.0, self.deadline - time.monotonic()) if self.open else 0.0
        agreed: list[Wire] = [*sorted(self.agreed)]
        return {"agreed": agreed, "seconds": round(left), "said": self.said}
