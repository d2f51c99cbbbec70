"""File fuzzing: damaged match files of every game through every reader Parlour has.

    python -m tests.stress.fuzz --files 5000 --seed 1

Real match files of every game (random bots) are damaged by hypothesis strategies: cut at a
byte, bytes flipped, records duplicated, swapped or dropped, a record's length forged huge,
the format version made wrong or newer, whole files that are not Parlour files, and entries
edited with the hash chain recomputed (so the damage reaches the rules, not just the chain).
Each damaged file goes through `parlour verify` and `parlour export` (the CLI's `main`),
`load_match`, the replay viewer's cursor (`ReplayCursor`, every position), `open_match` (which
repairs, then one move is played to show it resumes) and the resume list (`scan_matches`).

The oracle (`check_file`): nothing raises an uncaught exception or hangs (an alarm at
`TIME_LIMIT`), the CLI never answers "unexpected error", what is read is the valid prefix of
the original entries (for chain-preserving damage), and the repair keeps an exact copy of the
damaged file and never rewrites the prefix it kept. Memory is bounded by an address-space
limit in the script. Exit 1 on any failure; Ctrl-C prints the figures so far.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import os
import random
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.match import Header
from core.rules import SPECTATOR
from replays import chain, paths
from replays.cursor import ReplayCursor
from replays.ending import agrees
from replays.errors import LogError, MatchLocked
from replays.logfile import LogRead, LogWriter, damaged_copy_path, read_log
from replays.store import load_match, open_match, scan_matches
from tests.stress.common import bot_seats, games, players_for, random_bots, step

TIME_LIMIT = 20
"""Seconds one damaged file may take through every reader."""

KNOWN = {
    "newer-format verdict asks for a match file": 8,
    "forged length called a torn write": 8,
}
"""Substrings of failures that are faults already listed in issue 12 (fixed by another branch)."""


class Hang(Exception):
    """A damaged file took longer than TIME_LIMIT."""


@contextlib.contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    def ring(signum: int, frame: Any) -> None:
        raise Hang(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# -- real files -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Original:
    game: str
    data: bytes
    log: LogRead

    @property
    def record_offsets(self) -> list[int]:
        """Byte offset of every record, the header's included, then the end."""
        return [len(chain.PREAMBLE), *self.log.offsets, self.log.end]


def make_original(rules: Any, seed: int, folder: Path, moves: int | None = None) -> Original:
    """A match of `rules` played by random bots (to the end, or `moves` entries), as a file."""
    rng = random.Random(seed)
    players = players_for(rules, rng)
    header = Header(
        rules.id, {}, bot_seats(players), f"fuzz{seed:08x}", created="2026-01-01T12:00:00+00:00"
    )
    path = folder / f"{rules.id}-{seed}.parlour"
    from core.match import Match

    with LogWriter.create(path, header) as writer:
        match = Match(rules, header, sink=writer.append)
        bots = random_bots(players, seed)
        while (moves is None or len(match) < moves) and step(match, bots, rng):
            pass
        if len(match) > 2:
            match.annotate(1, "a note to keep", "!?")
    return Original(rules.id, path.read_bytes(), read_log(path))


# -- damage ---------------------------------------------------------------------------------
def _records(original: Original) -> list[bytes]:
    offsets = original.record_offsets
    return [original.data[a:b] for a, b in itertools.pairwise(offsets)]


def _rechain(bodies: list[bytes]) -> bytes:
    link, out = chain.PREAMBLE, bytearray(chain.PREAMBLE)
    for body in bodies:
        link = chain.digest(link, body)
        out += chain.pack_record(body, link)
    return bytes(out)


JUNK_VALUES: list[Any] = [
    None,
    -1,
    0,
    7,
    99,
    2**40,
    "",
    "x",
    [],
    [99],
    {},
    {"k": "meta"},
    b"\x00",
    True,
    3.5,
    ["draw", 9],
    {"what": "end"},
]


