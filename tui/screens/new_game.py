"""New game: the game, its declared options, and who sits at the table.

Options are drawn from each game's `Rules.options` alone (choices → a dropdown, yes/no → a
checkbox, anything else → a text field), so a new game needs no code here. Seat 1 moves first
unless the game's options say otherwise; ctrl+t rotates the seats.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Mapping
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.markup import escape
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Footer, Header, Input, Label, Select, Static

from core import registry
from core.match import Seat
from core.rules import BadOption, Option, Rules, resolve_options
from tui.messages import StartMatch

NAME_LIMIT = 20
HUMAN = "human"
SEAT_OPTIONS = frozenset({"starts"})
"""Option keys whose values are seat numbers (who starts): shown as "Seat 1", "Seat 2"."""


def bot_specs(rules: Rules[Any, Any, Any]) -> tuple[str, ...]:
    """The bots (with levels) that can play `rules`, e.g. "random", "ismcts:normal"."""
    from core.ai import specs_for

    return specs_for(rules) or ("random",)


def bot_label(spec: str) -> str:
    """ "ismcts:normal" as a menu shows it: "ismcts · normal"."""
    kind, _, level = spec.partition(":")
    return f"{kind} · {level}" if level else kind


def bot_name(spec: str) -> str:
    """A seat name for a bot: "Random bot", "Hard ismcts bot"."""
    kind, _, level = spec.partition(":")
    return f"{level.capitalize()} {kind} bot" if level else f"{kind.capitalize()} bot"


def _choice_text(choice: object) -> str:
    """An option's value in words: yes and no for the booleans."""
    if isinstance(choice, bool):
        return "yes" if choice else "no"
    return str(choice)


def _title(key: str) -> str:
    if key in SEAT_OPTIONS:
        return "Starts"
    return key.replace("_", " ").replace("-", " ").capitalize()


NAMES_FILE = "names.json"
"""The names typed for each seat last time, offered again (in the state folder)."""


