"""A match as text to read, as Markdown with its annotations, and as lossless JSON.

Text and Markdown are written from one perspective (everything only once the match is over,
as in the replay viewer), with what was said at the table where it was said, and the computer's
review where the match has one (text: the judgement glyphs; Markdown: glyphs, better moves and
each player's accuracy; only the verdicts the perspective may read); JSON is the log itself,
every entry and time (the review entries among them, and the review's figures beside them),
and imports back into a byte-identical match file. Round results
come from the final view's `rounds`, when the game's view has them (a sequence of objects with
`round` and `detail`).
"""

from __future__ import annotations

import base64
import bisect
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from core import registry
from core.match import BadEntry, Entry, Header, Match, NoteEntry, entry_from_wire
from core.review.verdict import Verdict
from core.rules import CHANCE, SPECTATOR, Rules, Wire
from replays import chain, leftovers, paths, summary
from replays.chronicle import standing
from replays.cursor import ReplayCursor
from replays.ending import false_end
from replays.errors import BadExport, LogError, Unstorable
from replays.logfile import LogWriter
from replays.review import Review, review_of
from replays.store import file_name

JSON_FORMAT = "parlour-match"


def to_text(match: Match, perspective: int | None = None) -> str:
    """A transcript a player can follow: header lines, numbered turns, round and match results."""
    return "\n".join(_transcript(match, perspective, markdown=False)) + "\n"


def to_markdown(match: Match, perspective: int | None = None) -> str:
    """The transcript as Markdown, with each annotation (glyph and text) under its entry."""
    return "\n".join(_transcript(match, perspective, markdown=True)) + "\n"


def to_json(match: Match) -> str:
    """Everything in the match file, losslessly: header, every entry with its time."""
    document: dict[str, Any] = {
        "format": JSON_FORMAT,
        "version": chain.FORMAT_VERSION,
        "header": match.header.to_wire(),
        "entries": [entry.to_wire() for entry in match.entries],
    }
    review = review_of(match)
    if review is not None:
        document["review"] = _review_figures(review)
    return json.dumps(_to_json_value(document), ensure_ascii=False, indent=1) + "\n"


def _review_figures(review: Review) -> dict[str, Any]:
    """The review's figures for a JSON export (the verdicts themselves are its entries): how it
    was made, and each reviewed seat's accuracy and counts. Import reads only the entries."""
    return {
        "level": review.level,
        "seed": review.seed,
        "seats": list(review.seats),
        "total": review.total,
        "done": review.done,
        "summary": [
            {
                "seat": figures.seat,
                "decisions": figures.decisions,
                "accuracy": figures.accuracy,
                "inaccuracies": figures.inaccuracies,
                "mistakes": figures.mistakes,
                "blunders": figures.blunders,
            }
            for figures in (review.summary(seat) for seat in review.seats)
        ],
    }


MATCH_ID = re.compile(r"[0-9a-f]{8,64}")
"""A match id as Parlour writes one (32 hex digits); an import names its file after it."""


