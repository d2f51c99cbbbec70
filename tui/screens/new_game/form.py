"""New game: the form that sets up a match, checks it, and starts it.

The seats' hint names who moves first as the game's rules start with the options chosen;
ctrl+t rotates the seats. Enter moves to the next field, as in any form: only Start (or
ctrl+s) starts the match, so a player typing a name never starts it with the other seats
unreviewed.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.markup import escape
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Header, Input, Label, Select, Static

from core import registry
from core.match import Seat
from core.rules import BadOption, Rules, resolve_options
from tui.messages import StartMatch
from tui.screens.new_game.names import (
    Setup,
    remember_names,
    remember_setup,
    remembered_names,
    remembered_setup,
)
from tui.screens.new_game.options import first_mover, option_values, option_widget, title
from tui.widgets.seat_row import (
    HUMAN,
    REMOTE,
    SeatRow,
    bot_specs,
    default_name,
    is_given_name,
    is_person,
    kind_of,
    seat_of,
)


class NewGameScreen(Screen[None]):
    """Set up a match, then Start creates its file and opens the game screen."""

    CSS_PATH = "../../styles/new_game.tcss"
    AUTO_FOCUS = None  # `on_mount` focuses the first name (Start took it first, scrolled there)
    ENTER_IN_A_FIELD: ClassVar[str] = "in a name or number: next field"
    """What Enter does in a text field here, for the `?` list (Textual's default is to submit)."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+s", "start", "Start", priority=True),
        Binding("ctrl+t", "rotate_seats", "Swap seats", priority=True),
        Binding("question_mark", "app.toggle_keys", "keys", priority=True),
    ]

    def __init__(
        self,
        game: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> None:
        """`options` and `players` asked for (`parlour new`) win over the last set-up."""
        super().__init__()
        playable = registry.all()
        self._problems: list[str] = []
        """What stops Start (✗), from the last check of the form."""
        self._notes: list[str] = []
        """What was asked for but could not be applied (⚠), e.g. an unknown option."""
        self._rules: Rules[Any, Any, Any] = playable[0]
        last = remembered_setup()
        if game is None and last is not None and last.game in {r.id for r in playable}:
            game = last.game  # the game of the last match, as the player left it
        if game is not None:
            try:
                self._rules = registry.get(game)
            except registry.UnknownGame as err:
                self._notes.append(f"{err}; choose a game below.")
        self._option_widgets: dict[str, Widget] = {}
        self._kinds: list[str] = []
        """Who played each seat of the last match of this game, for the first seat rows."""
        self._left: dict[str, Setup] = {}
        """How each game was set up in this form when another was chosen: choosing it again
        takes that up, over its last match's set-up."""
        # what was asked for now wins over the game's last set-up
        self._preset: dict[str, object] = {**self._recall(), **(options or {})}
        if players is not None and self._rules.min_players <= players <= self._rules.max_players:
            self._players = players
        self._remembered = remembered_names()

    def _recall(self) -> dict[str, object]:
        """Take up the player count and seat kinds of the chosen game's last match; its
        options, as the preset. A value the game no longer takes is left out unsaid; a remote
        player is asked for again (a host's choice), a bot since withdrawn too."""
        rules = self._rules
        self._players, self._kinds = rules.min_players, []
        self._bots = bot_specs(rules)
        last = self._left.get(rules.id) or remembered_setup(rules.id)
        if last is None:
            return {}
        if rules.min_players <= last.players <= rules.max_players:
            self._players = last.players
        offered = {f"bot:{bot}" for bot in self._bots}
        self._kinds = [kind if kind in offered else HUMAN for kind in last.kinds]
        return _still_taken(rules, last.options)

    # -- layout ------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        # Not a stop of its own for Tab (nothing showed where focus was): focusing a field
        # scrolls it into view, and the wheel scrolls the form.
        with VerticalScroll(id="new-game-form", can_focus=False):
            with Vertical(id="match-panel", classes="panel") as match_panel:
                match_panel.border_title = "Match"
                with Horizontal(classes="row"):
                    yield Label("Game", classes="field-label")
                    yield Select(
                        [(rules.title, rules.id) for rules in registry.all()],
                        value=self._rules.id,
                        allow_blank=False,
                        compact=True,
                        id="game",
                    )
                yield Vertical(id="options")
            with Vertical(id="seats-panel", classes="panel") as seats_panel:
                seats_panel.border_title = "Players"
                yield Vertical(id="seats")
                yield Static("", id="seats-hint", classes="hint")
            yield Static("", id="problems", classes="problems")
            with Horizontal(id="buttons"):
                yield Button("Start ▶", variant="primary", id="start", compact=True)
                yield Button("Back", id="back", compact=True)
        yield Footer()

    async def on_mount(self) -> None:
        self.sub_title = "New game"
        await self._build_game(preset=self._preset)
        self._show_problems()
        # the first thing to type is a name; the form scrolls no further than needed to show
        # it (focus alone centres it, and at 80x24 the game's own fields went out of sight)
        name = self.query_one("#name-0", Input)
        name.focus(scroll_visible=False)
        form = self.query_one("#new-game-form", VerticalScroll)
        self.call_after_refresh(form.scroll_to_widget, name, animate=False)
        self.refresh_bindings()  # the footer lists the keys before the first key press

    async def _build_game(
        self, preset: Mapping[str, object], seats: list[tuple[str, str]] | None = None
    ) -> None:
        """Fill the option rows and seat rows for the chosen game (`seats`: as `_build_seats`)."""
        rules = self._rules
        self._option_widgets = {}
        options_box = self.query_one("#options", Vertical)
        await options_box.remove_children()
        unknown = sorted(set(preset) - {o.key for o in rules.options})
        if unknown:
            known = ", ".join(o.key for o in rules.options) or "none"
            self._notes.append(
                f"{rules.title} has no option {unknown[0]!r} (its options: {known})."
            )
        rows: list[Widget] = []
        if rules.min_players != rules.max_players:
            count = Select(
                [(f"{n} players", n) for n in range(rules.min_players, rules.max_players + 1)],
                value=self._players,
                allow_blank=False,
                compact=True,
                id="players",
            )
            rows.append(Horizontal(Label("Players", classes="field-label"), count, classes="row"))
        for option in rules.options:
            value = option.default
            if option.key in preset:
                try:
                    value = option.coerce(preset[option.key])
                except BadOption as err:
                    self._notes.append(f"{err}; using {option.default}.")
            widget = option_widget(option, value)
            self._option_widgets[option.key] = widget
            rows.append(
                Horizontal(Label(title(option.key), classes="field-label"), widget, classes="row")
            )
            if option.help:
                rows.append(Static(option.help, classes="hint option-help"))
        await options_box.mount_all(rows)
        await self._build_seats(seats)

    async def _build_seats(self, seats: list[tuple[str, str]] | None = None) -> None:
        """Seat rows: a kind (human or a bot) and a name; `seats` keeps earlier choices."""
        box = self.query_one("#seats", Vertical)
        focused = self.focused
        # a seat field with focus is rebuilt: the same field of the new rows takes it back
        refocus = focused.id if focused is not None and box in focused.ancestors else None
        await box.remove_children()
        self._bots = bot_specs(self._rules)
        rows = []
        taken: set[str] = set()
        for seat in range(self._players):
            kept = self._kinds[seat] if seat < len(self._kinds) else HUMAN
            kind, name = seats[seat] if seats and seat < len(seats) else (kept, "")
            remembered = self._remembered[seat] if seat < len(self._remembered) else ""
            if not name and is_person(kind) and remembered not in taken:  # a bot keeps its own
                name = remembered
            name = name or default_name(seat, kind, taken)
            taken.add(name)
            rows.append(SeatRow(seat, self._seat_title(seat), self._bots, kind, name, remote=True))
        await box.mount_all(rows)
        self._kinds = []  # once: a seat added later, or another game's, starts as a person
        if refocus is not None and (again := box.query(f"#{refocus}")):
            again.first().focus()
        self._show_starter()

    def _seat_title(self, seat: int) -> str:
        """ "Seat 1", or the game's own name for the seat ("White", "Jack")."""
        names = self._rules.seat_names
        return names[seat] if seat < len(names) else f"Seat {seat + 1}"

    # -- reading the form ----------------------------------------------------------------------
    def _seat_choices(self) -> list[tuple[str, str]]:
        return [row.choice() for row in self.query(SeatRow).results(SeatRow)]

    def _validate(self) -> tuple[dict[str, Any], tuple[Seat, ...], tuple[int, ...]] | None:
        """The options, the seats and which of them are remote players; None (and the
        problems shown) when the form cannot start a match."""
        problems: list[str] = []
        options: dict[str, Any] = {}
        try:
            options = resolve_options(self._rules.options, option_values(self._option_widgets))
            self._rules.new(self._players, options)  # the game's own checks, e.g. a range
        except ValueError as err:  # BadOption among them
            problems.append(self._in_words(err))
        seats: list[Seat] = []
        seen: dict[str, int] = {}
        for seat, (kind, raw_name) in enumerate(self._seat_choices()):
            name = " ".join(raw_name.split())
            if not name:
                problems.append(f"Seat {seat + 1} needs a name: type one in its Name field.")
            elif name.casefold() in seen:
                problems.append(
                    f"Seats {seen[name.casefold()] + 1} and {seat + 1} are both called "
                    f"{name!r}: give each player a different name."
                )
            seen.setdefault(name.casefold(), seat)
            seats.append(seat_of(kind, name))
        kinds = [kind for kind, _ in self._seat_choices()]
        remote = tuple(seat for seat, kind in enumerate(kinds) if kind == REMOTE)
        if remote and kinds.count(HUMAN) > 1:
            problems.append(
                "With remote players, one seat is played on this screen: make the other "
                "people remote players too (each joins from their own terminal)."
            )
        self._problems = problems
        self._show_problems()
        return None if problems else (options, tuple(seats), remote)

    def _in_words(self, err: ValueError) -> str:
        """A rules error as a line of the form: an option named by its field's label
        ("Capture limit takes 0 (no limit) or more, not -5."), not its key."""
        text = str(err)
        for option in self._rules.options:
            text = text.replace(f"option {option.key!r}", title(option.key))
        return f"{text[:1].upper()}{text[1:]}."

    def _show_starter(self) -> None:
        """Say who moves first, by name, as the seats and the options stand."""
        first = first_mover(self._rules, self._players, self._option_widgets)
        if getattr(self._rules, "starter_by_chance", False):
            self.query_one("#seats-hint", Static).update(
                "Chance picks who opens the first contest. [dim]Ctrl+T swaps the seats.[/]"
            )
            return
        names = [name.strip() for _, name in self._seat_choices()]
        if first is not None and 0 <= first < len(names):
            seats = self._rules.seat_names  # the game's own: "Player 1 (Jack) moves first"
            seat = seats[first] if first < len(seats) else f"seat {first + 1}"
            name = names[first]
            if not name:
                who = f"{seat[:1].upper()}{seat[1:]} (no name yet)"
            elif name.lower() == seat.lower():  # a player named after the seat: "Jack", once
                who = f"[b]{escape(name)}[/b]"
            else:
                who = f"[b]{escape(name)}[/b] ({seat})"
            self.query_one("#seats-hint", Static).update(
                f"{who} moves first. [dim]Ctrl+T swaps the seats.[/]"
            )

    def _show_problems(self) -> None:
        lines = [f"⚠ {note}" for note in self._notes]
        lines += [f"✗ {problem}" for problem in self._problems]
        text = "\n".join(lines)
        problems = self.query_one("#problems", Static)
        problems.update(Content(text))  # a name typed is a name, not markup
        problems.display = bool(text)

    # -- events --------------------------------------------------------------------------------
    async def on_select_changed(self, event: Select.Changed) -> None:
        select = event.select
        self._show_starter()
        if select.id == "game" and event.value != self._rules.id:
            # names typed for the seats stay; the seats are played as the new game's last
            # match had them (a bot there keeps its bot's name), people where it had none
            bots = self._bots
            typed = [
                name if is_person(kind) and not is_given_name(name, bots) else ""
                for kind, name in self._seat_choices()
            ]
            kinds_now = tuple(kind for kind, _ in self._seat_choices())
            options_now = option_values(self._option_widgets)
            self._left[self._rules.id] = Setup(
                self._rules.id, self._players, kinds_now, options_now
            )
            self._rules = registry.get(str(event.value))
            preset = self._recall()  # the new game as it was left here, or as its last match had it
            kinds = [*self._kinds, *[HUMAN] * len(typed)][: len(typed)]
            seats = [
                (kind, name if is_person(kind) else "")
                for kind, name in zip(kinds, typed, strict=True)
            ]
            self._problems, self._notes = [], []
            await self._build_game(preset=preset, seats=seats)
            self._show_problems()
        elif (
            select.id == "players"
            and isinstance(event.value, int)
            and event.value != self._players  # not the new row announcing its first value
        ):
            seats = self._seat_choices()
            self._players = event.value
            await self._build_seats(seats)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.has_class("seat-name"):
            self._show_starter()
            if self._problems:
                self._validate()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a field moves on to the next one; Start is a button of its own."""
        event.stop()
        self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "back":
            self.app.pop_screen()

    async def action_rotate_seats(self) -> None:
        seats = self._seat_choices()
        await self._build_seats(seats[1:] + seats[:1])

    def action_start(self) -> None:
        checked = self._validate()
        if checked is None:  # said under the players, which may be out of sight: shown
            self.query_one("#problems").scroll_visible(animate=False)
            return
        options, seats, remote = checked
        remember_names(seats)
        kinds = tuple(kind_of(seat) for seat in seats)  # a remote player: a person, next time
        remember_setup(Setup(self._rules.id, self._players, kinds, options))
        self.post_message(StartMatch(self._rules, seats, options, remote=remote))


def _still_taken(rules: Rules[Any, Any, Any], options: Mapping[str, object]) -> dict[str, object]:
    """The remembered `options` that `rules` still has and still takes."""
    taken: dict[str, object] = {}
    for option in rules.options:
        if option.key in options:
            with contextlib.suppress(BadOption):
                taken[option.key] = option.coerce(options[option.key])
    return taken
