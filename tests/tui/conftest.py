"""The app's tests press keys at machine speed: a handoff takes "ready" at once here.

`tests/tui/test_handoff.py` checks the real grace period with the class's own value.
"""

from __future__ import annotations

import pytest

from tui.screens.handoff import HandoffScreen


@pytest.fixture(autouse=True)
def handoff_without_grace(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HandoffScreen, "GRACE", 0.0)
