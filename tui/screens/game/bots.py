"""The bot seats of a match: one bot each, thinking in a thread worker, never on the UI loop.

A bot is made on first use, seeded from the screen's generator (so a scripted test gets the
same bots every run). It chooses from the view of its seat only (`core.ai.decide`), waits a
little when animations are on so a person can follow, and answers with `BotChose` carrying
the position it was asked at: an answer that arrives after a takeback or a resign is stale,
and the screen drops it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, Generic, TypeVar

from textual.dom import DOMNode
from textual.message import Message
from textual.worker import get_current_worker

from core.ai import Bot, UnknownBot, budget_for, decide, make_bot
from core.match import Seat
from core.rules import Action, Rules

A = TypeVar("A", bound=Action)

GROUP = "bot"
"""The worker group of every bot's thinking: cancelled as one by a takeback, resign or q."""


class BotChose(Message, Generic[A]):
    """A bot's decision, posted from its worker thread."""

    def __init__(self, position: int, action: A | None, error: str | None = None) -> None:
        super().__init__()
        self.position = position
        """The match's length when the bot was asked: the answer is for that position only."""
        self.action = action
        self.error = error
        """The bot's failure in words (then `action` is None)."""


class BotSeats(Generic[A]):
    """Runs the bots of one match's bot seats in workers of the node that owns them."""

    def __init__(
        self,
        owner: DOMNode,
        rules: Rules[Any, A, Any],
        seats: Sequence[Seat],
        rng: random.Random,
        warn: Callable[[str], None],
    ) -> None:
        self._owner = owner
        self._rules = rules
        self._seats = tuple(seats)
        self._rng = rng
        self._warn = warn
        """Tells the player that a seat's bot is unknown here and the random bot stands in."""
        self._bots: dict[int, Bot] = {}

    def think(self, seat: int, state: Any, position: int, pause: float) -> None:
        """Start `seat`'s bot on `state`; its `BotChose` reaches the owner when it is done."""
        bot = self._bot(seat)
        self._owner.run_worker(
            partial(self._choose, bot, seat, state, position, pause),
            thread=True,
            exclusive=True,
            group=GROUP,
        )

    def cancel(self) -> None:
        """Stop every bot that is thinking; what it would have answered is never posted."""
        self._owner.workers.cancel_group(self._owner, GROUP)

    def _bot(self, seat: int) -> Bot:
        if seat not in self._bots:
            seed = self._rng.randrange(2**32)
            try:
                self._bots[seat] = make_bot(self._spec(seat), seed)
            except UnknownBot as err:
                self._warn(f"{err}; the random bot plays instead.")
                self._bots[seat] = make_bot("random", seed)
        return self._bots[seat]

    def _spec(self, seat: int) -> str:
        return self._seats[seat].bot or "random"

    def _choose(self, bot: Bot, seat: int, state: Any, position: int, pause: float) -> None:
        """Choose off the UI loop; wait a little so a person can follow; report back."""
        worker = get_current_worker()
        started = time.monotonic()

        def stop() -> bool:
            """Polled between search iterations: q or a takeback cancels the search. The
            sleep(0) hands the GIL to the UI thread if it is waiting, so a key press is
            answered between two iterations rather than after the interpreter's 5 ms turn."""
            time.sleep(0)
            return worker.is_cancelled

        try:
            budget = budget_for(self._spec(seat), clock=time.monotonic, stop=stop)
        except UnknownBot:
            budget = budget_for("random", clock=time.monotonic, stop=stop)
        try:
            action: A = decide(bot, self._rules, state, seat, budget)
        except Exception as err:  # a bot bug must not take the match down with it
            failed: BotChose[A] = BotChose(position, None, f"{type(err).__name__}: {err}")
            self._owner.post_message(failed)
            return
        while time.monotonic() - started < pause and not worker.is_cancelled:
            time.sleep(0.05)
        if not worker.is_cancelled:
            self._owner.post_message(BotChose(position, action))
