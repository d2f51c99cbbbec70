"""`parlour review FILE`: the computer's review of a match, kept in the match file.

Progress goes to stderr (a bar redrawn in place on a terminal, a line every tenth of the way
otherwise); the review itself, per seat and marked move, to stdout. Ctrl-C (or SIGTERM) stops
it and keeps every decision reviewed so far in the file, exit 130: the same command continues
where it stopped.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, TextIO

from tui.cli.common import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    PROG,
    CliError,
    locate,
    term_as_interrupt,
)

if TYPE_CHECKING:
    from collections.abc import Mapping

    from replays.review import Review

BAR = 30


def seats_arg(text: str) -> str | list[int]:
    """An argparse type: "human", "all", or seat numbers as players count them ("1,3"),
    returned 0-based."""
    word = text.strip().lower()
    if word in ("human", "all"):
        return word
    try:
        numbers = [int(part) for part in word.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not 'human', 'all' or seat numbers such as 1,2"
        ) from None
    if any(n < 1 for n in numbers):
        raise argparse.ArgumentTypeError(f"seats count from 1, not {text!r}")
    return [n - 1 for n in numbers]


def cmd_review(args: argparse.Namespace) -> int:
    """`parlour review FILE [--level easy|normal|hard] [--seed S] [--seats human|all|N,M]`."""
    from replays.chronicle import Chronicle, move_numbers
    from replays.errors import LogError, MatchLocked
    from replays.review import NotReviewable, read_review, review_file
    from replays.store import load_match

    path = locate(args.match)
    progress = _Progress(sys.stderr)
    with term_as_interrupt():
        try:
            review = review_file(
                path, level=args.level, seed=args.seed, seats=args.seats, progress=progress
            )
        except KeyboardInterrupt:
            progress.close()
            kept = read_review(path)
            done = f"{kept.done} of {kept.total}" if kept is not None else "no"
            print(
                f"interrupted: {done} decisions reviewed and kept in {path.name}; run the "
                "same command again to continue",
                file=sys.stderr,
            )
            return EXIT_INTERRUPTED
        except NotReviewable as err:
            raise CliError(str(err), f"see '{PROG} review --help'") from None
        except MatchLocked as err:
            raise CliError(str(err), "then run the same command again") from None
        except LogError as err:
            raise CliError(str(err), f"check it with: {PROG} verify {path}") from None
        finally:
            progress.close()
    match, _ = load_match(path)
    names = [seat.name for seat in match.header.seats]
    chronicle = Chronicle(match)
    said = {  # each reviewed seat's moves as that seat reads them (its own cards named)
        line.index: line.words
        for seat in review.seats
        for line in chronicle.lines(seat)
        if line.seat == seat
    }
    sys.stdout.write(report(review, names, move_numbers(chronicle.lines(None)), said))
    return EXIT_OK


def report(
    review: Review, names: list[str], moves: Mapping[int, int], said: Mapping[int, str]
) -> str:
    """The review in lines: how it was made, each seat's figures, then each marked move by
    its number in the game's move log (`moves`: entry index → move number), in the game's
    words (`said`: entry index → words) and notation, with the better move."""
    lines = [
        f"review at {review.level} (seed {review.seed}): {review.done} of {review.total} decisions"
    ]
    for seat in review.seats:
        figures = review.summary(seat)
        accuracy = "-" if figures.accuracy is None else f"{figures.accuracy:.0%}"
        lines.append(
            f"{names[seat]}: accuracy {accuracy} over {figures.decisions} "
            f"decision{'s' if figures.decisions != 1 else ''} · "
            f"?! {figures.inaccuracies} · ? {figures.mistakes} · ?? {figures.blunders}"
        )
    for verdict in review.marked():
        assert verdict.judgement is not None
        played = said.get(verdict.entry, names[verdict.seat])
        lines.append(
            f"move {moves[verdict.entry]} · {played} ({verdict.played_notation}) "
            f"{verdict.judgement.glyph} ({verdict.judgement.word}, "
            f"win chance {verdict.played:+.2f} instead of {verdict.best:+.2f}); "
            f"{review.better(verdict)}"
        )
    return "\n".join(lines) + "\n"


class _Progress:
    """Decisions reviewed: a bar redrawn in place on a terminal, else a line each tenth."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        isatty = getattr(stream, "isatty", None)
        self.bar = bool(isatty and isatty())
        self.drawn = False
        self.told = -1

    def __call__(self, done: int, total: int) -> None:
        if total <= 0:
            return
        if self.bar:
            filled = BAR * done // total
            self.stream.write(f"\r[{'#' * filled}{'.' * (BAR - filled)}] {done}/{total}")
            self.drawn = True
        else:
            tenth = 10 * done // total
            if tenth == self.told:
                return
            self.told = tenth
            self.stream.write(f"reviewed {done}/{total} decisions\n")
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line, so what follows starts on a fresh one."""
        if self.drawn:
            self.drawn = False
            print(file=self.stream, flush=True)
