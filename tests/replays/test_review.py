"""Reviewing a match file: entries kept in the file, resumable, reproducible, refused when it
would show what someone may not know, checked like every other entry, and exported."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from core import registry
from core.match import MetaEntry, Seat
from core.review.judgement import Judgement
from core.review.verdict import REVIEW, review_data
from core.rules import CHANCE
from replays.errors import DamagedLog
from replays.export import import_text, to_json, to_markdown, to_text
from replays.logfile import LogWriter, read_log
from replays.review import NotReviewable, Review, read_review, review_file, review_open
from replays.store import create_match, load_match, open_match
from tests.core.review.script import (
    CROSSING_BLUNDER,
    CROSSING_BLUNDER_DECISION,
    CROSSING_PUNISHMENT,
    EN_GARDE_BLUNDER_DECISION,
    PEOPLE,
    crossing_file,
    decision_entry,
    en_garde_file,
)
from tui.cli.files import verify_one


def review_entries(path: Path) -> list[dict[str, Any]]:
    """The data of every review entry in the file, in order."""
    return [
        dict(e.data)
        for e in read_log(path).entries
        if isinstance(e, MetaEntry) and e.what == REVIEW
    ]


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Review]:
    """A finished Crossing match with a blunder, reviewed once for every seat at easy (one
    search for the module's tests that only read it)."""
    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PARLOUR_HOME", str(home))
        path = crossing_file()
        with open_match(path) as opened:
            opened.annotate(decision_entry(path, CROSSING_BLUNDER_DECISION), "Ben's note", "?")
        review = review_file(path, level="easy", seats="all")
    return path, review


def test_a_known_blunder_is_marked_with_the_move_that_stops_it(
    reviewed: tuple[Path, Review],
) -> None:
    path, review = reviewed
    entry = decision_entry(path, CROSSING_BLUNDER_DECISION)
    verdict = review.at(entry)
    assert verdict is not None
    assert verdict.seat == 1 and verdict.played_notation == CROSSING_BLUNDER
    assert verdict.judgement is Judgement.BLUNDER
    assert verdict in review.marked()
    assert review.better(verdict) == f"better: {verdict.best_notation} — {verdict.best_words}"
    match, _ = load_match(path)
    state = match.state_at(entry)
    rules = match.rules
    after = rules.apply(state, rules.parse(state, verdict.best_notation))
    assert CROSSING_PUNISHMENT not in {rules.notation(a) for a in rules.legal_actions(after)}


def test_the_review_is_in_the_file_under_the_chain_and_leaves_the_notes_alone(
    reviewed: tuple[Path, Review],
) -> None:
    path, review = reviewed
    log = read_log(path)
    assert log.damage is None
    code, verdict = verify_one(path)
    assert code == 0 and f"reviewed at easy: {review.total} of {review.total}" in verdict
    assert review.complete and review.total == review.done == len(review_entries(path))
    match, _ = load_match(path)
    assert [(n.target, n.text, n.glyph) for _, n in match.notes()] == [
        (decision_entry(path, CROSSING_BLUNDER_DECISION), "Ben's note", "?")
    ]
    assert read_review(path) == review
    assert [v.entry for v in review.verdicts] == sorted(v.entry for v in review.verdicts)
    for seat in (0, 1):
        curve = review.curve(seat)
        assert curve and all(-1 <= chance <= 1 for _, chance in curve)
        assert review.summary(seat).decisions == len(curve)


def test_a_best_move_is_never_marked(reviewed: tuple[Path, Review]) -> None:
    _, review = reviewed
    assert any(v.best_played for v in review.verdicts)
    assert all(v.judgement is None and v.drop == 0 for v in review.verdicts if v.best_played)


def test_the_same_seed_gives_the_same_entries(reviewed: tuple[Path, Review]) -> None:
    path, _ = reviewed
    again = unreviewed(path, "again")
    review_file(again, level="easy", seats="all")
    assert review_entries(again) == review_entries(path)


def test_an_interrupted_review_resumed_is_the_uninterrupted_one(
    reviewed: tuple[Path, Review],
) -> None:
    path, review = reviewed
    resumed = unreviewed(path, "resumed")
    told: list[tuple[int, int]] = []

    def stop() -> bool:
        return len(told) >= 4

    partial = review_file(
        resumed, level="easy", seats="all", progress=lambda *p: told.append(p), should_stop=stop
    )
    assert told[0] == (0, review.total) and told[-1] == (3, review.total)
    assert partial.done == 3 and not partial.complete
    assert read_review(resumed) == partial
    assert verify_one(resumed)[0] == 0
    told.clear()
    whole = review_file(resumed, level="easy", seats="all", progress=lambda *p: told.append(p))
    assert told[0] == (3, review.total) and told[-1] == (review.total, review.total)
    assert whole == review
    assert review_entries(resumed) == review_entries(path)


def test_another_level_is_a_review_of_its_own(reviewed: tuple[Path, Review]) -> None:
    path, review = reviewed
    other = path.with_name("other.parlour")
    shutil.copy(path, other)
    told: list[tuple[int, int]] = []
    partial = review_file(
        other,
        level="normal",
        seed=4,
        seats=[1],
        progress=lambda *p: told.append(p),
        should_stop=lambda: len(told) >= 2,
    )
    assert (partial.level, partial.seed, partial.seats, partial.done) == ("normal", 4, (1,), 1)
    assert read_review(other) == partial
    again = review_file(other, level="easy", seats="all")  # the first review, still all there
    assert again == review


def test_an_unfinished_hot_seat_match_is_refused() -> None:
    path = crossing_file(PEOPLE, finish=False)
    before = path.read_bytes()
    with pytest.raises(NotReviewable, match="match is not over: its review") as refused:
        review_file(path)
    assert path.read_bytes() == before
    # Crossing hides nothing: the refusal spoke of "the other's cards", which there are none of.
    assert "cards" not in str(refused.value) and "better moves" in str(refused.value)


def test_a_match_against_a_bot_is_reviewed_for_the_person_or_refused_for_the_bots_hand() -> None:
    path = en_garde_file()
    with pytest.raises(NotReviewable, match="would show that seat's cards"):
        review_file(path, level="easy", seats="all")
    review = review_file(path, level="easy")  # the human seats, by default
    assert review.seats == (0,) and review.complete
    assert {v.seat for v in review.verdicts} == {0}
    blunder = review.at(decision_entry(path, EN_GARDE_BLUNDER_DECISION))
    assert blunder is not None and blunder.judgement is Judgement.BLUNDER
    assert blunder.best_notation.startswith("x44")


def test_the_review_of_a_hidden_hand_is_the_same_whatever_the_hidden_cards() -> None:
    """Ben's fifth card differs (a 1 or a 2), and he never plays it: Ann's views are the same,
    so is her review."""
    seats = (Seat("Ann"), Seat("Ben", "bot", "greedy"))
    one = en_garde_file(("44455", "55321"), seats)
    two = en_garde_file(("44455", "55322"), seats)
    assert read_log(one).entries[9] != read_log(two).entries[9]
    review_file(one, level="easy", seats="human")
    review_file(two, level="easy", seats="human")
    assert review_entries(one) == review_entries(two)


@pytest.mark.parametrize(
    "seats",
    [[], [5], "bots", "human"],
)
def test_seats_that_cannot_be_reviewed_are_refused(seats: Any) -> None:
    path = crossing_file((Seat("A", "bot", "greedy"), Seat("B", "bot", "greedy")))
    with pytest.raises(NotReviewable):
        review_file(path, level="easy", seats=seats)


def test_a_forged_review_entry_is_refused_like_a_forged_move(
    reviewed: tuple[Path, Review],
) -> None:
    path, review = reviewed
    forged = unreviewed(path, "forged")
    verdict = review.at(decision_entry(path, CROSSING_BLUNDER_DECISION))
    assert verdict is not None
    data = review_data(verdict, review.run)
    data["judgement"] = ""  # the blunder whitewashed
    writer, _ = LogWriter.open_append(forged)
    with writer:
        writer.append(MetaEntry(REVIEW, data))
    index = len(read_log(forged).entries) - 1
    code, said = verify_one(forged)
    assert code == 1
    assert said.startswith(f"bad entry at entry {index}: a review's judgement")
    match, damage = load_match(forged)
    assert damage is not None and damage.entry == index and len(match) == index
    with pytest.raises(DamagedLog, match=f"entry {index + 1} no longer replays"):
        open_match(forged)


def test_a_file_without_a_review_reads_as_before(reviewed: tuple[Path, Review]) -> None:
    plain = unreviewed(reviewed[0], "plain")
    assert read_review(plain) is None
    match, _ = load_match(plain)
    assert "## Review" not in to_markdown(match) and "accuracy" not in to_text(match)
    assert '"review"' not in to_json(match)


def test_exports_show_the_review(reviewed: tuple[Path, Review]) -> None:
    path, review = reviewed
    match, _ = load_match(path)
    verdict = review.at(decision_entry(path, CROSSING_BLUNDER_DECISION))
    assert verdict is not None
    markdown = to_markdown(match)
    assert f"`{CROSSING_BLUNDER}` ?? —" in markdown
    assert f"better: `{verdict.best_notation}` — " in markdown
    assert "| Player | Accuracy | Decisions | ?! | ? | ?? |" in markdown
    figures = review.summary(1)
    assert figures.accuracy is not None
    assert f"| Ben | {figures.accuracy:.0%} | {figures.decisions} |" in markdown
    text = to_text(match)
    assert f"Ben: {CROSSING_BLUNDER} ?? — " in text
    exported = to_json(match)
    document = json.loads(exported)
    kept = [e for e in document["entries"] if e.get("what") == REVIEW]
    assert [e["data"] for e in kept] == review_entries(path)
    assert document["review"]["summary"][1]["blunders"] == figures.blunders
    folder = path.parent / "imported"
    folder.mkdir()
    copy = import_text(exported, "review.json", folder=folder)
    assert copy.read_bytes() == path.read_bytes()


@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("en-garde", 2),
        ("attacke", 3),
        ("attacke", 5),
        ("crossing", 2),
        ("fields-of-action", 2),
        ("englishman", 2),
    ],
)
def test_every_game_is_reviewed_from_the_persons_seat(game: str, players: int) -> None:
    """A person against bots, a dozen random decisions: the person's are reviewed, values on
    the −1..1 scale, and the file still verifies."""
    rules: Any = registry.get(game)
    seats = (Seat("Ann"), *(Seat(f"Bot {n}", "bot", "random") for n in range(1, players)))
    rng = random.Random(3)
    with create_match(rules, seats, {}) as opened:
        decisions = 0
        while decisions < 4 * players and opened.match.to_move() is not None:
            state, seat = opened.match.state, opened.match.to_move()
            if seat == CHANCE:
                opened.submit(rules.sample_chance(state, rng))
                continue
            opened.submit(rng.choice(list(rules.legal_actions(state))))
            decisions += 1
        path = opened.path
    review = review_file(path, level="easy")
    assert review.seats == (0,) and review.complete and review.total >= 1
    for verdict in review.verdicts:
        assert -1 <= verdict.played <= verdict.best <= 1 and -1 <= verdict.before <= 1
        assert verdict.best_words and verdict.best_notation
    assert verify_one(path)[0] == 0


def unreviewed(source: Path, name: str) -> Path:
    """A copy of `source`, named `name`, with its review entries left out (the match as it was
    before its review)."""
    log = read_log(source)
    kept = [e for e in log.entries if not (isinstance(e, MetaEntry) and e.what == REVIEW)]
    target = source.with_name(f"{name}.parlour")
    with LogWriter.create(target, log.header) as writer:
        writer.append_many(kept)
    return target


def test_a_reviewed_move_taken_back_leaves_the_review() -> None:
    path = en_garde_file()
    blunder = decision_entry(path, EN_GARDE_BLUNDER_DECISION)
    assert review_file(path, level="easy").at(blunder) is not None
    with open_match(path) as opened:
        opened.take_back(0)
    kept = read_review(path)
    assert kept is not None and kept.at(blunder) is None and kept.done == 2


def test_a_match_still_open_is_reviewed_through_its_own_writer(
    reviewed: tuple[Path, Review],
) -> None:
    path, review = reviewed
    copy = unreviewed(path, "open")
    with open_match(copy) as opened:
        again = review_open(opened, level="easy", seats="all")
        assert again == review
    assert review_entries(copy) == review_entries(path)
    assert verify_one(copy)[0] == 0
