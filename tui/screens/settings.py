"""Settings: animations and colour theme, applied at once and saved straight away."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Label, Select, Static, Switch

from tui.messages import ChangeSettings
from tui.settings import Settings
from tui.themes import THEMES


class SettingsScreen(Screen[None]):
    """Two settings; each change is live and saved to the config folder at once."""

    CSS_PATH = "../styles/settings.tcss"
    AUTO_FOCUS = "#animations"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("a", "toggle_animations", "Animations on/off"),
    ]

    def compose(self) -> ComposeResult:
        app = self.app
        ours = {theme.name for theme in THEMES}
        themes = [(f"{name}  (Parlour's own)", name) for name in sorted(ours)]
        themes += [(name, name) for name in sorted(app.available_themes) if name not in ours]
        yield Header()
        with Vertical(id="settings-form", classes="panel") as form:
            form.border_title = "Settings"
            with Horizontal(classes="row"):
                yield Label("Animations", classes="field-label")
                current: Settings = getattr(app, "settings", Settings())
                yield Switch(current.animations, id="animations")
                yield Static("", id="animations-state")
            yield Static(
                "Every move travels: fencers slide, cards and stones fly to their places. "
                "Off: every move jumps straight to its result.",
                classes="hint setting-help",
            )
            with Horizontal(classes="row"):
                yield Label("Theme", classes="field-label")
                yield Select(themes, value=app.theme, allow_blank=False, id="theme")
            yield Static(
                "Colours of every screen. Cards and pieces also carry letters and symbols, "
                "so any theme is playable.",
                classes="hint setting-help",
            )
            yield Static(
                "[dim]Changes apply at once and are saved for next time.[/]", id="settings-saved"
            )
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Settings"
        self._show_state()

    def _show_state(self) -> None:
        on = self.query_one("#animations", Switch).value
        self.query_one("#animations-state", Static).update("on" if on else "off")

    def action_toggle_animations(self) -> None:
        switch = self.query_one("#animations", Switch)
        switch.value = not switch.value

    def on_switch_changed(self, event: Switch.Changed) -> None:
        self.post_message(ChangeSettings(animations=event.value))
        self._show_state()

    def on_select_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.app.theme:
            self.post_message(ChangeSettings(theme=event.value))
