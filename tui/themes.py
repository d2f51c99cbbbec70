"""Parlour's own theme: green baize, brass and ivory, like a card table."""

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