def from_json(text: str) -> tuple[Header, list[Entry]]:
    """The header and entries of a JSON export; BadExport says what is wrong with it."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as err:
        raise BadExport(
            f"this is not valid JSON (line {err.lineno}, column {err.colno}: {err.msg})"
        ) from None
    except RecursionError:
        raise BadExport("this JSON is nested too deeply to be a match export") from None
    except ValueError as err:  # e.g. an integer of more digits than Python converts
        raise BadExport(f"this JSON holds a value Parlour cannot read ({err})") from None
    if not isinstance(document, dict) or document.get("format") != JSON_FORMAT:
        raise BadExport('this JSON is not a Parlour match export (no "format": "parlour-match")')
    version = document.get("version")
    if not isinstance(version, int) or version < 1:
        raise BadExport('this match export has no valid "version"')
    if version > chain.FORMAT_VERSION:
        raise BadExport(
            f"this match was exported by a newer Parlour (format {version}; this one reads up "
            f"to {chain.FORMAT_VERSION}): upgrade Parlour to import it"
        )
    raw_entries = document.get("entries")
    if not isinstance(raw_entries, list):
        raise BadExport('this match export has no "entries" list')
    try:
        header = Header.from_wire(_from_json_value(document.get("header")))
    except (ValueError, RecursionError) as err:
        raise BadExport(f"the export's header is malformed: {err}") from None
    if not MATCH_ID.fullmatch(header.match_id):
        raise BadExport(
            f"the export's match id {header.match_id[:40]!r} is not one Parlour makes "
            "(8 to 64 hex digits)"
        )
    entries = []
    for number, raw in enumerate(raw_entries, start=1):
        try:
            entries.append(entry_from_wire(_from_json_value(raw)))
        except (ValueError, RecursionError) as err:
            raise BadExport(f"entry {number} of the export is malformed: {err}") from None
    return header, entries


def import_json(
    source: Path, *, folder: Path | None = None, rules: Rules[Any, Any, Any] | None = None
) -> Path:
    """Write the match of a JSON export as a new match file; returns its path.

    The entries are replayed first, and their `end` records checked against the replay, so a
    file is only written for a match that holds up (one `parlour verify` passes).
    """
    try:
        text = source.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise BadExport(f"cannot read {source.name}: {err}") from None
    return import_text(text, source.name, folder=folder, rules=rules)


def import_text(
    text: str, name: str, *, folder: Path | None = None, rules: Rules[Any, Any, Any] | None = None
) -> Path:
    """`import_json` of an export's text (`name` says where it came from, in errors)."""
    source = Path(name)
    header, entries = from_json(text)
    try:
        game = rules if rules is not None else registry.get(header.game)
        wrong = false_end(Match(game, header, entries))
    except registry.UnknownGame as err:
        raise BadExport(f"cannot import {source.name}: {err}") from None
    except BadEntry as err:
        raise BadExport(
            f"entry {err.index + 1} of the export does not replay: {err.reason}"
        ) from None
    except ValueError as err:
        raise BadExport(f"the export's header does not suit the game: {err}") from None
    if wrong is not None:
        index, why = wrong
        raise BadExport(f"entry {index + 1} of the export does not replay: the end record {why}")
    _check_storable(header, entries)
    place = folder if folder is not None else paths.matches_dir()
    leftovers.sweep(place)
    target = place / file_name(header)
    writer = LogWriter.create(target, header)
    try:
        writer.append_many(entries)
        writer.vouch()
    except LogError:
        writer.close()
        target.unlink(missing_ok=True)
        summary.remove(target)
        raise
    writer.close()
    return target


# -- transcript --------------------------------------------------------------------------


def _transcript(match: Match, perspective: int | None, *, markdown: bool) -> Iterator[str]:
    cursor = ReplayCursor(match, perspective)
    cursor.end()
    names = [seat.name for seat in match.header.seats]
    rounds = getattr(cursor.view, "rounds", ())
    results = {getattr(r, "round", None): _round_result(r, names) for r in rounds}
    notes: dict[int, list[NoteEntry]] = {}
    lines = cursor.moves()
    indexes = [line.index for line in lines]
    for _, note in match.notes():
        notes.setdefault(_anchor(note.target, indexes), []).append(note)
    review = review_of(match)
    verdicts = _readable(match, review, perspective)

    yield from _heading(match, perspective, markdown=markdown)
    chapters = {line.chapter for line in lines}
    headed = len(chapters) > 1 and match.rules.chapter not in ("", "turn")
    if not headed:  # no chapter heading will part the moves from the facts above: a heading
        yield ""
        if markdown:
            yield "## Moves"
            yield ""
    yield from _notes(notes.get(-1, []), markdown=markdown)
    word = match.rules.chapter.capitalize() or "Part"
    turn, current_round = 0, None
    for number, line in enumerate(lines):
        if line.chapter != current_round:
            current_round = line.chapter
            if headed:
                yield ""
                yield f"## {word} {line.chapter}" if markdown else f"{word} {line.chapter}"
                if markdown:
                    yield ""
        undone = " (taken back)" if line.taken_back else ""
        if line.kind == "chat":
            if markdown:
                yield f"- *chat* · **{_inline(line.speaker)}:** {_inline(line.said)}"
            else:
                yield f"       chat · {line.words}"
        elif line.seat == CHANCE or line.kind == "takeback":
            yield f"- · {line.words}{undone}" if markdown else f"       · {line.words}{undone}"
        else:
            counted = standing(line)  # numbered as the game's log numbers it
            turn += counted
            name = names[line.seat]
            verdict = verdicts.get(line.index)
            glyph = f" {verdict.judgement.glyph}" if verdict and verdict.judgement else ""
            if markdown:
                lead = f"**{turn}.** " if counted else ""
                yield f"- {lead}{name}: `{line.notation}`{glyph} — {line.words}{undone}"
                if verdict is not None and verdict.judgement is not None:
                    yield _better(verdict)
            else:
                lead = f"{turn:>5}. " if counted else " " * 7
                yield f"{lead}{name}: {line.notation}{glyph} — {line.words}{undone}"
        yield from _notes(notes.get(line.index, []), markdown=markdown)
        following = lines[number + 1].chapter if number + 1 < len(lines) else None
        if following != line.chapter and results.get(line.chapter):
            result = f"{word} {line.chapter} {results[line.chapter]}"
            yield f"- *{result}*" if markdown else f"       {result}"
    yield ""
    result = _result(match)
    yield f"**{result}**" if markdown else result
    if review is not None and verdicts:
        yield from _accuracy(review, verdicts, names, markdown=markdown)


