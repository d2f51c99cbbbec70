"""ParlourApp: the salon's shell. It owns the settings and opens every screen.

Screens are imported only when first opened, and neither the store nor the bots are imported on
the way to the menu, so the menu is on screen about as fast as a bare Textual app.
Screens ask for places with the messages of `tui.messages`, which bubble up to the handlers
here, so every route handles errors the same way: a notice, never a crash, and no screen
imports the app.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on, work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from tui import settings as settings_file
from tui.commands import ParlourCommands
from tui.messages import (
    ChangeSettings,
    OpenPlace,
    PlayMatch,
    ResumeMatch,
    ShowMenu,
    ShowReplay,
    StartMatch,
)
from tui.settings import DEFAULT_THEME, Settings
from tui.start import Start
from tui.themes import THEMES, piece_variables

if TYPE_CHECKING:
    from core.match import Seat
    from core.rules import Rules
    from replays.remote.host import Role
    from replays.remote.hosting import Hosted, Plan
    from replays.store import OpenMatch


def repaired_notice(opened: OpenMatch) -> str:
    """What was kept of a match whose damaged tail was cut off on opening, and where the rest is.

    Plain sentences: the reason (which may hold a bracket of its own) follows a colon, so
    brackets never nest."""
    from core.match import ActionEntry
    from core.rules import CHANCE

    moves = sum(1 for e in opened.match.entries if isinstance(e, ActionEntry) and e.seat != CHANCE)
    kept = "no moves" if moves == 0 else "1 move" if moves == 1 else f"{moves} moves"
    said = f"The end of {opened.path.name} was damaged"
    said += f": {opened.damage.reason}. " if opened.damage is not None else ". "
    said += f"Kept {kept}; play goes on from there."
    copy = opened.damaged_copy
    if copy is not None and copy.exists():
        said += f" The damaged file is kept untouched as {copy}."
    return said


class ParlourApp(App[None]):
    """The full-screen salon: menu, new game, resume, replays, rules and settings."""

    TITLE = "Parlour"
    CSS_PATH: ClassVar[list[str | PurePath]] = ["styles/app.tcss", "styles/menu.tcss"]
    """The menu's styles load with the app's: parsed once, before the first frame."""
    COMMANDS = App.COMMANDS | {ParlourCommands}
    BINDINGS: ClassVar[list[BindingType]] = [
        # The game and replay screens bind ? to their own help; elsewhere it lists the keys.
        Binding("question_mark", "toggle_keys", "keys"),
    ]

    def __init__(self, start: Start | None = None) -> None:
        super().__init__()
        self.start_at = start or Start()
        self.settings, self._notice = settings_file.load()
        self.hosted: Hosted | None = None
        """The match this app hosts for other machines, while it does."""
        self.left_waiting: str | None = None
        """The id of the match this app last stopped hosting unfinished: its players on other
        machines wait for it to be hosted again."""
        for theme in THEMES:
            self.register_theme(theme)
        self._apply(self.settings)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The cards' and pieces' colours for the theme now shown (`tui.themes`)."""
        return piece_variables(self.current_theme.dark)

    # -- settings ----------------------------------------------------------------------------
    def _apply(self, settings: Settings) -> None:
        name = settings.theme
        if name not in self.available_themes:
            name = DEFAULT_THEME
            self._notice = f"There is no theme called {settings.theme!r}; using {DEFAULT_THEME}."
        if self.get_theme(name).dark == self.current_theme.dark:  # type: ignore[union-attr]
            self._start_theme(name)
        else:  # the ANSI colour filter changes too: the watcher's way
            self.theme = name
        # An explicit TEXTUAL_ANIMATIONS (tests, screen readers) wins over the saved setting.
        # Read it here, not from textual.constants, which froze it when Textual was imported.
        forced = os.environ.get("TEXTUAL_ANIMATIONS", "").lower()
        if forced in ("none", "basic", "full"):
            self.animation_level = forced  # type: ignore[assignment]
        else:
            self.animation_level = "full" if settings.animations else "none"

    def _start_theme(self, name: str) -> None:
        """Begin with theme `name` as Textual begins with its default one in `App.__init__`:
        its variables and classes set before the stylesheet is first parsed. (Assigning
        `theme` queues a restyle that parses every style sheet again once the first parse
        is done: ~10 ms before the menu's first frame.)"""
        self.set_reactive(App.theme, name)
        self.stylesheet.set_variables(self.get_css_variables())
        self.set_class(True, f"-theme-{name}", update=False)

    def watch_theme(self, theme: str) -> None:
        """Save a theme picked anywhere (the command palette too), not only in Settings."""
        settings = getattr(self, "settings", None)
        if not self.is_running:
            return  # the theme being applied at start-up, not a choice
        if settings is not None and settings.theme != theme and theme in self.available_themes:
            self.update_settings(theme=theme)

    def update_settings(self, **changes: Any) -> None:
        """Apply and save a change (`animations=`, `theme=`); report a failed save."""
        new = dataclasses.replace(self.settings, **changes)
        if "animations" in changes:
            self.animation_level = "full" if new.animations else "none"
        if "theme" in changes and new.theme in self.available_themes:
            self.theme = new.theme
        self.settings = new
        try:
            settings_file.save(new)
        except OSError as err:
            self.notify(
                f"Could not save the settings ({err}). They apply until you quit.",
                title="Settings not saved",
                severity="warning",
                markup=False,
            )

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own palette entries in this app's words: "Keys" lists the screen's keys
        as `?` does (Textual's panel described widgets), "Quit" says nothing is lost; its
        Maximize and screenshot are left out (`ctrl+s` saves one beside the match)."""
        yield SystemCommand("Theme", "Change the colour theme", self.action_change_theme)
        yield SystemCommand("Keys", "The keys of this screen (also ?)", self.action_toggle_keys)
        yield SystemCommand("Quit", "Quit Parlour: every move is already saved", self.action_quit)

    def action_toggle_keys(self) -> None:
        """List the keys of the screen on top: its own and the app's, hidden ones included."""
        from textual.widgets import Button, Input, OptionList, Select, Switch

        from tui.screens.help import KeysScreen

        screen, keys, seen = self.screen, [], set()
        own = {b.action for b in getattr(type(screen), "BINDINGS", []) if isinstance(b, Binding)}
        own |= {b.action for b in self.BINDINGS if isinstance(b, Binding)}
        for node, binding, _, _ in screen.active_bindings.values():
            ours = node in (screen, self) and binding.action in own  # not Textual's tab & co
            if ours and binding.description and binding.action not in seen:
                seen.add(binding.action)
                keys.append((self.get_key_display(binding), binding.description))
        if any(isinstance(w, OptionList) for w in screen.focus_chain):
            keys.append(("↑ ↓  enter", "move in the list; open the choice"))
        if any(isinstance(w, (Input, Select, Button, Switch)) for w in screen.focus_chain):
            # Textual's own keys, left out above by name, are how a form is filled in
            keys.append(("tab  shift+tab", "next / previous field"))
            if typed := getattr(screen, "ENTER_IN_A_FIELD", ""):
                keys.append(("enter", typed))
            keys.append(("enter  space", "press a button; open a list, choose"))
        keys.append(
            (
                self.get_key_display(Binding(self.COMMAND_PALETTE_BINDING, "")),
                "commands (new game, rules, settings…)",
            )
        )
        keys.append(("ctrl+q", "quit Parlour (every move is saved)"))
        place = getattr(screen, "place", "") or screen.sub_title or screen.title or "Parlour"
        self.push_screen(KeysScreen(place, keys))

    def refuse(self, title: str, message: str) -> None:
        """Say plainly why something could not be done (and what to do); never a traceback."""
        self.notify(message, title=title, severity="error", markup=False, timeout=12)

    # -- start-up ----------------------------------------------------------------------------
    def get_default_screen(self) -> Screen[Any]:
        from tui.screens.menu import MenuScreen

        return MenuScreen()

    def on_mount(self) -> None:
        if self._notice:
            self.notify(
                self._notice, title="Settings", severity="warning", markup=False, timeout=12
            )
        start = self.start_at
        if start.kind == "new":
            self.action_new_game(start.game, start.options, start.players)
        elif start.kind == "resume":
            opened = start.match is not None and self.resume_match(start.match)
            if not opened:  # no id, or it could not be opened: let the player pick
                self.action_resume()
        elif start.kind == "replay":
            shown = start.match is not None and self.open_replay(Path(start.match))
            if not shown:
                self.action_replays()
        elif start.kind == "join" and start.match is not None:
            from replays.remote.invite import parse
            from tui.screens.remote import JoiningScreen

            self.push_screen(JoiningScreen(parse(start.match), watch=start.watch))
        elif start.kind == "host":
            self._host(start.hosting)

    # -- hosting -------------------------------------------------------------------------------
    @work(group="hosting")
    async def _host(self, plan: Plan) -> None:
        """Open the match to the network, then play the host's seat (or watch) on it."""
        from core.rules import SPECTATOR
        from replays.errors import LogError
        from replays.remote.hosting import CannotHost, start
        from tui.screens.game import GameScreen
        from tui.tables.link import DirectLink

        try:
            hosted = await start(plan)
        except (CannotHost, LogError, OSError, ValueError) as err:
            self.refuse("Cannot host", f"{err}")
            return
        self.hosted, self.left_waiting = hosted, None
        roles = hosted.host.roles()
        seat = roles.index("host") if "host" in roles else SPECTATOR
        table = DirectLink(hosted.host, seat, closed=self._stop_hosting).open()
        self.push_screen(GameScreen(table))
        self.bind("f2", "invitations", description="invite")
        self.action_invitations()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The invitations key is there while this app hosts a match."""
        if action == "invitations":
            return self.hosted is not None and not self.hosted.host.closed
        return True

    def action_invitations(self) -> None:
        """Show the hosted match's invitations again (to copy and send)."""
        from replays.remote.hosting import THIS_MACHINE, invitation_lines, where, widening
        from tui.screens.remote import InvitationsScreen

        hosted = self.hosted
        if hosted is not None and not hosted.host.closed:
            command = widening(hosted.address, hosted.host.match_id)
            said = THIS_MACHINE if command else where(hosted.address, hosted.host.match_id)
            address = f"Listening on {hosted.server_address}: {said}."
            self.push_screen(InvitationsScreen(invitation_lines(hosted), address, command))

    def _stop_hosting(self) -> None:
        """The host's player left the match: close the file now, the server soon after."""
        hosted, self.hosted = self.hosted, None
        if hosted is None:
            return
        for screen in self.screen_stack:
            screen.refresh_bindings()  # f2 (invitations) leaves every footer
        over = hosted.host.match.is_over
        hosted.host.close()
        self.run_worker(hosted.close(grace=2.0 if over else 0.0), group="hosting")
        if over:
            return  # the match ended: hosting ends with it, once the others have heard
        self.left_waiting = hosted.host.match_id[:8]
        self.notify(
            "Stopped hosting: the others wait, reconnecting, until you resume the match "
            f"(or run parlour host --resume {hosted.host.match_id[:8]}).",
            title="Hosting",
            markup=False,
            timeout=12,
        )

    def farewell(self) -> str | None:
        """What to tell the terminal as the app ends, when the last match it hosted was left
        unfinished (its players on other machines wait for it), else None. Quitting the app
        stops hosting too, through the host's table letting go (`_stop_hosting`)."""
        match_id = self.left_waiting
        if match_id is None:
            return None
        return (
            f"parlour: stopped hosting match {match_id}; the others wait until you resume it "
            f"(parlour host --resume {match_id})"
        )

    # -- places --------------------------------------------------------------------------------
    def _show(self, screen: Screen[Any]) -> None:
        """Push `screen`, or replace the top screen when it is the same kind of place."""
        if type(self.screen) is type(screen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def show_menu(self) -> None:
        """Close every screen above the main menu (each closes what it owns as it goes)."""
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def action_new_game(
        self,
        game: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> None:
        from tui.screens.new_game import NewGameScreen

        self._show(NewGameScreen(game, options, players))

    def action_resume(self) -> None:
        from tui.screens.resume import ResumeScreen

        self._show(ResumeScreen())

    def action_replays(self) -> None:
        from tui.screens.resume import ReplayListScreen

        self._show(ReplayListScreen())

    def action_rules(self, game: str | None = None, section: str | None = None) -> None:
        """The rules page of `game`; `section` is a heading's anchor, e.g. "advanced-level"."""
        from tui.screens.rules import RulesScreen

        self._show(RulesScreen(game, section))

    def action_settings(self) -> None:
        from tui.screens.settings import SettingsScreen

        self._show(SettingsScreen())

    # -- what screens ask for ----------------------------------------------------------------
    @on(OpenPlace)
    def _open_place(self, message: OpenPlace) -> None:
        if message.place == "new":
            self.action_new_game(message.game, message.options)
        elif message.place == "rules":
            self.action_rules(message.game, message.section)
        else:
            {
                "resume": self.action_resume,
                "replays": self.action_replays,
                "settings": self.action_settings,
            }[message.place]()

    @on(ShowMenu)
    def _show_menu(self) -> None:
        self.show_menu()

    @on(StartMatch)
    def _start_match(self, message: StartMatch) -> None:
        if message.remote:
            self.host_match(message.rules, message.seats, message.options, message.remote)
        else:
            self.start_match(message.rules, message.seats, message.options)

    def host_match(
        self,
        rules: Rules[Any, Any, Any],
        seats: Sequence[Seat],
        options: Mapping[str, Any],
        remote: Sequence[int],
    ) -> None:
        """Host a match whose `remote` seats join from other machines (on this machine's
        loopback, as `parlour host` does without --listen); the form gives way to it."""
        from replays.remote.hosting import Plan

        roles: list[Role] = [
            "remote" if n in remote else "bot" if seat.kind == "bot" else "host"
            for n, seat in enumerate(seats)
        ]
        self.pop_screen()
        plan = Plan(
            rules=rules, seats=tuple(seats), roles=tuple(roles), options=options, any_port=True
        )
        self._host(plan)

    @on(PlayMatch)
    def _play_match(self, message: PlayMatch) -> None:
        self.open_match(message.opened, replace=message.replace)

    @on(ResumeMatch)
    def _resume_match(self, message: ResumeMatch) -> None:
        self.resume_match(message.ref)

    @on(ShowReplay)
    def _show_replay(self, message: ShowReplay) -> None:
        self.open_replay(message.path, replace=message.replace)

    @on(ChangeSettings)
    def _change_settings(self, message: ChangeSettings) -> None:
        self.update_settings(**message.changes)

    # -- matches -------------------------------------------------------------------------------
    def start_match(
        self, rules: Rules[Any, Any, Any], seats: Sequence[Seat], options: Mapping[str, Any]
    ) -> bool:
        """Create the match file and open its game screen in place of the current screen."""
        from replays.errors import LogError
        from replays.store import create_match
        from tui.games import NoBoard, kit_for

        try:
            kit_for(rules.id)  # before a file exists for a game that cannot be shown
        except NoBoard as err:
            self.refuse("Cannot show this game", f"{err}. Pick another game.")
            return False
        try:
            opened = create_match(rules, tuple(seats), dict(options))
        except ValueError as err:  # options or seats the game does not allow
            self.refuse("Could not start the match", str(err))
            return False
        except (LogError, OSError) as err:
            self.refuse(
                "Could not create the match",
                f"{err}. Check that Parlour's data folder is writable, then press Start again.",
            )
            return False
        self.open_match(opened, replace=True)
        return True

    def resume_match(self, ref: str | Path) -> bool:
        """Open a stored match by id or path; a locked or unreadable one gets a clear notice.

        A match this window already plays is brought forward instead (when its game screen is
        on the stack) or named as open here, not "in another Parlour".
        """
        from replays.errors import LogError, MatchLocked
        from replays.lock import held_here
        from replays.remote.keys import Keys
        from replays.store import open_match

        if Keys.hosted(str(ref)) is not None:  # its other players join from elsewhere
            from replays.remote.hosting import resumable

            plan = resumable(str(ref))
            if plan is not None:
                self._host(plan)
                return True
        try:
            opened = open_match(ref)
        except MatchLocked as err:
            if not held_here(err.holder):
                self.refuse("Could not open the match", str(err))
                return False
            if self.bring_forward(err.path):
                self.notify(
                    "This match is already open in this window: here it is.",
                    title="Already open",
                    markup=False,
                )
                return True
            self.notify(
                "This match is already open in this window. Close it there first.",
                title="Already open",
                severity="warning",
                markup=False,
                timeout=12,
            )
            return False
        except (LogError, OSError) as err:
            self.refuse("Could not open the match", str(err))
            return False
        if opened.damage is not None:
            self.notify(
                repaired_notice(opened),
                title="Match file repaired",
                severity="warning",
                markup=False,
                timeout=15,
            )
        self.open_match(opened)
        return True

    def open_match(self, opened: OpenMatch, *, replace: bool = False) -> None:
        """Show the game screen for an open match; it owns (and closes) `opened` from here."""
        from tui.games import NoBoard
        from tui.screens.game import GameScreen

        try:
            screen: GameScreen[Any, Any] = GameScreen(opened)
        except NoBoard as err:
            opened.close()
            self.refuse(
                "Cannot show this game",
                f"{err}. The match file is kept as it is; `parlour export` can show it as text.",
            )
            return
        if replace and len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def bring_forward(self, path: Path) -> bool:
        """Go back to the game screen playing `path`: close the places opened over it.

        The game's own panels (handoff, round end, help) stay, so it resumes where it was.
        False when no game screen on the stack plays that file.
        """
        from textual.screen import ModalScreen

        from tui.screens.game import GameScreen
        from tui.screens.handoff import HandoffScreen

        stack = self.screen_stack
        games = [
            i
            for i, screen in enumerate(stack)
            if isinstance(screen, GameScreen)
            and (played := screen.port.path) is not None
            and played.resolve() == path.resolve()
        ]
        if not games:
            return False
        places = [
            i
            for i in range(games[-1] + 1, len(stack))
            if not isinstance(stack[i], ModalScreen | HandoffScreen)
        ]
        for _ in range(len(stack) - places[0] if places else 0):
            self.pop_screen()
        return True

    def open_replay(self, path: Path, *, replace: bool = False) -> bool:
        """Show the replay viewer for the match file at `path`."""
        from replays.errors import LogError

        if not path.is_file():
            self.refuse(
                "Could not open the replay",
                f"There is no match file at {path}. Pick a finished match from Replays.",
            )
            return False
        from tui.screens.replay import ReplayScreen

        try:
            screen: ReplayScreen[Any, Any] = ReplayScreen(path)
        except (LogError, OSError) as err:
            self.refuse("Could not open the replay", str(err))
            return False
        if replace and len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        return True


def run(start: Start | None = None) -> int:
    """Run the app in the terminal until the player quits; a match still hosted then is
    stopped with the app, and a line on the terminal says how to host it again. Returns the
    exit code the app ended with (2: `parlour join` could not join)."""
    app = ParlourApp(start)
    app.run()
    farewell = app.farewell()
    if farewell is not None:
        print(farewell, file=sys.stderr)
    return app.return_code or 0