def remembered_names() -> list[str]:
    """The human names of the last match started here; [] when none are kept (or unreadable)."""
    from replays.paths import state_dir

    try:
        names = json.loads((state_dir() / NAMES_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(names, list):
        return []
    return [n if isinstance(n, str) else "" for n in names][:8]


def remember_names(seats: tuple[Seat, ...]) -> None:
    """Keep the human seats' names for next time; a failure only costs the convenience."""
    from replays.paths import state_dir

    names = [seat.name if seat.kind == "human" else "" for seat in seats]
    with contextlib.suppress(OSError):
        (state_dir() / NAMES_FILE).write_text(json.dumps(names), encoding="utf-8")


def _default_name(seat: int, kind: str, taken: set[str]) -> str:
    if kind == HUMAN:
        return f"Player {seat + 1}"
    base = bot_name(kind.removeprefix("bot:"))
    name, n = base, 2
    while name in taken:
        name, n = f"{base} {n}", n + 1
    return name


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

    async def _on_mouse_down(self, event: events.MouseDown) -> None:
        if self._entering:
            self._entering = False
            event.prevent_default()


class NewGameScreen(Screen[None]):
    """Set up a match, then Start creates its file and opens the game screen."""

    CSS_PATH = "../styles/new_game.tcss"
    AUTO_FOCUS = "#start"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+s", "start", "Start", priority=True),
        Binding("ctrl+t", "rotate_seats", "Swap seats", priority=True),
    ]

    def __init__(
        self, game: str | None = None, options: Mapping[str, object] | None = None
    ) -> None:
        super().__init__()
        playable = registry.all()
        self._problems: list[str] = []
        """What stops Start (✗), from the last check of the form."""
        self._notes: list[str] = []
        """What was asked for but could not be applied (⚠), e.g. an unknown option."""
        self._rules: Rules[Any, Any, Any] = playable[0]
        if game is not None:
            try:
                self._rules = registry.get(game)
            except registry.UnknownGame as err:
                self._notes.append(f"{err}; choose a game below.")
        self._preset: dict[str, object] = dict(options or {})
        self._option_widgets: dict[str, Widget] = {}
        self._kinds: dict[int, str] = {}
        """Each seat row's kind as last seen, to tell a real change from a row's first value."""
        self._players = self._rules.min_players
        self._bots = bot_specs(self._rules)
        self._remembered = remembered_names()

    # -- layout ------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="new-game-form"):
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
        self.query_one("#name-0", Input).focus()  # the first thing to type is a name

    async def _build_game(self, preset: Mapping[str, object]) -> None:
        """Fill the option rows and seat rows for the chosen game."""
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
            widget = self._option_widget(option, value)
            self._option_widgets[option.key] = widget
            rows.append(
                Horizontal(Label(_title(option.key), classes="field-label"), widget, classes="row")
            )
            if option.help:
                rows.append(Static(option.help, classes="hint option-help"))
        await options_box.mount_all(rows)
        await self._build_seats()

    def _option_widget(self, option: Option, value: str | int | bool) -> Widget:
        if option.choices:
            seats = option.key in SEAT_OPTIONS and isinstance(option.default, int)
            return Select(
                [
                    (f"Seat {choice}" if seats else _choice_text(choice), choice)
                    for choice in option.choices
                ],
                value=value,
                allow_blank=False,
                compact=True,
                classes="option",
            )
        if isinstance(option.default, bool):
            return Checkbox("yes" if value else "no", bool(value), compact=True, classes="option")
        if isinstance(option.default, int):
            return Input(str(value), type="integer", compact=True, classes="option")
        return Input(str(value), compact=True, classes="option")

    async def _build_seats(self, seats: list[tuple[str, str]] | None = None) -> None:
        """Seat rows: a kind (human or a bot) and a name; `seats` keeps earlier choices."""
        box = self.query_one("#seats", Vertical)
        await box.remove_children()
        self._bots = bot_specs(self._rules)
        kinds = [("Human", HUMAN)] + [(f"Bot · {bot_label(b)}", f"bot:{b}") for b in self._bots]
        rows = []
        taken: set[str] = set()
        self._kinds = {}
        for seat in range(self._players):
            kind, name = seats[seat] if seats and seat < len(seats) else (HUMAN, "")
            if not seats and seat < len(self._remembered) and self._remembered[seat] not in taken:
                name = self._remembered[seat]
            name = name or _default_name(seat, kind, taken)
            taken.add(name)
            self._kinds[seat] = kind
            rows.append(
                Horizontal(
                    Label(self._seat_title(seat), classes="field-label"),
                    Select(
                        kinds,
                        value=kind,
                        allow_blank=False,
                        compact=True,
                        classes="seat-kind",
                        id=f"kind-{seat}",
                    ),
                    Label("Name", classes="name-label"),
                    NameInput(
                        name,
                        max_length=NAME_LIMIT,
                        compact=True,
                        classes="seat-name",
                        id=f"name-{seat}",
                    ),
                    classes="row seat-row",
                )
            )
        await box.mount_all(rows)
        self._show_starter()

    def _seat_title(self, seat: int) -> str:
        """ "Seat 1", or the game's own name for the seat ("White", "Jack")."""
        names = self._rules.seat_names
        return names[seat] if seat < len(names) else f"Seat {seat + 1}"

    def _is_default_name(self, name: str) -> bool:
        """True for a blank or app-given name, which follows the seat's kind when it changes."""
        bots = "|".join(re.escape(bot_name(bot).removesuffix(" bot")) for bot in self._bots)
        return re.fullmatch(rf"(Player \d+|({bots}) bot( \d+)?)?", name.strip()) is not None

    # -- reading the form ----------------------------------------------------------------------
    def _seat_choices(self) -> list[tuple[str, str]]:
        return [
            (
                str(self.query_one(f"#kind-{seat}", Select).value),
                self.query_one(f"#name-{seat}", Input).value,
            )
            for seat in range(self._players)
        ]

    def _option_values(self) -> dict[str, object]:
        values: dict[str, object] = {}
        for key, widget in self._option_widgets.items():
            if isinstance(widget, Select | Checkbox | Input):
                values[key] = widget.value
        return values

    def _validate(self) -> tuple[dict[str, Any], tuple[Seat, ...]] | None:
        problems: list[str] = []
        options: dict[str, Any] = {}
        try:
            options = resolve_options(self._rules.options, self._option_values())
        except BadOption as err:
            problems.append(f"{str(err).capitalize()}.")
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
            if kind == HUMAN:
                seats.append(Seat(name))
            else:
                seats.append(Seat(name, "bot", kind.removeprefix("bot:")))
        self._problems = problems
        self._show_problems()
        return None if problems else (options, tuple(seats))

    def _show_starter(self) -> None:
        """Say who moves first, by name, as the seats and the options stand."""
        first = 0
        for key in SEAT_OPTIONS & set(self._option_widgets):
            widget = self._option_widgets[key]
            if isinstance(widget, Select) and isinstance(widget.value, int):
                first = widget.value - 1
        if getattr(self._rules, "starter_by_chance", False):
            self.query_one("#seats-hint", Static).update(
                "Chance picks who opens the first contest. [dim]Ctrl+T swaps the seats.[/]"
            )
            return
        seats = enumerate(self._seat_choices())
        names = [name.strip() or f"Seat {i + 1}" for i, (_, name) in seats]
        if 0 <= first < len(names):
            self.query_one("#seats-hint", Static).update(
                f"[b]{escape(names[first])}[/b] (seat {first + 1}) moves first. "
                "[dim]Ctrl+T swaps the seats.[/]"
            )

    def _show_problems(self) -> None:
        lines = [f"⚠ {note}" for note in self._notes]
        lines += [f"✗ {problem}" for problem in self._problems]
        text = "\n".join(lines)
        problems = self.query_one("#problems", Static)
        problems.update(text)
        problems.display = bool(text)

    # -- events --------------------------------------------------------------------------------
    async def on_select_changed(self, event: Select.Changed) -> None:
        select = event.select
        self._show_starter()
        if select.id == "game" and event.value != self._rules.id:
            self._rules = registry.get(str(event.value))
            self._players = self._rules.min_players
            self._problems, self._notes = [], []
            await self._build_game(preset={})
            self._show_problems()
        elif (
            select.id == "players"
            and isinstance(event.value, int)
            and event.value != self._players  # not the new row announcing its first value
        ):
            seats = self._seat_choices()
            self._players = event.value
            await self._build_seats(seats)
        elif select.has_class("seat-kind") and select.id is not None:
            seat = int(select.id.removeprefix("kind-"))
            if self._kinds.get(seat) == event.value:
                return  # a new row announcing its first value, not a change
            self._kinds[seat] = str(event.value)
            name_input = self.query_one(f"#name-{seat}", Input)
            if self._is_default_name(name_input.value):
                others = {name for i, (_, name) in enumerate(self._seat_choices()) if i != seat}
                name_input.value = _default_name(seat, str(event.value), others)

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """The box says what it is set to: the ✕ alone is told apart by colour only."""
        event.checkbox.label = "yes" if event.value else "no"

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.has_class("seat-name"):
            self._show_starter()
            if self._problems:
                self._validate()

    def on_input_submitted(self) -> None:
        self.action_start()

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
        if checked is None:
            return
        options, seats = checked
        remember_names(seats)
        self.post_message(StartMatch(self._rules, seats, options))