def _readable(match: Match, review: Review | None, perspective: int | None) -> dict[int, Verdict]:
    """The verdicts `perspective` may read, by entry: all of them once the match is over or
    in a game that hides nothing; before that only its own seat's (a verdict's better move
    is chosen from that seat's hand)."""
    if review is None:
        return {}
    everyone = match.is_over or not match.rules.hides_information
    return {v.entry: v for v in review.verdicts if everyone or v.seat == perspective}


def _better(verdict: Verdict) -> str:
    """A marked move's review line in Markdown: judgement, win chance, the better move."""
    assert verdict.judgement is not None
    chance = f"win chance {verdict.played:+.2f} instead of {verdict.best:+.2f}"
    better = f"; better: `{verdict.best_notation}` — {_inline(verdict.best_words)}"
    return (
        f"  > *review:* **{verdict.judgement.glyph}** {verdict.judgement.word} ({chance}){better}"
    )


def _accuracy(
    review: Review, verdicts: dict[int, Verdict], names: list[str], *, markdown: bool
) -> Iterator[str]:
    """Each reviewed seat's accuracy and counts (a table in Markdown)."""
    seats = sorted({v.seat for v in verdicts.values()})
    heading = (
        f"Review at {review.level} (seed {review.seed}): {review.done} of {review.total} "
        "decisions reviewed"
    )
    yield ""
    if markdown:
        yield "## Review"
        yield ""
        yield heading + "."
        yield ""
        yield "| Player | Accuracy | Decisions | ?! | ? | ?? |"
        yield "|---|---|---|---|---|---|"
    else:
        yield heading
    for seat in seats:
        figures = review.summary(seat)
        accuracy = "-" if figures.accuracy is None else f"{figures.accuracy:.0%}"
        counts = (figures.inaccuracies, figures.mistakes, figures.blunders)
        if markdown:
            cells = " | ".join(str(c) for c in counts)
            yield f"| {_inline(names[seat])} | {accuracy} | {figures.decisions} | {cells} |"
        else:
            yield (
                f"{names[seat]}: accuracy {accuracy} over {figures.decisions} "
                f"decision{'s' if figures.decisions != 1 else ''}; "
                f"?! {counts[0]}, ? {counts[1]}, ?? {counts[2]}"
            )


def _round_result(result: object, names: list[str]) -> str:
    """ "won by Ann: <detail>" or "drawn: <detail>", from a game's round record."""
    winner, detail = getattr(result, "winner", None), getattr(result, "detail", "")
    if isinstance(winner, int) and 0 <= winner < len(names):
        return f"won by {names[winner]}: {detail}"
    return f"drawn: {detail}"


