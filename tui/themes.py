"""Parlour's own theme (green baize, brass and ivory, like a card table), and the colours of
cards and pieces under any theme."""

from __future__ import annotations

from textual.theme import Theme

FELT = Theme(
    name="parlour-felt",
    primary="#C9A227",
    secondary="#2E7D5B",
    accent="#E0B84A",
    warning="#E8A33D",
    error="#E0605A",
    success="#7BC47F",
    foreground="#F2EBD9",
    background="#0E3B2A",
    surface="#14472F",
    panel="#1C5A3C",
    dark=True,
    variables={
        "footer-key-foreground": "#E0B84A",
        "block-cursor-foreground": "#0E3B2A",
        "block-cursor-background": "#C9A227",
        "block-cursor-text-style": "bold",
        "input-selection-background": "#C9A227 35%",
    },
)

THEMES: tuple[Theme, ...] = (FELT,)
"""Themes the app registers next to Textual's built-in ones."""


KNIGHTS: dict[str, tuple[str, str]] = {
    "red": ("#ff5f5f", "#b3261e"),
    "blue": ("#87afff", "#1c4fb8"),
    "green": ("#5fd75f", "#1b7a1b"),
    "yellow": ("#ffd75f", "#7a5800"),
    "purple": ("#d75fff", "#8a2cb0"),
}
"""Attacke's knight colours as `$knight-<colour>` (dark theme, light theme): bright on a dark
table; deep on a light one, where the bright yellow read about 1:1 on light grey. Each reads
at 3:1 or more on every theme's table (`tests/tui/test_themes.py`)."""


def piece_variables(dark: bool) -> dict[str, str]:
    """The theme variables of the games' own colours, for a dark or a light theme."""
    return {f"knight-{name}": pair[0 if dark else 1] for name, pair in KNIGHTS.items()}
