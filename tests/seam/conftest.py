"""Put the test-only game on the shelf for these tests, the way a real game is registered."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from core import registry
from tests.seam.three_in_a_row import ThreeInARow
from tui import games
from tui.screens.handoff import HandoffScreen


@pytest.fixture(autouse=True)
def three_in_a_row() -> Iterator[ThreeInARow]:
    rules = ThreeInARow()
    registry.register(rules)
    games.register(rules.id, "tests.seam.kit")
    yield rules
    registry.unregister(rules.id)
    games.unregister(rules.id)


@pytest.fixture(autouse=True)
def handoff_without_grace(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keys come at machine speed here: a handoff takes "ready" at once."""
    monkeypatch.setattr(HandoffScreen, "GRACE", 0.0)
