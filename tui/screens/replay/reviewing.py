"""The viewer's review: what the file holds on open, the search run in a thread, its progress.

`r` starts (or continues) `replays.review.review_file` in a worker thread; every decision it
finishes is already in the match file, so Esc (or leaving, or Ctrl-C) only asks it to stop
between decisions and keeps what is done, and `r` again continues where it stopped. The
progress comes back as messages (thread-safe), the result as the worker's return value.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from textual.content import Content
from textual.message import Message
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState

from replays.errors import LogError
from replays.review import Review, review_file, review_of
from tui.screens.replay.rows import decision_at
from tui.screens.replay.verdicts import accuracy_table, marked_positions, review_title
from tui.widgets.move_list import MoveList
from tui.widgets.win_chart import WinChart, chart_of
from tui.wording import sentence

if TYPE_CHECKING:
    from tui.screens.replay.screen import ReplayScreen

ROOMY = 30
"""From this many rows the graph sits above the move list and the notes stay beside the
accuracy table; below, `g` swaps the move list for the graph and the table takes the notes'
place (80×24 keeps its move list; the notes' glyphs stay in it)."""
LEVEL = "normal"
"""The viewer reviews at the bots' normal strength (the command line offers the others)."""


class ReviewProgress(Message):
    """`done` of `total` decisions reviewed (posted from the review's thread)."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__()
        self.done = done
        self.total = total


class Reviewing:
    """The review shown in a replay viewer, and the one being made."""

    GROUP = "review"

    def __init__(self, screen: ReplayScreen[Any, Any]) -> None:
        self._screen = screen
        self.review: Review | None = review_of(screen.match)
        """What the file holds (None: never reviewed); replaced as a review run ends."""
        self._stop = threading.Event()
        self.running = False
        self._graph: bool | None = None
        """Whether the graph is shown: None until `g` is pressed (then: as the height allows)."""

    def start(self) -> None:
        """Review the match, or continue its review; already complete: say so."""
        screen = self._screen
        if self.running:
            screen.notify("The review is under way; Esc stops it.", title="Review")
            return
        if self.review is not None and self.review.complete:
            screen.notify(
                "This match is reviewed: m / M jump between the marked moves.", title="Review"
            )
            return
        screen.autoplay_off()
        self._stop.clear()
        self.running = True
        seats = self.review.seats if self.review is not None else None
        path = screen.path

        def told(done: int, total: int) -> None:
            screen.post_message(ReviewProgress(done, total))

        def work() -> Review:
            return review_file(
                path,
                level=self.review.level if self.review is not None else LEVEL,
                seed=self.review.seed if self.review is not None else 0,
                seats=seats,
                progress=told,
                should_stop=self._stop.is_set,
            )

        known = self.review
        self.progress(known.done if known else 0, known.total if known else 0)
        screen.run_worker(work, thread=True, group=self.GROUP, exit_on_error=False)

    # -- on screen ------------------------------------------------------------------------
    def draw(self, decision: int) -> None:
        """The graph and the accuracy table at the row of `decision`, when there is a review."""
        screen, review = self._screen, self.review
        self.lay_out()
        if review is None:
            return
        table = screen.query_one("#rp-accuracy", Static)
        title = review_title(review)
        table.border_title = title
        figures = accuracy_table(review, screen.names)
        if screen.has_class("-low"):  # no frame there: the title heads the figures
            figures = Content("\n").join([Content.styled(title, "dim"), figures])
        table.update(figures)
        chart = chart_of(review.verdicts, screen.rows, screen.names, decision, screen.rules.chapter)
        screen.query_one(WinChart).show(chart)

    def lay_out(self) -> bool:
        """Graph, table and move list as the height allows (see `ROOMY`); True when the
        screen went from low to roomy or back (its panels are then worded again)."""
        screen = self._screen
        if not screen.is_mounted:
            return False
        roomy = screen.size.height >= ROOMY
        changed = screen.has_class("-low") == roomy
        reviewed = self.review is not None
        screen.set_class(reviewed, "-reviewed")
        graph = reviewed and (roomy if self._graph is None else self._graph)
        chart = screen.query_one(WinChart)
        chart.display = graph
        chart.set_class(not roomy, "-alone")
        screen.set_class(not roomy, "-low")
        screen.query_one("#rp-accuracy").display = reviewed
        screen.query_one("#rp-notes").display = roomy or not reviewed  # n / N still go there
        screen.query_one(MoveList).display = roomy or not graph
        return changed

    def toggle_graph(self) -> None:
        """Show or hide the win-chance graph (at 80×24 it takes the move list's place)."""
        self._graph = not self._screen.query_one(WinChart).display
        self.lay_out()

    def jump(self, delta: int) -> None:
        """To the next (or previous) move the review marked ?!, ? or ??, round the ends."""
        screen = self._screen
        marked = marked_positions(self.review)
        if not marked:
            screen.notify("The review marked no move of this match.", title="Review")
            return
        here = decision_at(screen.rows, screen.here)
        ahead = [p for p in marked if p > here] if delta > 0 else [p for p in marked if p < here]
        if ahead:
            screen.go_step(ahead[0] if delta > 0 else ahead[-1])
            return
        screen.go_step(marked[0] if delta > 0 else marked[-1])  # round the end: said, or it reads
        said = (  # as a jump the wrong way
            "No marked move after this one: back to the first."
            if delta > 0
            else "No marked move before this one: on to the last."
        )
        screen.notify(said, title="Review")

    def progress(self, done: int, total: int) -> None:
        screen = self._screen
        screen.query_one("#rp-reviewing").display = True
        screen.query_one(ProgressBar).update(total=total or None, progress=done)
        told = f"{done}/{total} decisions" if total else "looking…"
        screen.query_one("#rp-review-label", Static).update(
            Content.assemble(
                ("Reviewing ", "bold"), told, ("  ·  Esc stops and keeps what is done", "dim")
            )
        )

    # -- the run ----------------------------------------------------------------------------
    def stop(self) -> None:
        """Ask the review to stop after the decision it is on (what is done stays)."""
        self._stop.set()

    def ended(self, worker: Worker[Any]) -> None:
        """The review's thread is over: show what the file now holds (every decision finished
        is in it, whatever stopped the run), and say how it ended."""
        if worker.state not in (WorkerState.SUCCESS, WorkerState.ERROR, WorkerState.CANCELLED):
            return
        self.running = False
        screen = self._screen
        screen.query_one("#rp-reviewing").display = False
        screen.reload()
        self.review = review_of(screen.match)
        screen.redraw()
        error = worker.error
        if isinstance(error, LogError | OSError):
            screen.notify(
                sentence(str(error)),
                title="Cannot review this match",
                severity="warning",
                markup=False,
                timeout=12,
            )
            return
        review = self.review
        if error is not None and not self._stop.is_set():
            screen.notify(
                f"The review failed: {error}", title="Review", severity="error", markup=False
            )
        elif review is None:  # nothing a seat decided: a match resigned before its first move
            screen.notify("This match has no decisions to review.", title="Review")
        elif review.complete:
            marked = len(review.marked())
            screen.notify(
                f"{review.total} decisions reviewed, {marked} marked: m / M jump between them."
                if marked
                else f"{review.total} decisions reviewed: none marked, every move within 0.1 "
                "of the best found.",
                title="Review done",
            )
        elif self._stop.is_set():
            screen.notify(
                f"Stopped with {review.done} of {review.total} decisions reviewed (kept in the "
                "file). Press r to continue.",
                title="Review stopped",
            )
