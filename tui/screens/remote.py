"""The screens of a match played across machines: reaching the host, handing out invitations,
and saying a line to the other players.

The game itself is the ordinary game screen on a remote table (`tui.tables.remote`); these are
what comes before it and what it opens on top of itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Static

from core.text import CHAT_LIMIT
from replays.remote.hosting import WIDEN
from replays.remote.invite import Invitation
from tui.tables.link import Refused, SocketLink
from tui.wording import sentence


class JoiningScreen(Screen[None]):
    """Reaching the host with an invitation; the game screen takes over once it answers."""

    CSS_PATH = "../styles/game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "retry", "try again"),
        Binding("q,escape", "leave", "leave"),
    ]

    def __init__(self, invitation: Invitation, *, watch: bool = False) -> None:
        super().__init__(classes="confirm")
        self.invitation = invitation
        self.watching = watch
        self._refused = False
        self._retry = False
        """The host could not be reached (not turned away): trying again may work."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(self._joining()), id="joining-head", classes="headline")
            yield Static(Content("Waiting for the host to answer."), id="joining", classes="why")
        yield Footer()

    def _joining(self) -> str:
        return f"Joining the match at {self.invitation.where}…"

    def on_mount(self) -> None:
        self._join()

    @work(exclusive=True, group="join")
    async def _join(self) -> None:
        from tui.screens.game import GameScreen

        link = SocketLink(self.invitation, keep=True, watch=self.watching)
        try:
            table = await link.open()
        except Refused as refused:
            todo = "Press q to leave." if refused.final else "Press r to try again, or q to leave."
            self.query_one("#joining-head", Static).update(
                Content(f"Could not join the match at {self.invitation.where}")
            )
            self.query_one("#joining", Static).update(
                Content(f"{sentence(refused.reason)}\n\n{todo}")
            )
            self._refused = True
            self._retry = not refused.final
            self.refresh_bindings()
            return
        self.app.switch_screen(GameScreen(table))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Trying again is offered only when the host could not be reached."""
        return self._retry if action == "retry" else True

    def action_retry(self) -> None:
        if not self._retry:
            return
        self._retry = self._refused = False
        self.refresh_bindings()
        self.query_one("#joining-head", Static).update(Content(self._joining()))
        self.query_one("#joining", Static).update(Content("Waiting for the host to answer."))
        self._join()

    def action_leave(self) -> None:
        """Back where the player came from: the list they rejoined from, or out of
        `parlour join`."""
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit(return_code=2 if self._refused else 0)


class InvitationsScreen(ModalScreen[None]):
    """The invitations of a hosted match, to copy and send to the players."""

    CSS_PATH = "../styles/game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "copy", "copy all"),
        Binding("enter,escape", "close", "close"),
    ]

    def __init__(
        self, invitations: Sequence[tuple[str, str]], where: str, widening: str | None = None
    ) -> None:
        """`invitations`: (whom it is for, the whole command that joins with it) each;
        `where`: whom the host lets in, followed by `widening` (the command that lets other
        machines in too) when it lets in this machine only."""
        super().__init__()
        self.invitations = tuple(invitations)
        self.where = where
        self.widening = widening

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content("Send each player their invitation"), classes="headline")
            for who, command in self.invitations:
                yield Static(Content(who), classes="who")
                yield Static(Content(command), classes="invitation")
            yield Static(Content(self.where), classes="why")
            if self.widening is not None:  # the command on a row of its own, to copy whole
                yield Static(Content(f"{sentence(WIDEN)[:-1]}:"), classes="why")
                yield Static(Content(self.widening), classes="invitation widening")
        yield Footer()

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(
            "\n".join(f"{who} {command}" for who, command in self.invitations)
        )
        self.notify("Copied (where the terminal allows it).", title="Invitations")

    def action_close(self) -> None:
        self.dismiss(None)


ROOM_TOLD = 40
"""Characters left in a chat line from which the chat box counts them down."""


class ChatScreen(ModalScreen[str | None]):
    """One line to the other players: Enter sends, Esc keeps it unsaid."""

    CSS_PATH = "../styles/game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content("Say to the table (Enter sends)"), classes="headline")
            yield Input(max_length=CHAT_LIMIT, placeholder="a line for everyone at the match")
            yield Static("", id="chat-room", classes="why")
        yield Footer()

    @on(Input.Changed)
    def _room(self, event: Input.Changed) -> None:
        """Near the end of a line's room, say how much is left: the field takes no more
        once it is full, and said nothing of it."""
        left = CHAT_LIMIT - len(event.value)
        said = (
            f"A line holds {CHAT_LIMIT} characters: this one is full."
            if left <= 0
            else f"{left} character{'s' if left != 1 else ''} left."
            if left <= ROOM_TOLD
            else ""
        )
        self.query_one("#chat-room", Static).update(said)

    @on(Input.Submitted)
    def _said(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
