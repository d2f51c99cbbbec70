"""One seat of a match being set up: the game's name for the seat, who plays it, their name.

Shared by the new-game form and the seat chooser of "continue from here", so both draw the
seats alike (styles here, scoped to the row) and follow a change of kind alike: a name the
app gave follows the kind (a bot is named after itself, a person gets the name they had or
"Player N"), a name somebody typed is kept.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, Select

from core.match import Seat
from core.rules import Rules
from tui.wording import bot_name, numbered

HUMAN = "human"
REMOTE = "remote"
"""A person at another machine: the match is hosted from here and they join with an invitation."""
NAME_LIMIT = 20


def bot_specs(rules: Rules[Any, Any, Any]) -> tuple[str, ...]:
    """The bots (with levels) that can play `rules`, e.g. "random", "ismcts:normal"."""
    from core.ai import specs_for  # the bots load when a form opens, not with the menu

    return specs_for(rules) or ("random",)


def bot_label(spec: str) -> str:
    """ "ismcts:normal" as a menu shows it: "ismcts · normal"."""
    kind, _, level = spec.partition(":")
    return f"{kind} · {level}" if level else kind


def kinds_for(bots: Sequence[str], *, remote: bool = False) -> list[tuple[str, str]]:
    """The kind menu of a seat: a person here, a person elsewhere (`remote`: the new-game
    form), or one of `bots` ("bot:ismcts:normal")."""
    people = [("Human", HUMAN)] + ([("Remote player", REMOTE)] if remote else [])
    return people + [(f"Bot · {bot_label(b)}", f"bot:{b}") for b in bots]


def is_person(kind: str) -> bool:
    return kind in (HUMAN, REMOTE)


def kind_of(seat: Seat) -> str:
    """A seat's value in the kind menu."""
    return HUMAN if seat.kind == "human" else f"bot:{seat.bot}"


def seat_of(kind: str, name: str) -> Seat:
    """The seat a row's kind and name stand for."""
    return Seat(name) if is_person(kind) else Seat(name, "bot", kind.removeprefix("bot:"))


def default_name(seat: int, kind: str, taken: set[str]) -> str:
    """The name the app gives `seat` when nobody typed one, unlike any in `taken`."""
    if is_person(kind):
        return f"Player {seat + 1}"
    return numbered(bot_name(kind.removeprefix("bot:")), taken)


def is_given_name(name: str, bots: Sequence[str]) -> bool:
    """True for a blank or app-given name ("Player 2", "Easy ismcts bot 2")."""
    kinds = "|".join(re.escape(bot_name(bot).removesuffix(" bot")) for bot in bots)
    return re.fullmatch(rf"(Player \d+|({kinds}) bot( \d+)?)?", name.strip()) is not None


class NameInput(Input):
    """A seat's name field. A click that enters it selects the whole name, as Tab does.

    Otherwise the click drops the cursor inside the given name, and typing "Ann" there makes
    "PlayeAnnr 1". A click inside a field that already has focus places the cursor as usual.
    """

    _entering = False

    def _on_focus(self, event: events.Focus) -> None:
        # Input's own handler selects everything; a mouse-down queued with this focus must
        # not replace that selection with a cursor, but one after it may.
        self._entering = not event.from_app_focus
        self.call_later(self._entered)

    def _entered(self) -> None:
        self._entering = False

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """A name has no need of "?": it lists the screen's keys even from this field."""
        return character != "?" and super().check_consume_key(key, character)

    async def _on_key(self, event: events.Key) -> None:
        """A space at the start of the name is ignored: names drop it anyway, and with the
        given name selected it would otherwise blank "Player 1"."""
        if event.character == " " and min(self.selection) == 0:
            event.stop()
            event.prevent_default()
            return
        await super()._on_key(event)

    async def _on_mouse_down(self, event: events.MouseDown) -> None:
        if self._entering:
            self._entering = False
            event.prevent_default()


class SeatRow(Horizontal):
    """A seat's title, its kind (`#kind-N`) and its name (`#name-N`)."""

    DEFAULT_CSS = """
    SeatRow {
        height: auto;
        width: 100%;
    }
    SeatRow > .field-label {
        width: 17;
        color: $text-muted;
        text-style: bold;
    }
    SeatRow > Select {
        width: 27;
    }
    SeatRow > Select:focus > SelectCurrent {
        text-style: bold underline;
    }
    SeatRow > .name-label {
        width: 6;
        margin-left: 2;
        color: $text-muted;
        text-style: bold;
    }
    SeatRow > NameInput {
        width: 1fr;
        background: $boost;
    }
    SeatRow > NameInput:focus {
        text-style: underline;
    }
    """

    def __init__(
        self,
        seat: int,
        title: str,
        bots: Sequence[str],
        kind: str,
        name: str,
        *,
        remote: bool = False,
    ) -> None:
        """`remote`: the kind menu offers a remote player too."""
        super().__init__(classes="seat-row")
        self.seat = seat
        self.seat_title = title
        self.bots = tuple(bots)
        self.remote = remote
        self._last_kind = kind
        """The kind as last seen, to tell a real change from the menu's first value."""
        self._typed = name
        self._person = name if is_person(kind) and not is_given_name(name, bots) else ""
        """The person's own name, given back if the seat is turned bot and then human again."""

    def compose(self) -> ComposeResult:
        kinds = kinds_for(self.bots, remote=self.remote)
        kind = self._last_kind if self._last_kind in {value for _, value in kinds} else HUMAN
        self._last_kind = kind
        yield Label(self.seat_title, classes="field-label")
        yield Select(kinds, value=kind, allow_blank=False, compact=True, id=f"kind-{self.seat}")
        yield Label("Name", classes="name-label")
        yield NameInput(
            self._typed,
            max_length=NAME_LIMIT,
            compact=True,
            id=f"name-{self.seat}",
            classes="seat-name",
        )

    @property
    def kind(self) -> str:
        return str(self.query_one(Select).value)

    @property
    def player(self) -> str:
        """The name in the row's field (`name` is the widget's own, as in every DOM node)."""
        return self.query_one(NameInput).value

    @player.setter
    def player(self, value: str) -> None:
        self.query_one(NameInput).value = value

    def choice(self) -> tuple[str, str]:
        """(kind, name) as the row stands."""
        return self.kind, self.player

    @on(Select.Changed)
    def _kind_changed(self, event: Select.Changed) -> None:
        """A seat handed to a bot takes the bot's name; handed back to a person, the
        person's name again. A name typed for the seat's new kind is kept."""
        kind = str(event.value)
        if kind == self._last_kind:
            event.stop()  # the menu announcing its first value, not a change
            return
        was, self._last_kind = self._last_kind, kind
        name = self.player
        given = is_given_name(name, self.bots)
        if is_person(was) and not given:
            self._person = name
        taken = {row.player for row in self._siblings()}
        if not is_person(kind):
            if is_person(was) or given:
                self.player = default_name(self.seat, kind, taken)
        elif self._person:
            self.player = self._person
        elif given:
            self.player = default_name(self.seat, HUMAN, taken)

    def _siblings(self) -> list[SeatRow]:
        parent = self.parent
        if parent is None:
            return []
        return [row for row in parent.query_children(SeatRow) if row is not self]
