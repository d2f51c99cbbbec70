"""The review's win-chance graph: one line per seat across the match, the current entry marked,
every other round (or contest) shaded as a band.

The x axis counts the move list's rows, so "Entry 34" on the bar and 34 on the graph are the
same place; the y axis is the win chance −1..1 after the move played, from the deciding seat's
own point of view (with 3–5 players, its expected share mapped onto −1..1). What to draw is a
pure `Chart` built by `chart_of`, so tests read the series and bands without a screen; the
widget only turns a `Chart` into plotext calls in the app's colours.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from textual.color import Color
from textual.content import Content
from textual_plotext import PlotextPlot

from tui.widgets.move_list import MoveRow


class Judged(Protocol):
    """What the graph reads of a verdict: where it was, whose it was, what the move left."""

    @property
    def entry(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def played(self) -> float: ...
    @property
    def judgement(self) -> object | None: ...


@dataclass(frozen=True)
class Series:
    """One seat's line: (row number, win chance after its move) at each of its decisions."""

    seat: int
    name: str
    xs: tuple[int, ...]
    ys: tuple[float, ...]
    marked: tuple[int, ...] = ()
    """The row numbers of its judged moves (?!, ?, ??), drawn as a dot on the line."""


@dataclass(frozen=True)
class Band:
    """A shaded round or contest, from its first row number to its last."""

    start: int
    end: int
    label: str


@dataclass(frozen=True)
class Chart:
    series: tuple[Series, ...]
    bands: tuple[Band, ...]
    """Every other chapter (the second, fourth, …), so neighbours stand apart."""
    ticks: tuple[tuple[int, str], ...]
    """Where each chapter starts, labelled with its initial and number ("R2", "C3")."""
    last: int
    """The last row number: the x axis runs 0..last."""
    current: int
    """The row number on screen, marked by a vertical line."""


def chart_of(
    verdicts: Sequence[Judged],
    rows: Sequence[MoveRow],
    names: Sequence[str],
    current: int,
    chapter: str = "round",
) -> Chart:
    """What the graph shows for these verdicts over the move list `rows`; `current` is the
    position (not the number) of the row on screen; `chapter` "" or "turn": no bands."""
    number = {row.position: row.number for row in rows}
    points: dict[int, list[tuple[int, float]]] = {seat: [] for seat in range(len(names))}
    marked: dict[int, list[int]] = {seat: [] for seat in range(len(names))}
    for verdict in verdicts:
        x = number.get(verdict.entry + 1)
        if x is None:
            continue
        points[verdict.seat].append((x, verdict.played))
        if verdict.judgement is not None:
            marked[verdict.seat].append(x)
    series = tuple(
        Series(
            seat,
            names[seat],
            tuple(x for x, _ in points[seat]),
            tuple(y for _, y in points[seat]),
            tuple(marked[seat]),
        )
        for seat in range(len(names))
        if points[seat]
    )
    chapters: list[tuple[int, int, int]] = []  # (round, first number, last number)
    if chapter not in ("", "turn"):
        for row in rows:
            if not row.position:
                continue
            if chapters and chapters[-1][0] == row.round:
                chapters[-1] = (row.round, chapters[-1][1], row.number)
            else:
                chapters.append((row.round, row.number, row.number))
    initial = chapter[:1].upper()
    bands = tuple(
        Band(first, last, f"{chapter} {round_no}")
        for index, (round_no, first, last) in enumerate(chapters)
        if index % 2 == 1
    )
    ticks = tuple((first, f"{initial}{round_no}") for round_no, first, _ in chapters)
    last = rows[-1].number if rows else 0
    return Chart(series, bands, ticks, last, number.get(current, 0))


SEAT_COLOURS_DARK: tuple[str, ...] = ("#E0B84A", "#7FD3F7", "#F08A7E", "#C3A6FF", "#B5E07A")
"""Seat lines on a dark background: brass, sky, salmon, lavender, lime."""
SEAT_COLOURS_LIGHT: tuple[str, ...] = ("#9A6A00", "#1F5FAF", "#B0302A", "#6A3FA0", "#2E7D32")
"""The same hues, dark enough to read on a light background."""


def seat_colours(dark: bool) -> tuple[str, ...]:
    return SEAT_COLOURS_DARK if dark else SEAT_COLOURS_LIGHT


def spaced(ticks: Sequence[tuple[int, str]], last: int, width: int) -> list[tuple[int, str]]:
    """The ticks that fit `width` cells without their labels running into each other."""
    if not ticks or width <= 0:
        return []
    cells = max(1.0, width / max(1, last))
    kept: list[tuple[int, str]] = []
    for x, label in ticks:
        if not kept or (x - kept[-1][0]) * cells >= len(kept[-1][1]) + 2:
            kept.append((x, label))
    return kept


class WinChart(PlotextPlot):
    """The win-chance graph; `show(chart)` draws it, in the colours of the app's theme."""

    DEFAULT_CSS = """
    WinChart {
        height: 9;
        width: 1fr;
        border: round $primary 50%;
        border-title-color: $primary;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Win chance"
        self.border_subtitle = "● marked  │ here"
        self.chart: Chart | None = None

    def on_mount(self) -> None:
        super().on_mount()
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._draw())

    def on_resize(self) -> None:
        self._draw()  # the ticks that fit depend on the width

    def show(self, chart: Chart) -> None:
        self.chart = chart
        self._draw()

    def _draw(self) -> None:
        chart = self.chart
        if chart is None or not self.is_mounted:
            return
        theme = self.app.current_theme
        background = Color.parse(theme.surface or theme.background or "#000000")
        foreground = Color.parse(theme.foreground or "#FFFFFF")
        band = background.blend(foreground, 0.35).rgb
        cursor = Color.parse(theme.accent or theme.primary).rgb
        colours = seat_colours(theme.dark)
        plt = self.plt
        plt.clear_figure()
        for shaded in chart.bands:
            xs = list(range(shaded.start, shaded.end + 1))
            for edge in (1, -1):
                plt.plot(xs, [edge] * len(xs), fillx=True, marker="·", color=band)
        plt.horizontal_line(0, color=band)
        for line in chart.series:
            colour = Color.parse(colours[line.seat % len(colours)]).rgb
            plt.plot(list(line.xs), list(line.ys), marker="braille", color=colour)
            if line.marked:
                ys = dict(zip(line.xs, line.ys, strict=True))
                plt.scatter(
                    list(line.marked), [ys[x] for x in line.marked], marker="●", color=colour
                )
        # The current entry last, over the lines (plotext puts its own vertical lines below).
        heights = [n / 10 for n in range(-10, 11)]
        plt.scatter([chart.current] * len(heights), heights, marker="│", color=cursor)
        plt.xaxes(True, False)  # no frame above or to the right: every row is for the lines
        plt.yaxes(True, False)
        plt.xlim(0, max(1, chart.last))
        plt.ylim(-1, 1)
        plt.yticks([-1, 0, 1], ["-1", "0", "+1"])
        kept = spaced(chart.ticks, chart.last, self.content_region.width - 4)
        plt.xticks([x for x, _ in kept], [label for _, label in kept])
        self.border_title = self._legend(chart, colours)
        self.refresh()

    @staticmethod
    def _legend(chart: Chart, colours: Sequence[str]) -> Content:
        """ "Win chance  ━ Ann  ━ Bob": each line named, not only coloured."""
        parts: list[Content | str | tuple[str, str]] = ["Win chance "]
        for line in chart.series:
            parts += [" ", (f"━ {line.name}", colours[line.seat % len(colours)])]
        return Content.assemble(*parts)
