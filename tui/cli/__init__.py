"""The `parlour` command: launch the app, or work on match files and bots without it.

`main` lives here, the parser in `parser` (imported only for a line `plain_line` cannot read
alone); each command lives in its module, imported only when that command runs: `launch` (the
app: no command, `new`, `resume`, `replay`), `selfplay`, `tournament`, `files` (`verify`,
`export`, `import`, `list`), `review`, `remote` (`host`, `join`), and `common` (the error
type, exit codes and the checks on what was typed).

Headless commands never import Textual, and every heavy import happens inside the command that
needs it, so `--help` and `--version` are instant and the app reaches its menu as fast as a
bare Textual app. Nothing reaches the user as a traceback: errors read
`parlour: <what went wrong> — <what to do>`.
"""

from __future__ import annotations

import sys

if sys.argv[1:] == ["--version"] and sys.argv[0].endswith("parlour"):
    # Answered before anything else is imported (argparse, the commands, dataclasses, uuid...):
    # `parlour --version` costs no more than starting Python. Only for the console script, so
    # importing this module (tests, `main(["--version"])`) behaves as before.
    import core

    print(f"parlour {core.__version__}")
    raise SystemExit(0)

import os
from collections.abc import Callable, Sequence
from importlib import import_module
from types import SimpleNamespace
from typing import TYPE_CHECKING, TextIO, cast

from tui.cli.common import (
    EXIT_BAD,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    PROG,
    CliError,
    say_error,
)

if TYPE_CHECKING:
    import argparse

__all__ = [
    "EXIT_BAD",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "PROG",
    "CliError",
    "main",
]


def main(argv: Sequence[str] | None = None) -> int:
    """The console script: run one command and return its exit code."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")  # a narrow terminal encoding must not crash output
    try:
        given = sys.argv[1:] if argv is None else list(argv)
        args = plain_line(given)
        if args is None:
            from tui.cli.parser import build

            only = given[0] if given and given[0] in _COMMANDS else None
            args = build(only).parse_args(given)
    except SystemExit as leaving:  # --help, --version and usage errors
        return leaving.code if isinstance(leaving.code, int) else EXIT_USAGE
    if sys.stdout is None:  # started with its output closed (`parlour list >&-`)
        say_error(
            "the output is closed, so nothing could be shown",
            "run it with its output going to a terminal, a file or a pipe",
        )
        return EXIT_USAGE
    real_stdout = sys.stdout
    sys.stdout = _Output(real_stdout)
    try:
        code = _command(args.command)(args)
        sys.stdout.flush()  # a full disk shows here, not as a traceback at exit
        return code
    except _OutputFailed as failed:
        _silence_stdout()
        say_error(
            f"cannot write the output: {failed.error.strerror or failed.error}",
            "free some space, or send the output somewhere else",
        )
        return EXIT_USAGE
    except CliError as err:
        say_error(err.what, err.todo)
        return err.code
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BAD
    except Exception as err:  # the last line of defence: a short message, never a traceback
        from replays.errors import LogError, StoreUnavailable

        if isinstance(err, StoreUnavailable):
            say_error(str(err), "set PARLOUR_HOME to a folder you can write to (or unset it)")
            return EXIT_USAGE
        if isinstance(err, LogError):  # a match-file problem no command expected
            say_error(str(err), f"check the match file with: {PROG} verify FILE")
            return EXIT_USAGE
        return _unexpected(err)
    finally:
        sys.stdout = real_stdout


def plain_line(given: Sequence[str]) -> argparse.Namespace | None:
    """What the parser gives for the plainest lines of the commands that must start fastest,
    `verify FILE...` and `list [--check]`, read without it (importing argparse and building
    a parser took a fifth of a bare Python start); None for any other line."""
    command, rest = (given[0], list(given[1:])) if given else (None, [])
    if command == "verify" and rest and not any(word.startswith("-") for word in rest):
        found = SimpleNamespace(command=command, files=rest)
    elif command == "list" and rest in ([], ["--check"]):
        found = SimpleNamespace(command=command, check=bool(rest))
    else:
        return None
    return cast("argparse.Namespace", found)  # the same attributes, all a command reads


def _unexpected(err: BaseException) -> int:
    if os.environ.get("PARLOUR_DEBUG"):
        import traceback

        traceback.print_exc()
    say_error(
        f"unexpected error ({type(err).__name__}: {err})",
        "this is a bug in Parlour; please report it with the command you ran "
        "(set PARLOUR_DEBUG=1 to see the details)",
    )
    return EXIT_BAD


class _OutputFailed(Exception):
    """Writing to stdout failed (a full disk, an I/O error): not a bug, and not a file's fault."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


class _Output:
    """stdout, with its write errors told apart from every other OSError (a closed pipe
    stays a BrokenPipeError, which ends the command quietly)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as err:
            raise _OutputFailed(err) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as err:
            raise _OutputFailed(err) from None

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)


def _silence_stdout() -> None:
    """After the reader of a pipe left (`parlour export x | head`), drop further output."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


_COMMANDS: dict[str | None, tuple[str, str]] = {
    None: ("launch", "cmd_app"),
    "new": ("launch", "cmd_new"),
    "resume": ("launch", "cmd_resume"),
    "replay": ("launch", "cmd_replay"),
    "selfplay": ("selfplay", "cmd_selfplay"),
    "tournament": ("tournament", "cmd_tournament"),
    "verify": ("files", "cmd_verify"),
    "export": ("files", "cmd_export"),
    "import": ("files", "cmd_import"),
    "review": ("review", "cmd_review"),
    "list": ("files", "cmd_list"),
    "host": ("remote", "cmd_host"),
    "join": ("remote", "cmd_join"),
}
"""Command -> (its module in `tui.cli`, its function). A command's module is imported only
when it runs: `verify` loads neither the bots nor the app's launcher."""


def _command(name: str | None) -> Callable[[argparse.Namespace], int]:
    module, function = _COMMANDS[name]
    found: Callable[[argparse.Namespace], int] = getattr(
        import_module(f"tui.cli.{module}"), function
    )
    return found
