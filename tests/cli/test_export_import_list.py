"""`parlour export`, `import` and `list`: transcripts, a lossless JSON round trip, the store."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from core import registry
from core.match import MetaEntry, Seat
from replays import chain, store
from replays.ending import END
from replays.logfile import LogWriter, read_log
from replays.store import create_match
from tui.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_text_export_is_a_transcript_a_player_can_follow(
    match_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "export", str(match_file), "--format", "text")
    assert code == 0
    assert out.startswith("En Garde\n")
    assert "Round 1" in out and "1. Random bot: " in out
    assert "moved" in out and "drew" in out
    assert "Result: Random" in out and "won" in out


def test_markdown_export_goes_to_a_file_with_out(
    match_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "match.md"
    code, out, _ = run(capsys, "export", str(match_file), "--format", "md", "--out", str(target))
    assert code == 0
    assert out == f"exported to {target}\n"
    assert target.read_text(encoding="utf-8").startswith("# En Garde: Random bot vs Random bot 2")


def test_export_force_never_writes_over_a_match_file_a_device_or_through_a_link(
    match_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--out` with `--force` replaced whatever was there: the match itself, another match
    (open in the app, lost with the moves played after), a symbolic link, a device."""
    kept = match_file.read_bytes()
    other = tmp_path / "other.parlour"
    shutil.copyfile(match_file, other)
    for target in (match_file, other):
        code, _, err = run(capsys, "export", str(match_file), "--out", str(target), "--force")
        assert code == 2 and "is a match file, which an export never replaces" in err, err
        assert target.read_bytes() == kept
    code, _, err = run(capsys, "export", str(match_file), "--out", "/dev/null", "--force")
    assert code == 2 and "/dev/null is not a regular file" in err, err
    earlier = tmp_path / "earlier.md"
    earlier.write_text("an earlier export\n", encoding="utf-8")
    link = tmp_path / "link.md"
    link.symlink_to(earlier)
    code, _, err = run(capsys, "export", str(match_file), "--out", str(link), "--force")
    assert code == 0, err
    assert link.is_symlink() and earlier.read_text(encoding="utf-8").startswith("En Garde")
    missing = tmp_path / "nowhere" / "x.md"
    code, _, err = run(capsys, "export", str(match_file), "--out", str(missing))
    assert code == 2 and f"the folder {missing.parent} does not exist" in err, err
    code, _, err = run(capsys, "export", str(match_file), "--force")
    assert code == 2 and "--force applies only with --out" in err, err
    named = tmp_path / "fake.parlour"  # a transcript the store would list as a broken match
    code, _, err = run(capsys, "export", str(match_file), "--out", str(named))
    assert code == 2 and "an export is not a match file" in err and not named.exists(), err


def test_json_export_then_import_recreates_the_identical_match(
    match_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], parlour_home: Path
) -> None:
    exported = tmp_path / "match.json"
    assert run(capsys, "export", str(match_file), "-f", "json", "--out", str(exported))[0] == 0
    assert json.loads(exported.read_text(encoding="utf-8"))["format"] == "parlour-match"

    code, out, _ = run(capsys, "import", str(exported))
    assert code == 0 and out.startswith("imported to ")
    imported = Path(out.strip().removeprefix("imported to "))
    assert imported.parent == parlour_home / "matches"
    original, copy = read_log(match_file), read_log(imported)
    assert copy.header == original.header
    assert copy.entries == original.entries
    assert imported.read_bytes() == match_file.read_bytes()

    code, _, err = run(capsys, "import", str(exported))
    assert code == 2 and "already in the store" in err


def test_import_refuses_a_match_id_parlour_never_makes(
    match_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], parlour_home: Path
) -> None:
    """An id of "../../../tmp/evil" was stored as "…-tmpevil.parlour" and listed as "../../..",
    and no command could find the match by it again."""
    exported = tmp_path / "match.json"
    run(capsys, "export", str(match_file), "-f", "json", "--out", str(exported))
    document = json.loads(exported.read_text(encoding="utf-8"))
    document["header"]["match_id"] = "../../../tmp/evil"
    exported.write_text(json.dumps(document), encoding="utf-8")
    code, _, err = run(capsys, "import", str(exported))
    assert code == 2 and "match id '../../../tmp/evil' is not one Parlour makes" in err, err
    assert not list((parlour_home / "matches").glob("*.parlour"))


@pytest.mark.parametrize("content", ["{not json", '{"format": "something-else"}', ""])
def test_import_refuses_what_is_not_an_export(
    content: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], parlour_home: Path
) -> None:
    source = tmp_path / "bad.json"
    source.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "import", str(source))
    assert code == 2
    assert out == "" and err.startswith("parlour: ") and err.count("\n") == 1
    assert not list((parlour_home / "matches").glob("*.parlour"))


