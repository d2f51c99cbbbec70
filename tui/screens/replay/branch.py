"""What a replay can make of a match: a Markdown export as seen now, or a new match that
continues from the position on screen with the seats chosen for it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.match import Seat
from core.rules import SPECTATOR
from replays.errors import LogError
from replays.export import to_markdown
from replays.store import continue_from
from tui.messages import PlayMatch
from tui.notices import path_lines
from tui.screens.replay.words import perspective_name
from tui.screens.seats import SeatsScreen

if TYPE_CHECKING:
    from pathlib import Path

    from tui.screens.replay.screen import ReplayScreen


def export(screen: ReplayScreen[Any, Any]) -> None:
    """Markdown next to the match file, from the perspective on screen. An earlier export that
    reads otherwise (edited by hand, or of fewer moves and notes) is replaced only when asked."""
    seat = screen.cursor.perspective
    view = "all" if seat is None else "table" if seat == SPECTATOR else f"seat-{seat + 1}"
    # One file per perspective: a seat's export (its hand) never replaces the table's.
    target = screen.path.with_name(f"{screen.path.stem}-{view}.md").resolve()
    text = to_markdown(screen.match, seat)
    try:
        earlier = target.read_text(encoding="utf-8") if target.is_file() else None
    except (OSError, UnicodeDecodeError):
        earlier = ""  # unreadable as an export: ask before it goes
    if earlier is None or earlier == text:
        _write(screen, target, text, seat)
        return
    from tui.screens.confirm import ConfirmScreen

    question = (
        f"Replace the earlier export?\n{path_lines(target, screen.app.size.width)}\n"
        "It reads otherwise than this one: edited by hand since, or made before the latest "
        "moves or notes."
    )

    def answered(yes: bool | None) -> None:
        if yes:
            _write(screen, target, text, seat)

    screen.app.push_screen(ConfirmScreen(question, "Replace it", "Keep it"), answered)


def _write(screen: ReplayScreen[Any, Any], target: Path, text: str, seat: int | None) -> None:
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as err:
        screen.notify(
            f"Could not write\n{path_lines(target, screen.app.size.width)}\n"
            f"{err.strerror or err}. Check that the folder is writable, then press e again.",
            title="Export failed",
            severity="error",
            markup=False,
            timeout=12,
        )
        return
    seen = perspective_name(seat, screen.names, screen.rules.hides_information)
    screen.notify(
        f"{path_lines(target, screen.app.size.width)}\nSeen by {seen}, with every note.",
        title="Exported to Markdown",
        markup=False,
        timeout=12,
    )


def continue_here(screen: ReplayScreen[Any, Any]) -> None:
    """A new match from the position on screen, with the seats chosen for it (take over a
    seat from a bot, or hand one to a bot), played on the game screen."""
    here = screen.here
    if screen.decided() is not None:
        screen.notify(
            "The match is already decided here. Step back to a position where "
            "play goes on, then press c.",
            title="Cannot continue from here",
            severity="warning",
        )
        return
    screen.autoplay_off()
    place = screen.row_at(here).place
    screen.app.push_screen(
        SeatsScreen(screen.rules, screen.match.header.seats, place),
        callback=lambda seats: _start(screen, here, place, seats),
    )


def _start(
    screen: ReplayScreen[Any, Any], here: int, place: str, seats: tuple[Seat, ...] | None
) -> None:
    if seats is None:
        return
    try:
        opened = continue_from(screen.path, here, seats=seats)
    except (LogError, OSError, ValueError) as err:
        screen.notify(
            f"{err}",
            title="Could not start the new match",
            severity="error",
            markup=False,
            timeout=12,
        )
        return
    screen.notify(
        f"A new match from {place} of this one: {opened.path.name}.",
        title="Continuing from here",
        markup=False,
    )
    screen.post_message(PlayMatch(opened))
