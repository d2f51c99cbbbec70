"""The app's screens, one module each; the app imports them lazily so startup stays fast."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from textual.app import App

    from tui.app import ParlourApp


def parlour(app: App[Any]) -> ParlourApp:
    """The running app as Parlour's, for the places only it knows how to open."""
    return cast("ParlourApp", app)