@st.composite
def damaged(draw: st.DrawFn, original: Original) -> tuple[str, bytes, bool]:
    """(kind, bytes, keeps_chain): keeps_chain is True when any entries read must be a prefix
    of the original's."""
    data, records = original.data, _records(original)
    kind = draw(
        st.sampled_from(
            [
                "cut",
                "flip",
                "duplicate",
                "swap",
                "drop",
                "forge-length",
                "version",
                "not-parlour",
                "rechain-edit",
                "rechain-end",
                "append-garbage",
            ]
        )
    )
    pre = bytes(chain.PREAMBLE)
    if kind == "cut":
        return kind, data[: draw(st.integers(0, len(data)))], True
    if kind == "flip":
        buf = bytearray(data)
        for _ in range(draw(st.integers(1, 4))):
            at = draw(st.integers(0, len(buf) - 1))
            buf[at] ^= draw(st.integers(1, 255))
        return kind, bytes(buf), True
    if kind in ("duplicate", "swap", "drop") and len(records) >= 3:
        i = draw(st.integers(1, len(records) - 1))
        j = draw(st.integers(1, len(records) - 1))
        out = list(records)
        if kind == "duplicate":
            out.insert(j, records[i])
        elif kind == "swap":
            out[i], out[j] = out[j], out[i]
        else:
            del out[i]
        return kind, pre + b"".join(out), True
    if kind == "forge-length":
        offsets = original.record_offsets[:-1]
        at = draw(st.sampled_from(offsets))
        size = draw(st.sampled_from([2**32 - 1, 2**31, chain.MAX_BODY + 1, 10**9]))
        forged = b"\x92\xc6" + size.to_bytes(4, "big")
        tail = draw(st.sampled_from([b"", b"\x00" * 64, data[at + 6 : at + 600]]))
        return kind, data[:at] + forged + tail, True
    if kind == "version":
        version = draw(st.sampled_from([0, 2, 3, 127, 200, 255, 65535]))
        marker = bytes(chain.MARKER)
        packed = msgpack.packb(version)
        return kind, marker + packed + data[len(pre) :], True
    if kind == "not-parlour":
        choice = draw(
            st.sampled_from(["empty", "random", "json", "png", "msgpack", "marker", "text"])
        )
        blob = {
            "empty": b"",
            "random": draw(st.binary(min_size=1, max_size=400)),
            "json": b'{"format": "parlour-export", "entries": []}',
            "png": b"\x89PNG\r\n\x1a\n" + b"\x00" * 40,
            "msgpack": msgpack.packb(["parlour-notes", 1, {"a": 1}]),
            "marker": bytes(chain.MARKER)[: draw(st.integers(1, len(chain.MARKER)))],
            "text": b"Parlour match: Ann v Bob\n1. 4> ...\n",
        }[choice]
        return f"not-parlour/{choice}", blob, True
    if kind in ("rechain-edit", "rechain-end"):
        bodies = [msgpack.unpackb(r, raw=False)[0] for r in records]
        if kind == "rechain-end" or len(bodies) < 2:
            seats = draw(st.sampled_from([[0], [1], [5], [-1], [99], [], ["x"], None]))
            end = {
                "k": "meta",
                "what": "end",
                "data": {"winners": seats, "scores": [], "reason": "forged"},
                "at": None,
            }
            at = draw(st.integers(1, len(bodies)))
            bodies.insert(at, msgpack.packb(end, use_bin_type=True))
        else:
            i = draw(st.integers(1, len(bodies) - 1))
            wire = msgpack.unpackb(bodies[i], raw=False)
            if isinstance(wire, dict) and wire:
                key = draw(st.sampled_from(sorted(wire, key=str)))
                wire[key] = draw(st.sampled_from(JUNK_VALUES))
            bodies[i] = msgpack.packb(wire, use_bin_type=True)
        return kind, _rechain(bodies), False
    # append-garbage (and the record kinds on a file too short for them)
    return "append-garbage", data + draw(st.binary(min_size=1, max_size=64)), True


# -- the oracle -----------------------------------------------------------------------------
@dataclass
class Figures:
    tried: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    games: Counter[str] = field(default_factory=Counter)
    verdicts: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    known: Counter[int] = field(default_factory=Counter)
    """Failures that are faults already listed in issue 12, by their number there."""


def _cli(*argv: str) -> tuple[int, str, str]:
    from tui.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def check_file(
    original: Original, kind: str, data: bytes, keeps_chain: bool, work: Path, figures: Figures
) -> None:
    """Every reader on one damaged file; failures are appended to `figures`."""
    figures.tried += 1
    figures.kinds[kind.split("/")[0]] += 1
    figures.games[original.game] += 1
    problems: list[str] = []
    for old in work.iterdir():
        if old.is_dir():
            shutil.rmtree(old)
        else:
            old.unlink()
    path = work / "damaged.parlour"
    path.write_bytes(data)
    try:
        with time_limit(TIME_LIMIT):
            problems += _through_everything(original, path, data, keeps_chain, work, figures)
    except Hang as err:
        problems.append(str(err))
    except Exception as err:
        problems.append(f"uncaught {type(err).__name__}: {err}")
    for problem in problems:
        where = f"{original.game} {kind} ({len(data)} bytes): {problem}"
        known = next((n for text, n in KNOWN.items() if text in problem), None)
        if known is not None:
            figures.known[known] += 1
        else:
            figures.failures.append(where)
            keep = Path(os.environ.get("PARLOUR_FUZZ_KEEP", tempfile.gettempdir()))
            (keep / f"parlour-fuzz-failure-{len(figures.failures)}.parlour").write_bytes(data)


