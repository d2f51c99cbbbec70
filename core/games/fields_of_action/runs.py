"""Runs of captured numbers: five in a row (4-5-6-7-8) wins; 12 does not wrap to 1."""

from __future__ import annotations

from collections.abc import Iterable

RUN_TO_WIN = 5


def longest_run(numbers: Iterable[int]) -> tuple[int, ...]:
    """The longest stretch of consecutive numbers, lowest first (the lower one on a tie).

    `longest_run([7, 3, 5, 4, 12, 1])` is (3, 4, 5); no wrap, so 11 12 1 is two runs.
    """
    have = set(numbers)
    best: tuple[int, ...] = ()
    for start in sorted(have):
        if start - 1 in have:
            continue
        end = start
        while end + 1 in have:
            end += 1
        if end - start + 1 > len(best):
            best = tuple(range(start, end + 1))
    return best


def has_winning_run(numbers: Iterable[int]) -> bool:
    return len(longest_run(numbers)) >= RUN_TO_WIN


def spoken(run: tuple[int, ...]) -> str:
    """How the commentary writes a run: 3 4 5."""
    return " ".join(str(n) for n in run)


LENGTHS = {5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}


def winning_run(run: tuple[int, ...]) -> str:
    """A winning run and its length in words: "4 5 6 7 8, a run of five" (a capture can make
    it longer than five: "2 3 4 5 6 7, a run of six")."""
    return f"{spoken(run)}, a run of {LENGTHS.get(len(run), str(len(run)))}"
