"""Every theme the Settings screen offers keeps the hand's controls readable.

Settings promises that any theme is playable, and Textual's ansi themes restyle buttons in
ways the others do not (a disabled button gets a border), so each theme is drawn in turn.
"""

from __future__ import annotations

from rich.style import Style
from textual.color import Color
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Button

from tests.tui.test_game_flow import against_the_bot, draws, new_app, open_game
from tests.tui.test_snapshots_cards import attacke_file
from tui.app import ParlourApp
from tui.start import Start


def unreadable(button: Button) -> str | None:
    """What keeps the button's label from being read as drawn, or None when it reads."""
    rows = button.render_lines(Region(0, 0, *button.size))
    word = str(button.label).split()[-1]
    row = next((row for row in rows if word in row.text), None)
    if row is None:
        return f"{word!r} is not drawn: {[row.text for row in rows]}"
    for segment in row:
        style = segment.style or Style()
        ink = style.color
        if word in segment.text and ink is not None and not ink.is_default and ink == style.bgcolor:
            return f"{word!r} is drawn in its background colour {ink.name}"
    return None


async def each_theme_draws(app: ParlourApp, pilot: Pilot[None], *ids: str) -> None:
    buttons = [app.screen.query_one(f"#{id}", Button) for id in ids]
    for theme in sorted(app.available_themes):
        app.theme = theme
        await pilot.pause()
        for button in buttons:
            assert unreadable(button) is None, f"{theme}, {button.id}: {unreadable(button)}"


async def test_every_theme_draws_en_gardes_play_button() -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(app, pilot, against_the_bot(), draws([4]))
        assert app.screen.query_one("#play", Button).disabled  # nothing picked yet
        await each_theme_draws(app, pilot, "play", "verb-forward", "verb-attack")


async def test_every_theme_draws_attackes_play_button() -> None:
    app = ParlourApp(Start("resume", match=str(attacke_file(()))))
    app.animation_level = "none"
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#at-play", Button).disabled
        await each_theme_draws(app, pilot, "at-play", "at-down")


def contrast(ink: Color, paper: Color) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""

    def luminance(colour: Color) -> float:
        def linear(channel: int) -> float:
            c = channel / 255
            return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = colour.rgb
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)

    light, dark = sorted((luminance(ink), luminance(paper)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


async def test_attacke_s_knight_colours_read_on_every_theme_s_table() -> None:
    """The yellow knights read about 1:1 on a light theme's grey (a fixed bright yellow)."""
    from tui.themes import KNIGHTS

    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for theme in sorted(app.available_themes):
            app.theme = theme
            await pilot.pause()
            variables = app.theme_variables
            # (an ansi theme's transparent table is the terminal's own white or black)
            own = Color.parse("black" if app.current_theme.dark else "white")
            given = [variables[v] for v in ("surface", "background")]
            papers = [own if "ansi" in v else Color.parse(v) for v in given]
            papers = [own if paper.a == 0 else paper for paper in papers]
            for name in KNIGHTS:
                ink = Color.parse(variables[f"knight-{name}"])
                for paper in papers:
                    ratio = contrast(ink, paper)
                    assert ratio >= 3.0, f"{theme}: {name} on {paper.hex} is {ratio:.1f}:1"