def _through_everything(
    original: Original, path: Path, data: bytes, keeps_chain: bool, work: Path, figures: Figures
) -> list[str]:
    problems: list[str] = []
    # 1. parlour verify
    code, out, err = _cli("verify", str(path))
    if code not in (0, 1, 2) or "unexpected error" in out + err or not (out + err).strip():
        problems.append(f"verify answered {code}: {(out + err).strip()[:200]}")
    figures.verdicts[f"verify exit {code}"] += 1
    verified_ok = code == 0
    if "newer Parlour" in out + err and "give the path of a .parlour" in out + err:
        problems.append("newer-format verdict asks for a match file")
    if kind_of(data) == "forged" and "stopped while saving" in out + err:
        problems.append("forged length called a torn write")
    # 2. load_match: the valid prefix, or a clear LogError
    match, loaded_damage = None, None
    try:
        match, loaded_damage = load_match(path)
    except LogError as error:
        if not str(error).strip():
            problems.append("load_match raised a LogError with no message")
    if code in (0, 1) and verified_ok != (match is not None and loaded_damage is None):
        problems.append("verify and load_match disagree on whether the file holds up")
    if match is not None:
        figures.verdicts["load: a prefix"] += 1
        entries = match.entries
        if keeps_chain and entries != original.log.entries[: len(entries)]:
            problems.append("load_match gave entries that are not a prefix of the original")
        # 3. the replay viewer's cursor, every position, from where it opens
        perspective = SPECTATOR if (match.rules.hides_information and not match.is_over) else None
        cursor = ReplayCursor(match, perspective)
        for position in range(len(cursor) + 1):
            cursor.seek(position)
            hash(cursor.view)
        cursor.moves  # noqa: B018 - builds every line of the move list
        cursor.end()
        cursor.previous_round()
    else:
        figures.verdicts["load: refused"] += 1
    # 4. parlour export, text and json
    for fmt in ("text", "json"):
        code, out, err = _cli("export", str(path), "--format", fmt)
        if code not in (0, 1, 2) or "unexpected error" in err:
            problems.append(f"export --format {fmt} answered {code}: {err.strip()[:200]}")
        if match is None and code == 0:
            problems.append(f"export --format {fmt} exported a file load_match refuses")
    # 5. open_match (repair) and one more move, on a copy in the matches folder
    stored = paths.matches_dir() / "20260101-120000-fuzz-00000000.parlour"
    stored.write_bytes(data)
    try:
        opened = open_match(stored)
    except MatchLocked as error:
        problems.append(f"open_match: locked? {error}")
        opened = None
    except LogError:
        opened = None
        if stored.read_bytes() != data:
            problems.append("open_match refused the file but changed it")
    if opened is not None:
        with opened:
            kept = opened.damage.offset if opened.damage is not None else len(data)
            now = stored.read_bytes()
            if not now.startswith(data[:kept]):
                problems.append("the repair rewrote the part of the file it kept")
            if opened.damage is not None:
                copy = opened.damaged_copy or damaged_copy_path(stored)  # copies are numbered
                if not copy.exists() or copy.read_bytes() != data:
                    problems.append("the repair kept no exact copy of the damaged file")
            if not opened.match.is_over:
                players = len(opened.match.header.seats)
                step(opened.match, random_bots(players, 1), random.Random(1), opened.submit)
        figures.verdicts["open: resumed" if opened.damage is None else "open: repaired"] += 1
    else:
        figures.verdicts["open: refused"] += 1
    # 6. the resume list, and `parlour list`
    listing = scan_matches()
    named = {s.path.name for s in listing.matches} | {p.name for p, _ in listing.unreadable}
    if stored.name not in named:
        problems.append("the resume list neither lists the file nor says it is unreadable")
    code, out, err = _cli("list")
    if code not in (0, 1, 2) or "unexpected error" in err:
        problems.append(f"parlour list failed ({code}): {err.strip()[:160]}")
    if match is not None:
        again, damage = load_match(stored)
        listed = [s for s in listing.matches if s.path.name == stored.name]
        if listed and (
            (damage is None and listed[0].finished != again.is_over)
            or (listed[0].finished and not agrees(listed[0].outcome, again.outcome()))
        ):
            problems.append("the listing trusts an end record the replay does not bear out")
    for _, why in listing.unreadable:
        if not why.strip():
            problems.append("the resume list gives an unreadable file no reason")
    return problems


