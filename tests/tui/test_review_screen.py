"""The review on screen: the win-chance graph, `r` in the replay viewer (progress, Esc stops,
`r` continues), the marked moves and `m` / `M`, the accuracy table, the refusal of an
unfinished hot-seat match, `g` at 80×24, and the match-end screen's Review button.

The reviews here are real (`replays.review.review_file`, the bots' search); only their
iteration budget is cut (`FAST`) so a whole Crossing match is reviewed in a moment.
"""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Button, ProgressBar, Static

from core import registry
from core.ai.bots import Bot
from core.ai.greedy import GreedyBot
from core.ai.random_bot import RandomBot
from core.match import Seat
from core.play import play_out
from core.review import appraise
from core.review.judgement import Judgement, judge
from core.review.verdict import Verdict
from replays.review import read_review, review_file
from replays.store import create_match
from tui.app import ParlourApp
from tui.screens.replay import ReplayScreen
from tui.screens.replay.keys import KEYS
from tui.screens.replay.rows import decision_at
from tui.screens.replay.verdicts import (
    accuracy_table,
    chance,
    marked_positions,
    review_title,
    verdict_text,
)
from tui.screens.round_end import MatchEnd, MatchEndScreen
from tui.start import Start
from tui.themes import FELT
from tui.widgets.move_list import MoveList, MoveRow
from tui.widgets.win_chart import (
    SEAT_COLOURS_DARK,
    SEAT_COLOURS_LIGHT,
    Band,
    WinChart,
    chart_of,
    spaced,
)

SEATS = (Seat("Ann"), Seat("Bob"))
FAST = {level: appraise.Effort(12, 6) for level in appraise.EFFORT}
"""A few iterations a decision: the same search, cut short, so the tests stay quick."""


