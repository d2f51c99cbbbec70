"""The game screen's move log, kept in the words of whoever is at the device.

Moves are worded by the shared chronicle (`replays.chronicle`, read through the table), so the
live log, the replay and the exports read alike; this adds what only a live log needs: chance
outcomes folded into one line, chapter headings and results, chat told as speech (never a
move), and being brought up to date entry by entry.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from core.rules import Rules
from replays.chronicle import Line, standing
from tui.games import Narrator
from tui.screens.game.seating import Reader
from tui.widgets.move_log import MoveLog, fold_chance
from tui.widgets.table import ChapterEnd

V = TypeVar("V")


class Told(Protocol[V]):
    """What a move log is written from: a table (`tui.tables.Table`), or one moment of a
    guest's record of a match on another machine."""

    rules: Rules[Any, Any, V]

    @property
    def position(self) -> int: ...

    def lines(self, reader: int | None, start: int = 0) -> list[Line]: ...

    def since_last_turn(self, seat: int) -> list[Line]: ...


class Narration(Generic[V]):
    """Writes a match's lines into a MoveLog for one reader, and what changed since."""

    def __init__(
        self,
        table: Told[V],
        narrator: Narrator[V],
        names: Sequence[str],
        chapters: Callable[[], Sequence[ChapterEnd]],
        log: Callable[[], MoveLog],
    ) -> None:
        self.table = table
        self.rules = table.rules
        self.narrator = narrator
        self.names = tuple(names)
        self._chapters = chapters
        self._log = log
        self._chance: list[str] = []
        self._logged = 0
        """Entries already in the move log."""
        self._turns = 0
        self._chapter: int | None = None

    def rebuild(self, reader: Reader) -> None:
        """Every line so far, in the words `reader` may read."""
        self._log().clear()
        self._chance, self._turns, self._chapter, self._logged = [], 0, None, 0
        self.more(reader)

    def more(self, reader: Reader) -> None:
        """Add the entries appended since the log was last brought up to date."""
        if reader is False:
            return
        log = self._log()
        headed = self.rules.chapter not in ("", "turn")
        for line in self.table.lines(reader, start=self._logged):
            if line.chapter != self._chapter:
                self.flush()
                if self._chapter is not None:
                    self.result(self._chapter)
                self._chapter = line.chapter
                if headed:
                    log.heading(f"{self.rules.chapter.capitalize()} {line.chapter}")
            if line.kind == "chance":
                self._chance.append(line.words)
                continue
            self.flush()
            if standing(line):
                self._turns += 1  # numbered as `replays.chronicle.move_numbers` numbers it
                log.move(self._turns, line.notation, line.words)
            elif line.kind == "move":
                log.withdrawn(line.notation, line.words)
            elif line.kind == "chat":
                log.chat(line.speaker, line.said)
            else:
                log.remark(line.words)
        self._logged = self.table.position
        if (
            self._chapter is not None
            and not self._chance
            and any(told.number == self._chapter for told in self._chapters())
        ):
            self.result(self._chapter)  # the chapter being shown has just ended

    def result(self, number: int) -> None:
        """How chapter `number` ended, under its last move (once)."""
        log = self._log()
        for told in self._chapters():
            if told.number == number and not log.has_remark(told.headline):
                reveal = f" {told.reveal}" if told.reveal else ""
                log.remark(f"{told.headline}. {told.why}{reveal}")

    def flush(self) -> None:
        """Write the chance outcomes held back so far as one line."""
        if self._chance:
            self._log().chance(fold_chance(self._chance))
            self._chance = []

    def since_last_turn(
        self, seat: int, now: int, view: V, chapters: Sequence[ChapterEnd]
    ) -> tuple[str, ...]:
        """Every other seat's public moves since `seat` last decided, then what to do now; when
        a chapter ended meanwhile, first the whole telling with its result, then the one
        without (its panel told the result already, and the moves and what to answer now
        matter more where the room is short)."""
        lines = self.table.since_last_turn(seat)
        moves = [line.words for line in lines if line.chapter == now]
        answer = f"{'; '.join(moves)} — {self.narrator.prompt(view, self.names)}" if moves else ""
        if lines and lines[0].chapter < now and chapters:
            recap = f"{chapters[-1].headline}. {chapters[-1].why}"
            return (f"{recap}  {answer}", answer) if answer else (recap,)
        return (answer,)
