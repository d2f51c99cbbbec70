"""The parser built for the one command that runs reads its command line as the full one does."""

from __future__ import annotations

import argparse
import contextlib
import io
from typing import Any

import pytest

from tui import cli
from tui.cli import parser

LINES = [
    ["new", "en-garde", "-o", "level=basic"],
    ["resume"],
    ["resume", "abcdef12"],
    ["replay", "x.parlour"],
    ["selfplay", "en-garde", "--games", "2", "--seed", "1", "--out", "d", "--seat", "random"],
    ["tournament", "crossing", "--a", "random", "--b", "greedy", "--games", "1", "--seed", "3"],
    ["verify", "a.parlour", "b.parlour"],
    ["export", "m.parlour", "-f", "md", "--seat", "2"],
    ["import", "m.json"],
    ["review", "m.parlour", "--level", "easy", "--seed", "4", "--seats", "1,2"],
    ["list"],
    ["list", "--check"],
    ["host", "en-garde", "--seat", "here=Ann", "--listen", "127.0.0.1:0", "--headless"],
    ["join", "parlour://h:1/x/y", "--watch"],
]


def outcome(built: parser.Parser, line: list[str]) -> tuple[object, str, str]:
    """What parsing `line` gives: the namespace (or the exit code), stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            result: object = vars(built.parse_args(line))
        except SystemExit as leaving:
            result = leaving.code
    return result, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("line", LINES, ids=lambda line: line[0])
def test_every_command_parses_alike_with_its_own_parser(line: list[str]) -> None:
    assert set(cli._COMMANDS) - {None} == {line[0] for line in LINES}
    command = line[0]
    for given in (line, [command, "--help"], [command, "--no-such-flag"], [command, "-o"]):
        assert outcome(parser.build(command), given) == outcome(parser.build(), given)


def test_only_the_command_given_gets_a_parser(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    built: list[str] = []
    real = argparse._SubParsersAction.add_parser

    def watched(self: Any, name: str, **kwargs: Any) -> Any:
        built.append(name)
        return real(self, name, **kwargs)

    monkeypatch.setattr(argparse._SubParsersAction, "add_parser", watched)
    monkeypatch.setattr(cli, "_command", lambda name: lambda args: 0)
    assert cli.main(["import", "m.json"]) == 0
    assert built == ["import"]
    built.clear()
    assert cli.main(["--help"]) == 0 and "verify" in capsys.readouterr().out
    assert sorted(built) == sorted({line[0] for line in LINES})


PLAIN = [["verify", "a.parlour"], ["verify", "a b.parlour", "c"], ["list"], ["list", "--check"]]


@pytest.mark.parametrize("line", [*PLAIN, [], ["verify"], ["verify", "-x"], ["list", "x"]])
def test_the_plainest_lines_are_read_as_the_parser_reads_them_without_it(line: list[str]) -> None:
    """`verify FILE...` and `list [--check]` start without argparse (a fifth of a bare
    Python start); every other line goes to the parser."""
    read = cli.plain_line(line)
    if line not in PLAIN:
        assert read is None
    else:
        assert read is not None and vars(read) == outcome(parser.build(), line)[0]