def kind_of(data: bytes) -> str:
    """ "forged" when a record header in `data` claims a body over the size limit."""
    at = data.find(b"\x92\xc6")
    while at != -1:
        if int.from_bytes(data[at + 2 : at + 6], "big") > chain.MAX_BODY:
            return "forged"
        at = data.find(b"\x92\xc6", at + 1)
    return ""


# -- runs -----------------------------------------------------------------------------------
def originals(folder: Path, seed: int, *, short: bool) -> list[Original]:
    """Two files a game: a whole match (or its first 40 entries when `short`) and a tiny one."""
    found = []
    for number, rules in enumerate(games()):
        found.append(make_original(rules, seed + number, folder, moves=40 if short else None))
        found.append(make_original(rules, seed + 100 + number, folder, moves=6))
    return found


def fuzz(
    files: int, seed: int, *, short: bool = False, every_byte: bool = False, out: Any = sys.stdout
) -> Figures:
    """Try `files` damaged files, spread over every game's originals; print the figures."""
    figures = Figures()
    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="parlour-fuzz-") as root:
        base = Path(root)
        os.environ["PARLOUR_HOME"] = str(base / "home")
        (base / "home").mkdir()
        (base / "src").mkdir()
        work = base / "work"
        work.mkdir()
        sources = originals(base / "src", seed, short=short)
        per = max(1, files // len(sources))
        try:
            if every_byte:  # the tiny file of every game, cut at every byte offset
                for original in sources[1::2]:
                    for cut in range(len(original.data) + 1):
                        check_file(original, "cut", original.data[:cut], True, work, figures)
            for number, source in enumerate(sources):
                one = _hypothesis_run(source, per, work, figures)
                one._hypothesis_internal_use_seed = seed * 1000 + number
                one()
                print(
                    f"\r{figures.tried} files, {len(figures.failures)} failures",
                    end="",
                    file=sys.stderr,
                    flush=True,
                )
        except KeyboardInterrupt:
            print("\ninterrupted: figures so far", file=sys.stderr)
        print(file=sys.stderr)
    report(figures, time.perf_counter() - began, out)
    return figures


def _hypothesis_run(original: Original, examples: int, work: Path, figures: Figures) -> Any:
    """A hypothesis test of `examples` damaged versions of `original` (call it to run)."""

    @settings(
        max_examples=examples, database=None, deadline=None, suppress_health_check=list(HealthCheck)
    )
    @given(damaged(original))
    def one(case: tuple[str, bytes, bool]) -> None:
        kind, data, keeps = case
        check_file(original, kind, data, keeps, work, figures)

    return one


def report(figures: Figures, seconds: float, out: Any = sys.stdout) -> None:
    print(f"damaged files tried  {figures.tried} in {seconds:.1f} s", file=out)
    print(f"  by game            {dict(sorted(figures.games.items()))}", file=out)
    print(f"  by damage          {dict(sorted(figures.kinds.items()))}", file=out)
    print(f"  outcomes           {dict(sorted(figures.verdicts.items()))}", file=out)
    print(f"known faults (issue 12 list) hit: {dict(figures.known) or 'none'}", file=out)
    print(f"failures             {len(figures.failures)}", file=out)
    for failure in figures.failures[:25]:
        print(f"  - {failure}", file=out)


def main() -> int:
    from tests.stress.common import stop_on_term

    stop_on_term()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--short", action="store_true", help="40-entry originals (faster)")
    parser.add_argument(
        "--every-byte",
        action="store_true",
        help="first, each game's tiny file cut at every byte offset",
    )
    parser.add_argument(
        "--memory-mb",
        type=int,
        default=2048,
        help="address-space limit: an unbounded allocation fails the run",
    )
    args = parser.parse_args()
    import resource

    limit = args.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    figures = fuzz(args.files, args.seed, short=args.short, every_byte=args.every_byte)
    return 1 if figures.failures else 0


if __name__ == "__main__":
    sys.exit(main())