def _heading(match: Match, perspective: int | None, *, markdown: bool) -> Iterator[str]:
    header = match.header
    title = match.rules.title
    seats = ", ".join(
        f"{seat.name} ({seat.kind}{': ' + seat.bot if seat.bot else ''})" for seat in header.seats
    )
    options = ", ".join(f"{key}={_option(value)}" for key, value in header.options.items())
    facts = [
        ("Options", options or "none"),
        ("Seats", seats),
        ("Date", header.created or "unknown"),
        ("Seen by", _seen(match, perspective)),
        ("Match", header.match_id),
    ]
    if markdown:
        yield f"# {title}: {' vs '.join(seat.name for seat in header.seats)}"
        yield ""
        yield from (f"- **{name}:** {value}" for name, value in facts)
    else:
        yield title
        yield from (f"{name}: {value}" for name, value in facts)


def _seen(match: Match, perspective: int | None) -> str:
    if perspective is None:
        return "everyone"
    if perspective == SPECTATOR:
        return "the table: no one's hand is shown"
    return match.header.seats[perspective].name


def _notes(notes: list[NoteEntry], *, markdown: bool) -> Iterator[str]:
    for note in notes:
        glyph = f"{note.glyph} " if note.glyph else ""
        if markdown:
            yield f"  > {'**' + note.glyph + '** ' if note.glyph else ''}{note.text}"
        else:
            yield f"         {glyph}{note.text}"


_MARKDOWN_INLINE = str.maketrans({c: f"\\{c}" for c in "\\`*_[]<>|~"})


def _inline(text: str) -> str:
    """Someone else's words as Markdown that shows them as they are: what would start
    emphasis, code, a link or HTML is escaped."""
    return text.translate(_MARKDOWN_INLINE)


def _anchor(target: int, indexes: list[int]) -> int:
    """The move line a note belongs under: its target, or the last move before it (`indexes`:
    the entry of each line, in order; a search, so many notes cost no more than they are)."""
    after = bisect.bisect_right(indexes, target)
    return indexes[after - 1] if after else -1


def _result(match: Match) -> str:
    outcome = match.outcome()
    if outcome is None:
        seat = match.to_move()
        waiting = "chance" if seat in (None, CHANCE) else match.header.seats[seat].name
        return f"Not finished: {waiting} to move."
    names = [seat.name for seat in match.header.seats]
    if outcome.is_draw:
        text = "Result: a draw"
    else:
        text = f"Result: {' and '.join(names[w] for w in outcome.winners)} won"
    if outcome.reason:
        text += f" ({outcome.reason})"
    if outcome.scores:
        scores = zip(names, outcome.scores, strict=False)
        text += ". Score: " + ", ".join(f"{name} {score}" for name, score in scores)
    return text + "."


def _option(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


# -- JSON values ---------------------------------------------------------------------------


def _check_storable(header: Header, entries: list[Entry]) -> None:
    """Refuse, before any file exists, a header or entry no match file can hold (a note over
    the size limit, an integer too large for msgpack): the export is at fault, not the disk."""
    items: list[tuple[str, Wire]] = [("the header", header.to_wire())]
    items += [(f"entry {n}", e.to_wire()) for n, e in enumerate(entries, start=1)]
    for what, wire in items:
        try:
            chain.pack_body(wire)
        except ValueError as err:
            raise Unstorable(f"{what} of the export cannot be stored: {err}") from None


def _to_json_value(value: Any) -> Any:
    """JSON has no bytes: they travel as {"$bytes": base64}. A map that could be mistaken
    for such a marker (one key, "$bytes" or "$map") travels wrapped as {"$map": map}."""
    if isinstance(value, bytes):
        return {"$bytes": base64.b64encode(value).decode("ascii")}
    if isinstance(value, list | tuple):
        return [_to_json_value(item) for item in value]
    if isinstance(value, dict):
        converted = {key: _to_json_value(item) for key, item in value.items()}
        return {"$map": converted} if set(value) in ({"$bytes"}, {"$map"}) else converted
    return value


def _from_json_value(value: Any) -> Wire:
    if isinstance(value, list):
        return [_from_json_value(item) for item in value]
    if isinstance(value, dict):
        if set(value) == {"$bytes"} and isinstance(value["$bytes"], str):
            try:
                return base64.b64decode(value["$bytes"], validate=True)
            except ValueError:
                raise ValueError('a "$bytes" value is not base64') from None
        if set(value) == {"$map"} and isinstance(value["$map"], dict):
            value = value["$map"]
        return {key: _from_json_value(item) for key, item in value.items()}
    return value  # type: ignore[no-any-return]
