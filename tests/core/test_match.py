"""Match, the event-sourced aggregate, exercised with En Garde."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.games.en_garde import EnGarde
from core.games.en_garde.actions import Draw, Move
from core.match import (
    ActionEntry,
    BadEntry,
    Entry,
    Header,
    Match,
    MetaEntry,
    NoteEntry,
    Seat,
    entry_from_wire,
)
from core.rules import CHANCE, IllegalAction

RULES = EnGarde()


def header(level: str = "standard") -> Header:
    return Header("en-garde", {"level": level}, (Seat("Ann"), Seat("Bob", "bot", "random")), "m1")


def random_match(plies: int, seed: int = 3, **kwargs: Any) -> Match:
    """A match of `plies` random actions (chance sampled from a seeded generator)."""
    rng = random.Random(seed)
    match = Match(RULES, header(), **kwargs)
    for _ in range(plies):
        state = match.state
        if match.to_move() == CHANCE:
            match.submit(RULES.sample_chance(state, rng))
        else:
            match.submit(rng.choice(RULES.legal_actions(state)))
    return match


def test_submit_validates_and_leaves_an_illegal_action_out() -> None:
    seen: list[Entry] = []
    match = Match(RULES, header(), sink=seen.append)
    with pytest.raises(IllegalAction, match="cards are being drawn"):
        match.submit(Move(3, True))
    assert (len(match), seen) == (0, [])
    entry = match.submit(Draw(4), at=12.5)
    assert entry == ActionEntry(CHANCE, ["draw", 4], 12.5)
    assert match.state.hands[0] == (4,)
    assert seen == [entry]


def test_the_sink_sees_each_entry_before_the_state_moves_on() -> None:
    observed: list[tuple[int, Any]] = []
    match: Match

    def sink(entry: Entry) -> None:
        observed.append((len(match), match.state))

    match = Match(RULES, header(), sink=sink)
    before = match.state
    match.submit(Draw(2))
    assert observed == [(0, before)]
    assert match.state != before


def test_a_failing_sink_stops_the_entry() -> None:
    def sink(entry: Entry) -> None:
        raise OSError("disk full")

    match = Match(RULES, header(), sink=sink)
    start = match.state
    with pytest.raises(OSError):
        match.submit(Draw(2))
    assert (len(match), match.state) == (0, start)


def test_state_at_every_index_equals_the_fold() -> None:
    match = random_match(120, snapshot_every=7)
    for i in range(5, 100, 11):
        match.annotate(i, "note")
    state = RULES.new(2, {"level": "standard"})
    assert match.state_at(0) == state
    for i, entry in enumerate(match.entries, start=1):
        if isinstance(entry, ActionEntry):
            state = RULES.apply(state, RULES.from_wire(entry.action))
        assert match.state_at(i) == state
    assert match.state == state
    with pytest.raises(IndexError):
        match.state_at(len(match) + 1)


def test_notes_never_change_the_state() -> None:
    match = random_match(30)
    state = match.state
    note = match.annotate(29, "a sharp attack", "!?", ("e4",))
    match.annotate(-1, "the deal")
    assert match.state == state
    assert match.notes()[0] == (30, note)
    assert len(match.actions()) == 30
    with pytest.raises(IllegalAction, match="earlier entry"):
        match.annotate(99, "the future")
    with pytest.raises(IllegalAction, match="glyph"):
        match.annotate(0, "odd", "?!?")


def test_a_withdrawn_note_stays_in_the_file_and_leaves_the_notes() -> None:
    """A note could not be changed or removed: a typo stood for good."""
    match = random_match(30)
    typo = match.annotate(29, "a shrap attack", "!?")
    kept = match.annotate(-1, "the deal")
    match.withdraw_note(30)
    fixed = match.annotate(29, "a sharp attack", "!?")
    assert match.notes() == [(31, kept), (33, fixed)]
    assert typo in match.entries  # append-only: the record keeps what was said
    with pytest.raises(IllegalAction, match="not a note that stands"):
        match.withdraw_note(30)  # once
    with pytest.raises(IllegalAction, match="not a note that stands"):
        match.withdraw_note(5)  # a move is not a note
    with pytest.raises(IllegalAction, match="earlier entry"):
        match.withdraw_note(99)
    rebuilt = Match(RULES, header(), [entry_from_wire(e.to_wire()) for e in match.entries])
    assert rebuilt.notes() == match.notes()


def test_resign_ends_the_match_for_the_others() -> None:
    match = random_match(15)
    match.resign(0)
    assert match.resigned == 0 and match.is_over and match.to_move() is None
    outcome = match.outcome()
    assert outcome is not None
    assert (outcome.winners, outcome.reason) == ((1,), "Ann resigned")
    with pytest.raises(IllegalAction, match="over"):
        match.submit(Draw(1))
    with pytest.raises(IllegalAction, match="over"):
        match.resign(1)


def test_rebuilding_from_entries_reproduces_the_match() -> None:
    played = random_match(80)
    played.annotate(10, "here")
    played.record("bot", {"seat": 1, "id": "random"})
    wire = [e.to_wire() for e in played.entries]
    rebuilt = Match(RULES, header(), [entry_from_wire(w) for w in wire])
    assert rebuilt.state == played.state
    assert rebuilt.entries == played.entries


def test_rebuilding_names_the_first_bad_entry() -> None:
    good = list(random_match(20).entries)
    assert isinstance(good[12], ActionEntry) and good[12].seat == 1
    bad_move = ActionEntry(1, ["move", 1, False])  # seat 1 still stands on space 23
    for entries, index in [
        ([*good[:12], bad_move, *good[12:]], 12),
        ([*good[:3], ActionEntry(1, ["draw", 2])], 3),
        ([*good[:5], ActionEntry(CHANCE, ["fence"])], 5),
        ([*good[:4], NoteEntry(9, "ahead of itself")], 4),
        ([*good[:2], MetaEntry("resign", {"seat": 7})], 2),
    ]:
        with pytest.raises(BadEntry) as caught:
            Match(RULES, header(), entries)
        assert caught.value.index == index
        assert str(caught.value).startswith(f"entry {index}: ")


def test_header_and_game_must_agree() -> None:
    with pytest.raises(ValueError, match="rules are"):
        Match(RULES, Header("attacke", {}, (Seat("A"), Seat("B")), "m2"))
    assert Header.from_wire(header().to_wire()) == header()


def test_submit_asks_the_rules_who_is_to_move_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every move played goes through it: the check before the entry is made is the check."""
    match = random_match(30)
    asked: list[object] = []
    real = EnGarde.to_move

    def counted(self: EnGarde, state: Any) -> int | None:
        asked.append(state)
        return real(self, state)

    monkeypatch.setattr(EnGarde, "to_move", counted)
    state = match.state
    seat = match.rules.to_move(state)
    asked.clear()
    if seat == CHANCE:
        match.submit(RULES.sample_chance(state, random.Random(1)))
    else:
        match.submit(RULES.legal_actions(state)[0])
    assert asked == [state]
    with pytest.raises(BadEntry, match="turn"):  # entries read back are still checked
        Match(RULES, header(), [ActionEntry(0, Draw(3).to_wire(), None)])  # chance deals first
