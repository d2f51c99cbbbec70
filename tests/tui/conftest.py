"""The app's tests press keys at machine speed: a handoff takes "ready", and a round's end
panel "go on", at once here.

`tests/tui/test_handoff.py` and `test_game_flow.py` check the grace periods themselves.
"""

from __future__ import annotations

import pytest

from tui.screens.handoff import HandoffScreen
from tui.screens.round_end import ChapterEndScreen


@pytest.fixture(autouse=True)
def handoff_without_grace(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HandoffScreen, "GRACE", 0.0)
    monkeypatch.setattr(ChapterEndScreen, "GRACE", 0.0)
