"""Exports: a transcript to read, Markdown with notes, and JSON that imports byte for byte."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from core.match import Match
from core.rules import Wire
from replays.cursor import ReplayCursor
from replays.errors import BadExport, HiddenPerspective
from replays.export import from_json, import_json, to_json, to_markdown, to_text
from replays.logfile import read_log
from replays.store import create_match, load_match
from tests.replays.conftest import SEATS, play
from tests.replays.toygame import Counting


@pytest.fixture
def finished(finished_file: Path, counting: Counting) -> Match:
    return load_match(finished_file, rules=counting)[0]


def test_text_transcript(finished: Match) -> None:
    text = to_text(finished)
    lines = text.splitlines()
    assert lines[:4] == [
        "Counting",
        "Options: target=10, wins=2",
        "Seats: Ann (human), Bob (bot: random)",
        f"Date: {finished.header.created}",
    ]
    assert "Seen by: everyone" in lines
    assert "Round 1" in lines and "Round 2" in lines
    assert any(line.startswith("    1. ") for line in lines)
    assert "       · Ann rolls a " in text
    assert re.search(r"       Round 1 (won by (Ann|Bob)|drawn): seat ", text)
    outcome = finished.outcome()
    assert outcome is not None
    winner = SEATS[outcome.winners[0]].name
    score = f"Ann {outcome.scores[0]}, Bob {outcome.scores[1]}"
    assert lines[-1] == f"Result: {winner} won (won on rounds). Score: {score}."
    assert "         !? a bold start" in lines
    assert "         both players were new to the game" in lines
    turns = [line for line in lines if line[:5].strip().isdigit()]
    assert len(turns) == sum(1 for _, e in finished.actions() if e.seat >= 0)


def test_notes_sit_under_the_entry_they_target(finished: Match) -> None:
    lines = to_text(finished).splitlines()
    note = lines.index("         !? a bold start")
    target = next(m for m in ReplayCursor(finished, None).moves() if m.index == 4)
    assert lines[note - 1].endswith(target.words)


def test_markdown_has_annotations_and_rounds(finished: Match) -> None:
    markdown = to_markdown(finished)
    assert markdown.startswith("# Counting: Ann vs Bob\n\n- **Options:** target=10, wins=2\n")
    assert "\n## Round 1\n" in markdown and "\n## Round 2\n" in markdown
    assert "\n  > **!?** a bold start\n" in markdown
    assert "\n  > both players were new to the game\n" in markdown
    assert "\n- **1.** " in markdown


def test_an_unfinished_transcript_is_from_one_seat_only(counting: Counting) -> None:
    with create_match(counting, SEATS, {}) as opened:
        play(opened, seed=6, moves=8)
        with pytest.raises(HiddenPerspective):
            to_text(opened.match)
        text = to_text(opened.match, perspective=0)
    assert "Seen by: Ann" in text
    assert "Bob rolls a die" in text
    assert "Bob rolls a " not in text.replace("Bob rolls a die", "")
    assert text.rstrip().endswith("to move.")


def test_json_is_lossless_and_imports_byte_for_byte(
    finished_file: Path, finished: Match, tmp_path: Path, counting: Counting
) -> None:
    exported = to_json(finished)
    document = json.loads(exported)
    assert document["format"] == "parlour-match" and document["version"] == 1
    assert document["header"]["match_id"] == finished.header.match_id
    assert all(entry["at"] is not None for entry in document["entries"])
    header, entries = from_json(exported)
    assert header == finished.header and tuple(entries) == finished.entries
    source = tmp_path / "export.json"
    source.write_text(exported, encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    copy = import_json(source, folder=elsewhere, rules=counting)
    assert copy.name == finished_file.name
    assert copy.read_bytes() == finished_file.read_bytes()
    with pytest.raises(Exception, match="already exists"):
        import_json(source, folder=elsewhere, rules=counting)


def test_bytes_and_look_alike_maps_survive_the_json_round_trip(finished: Match) -> None:
    data: dict[str, Wire] = {
        "raw": b"\x00\xff",
        "look": {"$bytes": "AAA="},
        "nest": {"$map": {"$bytes": "x"}},
        "plain": {"$bytes": 1, "other": 2},
    }
    finished.record("blob", data)
    _, entries = from_json(to_json(finished))
    assert entries[-1].data == data  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{", r"not valid JSON \(line 1, column 2"),
        ("[]", "not a Parlour match export"),
        ('{"format": "parlour-match"}', 'no valid "version"'),
        ('{"format": "parlour-match", "version": 2, "entries": []}', "newer Parlour"),
        ('{"format": "parlour-match", "version": 1}', 'no "entries" list'),
        ('{"format": "parlour-match", "version": 1, "entries": [], "header": 3}', "header"),
        ("[" * 100_000, "nested too deeply"),
    ],
    ids=["cut", "array", "no-version", "newer", "no-entries", "bad-header", "deep"],
)
def test_malformed_json_is_refused_plainly(text: str, words: str) -> None:
    with pytest.raises(BadExport, match=words):
        from_json(text)


def test_an_export_whose_moves_do_not_replay_is_not_imported(
    finished: Match, tmp_path: Path, counting: Counting
) -> None:
    document = json.loads(to_json(finished))
    document["entries"][2]["action"] = ["say", 99]
    source = tmp_path / "bad.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(BadExport, match="entry 3 of the export does not replay"):
        import_json(source, folder=tmp_path, rules=counting)
    assert not list(tmp_path.glob("*.parlour"))
    document["entries"][2] = {"k": "teleport"}
    source.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(BadExport, match="entry 3 of the export is malformed"):
        import_json(source, folder=tmp_path, rules=counting)


def test_read_log_of_an_import_matches_the_export(
    finished: Match, tmp_path: Path, counting: Counting
) -> None:
    source = tmp_path / "e.json"
    source.write_text(to_json(finished), encoding="utf-8")
    log = read_log(import_json(source, folder=tmp_path, rules=counting))
    assert log.header == finished.header and log.entries == finished.entries


def test_a_resignation_shows_in_the_transcript(counting: Counting) -> None:
    with create_match(counting, SEATS, {}) as opened:
        play(opened, seed=3, moves=5)
        opened.resign(0)
        text = to_text(opened.match)
    assert "Ann: resign — Ann resigns" in text
    assert text.rstrip().endswith("Result: Bob won (Ann resigned).")


def test_a_game_without_chapters_parts_its_moves_from_the_facts_above_them() -> None:
    """A Crossing export ran "- **Match:** 9e34…" straight into "- **1.** Player 1: `d2-d3`":
    one list, the moves read as more facts about the match (the text ran on the same way)."""
    from core import registry

    with create_match(registry.get("crossing"), SEATS, {}) as opened:
        play(opened, seed=1, moves=3)
        match = opened.match
        markdown = to_markdown(match).splitlines()
        text = to_text(match).splitlines()
    facts = markdown.index(f"- **Match:** {match.header.match_id}")
    assert markdown[facts + 1 : facts + 4] == ["", "## Moves", ""]
    assert markdown[facts + 4].startswith("- **1.** Ann: ")
    facts = text.index(f"Match: {match.header.match_id}")
    assert text[facts + 1] == "" and text[facts + 2].startswith("    1. Ann: ")
