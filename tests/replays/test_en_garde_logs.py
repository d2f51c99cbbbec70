"""Real En Garde matches, played by a seeded random player, through the whole replays stack."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from core import registry
from core.match import ActionEntry, Match
from core.rules import CHANCE
from replays.cursor import ReplayCursor
from replays.errors import HiddenPerspective, LogError
from replays.export import import_json, to_json, to_markdown, to_text
from replays.logfile import LogRead, LogWriter, read_log
from replays.store import OpenMatch, create_match, list_matches, load_match, open_match
from tests.replays.conftest import SEATS, Ticks, play

LEVELS = ("basic", "standard", "advanced")


@pytest.fixture(scope="module")
def en_garde() -> Any:
    return registry.get("en-garde")


def finished_match(en_garde: Any, level: str, seed: int) -> tuple[Path, Match]:
    with create_match(en_garde, SEATS, {"level": level}, clock=Ticks()) as opened:
        play(opened, seed)
        opened.annotate(12, "too hasty", "?")
        return opened.path, opened.match


def record_ends(log: LogRead) -> list[int]:
    return [*log.offsets[1:], log.end]


def assert_cuts_recover_the_prefix(path: Path, cuts: Iterable[int], cut_file: Path) -> None:
    """`path` cut at each offset reads back as exactly its complete records, with a warning
    unless the cut falls on a record boundary; a cut inside the header is refused."""
    data, full = path.read_bytes(), read_log(path)
    ends = record_ends(full)
    for cut in cuts:
        cut_file.write_bytes(data[:cut])
        if cut < full.offsets[0]:
            with pytest.raises(LogError):
                read_log(cut_file)
            continue
        log = read_log(cut_file)
        complete = sum(1 for end in ends if end <= cut)
        assert log.entries == full.entries[:complete]
        assert (log.damage is None) == (cut in (full.offsets[0], *ends))


@pytest.mark.parametrize(("level", "seed"), [(lv, s) for s in (1, 2) for lv in LEVELS])
def test_a_played_match_reads_back_to_the_same_states(en_garde: Any, level: str, seed: int) -> None:
    path, live = finished_match(en_garde, level, seed)
    loaded, damage = load_match(path)
    assert damage is None and live.is_over
    assert loaded.header == live.header and loaded.entries == live.entries
    for n in range(len(live) + 1):
        assert loaded.state_at(n) == live.state_at(n)
    assert loaded.outcome() == live.outcome()


def test_truncation_recovers_every_complete_record(en_garde: Any, tmp_path: Path) -> None:
    """Every byte of the header and first entries, of the last entries, and around each record
    boundary (every byte everywhere is the Counting test's job: it takes ~10 s here)."""
    path, _ = finished_match(en_garde, "advanced", 3)
    data, full = path.read_bytes(), read_log(path)
    ends = record_ends(full)
    cuts = {*range(0, 1500), *range(full.offsets[-4], len(data) + 1)}
    cuts |= {end + d for end in ends for d in (-1, 0, 1) if end + d <= len(data)}
    assert_cuts_recover_the_prefix(path, sorted(cuts), tmp_path / "cut.parlour")


def test_truncation_at_every_byte_of_a_real_match_file(en_garde: Any, tmp_path: Path) -> None:
    """A real En Garde file, cut at every byte offset: one full round, a note and a
    resignation (kept short so that every offset is tried in about a second)."""
    with create_match(en_garde, SEATS, {"level": "basic"}, clock=Ticks()) as opened:
        while opened.match.state.round == 1:
            play(opened, 5, moves=1)
        opened.annotate(3, "bold start", "!?")
        opened.resign(0)
        path = opened.path
    full = read_log(path)
    assert len(full.entries) > 20 and full.damage is None
    cuts = range(path.stat().st_size + 1)
    assert_cuts_recover_the_prefix(path, cuts, tmp_path / "cut.parlour")


def test_resume_a_torn_match_and_finish_it(en_garde: Any) -> None:
    with create_match(en_garde, SEATS, {"level": "standard"}) as opened:
        play(opened, seed=11, moves=60)
        path, played = opened.path, opened.match.entries
    log = read_log(path)
    with path.open("r+b") as stream:
        stream.truncate(log.offsets[-1] + 2)
    kept = len(played) - 1  # every entry but the torn last one
    with open_match(path) as resumed:
        assert resumed.damage is not None and resumed.damage.recoverable == kept
        assert resumed.match.entries == played[:kept]
        play(resumed, seed=12)
        final = resumed.match
    again, damage = load_match(path)
    assert damage is None and again.entries == final.entries and again.is_over


def test_flipped_bytes_are_caught(en_garde: Any, tmp_path: Path) -> None:
    path, _ = finished_match(en_garde, "basic", 4)
    data, full = path.read_bytes(), read_log(path)
    ends = record_ends(full)
    rng = random.Random(99)
    bad = tmp_path / "bad.parlour"
    for _ in range(150):
        position = rng.randrange(full.offsets[0], len(data))
        changed = bytearray(data)
        changed[position] ^= 1 << rng.randrange(8)
        bad.write_bytes(changed)
        log = read_log(bad)
        broken = next(i for i, end in enumerate(ends) if position < end)
        assert log.damage is not None and log.damage.recoverable == broken


def test_json_export_imports_to_an_identical_file(en_garde: Any, tmp_path: Path) -> None:
    path, live = finished_match(en_garde, "advanced", 5)
    source = tmp_path / "match.json"
    source.write_text(to_json(live), encoding="utf-8")
    copy = import_json(source, folder=tmp_path)
    assert copy.read_bytes() == path.read_bytes()


def test_transcripts_name_rounds_results_and_notes(en_garde: Any) -> None:
    _, live = finished_match(en_garde, "advanced", 6)
    text = to_text(live)
    view = ReplayCursor(live, None, len(live)).view
    names = ("Ann", "Bob")
    for result in view.rounds:
        verdict = "drawn" if result.winner is None else f"won by {names[result.winner]}"
        assert f"       Round {result.round} {verdict}: {result.detail}" in text
    assert "         ? too hasty" in text
    assert text.splitlines()[1] == "Options: level=advanced, starts=1"
    assert re.fullmatch(
        r"Result: (Ann|Bob) won \(5 rounds to \d\)\. Score: Ann \d, Bob \d\.",
        text.splitlines()[-1],
    )
    assert "\n  > **?** too hasty\n" in to_markdown(live)


def test_a_seat_sees_its_own_cards_only(en_garde: Any) -> None:
    with create_match(en_garde, SEATS, {}) as opened:
        play(opened, seed=13, moves=40)
        match = opened.match
        with pytest.raises(HiddenPerspective):
            ReplayCursor(match, None)
        cursor = ReplayCursor(match, 0)
        for n in range(len(match) + 1):
            cursor.seek(n)
            view = cursor.view
            if view.phase in ("round-over", "over") and view.rounds[-1].hands is not None:
                # a hand comparison shows both hands, as the round result does
                assert view.hands == view.rounds[-1].hands
            else:
                assert view.hands[1] is None
        own_draws = 0
        for line in cursor.moves():
            if line.seat == CHANCE:
                assert line.notation == ""
                assert not re.fullmatch(r"Bob drew an? \d", line.words)
                own_draws += line.words.startswith("Ann drew a")
        assert own_draws > 0
        text = to_text(match, 0)
    assert not re.search(r"Bob drew an? \d", text)


def test_move_list_notation_parses_back(en_garde: Any) -> None:
    _, live = finished_match(en_garde, "advanced", 7)
    cursor = ReplayCursor(live, 1)
    for line in cursor.moves():
        entry = live.entries[line.index]
        if isinstance(entry, ActionEntry) and entry.seat != CHANCE:
            before = live.state_at(line.index)
            action = en_garde.from_wire(entry.action)
            assert en_garde.parse(before, line.notation) == action


def test_round_jumps_follow_the_rounds(en_garde: Any) -> None:
    _, live = finished_match(en_garde, "standard", 8)
    cursor = ReplayCursor(live, None)
    seen = [cursor.round]
    while not cursor.at_end:
        cursor.next_round()
        seen.append(cursor.round)
    played = len(ReplayCursor(live, None, len(live)).view.rounds)
    assert seen[:played] == list(range(1, played + 1))


def test_listing_counts_en_garde_turns(en_garde: Any) -> None:
    path, live = finished_match(en_garde, "basic", 9)
    with create_match(en_garde, SEATS, {}, clock=Ticks(2e9)) as unfinished:
        play(unfinished, seed=10, moves=25)
    summaries = {s.path: s for s in list_matches()}
    done = summaries[path]
    assert done.title == "En Garde" and done.finished
    assert done.turns == sum(1 for _, e in live.actions() if e.seat != CHANCE)
    assert done.outcome == live.outcome()
    going = summaries[unfinished.path]
    assert not going.finished and going.entries == len(unfinished.match.entries)
    assert going.standing == "round 1 · 0–0"
    assert list_matches()[0].path == unfinished.path


def test_a_second_window_cannot_write(en_garde: Any) -> None:
    with create_match(en_garde, SEATS, {}) as opened:
        assert isinstance(opened, OpenMatch)
        with pytest.raises(LogError, match="open in another Parlour"):
            LogWriter.open_append(opened.path)


def test_round_jumps_land_on_a_round_fully_dealt(en_garde: Any) -> None:
    _, live = finished_match(en_garde, "standard", 8)
    cursor = ReplayCursor(live, None)
    landed = []
    while not cursor.at_end:
        landed.append(cursor.next_round())
    for position in landed[:-1]:  # the last jump is the end of the match
        state = live.state_at(position)
        assert en_garde.to_move(state) != CHANCE, position  # never a hand half dealt
        assert all(len(hand) == 5 for hand in en_garde.view(state, None).hands)
    while not cursor.at_start:
        position = cursor.previous_round()
        assert position == 0 or en_garde.to_move(live.state_at(position)) != CHANCE