@pytest.fixture(autouse=True)
def fast_review(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(appraise, "EFFORT", FAST)


def finished(game: str = "crossing", seed: int = 1) -> Path:
    """A finished hot-seat match (Ann and Bob): Ann's moves a greedy bot chose, Bob's a random
    one (so the review has mistakes to mark), seeded."""
    rules = registry.get(game)
    with create_match(rules, SEATS, {}) as opened:
        bots: dict[int, Bot] = {0: GreedyBot(seed), 1: RandomBot(seed)}
        play_out(opened.match, bots, random.Random(seed), submit=opened.submit)
        return opened.path


def unfinished(game: str = "en-garde", decisions: int = 6) -> Path:
    rules = registry.get(game)
    with create_match(rules, SEATS, {}) as opened:
        bots = {seat: GreedyBot(seat) for seat in range(len(SEATS))}
        play_out(opened.match, bots, random.Random(2), submit=opened.submit, max_plies=decisions)
        return opened.path


def reviewed(path: Path, decisions: int | None = None) -> Path:
    """`path` with its review made (the first `decisions` only, when given)."""
    done = [0]

    def progress(count: int, total: int) -> None:
        done[0] = count

    review_file(
        path,
        progress=progress,
        should_stop=lambda: decisions is not None and done[0] >= decisions,
    )
    return path


def verdict(entry: int, seat: int, played: float, judgement: Judgement | None = None) -> Verdict:
    return Verdict(
        entry, seat, 0.0, played, played + 0.4 if judgement else played, "a", "b", "w", judgement
    )


def screen_of(app: App[None]) -> ReplayScreen:
    assert isinstance(app.screen, ReplayScreen), app.screen
    return app.screen


def shown(app: App[None], selector: str) -> str:
    return str(app.screen.query_one(selector, Static).visual)


def screenshot_text(app: App[None]) -> str:
    return html.unescape(app.export_screenshot()).replace("\xa0", " ")


def visible(app: App[None]) -> str:
    """The characters on the screen, row after row, without blanks (the screenshot draws a
    run of them as a rectangle)."""
    svg = app.export_screenshot()
    return re.sub(r"\s", "", html.unescape("".join(re.findall(r"<text[^>]*>(.*?)</text>", svg))))


def footer(app: App[None]) -> dict[str, int]:
    """The actions the Footer shows, each with the column its key ends at."""
    return {
        str(getattr(key, "action", "")): key.region.right
        for key in app.screen.query("FooterKey")
        if key.region.width > 0
    }


async def laid_out_footer(pilot: Pilot[None], app: App[None]) -> dict[str, int]:
    """`footer` once the Footer has its keys (a loaded machine lays it out a little later)."""
    for _ in range(250):  # bounded: five seconds at most
        shown = footer(app)
        if shown:
            return shown
        await pilot.pause(0.02)
    return footer(app)


def messages(app: App[None]) -> list[str]:
    return [n.message for n in app._notifications]


async def until(pilot: object, done: object, seconds: float = 30.0) -> None:
    """Pause the pilot until `done()` holds (a review runs in a thread), at most `seconds`."""
    for _ in range(int(seconds / 0.05)):
        if done():  # type: ignore[operator]
            return
        await pilot.pause(0.05)  # type: ignore[attr-defined]
    raise AssertionError("waited in vain")


# -- the graph ------------------------------------------------------------------------------


def rows(rounds: list[int]) -> list[MoveRow]:
    """A move list: the start, then one row per entry in the given rounds."""
    start = [MoveRow(0, 0, False, "", "", rounds[0])]
    return start + [MoveRow(n, n, False, "x", "w", r) for n, r in enumerate(rounds, start=1)]


def test_each_seat_has_its_own_line_at_its_own_decisions() -> None:
    verdicts = [
        verdict(0, 0, 0.2),
        verdict(1, 1, -0.1),
        verdict(2, 0, -0.5, Judgement.BLUNDER),
        verdict(4, 1, 0.6),
    ]
    chart = chart_of(verdicts, rows([1, 1, 1, 2, 2, 3]), ["Ann", "Bob"], current=3)
    ann, bob = chart.series
    assert (ann.name, ann.xs, ann.ys, ann.marked) == ("Ann", (1, 3), (0.2, -0.5), (3,))
    assert (bob.name, bob.xs, bob.ys, bob.marked) == ("Bob", (2, 5), (-0.1, 0.6), ())
    assert chart.current == 3
    assert chart.last == 6


def test_every_other_round_is_a_band_and_each_round_start_a_tick() -> None:
    chart = chart_of([], rows([1, 1, 2, 2, 2, 3, 4]), ["Ann", "Bob"], 0, chapter="bout")
    assert chart.bands == (Band(3, 5, "bout 2"), Band(7, 7, "bout 4"))
    assert chart.ticks == ((1, "B1"), (3, "B2"), (6, "B3"), (7, "B4"))
    assert chart.series == ()


def test_a_game_without_chapters_has_no_bands() -> None:
    chart = chart_of([verdict(0, 0, 0.1)], rows([1, 1, 1]), ["Ann", "Bob"], 1, chapter="turn")
    assert chart.bands == () and chart.ticks == ()
    assert chart.series[0].xs == (1,)


def test_ticks_too_close_for_their_labels_are_left_out() -> None:
    ticks = [(1, "R1"), (2, "R2"), (10, "R3"), (11, "R4"), (40, "R5")]
    assert spaced(ticks, 40, 40) == [(1, "R1"), (10, "R3"), (40, "R5")]
    assert spaced(ticks, 40, 400) == ticks


class ChartApp(App[None]):
    def __init__(self, theme: str) -> None:
        super().__init__()
        self.register_theme(FELT)
        self.wanted = theme

    def compose(self) -> ComposeResult:
        yield WinChart()

    def on_mount(self) -> None:
        self.theme = self.wanted


@pytest.mark.parametrize(
    ("theme", "colours"),
    [("parlour-felt", SEAT_COLOURS_DARK), ("textual-light", SEAT_COLOURS_LIGHT)],
)
async def test_the_graph_draws_both_lines_the_bands_and_the_marker_in_the_theme(
    theme: str, colours: tuple[str, ...]
) -> None:
    verdicts = [verdict(n, n % 2, (-1) ** n * n / 12) for n in range(12)]
    chart = chart_of(verdicts, rows([1] * 4 + [2] * 4 + [3] * 4), ["Ann", "Bob"], 6, "round")
    app = ChartApp(theme)
    async with app.run_test(size=(80, 12)) as pilot:
        widget = app.query_one(WinChart)
        widget.show(chart)
        await pilot.pause()
        svg = app.export_screenshot().lower()
        text = screenshot_text(app)
    assert colours[0].lower() in svg and colours[1].lower() in svg
    assert "━ Ann" in text and "━ Bob" in text
    assert "R1" in text and "R2" in text and "R3" in text
    assert "·" in text  # the shaded band of round 2
    assert "● marked" in text and "│ here" in text


# -- the replay viewer ----------------------------------------------------------------------


async def test_a_reviewed_match_shows_its_review_on_open_and_m_jumps_between_marks(
    tmp_path: Path,
) -> None:
    path = reviewed(finished())
    review = read_review(path)
    assert review is not None and review.complete
    marks = marked_positions(review)
    assert marks, "the fixture's review should mark a move"
    app = ParlourApp(Start("replay", match=str(path)))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = screen_of(app)
        table = shown(app, "#rp-accuracy")
        assert "Ann" in table and "Bob" in table and "?!" in table and "??" in table
        assert str(accuracy_table(review, ("Ann", "Bob"))) == table
        assert app.screen.query_one(WinChart).display
        await pilot.press("home", "m")
        assert screen.here == marks[0]
        judged = review.at(marks[0] - 1)
        assert judged is not None and judged.judgement is not None
        glyph = judged.judgement.glyph
        entry = shown(app, "#rp-entry").splitlines()
        assert entry[1] == f"{glyph} {judged.judgement.word} −{judged.drop:.2f}"
        assert (
            entry[2]
            == f"{chance(judged.before)} → {chance(judged.played)}, best {chance(judged.best)}"
        )
        assert entry[3] == f"better: {judged.best_notation} — {judged.best_words}"
        moves = app.screen.query_one(MoveList)
        assert glyph in str(moves.get_option(f"at-{marks[0]}").prompt)
        await pilot.press("M")
        assert screen.here == marks[-1]  # wrapped round to the last mark, and said so
        said = [n.message for n in app._notifications]
        assert "No marked move before this one: on to the last." in said
        chart = app.screen.query_one(WinChart).chart
        assert chart is not None and chart.current == screen.row_at(marks[-1]).number


async def test_m_lands_on_a_marked_move_with_the_cards_it_drew_as_the_arrows_do() -> None:
    """At En Garde `m` stopped between a move and its refill: a hand of four cards and "Next:
    chance", a state the arrows never show."""
    path = reviewed(finished("en-garde"), decisions=30)
    marks = marked_positions(read_review(path))
    assert marks, "the fixture's review should mark a move"
    app = ParlourApp(Start("replay", match=str(path)))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = screen_of(app)
        await pilot.press("home", "m")
        found = screen.here
        assert decision_at(screen.rows, found) == marks[0]
        assert "Next: chance" not in shown(app, "#rp-next")
        await pilot.press("left", "right")
        assert screen.here == found


def test_the_accuracy_table_keeps_apart_players_whose_names_differ_at_the_end() -> None:
    """ "Random bot" and "Random bot 2" both read "Random bo…"."""
    review = read_review(reviewed(finished(), decisions=4))
    assert review is not None
    table = str(accuracy_table(review, ("Random bot", "Random bot 2")))
    assert "Random… 2" in table and "Random bot " in table


async def test_r_reviews_with_progress_esc_stops_and_r_continues(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Slow enough a decision that Esc lands in the middle of the review.
    monkeypatch.setattr(appraise, "EFFORT", {"normal": appraise.Effort(300, 150)})
    path = finished()
    app = ParlourApp(Start("replay", match=str(path)))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = screen_of(app)
        assert screen.review is None
        assert not app.screen.query_one(WinChart).display
        await pilot.press("r")
        bar = app.screen.query_one(ProgressBar)
        await until(pilot, lambda: (bar.progress or 0) >= 1)
        assert app.screen.query_one("#rp-reviewing").display
        assert "decisions" in shown(app, "#rp-review-label")
        await pilot.press("escape")
        await until(pilot, lambda: not screen.reviewing.running)
        assert isinstance(app.screen, ReplayScreen)  # Esc stopped the review, not the viewer
        first = screen.review
        assert first is not None and first.done >= 1, messages(app)
        assert not app.screen.query_one("#rp-reviewing").display
        if not first.complete:
            assert any("Press r to continue" in m for m in messages(app))
        await pilot.press("r")
        # the rest of the match at 300 iterations a decision: half a minute on a loaded machine
        await until(
            pilot, lambda: screen.review is not None and screen.review.complete, seconds=180
        )
        done = screen.review
        assert done is not None and done.verdicts[: first.done] == first.verdicts
        assert done.verdicts == read_review(path).verdicts  # type: ignore[union-attr]
        assert app.screen.query_one(WinChart).display
        await pilot.press("escape")
        assert not isinstance(app.screen, ReplayScreen)


async def test_an_unfinished_hot_seat_match_says_why_it_cannot_be_reviewed() -> None:
    app = ParlourApp(Start("replay", match=str(unfinished())))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = screen_of(app)
        await pilot.press("r")
        await until(pilot, lambda: not screen.reviewing.running)
        assert screen.review is None
        said = " ".join(messages(app))
        assert "match is not over: its review" in said and "finish it first" in said


async def test_a_match_resigned_before_any_decision_says_it_has_none_to_review() -> None:
    with create_match(registry.get("crossing"), SEATS, {}) as opened:
        opened.resign(1)
        path = opened.path
    app = ParlourApp(Start("replay", match=str(path)))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = screen_of(app)
        await pilot.press("r")
        await until(pilot, lambda: not screen.reviewing.running)
        await pilot.pause()
        assert screen.review is None
        assert "This match has no decisions to review." in messages(app)


async def test_at_80_by_24_g_swaps_the_move_list_for_the_graph(tmp_path: Path) -> None:
    path = reviewed(finished(), decisions=3)
    app = ParlourApp(Start("replay", match=str(path)))
    async with app.run_test(size=(80, 24)) as pilot:
        chart, moves = app.screen.query_one(WinChart), app.screen.query_one(MoveList)
        assert moves.display and not chart.display
        await pilot.press("g")
        assert chart.display and not moves.display
        assert "Win chance" in screenshot_text(app)
        await pilot.press("g")
        assert moves.display and not chart.display
        assert shown(app, "#rp-accuracy").startswith("Review 3/")  # stopped part-way: it says so


async def test_at_80_by_24_a_marked_move_shows_its_whole_verdict_above_the_table() -> None:
    """Attacke's table and hands leave the panels few rows: the verdict keeps its lines and
    the accuracy table below gives way."""
    rules = registry.get("attacke")
    with create_match(rules, (*SEATS, Seat("Cid")), {}) as opened:
        bots: dict[int, Bot] = {0: GreedyBot(3), 1: RandomBot(3), 2: GreedyBot(4)}
        play_out(opened.match, bots, random.Random(3), submit=opened.submit)
    review = read_review(reviewed(opened.path))
    assert review is not None and review.marked()
    app = ParlourApp(Start("replay", match=str(opened.path)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        for _ in review.marked():
            await pilot.press("m")
            judged = review.at(decision_at(screen.rows, screen.here) - 1)
            assert judged is not None and judged.judgement is not None
            seen = visible(app)
            assert f"{judged.judgement.glyph}{judged.judgement.word}" in seen
            assert "better:" + judged.best_notation.replace(" ", "") in seen


async def test_the_footer_and_the_key_list_name_the_review_keys(tmp_path: Path) -> None:
    keys = dict(KEYS)
    assert "r" in keys and "m  M" in keys and "g" in keys
    app = ParlourApp(Start("replay", match=str(finished())))
    async with app.run_test(size=(80, 24)) as pilot:
        shown = await laid_out_footer(pilot, app)
        assert {"review", "back", "export", "annotate"} <= set(shown)
        assert max(shown.values()) <= 80
        assert "marked(1)" not in shown  # no review yet: nothing to jump to
        await pilot.press("question_mark")
        listed = screenshot_text(app)
        assert "next / previous move the review marked" in listed


async def test_the_footer_makes_room_for_the_review_keys_at_80_columns() -> None:
    app = ParlourApp(Start("replay", match=str(reviewed(finished()))))
    async with app.run_test(size=(80, 24)) as pilot:
        shown = await laid_out_footer(pilot, app)
        assert {"marked(1)", "marked(-1)", "graph", "back", "keys"} <= set(shown)
        assert max(shown.values()) <= 80
        assert "review" not in shown  # the review is complete
        assert "annotate" in shown and "export" not in shown
        await pilot.press("e")  # still works, though the Footer leaves it out
        assert any(n.title == "Exported to Markdown" for n in app._notifications)


async def test_after_a_review_the_current_entry_stays_in_view_and_every_key_in_the_footer() -> None:
    """The progress bar and then the graph took rows from the move list: the ▸ went out of
    view, and the Footer dropped `c continue` though it had room for it."""
    app = ParlourApp(Start("replay", match=str(finished())))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = screen_of(app)
        assert "▸" in screenshot_text(app)  # opened at the last entry, at the list's foot
        await pilot.press("r")
        await until(pilot, lambda: screen.review is not None and screen.review.complete)
        await pilot.pause()
        assert app.screen.query_one(WinChart).display
        assert "▸" in screenshot_text(app)
        shown = footer(app)
        assert {"continue", "annotate", "export", "marked(1)", "graph", "keys"} <= set(shown)
        assert max(shown.values()) <= 100


# -- the match-end screen -------------------------------------------------------------------


@pytest.mark.parametrize("how", ["key", "button"])
async def test_the_match_end_screen_opens_the_replay_and_starts_the_review(how: str) -> None:
    end = MatchEnd("Ann wins the match", "", "", None, finished(), SEATS, game="crossing")
    app = ParlourApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(MatchEndScreen(end))
        await pilot.pause()
        assert app.screen.query_one("#review", Button)
        assert "review" in footer(app)
        if how == "key":
            await pilot.press("v")
        else:
            await pilot.click("#review")
        await pilot.pause()
        screen = screen_of(app)
        await until(pilot, lambda: screen.review is not None)
        await pilot.press("escape")
        await until(pilot, lambda: not screen.reviewing.running)
        assert screen.review is not None and screen.review.done >= 1
    assert app.return_code in (None, 0)


def test_a_moves_heading_agrees_with_what_the_accuracy_figure_counts() -> None:
    """A move 0.09 below the best read "✓ accurate" while the accuracy figure, which counts
    moves within 0.05 of the best, left it out."""
    review = read_review(reviewed(finished()))
    assert review is not None

    def head(played: float, best: float, best_notation: str = "b") -> str:
        shown = Verdict(3, 0, 0.1, played, best, "a", best_notation, "w", judge(best - played))
        return verdict_text(shown, review).plain.splitlines()[0]

    assert head(0.2, 0.2, "a") == "✓ best move"
    assert head(0.16, 0.2) == "✓ accurate"
    assert head(0.11, 0.2) == "≈ close to the best −0.09"
    assert head(0.05, 0.2) == "?! inaccuracy −0.15"


def test_the_review_panels_title_fits_its_frame_stopped_or_done() -> None:
    """A stopped review's title read "Review 17/46 · normal · acc…" in its 34-column panel."""
    path = finished()
    partial = read_review(reviewed(path, decisions=3))
    assert partial is not None and not partial.complete
    assert review_title(partial) == f"Review 3/{partial.total} · {partial.level}"
    whole = read_review(reviewed(path))
    assert whole is not None and whole.complete
    assert review_title(whole) == f"Review · {whole.level} · accuracy"
    assert all(len(review_title(r)) <= 30 for r in (partial, whole))


def test_win_chances_are_signed_as_on_the_axis() -> None:
    assert (chance(0.4), chance(-0.1), chance(0.001)) == ("+0.40", "−0.10", "0.00")


async def test_the_progress_line_shows_its_percentage_whole_at_80_and_100_columns() -> None:
    """At 100 columns the bar kept its 32 cells and pushed the percentage past the edge:
    "━━━━╺━━━  67" without its "%"; at 80 columns there was no percentage at all."""
    path = finished()
    for size in ((100, 32), (80, 24)):
        app = ParlourApp(Start("replay", match=str(path)))
        async with app.run_test(size=size) as pilot:
            screen = screen_of(app)
            screen.reviewing.progress(40, 60)  # what a running review shows
            await pilot.pause()
            drawn = visible(app)
            assert "━67%" in drawn, size  # the bar, then the whole percentage
            assert "Escstopsandkeepswhatisdone" in drawn, size


async def test_at_80_by_24_the_entry_panel_of_a_reviewed_match_shows_all_it_says() -> None:
    """At 80×24 a reviewed Englishman match against a bot showed the bot's long move cut
    ("…then the Fum from castle 5 to" and no more): only a verdict had its rows kept."""
    rules = registry.get("englishman")
    seats = (Seat("Ann"), Seat("Easy mcts bot", "bot", "mcts:easy"))
    with create_match(rules, seats, {}) as opened:
        bots: dict[int, Bot] = {0: GreedyBot(2), 1: RandomBot(2)}
        play_out(opened.match, bots, random.Random(2), submit=opened.submit)
        path = opened.path
    reviewed(path)
    app = ParlourApp(Start("replay", match=str(path)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        assert screen.review is not None and screen.has_class("-low")
        panel = app.screen.query_one("#rp-entry", Static)
        room = app.screen.query_one("#rp-side").size.height - panel.styles.gutter.height
        fitting = 0
        for row in screen.rows:
            screen.go(row.position)
            await pilot.pause()
            said = panel.visual
            assert isinstance(said, Content)
            rows = said.wrap(panel.content_region.width)
            if len(rows) <= room:  # what the whole side could hold (a longer verdict cannot)
                fitting += 1
                assert len(rows) <= panel.content_region.height, (row.position, said.plain)
        assert fitting > len(screen.rows) // 2


async def test_question_mark_on_the_match_end_panel_lists_its_keys() -> None:
    """`?` did nothing on the match-end panel, nor did its Footer offer it: the panel is modal,
    and the app's own `?` does not reach through it."""
    from tui.screens.help import KeysScreen

    end = MatchEnd("Ann wins the match", "", "", None, finished(), SEATS, game="crossing")
    app = ParlourApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(MatchEndScreen(end))
        await pilot.pause()
        assert "app.toggle_keys" in footer(app)  # the Footer offers it
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        said = dict(app.screen.keys)
        assert {said["r"], said["v"], said["g"]} == {"replay", "review", "rematch"}
        await pilot.press("escape")
        assert isinstance(app.screen, MatchEndScreen)


async def test_question_mark_on_the_round_end_panel_lists_its_keys() -> None:
    """`?` did nothing on Attacke's contest-end panel: modal, as the match-end panel is."""
    from tui.screens.help import KeysScreen
    from tui.screens.round_end import ChapterEndScreen
    from tui.widgets.table import ChapterEnd

    app = ParlourApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(
            ChapterEndScreen(ChapterEnd(2, "Ann wins contest 2", "", "Ann 1"), "contest")
        )
        await pilot.pause(0.9)  # past the panel's grace for keys typed ahead
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        assert dict(app.screen.keys)["q"] == "save & quit"


@pytest.mark.parametrize("size", [(100, 32), (80, 24)])
async def test_a_reviewed_englishman_match_shows_every_players_accuracy(
    size: tuple[int, int],
) -> None:
    """The castles stood as tall as 60% of the screen let them, and the panels under them
    lost their ends: at 100×32 the accuracy table showed the first player's line only (and
    the move list no line at all), at 80×24 the second line was cut under an empty hint row."""
    path = reviewed(finished("englishman", seed=5))
    review = read_review(path)
    assert review is not None
    app = ParlourApp(Start("replay", match=str(path)))
    async with app.run_test(size=size) as pilot:
        screen = screen_of(app)
        # At 80×24 a long verdict (the move before the end) takes the table's rows, by design.
        for step in ("end", "left") if size[1] >= 30 else ("end",):
            await pilot.press(step)
            await pilot.pause()
            drawn = visible(app)
            for line in str(accuracy_table(review, ("Ann", "Bob"))).splitlines():
                assert re.sub(r"\s", "", line) in drawn, (size, step, line)
        moves = screen.query_one(MoveList).region.height  # a few moves still in view: at
        assert moves >= (5 if size[1] >= 30 else 3), moves  # 100×32 the graph gives way
