"""How the deck's cards and chips look: knights in their colour, shields plain, chips in brackets.

Every code keeps its letter ("R5", "[G]"), so the colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

COLOUR_STYLE: dict[str, str] = {
    "R": "bold $knight-red",
    "B": "bold $knight-blue",
    "G": "bold $knight-green",
    "Y": "bold $knight-yellow",
    "P": "bold $knight-purple",
}
"""Each colour's style, by the theme's variables (`tui.themes.KNIGHTS`): bright on a dark
theme, deep on a light one."""
SHIELD_STYLE = "bold $text"


def card_content(card: str) -> Content:
    """A card code in its colour ("R5", "10S"); the letter carries the colour without it."""
    style = SHIELD_STYLE if card.endswith("S") else COLOUR_STYLE.get(card[0], "")
    return Content.styled(card, style)


def chip_content(colour: str) -> Content:
    return Content.styled(f"[{colour}]", COLOUR_STYLE.get(colour, ""))


def chips_content(chips: Sequence[str]) -> Content:
    if not chips:
        return Content.styled("—", "dim")
    return Content.assemble(*(chip_content(c) for c in chips))
