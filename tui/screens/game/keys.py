"""The keys a game screen's help lists beside the game's own: those the screen offers now.

A match across machines is left, not saved (the host keeps it), has chat and, on the host's
screen, the invitations; a guest has no file to look back in; a spectator cannot take back or
resign. The help lists what works, as the footer does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tui.screens.game.screen import GameScreen

SAVE_AND_QUIT = "save and go back to the menu (every move is already saved)"
LEAVE = "leave for the menu: the match goes on, kept by its host"
STOP_HOSTING = "stop hosting and go back to the menu (asks first while others play)"
TAKE_BACK = (
    "take back the last move of a person (against bots at once; the player to move is asked)"
)
LOOK_BACK = "look back: step through the match so far from your own chair (`l` or `Esc` returns)"
PALETTE = "the command palette: a new game, Resume, the rules, Settings, the colour theme"


def any_time_keys(screen: GameScreen[Any, Any]) -> list[tuple[str, str]]:
    """(key, what it does) for every key `screen` offers beside the game's own."""
    port = screen.port
    across = LEAVE if port.host_elsewhere else STOP_HOSTING  # a match across machines
    keys = [("`?`", "this help"), ("`q`", across if port.can_chat else SAVE_AND_QUIT)]
    if screen.check_action("take_back", ()):
        keys.append(("`u`", TAKE_BACK))
    if port.path is not None:
        keys.append(("`l`", LOOK_BACK))
    if screen.check_action("resign", ()):
        keys.append(("`ctrl+r`", "resign the match (asks first)"))
    if screen.check_action("chat", ()):
        keys.append(("`ctrl+t`", "chat with the others at the match"))
    if screen.app.check_action("invitations", ()):
        keys.append(("`f2`", "the invitations again, to copy and send"))
    keys += [
        ("`ctrl+s`", "save a picture (SVG) of the screen next to the match file"),
        ("`ctrl+p`", PALETTE),
    ]
    if screen.seating.hotseat:
        keys.append(("`Enter` / click", "on a handoff screen: the named player is ready"))
    return keys
