"""The match browsers: Resume (matches in progress) and Replays (finished matches).

Both read only the store's listing — headers and counts, never a game state — so no hand can
show here. A file the store cannot read is listed with the store's reason rather than hidden.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Footer, Header, Static

from core import registry
from core.rules import Outcome
from replays.errors import LogError, MatchLocked
from replays.lock import held, held_here, holder_of
from replays.remote.seen import SUFFIX, SeenError, SeenSummary, read_seen, summaries
from replays.store import MatchSummary, delete_match, scan_matches
from tui.messages import ResumeMatch, ShowReplay
from tui.screens.new_game import SEAT_OPTIONS
from tui.wording import facing, sentence, titled

MARK = "▸"


def when(timestamp: float, now: datetime | None = None) -> str:
    """A short local time: "today 21:49", "yesterday 09:02", "3 May 2025 18:30"."""
    moment = datetime.fromtimestamp(timestamp)
    now = now or datetime.now()
    days = (now.date() - moment.date()).days
    clock = moment.strftime("%H:%M")
    if days == 0:
        return f"today {clock}"
    if days == 1:
        return f"yesterday {clock}"
    return f"{moment.day} {moment.strftime('%b %Y')} {clock}"


def players(summary: MatchSummary) -> str:
    """Names in seat order, "vs" between two and commas between more; a bot says so unless
    its name already does. Whole: the table cuts the column to the room there is (`_fill`)."""
    names = [
        f"{seat.name} (bot)" if seat.kind == "bot" and "bot" not in seat.name.lower() else seat.name
        for seat in summary.seats
    ]
    return facing(names)


def game_label(summary: MatchSummary) -> str:
    """The title with any word-valued options, e.g. "En Garde (advanced)"."""
    label = titled(summary.title, summary.options)
    return f"{label} ⚠" if summary.damage else label


def option_text(key: str, value: object) -> str:
    """One option in words; seats are counted from 1 for people, as everywhere in the app."""
    if key in SEAT_OPTIONS and type(value) is int:
        return f"seat {value} starts"
    if key == "first" and type(value) is int:  # files from before `starts`: 0 was seat 1
        return f"seat {value + 1} starts"
    if isinstance(value, bool):
        value = "yes" if value else "no"
    return f"{key.replace('_', ' ')} {value}"


def moves(turns: int) -> str:
    """ "1 move", "12 moves"."""
    return f"{turns} move" + ("" if turns == 1 else "s")


def details(summary: MatchSummary, where: str = "", here: str = "") -> str:
    """The line under the table for the highlighted match: everything the listing knows, and
    where it is open (`open_where`, asked once per listing; `here` says what a match open in
    this window does on Enter, which differs by list)."""
    options = ", ".join(option_text(key, value) for key, value in summary.options.items())
    parts = [summary.path.name, facing([seat.name for seat in summary.seats])]
    with contextlib.suppress(ValueError):
        parts.append(f"started {when(datetime.fromisoformat(summary.created).timestamp())}")
    parts.append(moves(summary.turns))
    if summary.finished:  # whole here: the table's column cuts it at 80 columns
        parts.append(result(summary))
    if options:
        parts.append(f"options: {options}")
    text = " · ".join(parts)
    if summary.damage:
        text += f"\n⚠ {summary.damage}; opening it keeps the good part."
    if where:
        text += f"\n{here if where == 'here' else OPEN_ELSEWHERE}"
    return text


def open_where(summary: MatchSummary) -> str:
    """ "here" (this window has the match open), "elsewhere" (another Parlour has: a match is
    played in one window only) or ""."""
    if summary.finished or not held(summary.path):
        return ""
    return "here" if held_here(holder_of(summary.path)) else "elsewhere"


OPEN_ELSEWHERE = "Open in another Parlour window: close it there first to play it here."


def seen_title(summary: SeenSummary) -> str:
    """The game's title with any word-valued options, as `game_label` words a match's."""
    try:
        title = registry.get(summary.game).title
    except registry.UnknownGame:
        title = summary.game[:24]
    shown = ", ".join(v[:16] for v in summary.options.values() if isinstance(v, str))
    return f"{title} ({shown})" if shown else title


def seen_players(summary: SeenSummary) -> str:
    return facing(summary.names)


def seat_words(summary: SeenSummary) -> str:
    """ "seat 2 (Ben)", or "watching"."""
    if 0 <= summary.seat < len(summary.names):
        return f"seat {summary.seat + 1} ({summary.names[summary.seat]})"
    return "watching"


def seen_details(summary: SeenSummary, enter: str) -> str:
    """The detail line of a match on another machine this guest has a record of."""
    host = summary.invitation.split("/")[2] if summary.invitation.count("/") >= 3 else "?"
    return (
        f"{summary.path.name} · {seen_players(summary)} · on another machine ({host}), "
        f"this machine's {seat_words(summary)} · {enter}"
    )


def result(summary: MatchSummary) -> str:
    outcome = summary.outcome
    if outcome is None:
        return ""
    if outcome.is_draw:
        return "Draw"
    names = [summary.seats[w].name for w in outcome.winners if 0 <= w < len(summary.seats)]
    score = scores(outcome)
    return f"{' & '.join(names)} won" + (f" {score}" if score else "")


def scores(outcome: Outcome) -> str:
    """The final scores, the winners' first ("5–1"; then the others in seat order), with the
    en dash the standing in Resume uses ("round 4 · 2–1")."""
    first = [w for w in outcome.winners if 0 <= w < len(outcome.scores)]
    order = first + [seat for seat in range(len(outcome.scores)) if seat not in first]
    return "–".join(str(outcome.scores[seat]) for seat in order)


NARROWEST = 6
"""The fewest cells a shrunk column keeps."""


def fit_widths(wanted: Sequence[int], room: int, give: Sequence[int]) -> list[int]:
    """Column widths within `room` cells: the columns named in `give` (by index; on a tie the
    first named) give way one cell at a time, the widest first, down to `NARROWEST`."""
    widths = list(wanted)
    while sum(widths) > room:
        shrinkable = [n for n in give if widths[n] > NARROWEST]
        if not shrinkable:
            break
        widest = max(shrinkable, key=lambda n: widths[n])
        widths[widest] -= 1
    return widths


class ConfirmDelete(ModalScreen[bool]):
    """Are you sure? Names the match, since a deleted match cannot be brought back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Delete"),
        Binding("n,escape", "answer(False)", "Keep"),
    ]

    def __init__(self, what: str) -> None:
        super().__init__()
        self._what = what

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm", classes="panel") as box:
            box.border_title = "Delete this match?"
            yield Static(self._what, id="confirm-what", markup=False)
            yield Static("Its file is removed for good; this cannot be undone.", classes="hint")
            with Horizontal(id="confirm-buttons"):
                yield Button("Y  Delete", variant="error", id="yes", compact=True)
                yield Button("N  Keep it", id="no", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class MatchTable(DataTable[str]):
    """The listing, with Enter named in the Footer."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "select_cursor", "Open")]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Open is offered only while there is a row to open (an empty list keeps focus)."""
        return action != "select_cursor" or self.row_count > 0


class MatchListScreen(Screen[None]):
    """A table of stored matches; subclasses choose which ones and what Enter does."""

    CSS_PATH = "../styles/resume.tcss"
    AUTO_FOCUS = "DataTable"
    FINISHED: ClassVar[bool | None] = False
    """Which matches are listed: finished ones, unfinished ones, or (None) all."""
    NAME: ClassVar[str] = ""
    EMPTY: ClassVar[str] = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("d,delete", "delete", "Delete"),
        Binding("n", "app.new_game", "New game"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._rows: dict[str, MatchSummary | SeenSummary | str] = {}
        """Row key (the file path) -> its summary, or the reason it cannot be read."""
        self._marked: str | None = None
        self._lines: list[tuple[str, tuple[str, ...]]] = []
        """Each row's key and cells as last read, laid out again on a resize."""
        self._where_open: dict[str, str] = {}
        """Row key -> where the match is open now (`open_where`), as last read."""
        self._newer: set[str] = set()
        """The row keys of files a newer Parlour wrote (upgrade to open them)."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield MatchTable(cursor_type="row", zebra_stripes=True, id="matches")
        yield Static("", id="detail", classes="hint", markup=False)
        yield Static(self.EMPTY, id="empty", classes="empty-state")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.NAME
        self.refresh_list()

    def on_screen_resume(self) -> None:
        self.refresh_list()

    def columns(self) -> tuple[str, ...]:
        raise NotImplementedError

    def cells(self, summary: MatchSummary) -> tuple[str, ...]:
        raise NotImplementedError

    def seen_cells(self, summary: SeenSummary) -> tuple[str, ...]:
        """The row of a match on another machine this guest keeps a record of."""
        raise NotImplementedError

    ENTER_SEEN: ClassVar[str] = ""
    """What Enter does with a record of a match on another machine, for the detail line."""
    OPEN_HERE: ClassVar[str] = ""
    """What the list's Enter does with a match open in this window (under its details)."""

    def refresh_list(self) -> None:
        """Read the listing again (matches change while games are played)."""
        self._rows, self._lines, self._where_open = {}, [], {}
        try:
            listing = scan_matches()
        except (LogError, OSError) as err:
            self.app.notify(
                f"Could not read the matches folder: {err}", severity="error", markup=False
            )
            listing = None
        if listing is not None:
            for summary in listing.matches:
                if self.FINISHED is None or summary.finished == self.FINISHED:
                    key = str(summary.path)
                    self._rows[key] = summary
                    self._where_open[key] = open_where(summary)
                    self._lines.append((key, self.cells(summary)))
            unreadable = list(listing.unreadable)
            try:
                records, damaged = summaries()
            except (LogError, OSError) as err:
                records, damaged = [], [(Path("away"), f"{err}")]
            for record in records:
                self._rows[str(record.path)] = record
                self._lines.append((str(record.path), self.seen_cells(record)))
            if self.FINISHED is False:
                self._newer = {str(path) for path in listing.newer}
                for path, reason in [*unreadable, *damaged]:
                    self._rows[str(path)] = reason
                    blanks = ("",) * (len(self.columns()) - 2)
                    said = "⚠ newer Parlour" if str(path) in self._newer else "⚠ unreadable file"
                    self._lines.append((str(path), (said, path.name, *blanks)))
        self._fill()

    def _fill(self) -> None:
        """Lay the rows out in columns that fit the table's width (the widest of Players,
        Game and the third column is cut first, with an ellipsis), keeping the highlighted row."""
        table = self.query_one(DataTable)
        keep = self._current() if table.row_count else None
        table.clear(columns=True)
        table.add_column(" ", key="mark", width=1)
        columns = self.columns()
        wanted = [
            max([len(column)] + [len(cells[n]) for _, cells in self._lines])
            for n, column in enumerate(columns)
        ]
        # The table's margin and border, a scrollbar, the mark column, each cell's padding.
        room = self.size.width - 4 - 2 - (1 + 2) - 2 * len(columns)
        widths = fit_widths(wanted, room, (1, 0, 2))
        for column, width in zip(columns, widths, strict=True):
            table.add_column(column, key=column, width=width)
        for key, cells in self._lines:
            texts = [Text(cell, overflow="ellipsis", no_wrap=True) for cell in cells]
            table.add_row("", *texts, key=key)
        self._marked = None
        self.query_one("#empty").display = not self._rows
        table.display = bool(self._rows)
        self.query_one("#detail").display = bool(self._rows)
        self.refresh_bindings()
        if self._rows:
            if keep in self._rows:
                table.move_cursor(row=table.get_row_index(keep))
            self._mark(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)

    def on_resize(self) -> None:
        self._fill()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Delete is offered (in the footer too) only while there is a row to delete."""
        return action != "delete" or bool(self._rows)

    def _mark(self, key: str | None) -> None:
        """Point at the highlighted row with ▸ and describe it below the table."""
        table = self.query_one(DataTable)
        if self._marked in self._rows:
            table.update_cell(self._marked, "mark", "")
        row = self._rows.get(key) if key is not None else None
        if key is not None and row is not None:
            table.update_cell(key, "mark", MARK)
            if isinstance(row, MatchSummary):
                text = details(row, self._where_open.get(key, ""), self.OPEN_HERE)
            elif isinstance(row, SeenSummary):
                text = seen_details(row, self.ENTER_SEEN)
            else:
                text = f"⚠ {row}"
            self.query_one("#detail", Static).update(text)
        self._marked = key

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._mark(event.row_key.value)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.row_key.value is not None:
            self._open(event.row_key.value)

    def _current(self) -> str | None:
        table = self.query_one(DataTable)
        if not self._rows:
            return None
        return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value

    def _open(self, key: str) -> None:
        row = self._rows.get(key)
        if isinstance(row, str):
            upgrade = key in self._newer  # (its reason says to upgrade: no file to delete)
            self.app.notify(
                f"{sentence(row)}"
                if upgrade
                else f"{row}. Delete it with d, or keep the file to examine it.",
                title="This match cannot be opened",
                severity="error",
                markup=False,
                timeout=12,
            )
        elif isinstance(row, SeenSummary):
            self.open_seen(row)
        elif row is not None:
            self.open_summary(row)

    def open_summary(self, summary: MatchSummary) -> None:
        raise NotImplementedError

    def open_seen(self, summary: SeenSummary) -> None:
        raise NotImplementedError

    def action_delete(self) -> None:
        key = self._current()
        row = self._rows.get(key) if key else None
        if key is None or row is None:
            return
        if isinstance(row, MatchSummary):
            # Where it stands as the list says it: "2 moves" was "2 turns" here, and a
            # Crossing turn is two moves.
            what = f"{game_label(row)}: {players(row)}, {row.standing or moves(row.turns)}"
        elif isinstance(row, SeenSummary):
            what = f"this machine's record of {seen_title(row)}: {seen_players(row)}"
        else:
            what = f"{Path(key).name} (damaged)"

        def answered(yes: bool | None) -> None:
            if yes:
                self._delete(Path(key), what)

        self.app.push_screen(ConfirmDelete(what), answered)

    def _delete(self, path: Path, what: str) -> None:
        try:
            if path.suffix == SUFFIX:
                path.unlink()  # a guest's record: no lock, no sidecars
            else:
                delete_match(path)
        except MatchLocked as err:
            said = (
                "This match is open in this window: close it there first, then delete it."
                if held_here(err.holder)
                else str(err)
            )
            self.app.notify(said, title="Not deleted", severity="error", markup=False, timeout=12)
            return
        except LogError as err:
            self.app.notify(
                str(err), title="Not deleted", severity="error", markup=False, timeout=12
            )
            return
        except OSError as err:
            self.app.notify(
                f"Could not delete {path.name}: {err.strerror}. Check the folder's permissions.",
                title="Not deleted",
                severity="error",
                markup=False,
            )
            return
        self.app.notify(f"Deleted {what}.", title="Match deleted", markup=False)
        self.refresh_list()


class ResumeScreen(MatchListScreen):
    """Matches in progress: Enter continues one where it was left."""

    NAME = "Resume"
    EMPTY = (
        "No matches in progress.\n\nPress [b]N[/b] to start a new game, or [b]Esc[/b] to go back."
    )

    def columns(self) -> tuple[str, ...]:
        return ("Game", "Players", "Where", "Last played")

    def cells(self, summary: MatchSummary) -> tuple[str, ...]:
        return (
            game_label(summary),
            players(summary),
            f"open {where}"
            if (where := self._where_open.get(str(summary.path)))
            else summary.standing or moves(summary.turns),
            when(summary.last_played),
        )

    ENTER_SEEN = "Enter joins it again with the invitation kept here"
    OPEN_HERE = "Open in this window: Enter goes back to it."

    def seen_cells(self, summary: SeenSummary) -> tuple[str, ...]:
        return (
            seen_title(summary),
            seen_players(summary),
            "on another machine",
            when(summary.last_seen),
        )

    def open_summary(self, summary: MatchSummary) -> None:
        self.post_message(ResumeMatch(summary.path))

    def open_seen(self, summary: SeenSummary) -> None:
        """Join the match again: the host tells the seat everything anew."""
        from replays.remote.invite import BadInvitation, parse
        from tui.screens.remote import JoiningScreen

        try:
            invitation = parse(summary.invitation)
        except BadInvitation as err:
            self.app.notify(f"{err}", title="Cannot join", severity="error", markup=False)
            return
        self.app.push_screen(JoiningScreen(invitation, watch=summary.seat < 0))


class ReplayListScreen(MatchListScreen):
    """Every match: Enter opens the replay viewer (an unfinished one on the table, a seat's
    hand only behind that seat's handoff)."""

    NAME = "Replays"
    FINISHED = None
    EMPTY = (
        "No matches yet.\n\nPlay one and it appears here to replay and annotate."
        "\nPress [b]N[/b] to start a new game, or [b]Esc[/b] to go back."
    )

    def columns(self) -> tuple[str, ...]:
        return ("Game", "Players", "Result", "Played")

    def cells(self, summary: MatchSummary) -> tuple[str, ...]:
        outcome = result(summary) if summary.finished else "in progress"
        return (game_label(summary), players(summary), outcome, when(summary.last_played))

    ENTER_SEEN = "Enter replays what this machine was shown"
    OPEN_HERE = "Open in this window: Enter replays it as it stands; Esc goes back to it."

    def seen_cells(self, summary: SeenSummary) -> tuple[str, ...]:
        return (
            seen_title(summary),
            seen_players(summary),
            f"seen, {seat_words(summary)}",
            when(summary.last_seen),
        )

    def open_summary(self, summary: MatchSummary) -> None:
        self.post_message(ShowReplay(summary.path))

    def open_seen(self, summary: SeenSummary) -> None:
        """The record replayed: this machine's view, moment by moment."""
        from tui.screens.seen import SeenScreen

        try:
            record = read_seen(summary.path)
        except SeenError as err:
            self.app.notify(
                f"{err}. Delete it with d.",
                title="This record cannot be replayed",
                severity="error",
                markup=False,
                timeout=12,
            )
            return
        self.app.push_screen(SeenScreen(record))
