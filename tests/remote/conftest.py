"""Fixtures for the remote tests: hosted matches that are always closed.

`hosted` is a factory, so one test can host several matches (or one with its own options);
every match it starts is served on 127.0.0.1, on a port the system picks, and closed when the
test ends however it ends. Helpers for driving guests are in `tests.remote.guests`.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from replays.remote.hosting import Hosted, Plan
from tests.remote.guests import hosting

Host = Callable[..., Awaitable[Hosted]]
"""`await hosted(plan, seed=0)`: a match served until the test ends."""


@pytest.fixture
async def hosted() -> AsyncIterator[Host]:
    """Start `Plan`s with `replays.remote.hosting.start` (chance seeded); close them all after."""
    async with contextlib.AsyncExitStack() as stack:

        async def host(chosen: Plan, seed: int = 0) -> Hosted:
            return await stack.enter_async_context(hosting(chosen, seed))

        yield host
