"""The move list and the notes list of a replay, as the current perspective may read them.

Pure: rows come from the cursor's lines (chat among them) and the match's notes, so the
viewer can rebuild them whenever the perspective or the file changes, and tests can read them
without a screen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.match import Match, NoteEntry
from core.rules import CHANCE
from replays.chronicle import Line, move_numbers, standing
from replays.cursor import ReplayCursor
from tui.widgets.move_list import MoveRow, NoteRow


def anchor(target: int, positions: Sequence[int]) -> int:
    """The row a note on entry `target` belongs to: that entry, or the last one before."""
    return max((p for p in positions if p - 1 <= target), default=0)


def rows_of(
    cursor: ReplayCursor, match: Match, judged: Mapping[int, str] | None = None
) -> tuple[list[MoveRow], list[NoteRow]]:
    """The move rows (the starting position first) and the note rows, oldest first. Chat goes
    with the row it was said after, as notes do: it is not a position of its own. `judged`:
    the review's glyph by position, shown beside the move it judges."""
    told = cursor.moves()
    lines = [line for line in told if line.kind != "chat"]
    positions = [0] + [line.index + 1 for line in lines]
    anchored: dict[int, list[NoteEntry]] = {}
    for _, note in match.notes():
        anchored.setdefault(anchor(note.target, positions), []).append(note)
    said: dict[int, list[tuple[str, str]]] = {}
    for line in told:
        if line.kind == "chat":
            said.setdefault(anchor(line.index, positions), []).append((line.speaker, line.said))

    def row(number: int, position: int, line: Line | None, move: int) -> MoveRow:
        notes = anchored.get(position, [])
        return MoveRow(
            position,
            number,
            line is not None and line.seat == CHANCE,
            line.notation if line else "",
            line.words if line else "the starting position",
            line.chapter if line else match.rules.round_of(match.state_at(0)),
            glyphs=tuple(n.glyph for n in notes if n.glyph),
            noted=any(n.text for n in notes),
            chat=tuple(said.get(position, ())),
            judged=(judged or {}).get(position, ""),
            move=move,
            is_move=line is not None and standing(line),
            withdrawn=line is not None and line.taken_back,
        )

    counted = move_numbers(lines)
    rows = [row(0, 0, None, 0)]
    rows += [row(n, line.index + 1, line, counted[line.index]) for n, line in enumerate(lines, 1)]
    numbers = {r.position: r.move for r in rows}
    notes = [
        NoteRow(position, numbers[position], note.glyph, note.text)
        for position in sorted(anchored)
        for note in anchored[position]
    ]
    return rows, notes


def decision_at(rows: Sequence[MoveRow], here: int) -> int:
    """The row a step to `here` showed: the decision whose step this is (its refill came
    with it), or `here` itself when the step is a deal or the start."""
    done = [r for r in rows if 0 < r.position <= here]
    decisions = [r for r in done if not r.chance]
    if not decisions:
        return here
    last = decisions[-1]
    after = [r for r in done if r.position > last.position]
    return last.position if all(r.round == last.round for r in after) else here
