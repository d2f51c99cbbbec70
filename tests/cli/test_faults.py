"""Regression tests for the command-line faults found by the audit of issue 12."""

from __future__ import annotations

import dataclasses
import errno
import json
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from core.match import ActionEntry, MetaEntry, NoteEntry
from replays import paths
from replays.logfile import LogWriter, read_log
from replays.store import END
from tui.cli import main
from tui.cli import selfplay as selfplay_module

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert "unexpected error" not in out + err and "this is a bug" not in out + err
    return code, out, err


def rewrite(source: Path, target: Path, change: Any) -> None:
    """`source`'s header and entries, changed by `change(entries)`, as a new valid chain."""
    log = read_log(source)
    with LogWriter.create(target, log.header) as writer:
        writer.append_many(change(list(log.entries)))


def forge_end(entries: list[Any], data: dict[str, Any]) -> list[Any]:
    return [
        MetaEntry(END, data, e.at) if isinstance(e, MetaEntry) and e.what == END else e
        for e in entries
    ]


def end_record(path: Path) -> MetaEntry:
    """The match file's end record."""
    return next(e for e in read_log(path).entries if isinstance(e, MetaEntry) and e.what == END)


# -- 4. an end record naming a seat that does not exist ------------------------------------


def test_an_end_record_naming_a_missing_seat_does_not_break_parlour_list(
    match_file: Path, parlour_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = paths.matches_dir()
    good = store / match_file.name
    good.write_bytes(match_file.read_bytes())
    rewrite(
        match_file,
        store / "forged.parlour",
        lambda es: forge_end(es, {"winners": [5], "scores": [5, 3], "reason": "forged"}),
    )
    code, out, _ = run(capsys, "list", "--check")
    assert code == 0
    assert good.name in out and "forged.parlour" in out
    code, out, _ = run(capsys, "verify", str(store / "forged.parlour"))
    assert code == 1 and "end record at entry" in out and "malformed" in out


# -- 5. verify checks the end record -------------------------------------------------------


def test_verify_checks_that_the_end_record_agrees_with_the_moves(
    match_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    end = end_record(match_file)
    winners: Any = end.data["winners"]
    loser = 1 - winners[0]
    wrong = tmp_path / "wrong.parlour"
    rewrite(match_file, wrong, lambda es: forge_end(es, {**end.data, "winners": [loser]}))
    code, out, _ = run(capsys, "verify", str(wrong))
    assert code == 1 and "says winner" in out and "but the moves give winner" in out


def test_verify_refuses_an_end_record_before_the_last_move(
    match_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    end = end_record(match_file)
    early = tmp_path / "early.parlour"
    rewrite(match_file, early, lambda es: [*es[:20], end, *[e for e in es[20:] if e != end]])
    code, out, _ = run(capsys, "verify", str(early))
    assert code == 1 and "the end record at entry 20 comes before the last move" in out


def test_an_end_record_mid_match_stops_parlour_resume_as_verify_does(
    match_file: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    end = end_record(match_file)
    target = paths.matches_dir() / "cut.parlour"
    rewrite(match_file, target, lambda es: [*[e for e in es[:40] if e != end], end])
    opened: list[Any] = []
    monkeypatch.setattr("tui.cli.launch.launch", lambda start: opened.append(start) or 0)
    code, _, err = run(capsys, "resume", str(target))
    assert code == 2 and not opened
    assert "cannot be played on" in err and "says the match is over, but it is not" in err
    code, out, _ = run(capsys, "verify", str(target))
    assert code == 1 and "says the match is over, but it is not" in out


@pytest.mark.parametrize("forgery", ["wrong winner", "missing seat", "over too soon"])
def test_a_forged_end_record_is_judged_alike_by_resume_export_import_list_and_verify(
    match_file: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    forgery: str,
) -> None:
    end = end_record(match_file)
    winners: Any = end.data["winners"]
    target = paths.matches_dir() / "forged.parlour"  # a valid chain, an end record that lies
    if forgery == "wrong winner":
        rewrite(
            match_file, target, lambda es: forge_end(es, {**end.data, "winners": [1 - winners[0]]})
        )
    elif forgery == "missing seat":
        rewrite(match_file, target, lambda es: forge_end(es, {**end.data, "winners": [5]}))
    else:
        rewrite(match_file, target, lambda es: [*es[:30], end])
    entries = read_log(target).entries
    at = next(i for i, e in enumerate(entries) if isinstance(e, MetaEntry) and e.what == END)
    code, out, _ = run(capsys, "verify", str(target))
    assert code == 1 and f"the end record at entry {at} " in out
    why = out.split(f"the end record at entry {at} ", 1)[1].strip()

    launched: list[Any] = []
    monkeypatch.setattr("tui.cli.launch.launch", lambda start: launched.append(start) or 0)
    code, _, err = run(capsys, "resume", str(target))
    assert code == 2 and not launched and why in err

    secret = ["--reveal-all"] if forgery == "over too soon" else []  # hands still hidden
    for form in ("text", "md", "json"):
        code, out, err = run(capsys, "export", str(target), "-f", form, *secret * (form == "json"))
        assert code == 0 and why in err and f"exported the {at} intact entries" in err
        if form == "json":
            assert len(json.loads(out)["entries"]) == at  # the false record is left out

    code, out, _ = run(capsys, "list")  # no summary beside it: listed from its header alone
    row = next(line for line in out.splitlines() if "forged.parlour" in line)
    assert "not checked" in row and "finished" not in row
    code, out, _ = run(capsys, "list", "--check")
    row = next(line for line in out.splitlines() if "forged.parlour" in line)
    assert "damaged" in row
    if forgery != "over too soon":  # the moves do end it: the listing gives their result
        winner = read_log(match_file).header.seats[winners[0]].name
        assert f"finished: {winner} (damaged)" in row

    good = tmp_path / "good.json"
    assert run(capsys, "export", str(match_file), "-f", "json", "--out", str(good))[0] == 0
    document = json.loads(good.read_text())
    document["entries"] = [e.to_wire() for e in entries]
    lying = tmp_path / "lying.json"
    lying.write_text(json.dumps(document))
    before = sorted(paths.matches_dir().glob("*.parlour"))
    code, _, err = run(capsys, "import", str(lying))
    assert code == 2 and f"entry {at + 1} of the export does not replay" in err and why in err
    assert sorted(paths.matches_dir().glob("*.parlour")) == before


def test_the_listing_gives_the_result_of_a_finished_match_whose_end_record_was_never_written(
    match_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    end = end_record(match_file)
    target = paths.matches_dir() / "no-end.parlour"
    rewrite(match_file, target, lambda es: [e for e in es if e != end])  # killed before it
    code, out, _ = run(capsys, "verify", str(target))
    assert code == 0 and "finished: winner" in out
    winner = out.split("finished: winner ", 1)[1].split(" (")[0]
    code, out, _ = run(capsys, "list", "--check")
    assert code == 0 and f"finished: {winner}" in out


def test_an_entry_time_no_calendar_can_show_does_not_break_parlour_list(
    match_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def far_future(entries: list[Any]) -> list[Any]:
        last = max(i for i, e in enumerate(entries) if isinstance(e, ActionEntry))
        return [dataclasses.replace(e, at=1e15) if i == last else e for i, e in enumerate(entries)]

    rewrite(match_file, paths.matches_dir() / "future.parlour", far_future)
    for _ in ("cold", "cached"):
        code, out, _ = run(capsys, "list", "--check")
        assert code == 0 and "future.parlour" in out


# -- 6. clear messages, exit 2 -------------------------------------------------------------


def test_parlour_home_pointing_to_a_file_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "home-file"
    home.write_text("not a folder")
    monkeypatch.setenv("PARLOUR_HOME", str(home))
    code, _, err = run(capsys, "list")
    assert code == 2
    assert "a file is in the way" in err and "PARLOUR_HOME" in err


def test_a_read_only_store_without_a_state_folder_still_lists(
    match_file: Path,
    parlour_home: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (parlour_home / "matches").mkdir()
    (parlour_home / "matches" / match_file.name).write_bytes(match_file.read_bytes())
    real_mkdir = Path.mkdir

    def read_only(self: Path, *args: Any, **kwargs: Any) -> None:
        if not self.exists():
            raise PermissionError(errno.EROFS, "Read-only file system", str(self))
        real_mkdir(self, *args, **kwargs)

    monkeypatch.setattr(Path, "mkdir", read_only)
    code, out, _ = run(capsys, "list")
    assert code == 0 and match_file.name in out
    assert not (parlour_home / "state").exists()


def cli(argv: list[str], shell_redirect: str, home: Path) -> subprocess.CompletedProcess[str]:
    command = (
        f'"{sys.executable}" -c "import sys; from tui.cli import main; '
        f'sys.exit(main({argv!r}))" {shell_redirect}'
    )
    env = {**os.environ, "PARLOUR_HOME": str(home)}
    return subprocess.run(
        command,
        shell=True,
        cwd=ROOT,
        env=env,
        capture_output=False,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )


@pytest.mark.parametrize("redirect", ["> /dev/full", ">&-"])
def test_output_onto_a_full_disk_or_closed_is_a_clear_error(
    redirect: str, match_file: Path, parlour_home: Path
) -> None:
    for argv in (["list"], ["export", str(match_file)], ["verify", str(match_file)]):
        done = cli(argv, redirect, parlour_home)
        assert done.returncode == 2, (argv, done.stderr)
        assert done.stderr.startswith("parlour: "), done.stderr
        assert "output" in done.stderr
        assert "unexpected" not in done.stderr and "Exception ignored" not in done.stderr


def test_a_5000_digit_integer_in_an_import_is_refused_plainly(
    match_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    exported = tmp_path / "match.json"
    assert main(["export", str(match_file), "-f", "json", "--out", str(exported)]) == 0
    text = exported.read_text(encoding="utf-8")
    exported.write_text(text.replace('"seat": 0', '"seat": ' + "9" * 5000, 1), encoding="utf-8")
    capsys.readouterr()
    code, _, err = run(capsys, "import", str(exported))
    assert code == 2 and "cannot read" in err


def test_selfplay_of_a_trillion_games_runs_in_bounded_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_play, played = selfplay_module.play_one, list[int]()

    def stop_after_two(*args: Any) -> Any:
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(1)
        return real_play(*args)

    monkeypatch.setattr(selfplay_module, "play_one", stop_after_two)
    tracemalloc.start()
    try:
        code = main(
            [
                "selfplay",
                "en-garde",
                "--games",
                "1000000000000",
                "--seed",
                "1",
                "--out",
                str(tmp_path / "out"),
            ]
        )
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert code == 130 and len(played) == 2
    assert peak < 20_000_000
    assert "2 of 1000000000000 matches" in capsys.readouterr().err


# -- 7. imports over the size limit, exports onto a full disk ------------------------------


def test_an_import_with_a_note_over_the_size_limit_says_so_and_exits_2(
    match_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], parlour_home: Path
) -> None:
    exported = tmp_path / "match.json"
    assert main(["export", str(match_file), "-f", "json", "--out", str(exported)]) == 0
    document = json.loads(exported.read_text(encoding="utf-8"))
    document["entries"].append(NoteEntry(-1, "x" * 300_000).to_wire())
    exported.write_text(json.dumps(document), encoding="utf-8")
    capsys.readouterr()
    code, _, err = run(capsys, "import", str(exported))
    assert code == 2
    assert "too large" in err and "262144" in err and "disk space" not in err
    assert not list((parlour_home / "matches").glob("*.parlour"))


def test_export_out_onto_a_full_disk_leaves_no_partial_file(
    match_file: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder = tmp_path / "exports"
    folder.mkdir()

    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    code, _, err = run(capsys, "export", str(match_file), "--out", str(folder / "m.txt"))
    assert code == 1 and "No space left on device" in err and "nothing was written" in err
    assert list(folder.iterdir()) == []


# -- 8. verify's verdict on a newer format -------------------------------------------------


def test_the_newer_format_verdict_does_not_ask_for_a_match_file(
    match_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = bytearray(match_file.read_bytes())
    data[15] = 9
    match_file.write_bytes(bytes(data))
    code, _, err = run(capsys, "verify", str(match_file))
    assert code == 2 and "upgrade Parlour" in err
    assert "give the path of a .parlour match file" not in err


def test_a_forged_4_gib_length_in_the_header_is_called_forged_by_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forged = tmp_path / "forged.parlour"
    forged.write_bytes(b"\x92\xadparlour-match\x01\x92\xc6\xff\xff\xff\xff" + b"x" * 100)
    code, out, _ = run(capsys, "verify", str(forged))
    assert code == 1 and "forged or corrupted" in out and "while saving" not in out