def test_an_unfinished_match_exports_publicly_or_from_a_seat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rules = registry.get("en-garde")
    with create_match(rules, (Seat("Ann"), Seat("Bob"))) as opened:
        path = opened.path
    code, out, _ = run(capsys, "export", str(path))
    assert code == 0 and "Seen by: no seat: the public transcript" in out
    code, out, _ = run(capsys, "export", str(path), "--seat", "1")
    assert code == 0 and "Seen by: Ann" in out and "Not finished" in out
    code, _, err = run(capsys, "export", str(path), "--seat", "3")
    assert code == 2 and "no seat 3" in err


def test_export_of_a_missing_file_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "export", str(tmp_path / "gone.parlour"))
    assert code == 2 and out == ""
    assert err.startswith("parlour: there is no match file") and " — " in err


def test_list_shows_the_matches_in_the_store(
    match_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "list")
    assert code == 0 and out.startswith("no saved matches in ")

    exported = tmp_path / "match.json"
    run(capsys, "export", str(match_file), "-f", "json", "--out", str(exported))
    run(capsys, "import", str(exported))
    with create_match(registry.get("en-garde"), (Seat("Ann"), Seat("Bob"))):
        pass
    code, out, _ = run(capsys, "list")
    header, *rows = out.splitlines()
    assert code == 0
    assert header.split()[:4] == ["ID", "GAME", "SEATS", "MOVES"]
    assert len(rows) == 2
    finished = next(r for r in rows if "Random bot, Random bot 2" in r)
    assert read_log(match_file).header.match_id[:8] in finished
    assert "En Garde" in finished and "finished: Random" in finished
    assert "in progress" in next(r for r in rows if "Ann, Bob" in r)


def test_list_names_unreadable_files_without_failing(
    parlour_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = parlour_home / "matches"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "junk.parlour").write_text("not a match")
    code, out, err = run(capsys, "list")
    assert code == 0
    assert "no saved matches" in out and "skipped junk.parlour" in err


def test_list_shows_matches_copied_in_without_summaries_as_not_checked_until_asked(
    match_file: Path,
    parlour_home: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = parlour_home / "matches"
    folder.mkdir(parents=True, exist_ok=True)
    copied = Path(shutil.copy(match_file, folder))  # selfplay's --out keeps no summaries
    log = read_log(match_file)
    moves = [e for e in log.entries if not (isinstance(e, MetaEntry) and e.what == END)][:40]
    forged = folder / "forged.parlour"  # 40 entries in, an end record names a winner
    with LogWriter.create(forged, log.header) as writer:
        writer.append_many([*moves, MetaEntry(END, {"winners": [1], "scores": [5, 0]})])

    hashed: list[bytes] = []
    real_digest = chain.digest

    def counted(previous: bytes, body: bytes) -> bytes:
        hashed.append(body)
        return real_digest(previous, body)

    def forbidden(*args: Any) -> Any:
        raise AssertionError("listing without --check must not read every record")

    with monkeypatch.context() as patched:
        patched.setattr(chain, "digest", counted)
        patched.setattr(store, "read_log", forbidden)
        code, out, err = run(capsys, "list")
    rows = out.splitlines()[1:]
    assert code == 0 and len(rows) == 2
    assert all(" ? " in row and "not checked" in row for row in rows)
    assert all(row.split()[-5:-3] == ["?", "?"] for row in rows)  # moves, last played unknown
    assert "finished" not in out  # the forged end is not believed, nor the real one unchecked
    assert len(hashed) == 2  # the two headers, no entry
    assert "2 matches have no summary beside their files" in err and "list --check" in err
    assert not list(folder.glob("*.summary"))

    code, out, err = run(capsys, "list", "--check")
    assert code == 0 and err == ""
    assert "finished: Random" in next(r for r in out.splitlines() if copied.name in r)
    assert "damaged" in next(r for r in out.splitlines() if forged.name in r)
    assert store.summary.sidecar(copied).exists()  # kept: checked once
    assert not store.summary.sidecar(forged).exists()  # never for a forged end
    code, out, err = run(capsys, "list")
    assert "not checked" not in out and err == ""


def test_list_counts_the_moves_of_a_match_open_in_parlour_right_now(
    parlour_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = registry.get("crossing")
    with create_match(rules, (Seat("Ann"), Seat("Bob"))) as opened:
        opened.submit(rules.legal_actions(opened.match.state)[0])
        code, out, err = run(capsys, "list")  # its summary is only written when it closes
    row = next(r for r in out.splitlines() if "Ann, Bob" in r)
    assert code == 0
    assert row.split()[4] == "1" and "in progress" in row, row  # not "?" and "not checked"
    assert "no summary" not in err


def test_a_match_from_a_newer_parlour_is_refused_with_one_piece_of_advice(
    match_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It said to upgrade, then "give a .parlour file or an id", which it was."""
    data = bytearray(match_file.read_bytes())
    data[len(chain.PREAMBLE) - 1] = chain.FORMAT_VERSION + 1
    match_file.write_bytes(bytes(data))
    code, _, err = run(capsys, "export", str(match_file))
    assert code == 2 and "upgrade Parlour to open" in err and "give a .parlour" not in err, err
