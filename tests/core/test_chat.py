"""Chat in a match: cleaned as it is said, never a move, and checked when a file is replayed."""

from __future__ import annotations

from typing import Any

import pytest

from core.match import BadEntry, Entry, Match, MetaEntry
from core.rules import SPECTATOR, IllegalAction
from core.text import CHAT_LIMIT
from tests.core.test_match import RULES, header, random_match


def chat(data: dict[str, Any]) -> MetaEntry:
    return MetaEntry("chat", data, 5.0)


def test_a_chat_line_is_saved_clean_and_changes_nothing() -> None:
    seen: list[Entry] = []
    match = random_match(6, sink=seen.append)
    state, to_move = match.state, match.to_move()
    entry = match.chat(1, "  good\x1b[2J  game\r\n", at=3.0)
    assert entry == MetaEntry("chat", {"seat": 1, "text": "good game"}, 3.0)
    assert seen[-1] == entry and match.entries[-1] == entry
    assert match.state == state and match.to_move() == to_move


def test_a_spectator_chats_under_a_name_of_their_own() -> None:
    match = random_match(2)
    entry = match.chat(SPECTATOR, "hello all", name="  Zed\x07 ")
    assert entry.data == {"seat": SPECTATOR, "text": "hello all", "name": "Zed"}


def test_an_empty_chat_line_is_refused() -> None:
    match = random_match(2)
    with pytest.raises(IllegalAction, match="nothing to say"):
        match.chat(0, " \x1b]0;title\x07 \t")
    assert len(match) == 2


@pytest.mark.parametrize(
    ("seat", "name", "why"),
    [
        (2, None, "seat of this match"),
        (-1, None, "seat of this match"),
        (SPECTATOR, None, "spectator's chat line must give a name"),
        (SPECTATOR, "\x1b[1m", "spectator's chat line must give a name"),
        (0, "Zed", "takes the seat's name"),
    ],
)
def test_a_chat_line_must_come_from_a_seat_or_a_named_spectator(
    seat: int, name: str | None, why: str
) -> None:
    match = random_match(2)
    with pytest.raises(IllegalAction, match=why):
        match.chat(seat, "hi", name=name)
    assert len(match) == 2


def test_a_long_chat_line_is_cut_to_its_limit() -> None:
    text = random_match(0).chat(0, "word " * 100).data["text"]
    assert isinstance(text, str) and len(text) == CHAT_LIMIT and text.endswith("…")


def test_chat_is_allowed_after_the_match_is_over() -> None:
    match = random_match(4)
    match.resign(0)
    entry = match.chat(0, "well played")
    assert match.is_over and match.entries[-1] == entry


@pytest.mark.parametrize(
    ("data", "why"),
    [
        ({"seat": 0, "text": "hi\x1b]0;pwned\x07"}, "plain text"),
        ({"seat": 0, "text": "a" * (CHAT_LIMIT + 1)}, "plain text"),
        ({"seat": 0, "text": ""}, "plain text"),
        ({"seat": 0, "text": " padded "}, "plain text"),
        ({"seat": 0, "text": 7}, "plain text"),
        ({"seat": 0}, "plain text"),
        ({"seat": "0", "text": "hi"}, "seat of this match"),
        ({"seat": True, "text": "hi"}, "seat of this match"),
        ({"seat": 2, "text": "hi"}, "seat of this match"),
        ({"text": "hi"}, "seat of this match"),
        ({"seat": SPECTATOR, "text": "hi"}, "give a name"),
        ({"seat": SPECTATOR, "text": "hi", "name": "Z\u202ed"}, "give a name"),
        ({"seat": 1, "text": "hi", "name": "Zed"}, "the seat's name"),
    ],
)
def test_a_forged_chat_entry_does_not_replay(data: dict[str, Any], why: str) -> None:
    entries = [*random_match(3).entries, chat(data)]
    with pytest.raises(BadEntry, match=why) as refused:
        Match(RULES, header(), entries)
    assert refused.value.index == 3


def test_a_clean_chat_entry_replays_before_and_after_the_end() -> None:
    played = random_match(4)
    played.resign(1)
    entries = [
        *played.entries[:2],
        chat({"seat": 0, "text": "good luck"}),
        *played.entries[2:],
        chat({"seat": SPECTATOR, "text": "gg", "name": "Zed"}),
    ]
    match = Match(RULES, header(), entries)
    assert match.is_over and match.state == played.state


def test_a_chat_line_with_a_character_this_python_does_not_know_yet_still_replays() -> None:
    entries = [*random_match(3).entries, chat({"seat": 0, "text": "new \u0378 emoji"})]
    assert len(Match(RULES, header(), entries)) == 4
