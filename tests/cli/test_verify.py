"""`parlour verify`: one verdict line per file, the right exit code, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.games.en_garde.actions import Draw, Move
from core.match import ActionEntry, Header, Seat
from core.rules import CHANCE
from replays import chain
from replays.logfile import LogWriter, read_log
from tui.cli import main


def verify(capsys: pytest.CaptureFixture[str], *files: Path) -> tuple[int, str, str]:
    code = main(["verify", *map(str, files)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_a_good_file_is_ok(match_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    entries = len(read_log(match_file).entries)
    code, out, _ = verify(capsys, match_file)
    assert code == 0
    assert out.startswith(f"{match_file}: ok: {entries} entries, finished: winner Random ")


def test_a_stored_match_is_verified_by_its_id_as_list_shows_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every other command took an id from 'parlour list'; verify said "no such file"."""
    from core import registry
    from replays.store import create_match

    with create_match(registry.get("crossing"), (Seat("Ann"), Seat("Ben")), {}) as opened:
        match_id = opened.match.header.match_id[:8]
    code, out, _ = verify(capsys, Path(match_id))
    assert code == 0 and out.startswith(f"{match_id}: ok: "), out
    code, _, err = verify(capsys, Path("fedcba98"))
    assert code == 2 and "fedcba98: no such file" in err


def test_a_truncated_file_says_how_much_is_recoverable(
    match_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = read_log(match_file)
    cut = log.offsets[100] + 3  # inside entry 100's record
    match_file.write_bytes(match_file.read_bytes()[:cut])
    code, out, _ = verify(capsys, match_file)
    assert code == 1
    assert "damaged after entry 100 (byte " in out
    assert "the first 100 entries can be recovered" in out


def test_a_flipped_bit_is_detected(match_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = read_log(match_file)
    data = bytearray(match_file.read_bytes())
    data[log.offsets[40] + 6] ^= 0x04  # inside entry 40's body
    match_file.write_bytes(bytes(data))
    code, out, _ = verify(capsys, match_file)
    assert code == 1
    assert "damaged after entry 40 (" in out and "the first 40 entries can be recovered" in out


def test_a_file_cut_inside_its_header_has_nothing_to_recover(
    match_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match_file.write_bytes(match_file.read_bytes()[:30])
    code, out, _ = verify(capsys, match_file)
    assert code == 1
    assert out.startswith(f"{match_file}: damaged before entry 0 (its header is unreadable: ")
    assert out.endswith("); nothing is recoverable\n")
    assert out.count(match_file.name) == 1 and out.count("recover") == 1


def test_an_illegal_action_is_named_with_its_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    header = Header(
        "en-garde", {"level": "basic", "first": 0}, (Seat("Ann"), Seat("Bob")), "feedc0de"
    )
    path = tmp_path / "forged.parlour"
    with LogWriter.create(path, header) as writer:
        for card in (1, 2) * 5:  # Ann is dealt five 1s, Bob five 2s
            writer.append(ActionEntry(CHANCE, Draw(card).to_wire()))
        writer.append(ActionEntry(0, Move(5, True).to_wire()))  # Ann holds no 5
    code, out, _ = verify(capsys, path)
    assert code == 1
    assert out.startswith(f"{path}: illegal action at entry 10: ")


def test_a_newer_format_is_unusable(match_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = bytearray(match_file.read_bytes())
    data[len(chain.PREAMBLE) - 1] = chain.FORMAT_VERSION + 1
    match_file.write_bytes(bytes(data))
    code, out, err = verify(capsys, match_file)
    assert code == 2
    assert out == ""
    assert err.startswith(f"parlour: {match_file}: written by a newer Parlour (format ")
    assert err.count(match_file.name) == 1


@pytest.mark.parametrize("kind", ["text", "empty", "missing", "folder"])
def test_input_that_is_no_match_file_is_unusable(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / f"{kind}.parlour"
    if kind == "text":
        target.write_text("shopping list: eggs, milk\n")
    elif kind == "empty":
        target.write_bytes(b"")
    elif kind == "folder":
        target.mkdir()
    code, out, err = verify(capsys, target)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith(f"parlour: {target}: ")
    assert err.count(target.name) == 1  # the verdict does not name the file again
    if kind in ("text", "empty"):
        assert err.startswith(f"parlour: {target}: is not a Parlour match file: it ")


def test_the_worst_verdict_sets_the_exit_code(
    match_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    damaged = tmp_path / "damaged.parlour"
    damaged.write_bytes(match_file.read_bytes()[:-5])
    code, out, _ = verify(capsys, match_file, damaged)
    assert code == 1
    assert out.count("\n") == 2
    code, out, err = verify(capsys, match_file, damaged, tmp_path / "missing.parlour")
    assert code == 2
    assert out.count("\n") == 2 and "missing.parlour: no such file" in err
