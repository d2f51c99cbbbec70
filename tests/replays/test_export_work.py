"""An export's work grows with the match's length, not its square: counted, never timed.

The work of exporting a match (text, Markdown, JSON) is counted as the lines of Python it
runs (a trace: every loop iteration is a line event) plus the entries copied out of the Match
(`Match.entries` hands out a tuple, so a copy per entry is work the trace cannot see). Each
added batch of notes must cost what the one before it cost, give or take, and no note may
fold a state.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from core.match import Match
from replays.export import to_json, to_markdown, to_text
from replays.store import load_match, open_match
from tests.replays.toygame import Counting


class Work:
    """Lines of Python run, entries copied out of a Match, and rules applied."""

    def __init__(self) -> None:
        self.lines = self.copied = self.applies = 0

    @property
    def total(self) -> int:
        return self.lines + self.copied


@contextmanager
def counted(monkeypatch: pytest.MonkeyPatch, rules: Counting) -> Iterator[Work]:
    work = Work()
    entries = Match.entries

    def copying(match: Match) -> Any:
        found = entries.fget(match)  # type: ignore[attr-defined]
        work.copied += len(found)
        return found

    apply = rules.apply

    def applying(state: Any, action: Any) -> Any:
        work.applies += 1
        return apply(state, action)

    def trace(frame: FrameType, event: str, arg: object) -> Any:
        if event == "line":
            work.lines += 1
        return trace

    with monkeypatch.context() as patched:
        patched.setattr(Match, "entries", property(copying))
        patched.setattr(rules, "apply", applying)
        sys.settrace(trace)
        try:
            yield work
        finally:
            sys.settrace(None)


def export_work(path: Path, rules: Counting, monkeypatch: pytest.MonkeyPatch) -> Work:
    match, damage = load_match(path, rules=rules)
    assert damage is None
    with counted(monkeypatch, rules) as work:
        to_text(match)
        to_markdown(match)
        to_json(match)
    return work


def add_notes(path: Path, rules: Counting, count: int, rng: random.Random) -> None:
    """`count` notes on random entries of the match (or its starting position)."""
    with open_match(path, rules=rules) as opened:
        for number in range(count):
            target = rng.randrange(-1, len(opened.match))
            opened.annotate(target, f"note {number}", rng.choice(["", "!?"]))


def test_each_batch_of_notes_added_adds_the_same_export_work(
    finished_file: Path, counting: Counting, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(3)
    batch = 150
    measured = []
    for _ in range(3):  # the match with 1, 2 and 3 batches of notes more
        add_notes(finished_file, counting, batch, rng)
        measured.append(export_work(finished_file, counting, monkeypatch))
    first, second, third = measured
    step, next_step = second.total - first.total, third.total - second.total
    assert step > 0
    # Linear work adds the same for each batch; quadratic work adds more each time (half as
    # much again here, with the entries copied per note the whole match, again and again).
    assert next_step <= 1.1 * step, (step, next_step)
    assert third.copied <= 10 * (len(load_match(finished_file, rules=counting)[0]) + batch)
    assert first.applies == second.applies == third.applies  # notes never fold a state
