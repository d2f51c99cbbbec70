"""Text from the network is text: a name or chat line can only be read, never act on a terminal."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.text import CHAT_LIMIT, CUT, DROPPED, NAME_LIMIT, clean_text, is_clean

ESCAPES = st.sampled_from(
    [
        "\x1b",
        "\x1b[",
        "\x1b]",
        "\x1b\\",
        "\x07",
        "\x9b",
        "\x9c",
        "\x9d",
        "\x1bP",
        "\x1b[31m",
        "\x1b]0;title\x07",
        "\x1b]8;;http://x\x1b\\",
        "\u202e",
        "\u2066",
        "\u200d",
        "\ufeff",
        "\r\n",
        "\t",
        "\x7f",
        "\x00",
    ]
)
texts = st.lists(st.text(max_size=8) | ESCAPES, max_size=12).map("".join)


@given(texts, st.integers(min_value=1, max_value=CHAT_LIMIT + 20))
def test_clean_text_leaves_only_printable_single_spaced_text_within_its_limit(
    text: str, limit: int
) -> None:
    clean = clean_text(text, limit)
    assert not any(unicodedata.category(char) in DROPPED for char in clean)
    assert "\x1b" not in clean and "\x9b" not in clean
    assert len(clean) <= limit
    assert clean == clean.strip() and "  " not in clean
    assert all(char == " " or not char.isspace() for char in clean)
    assert clean_text(clean, limit) == clean
    assert is_clean(clean, limit) == bool(clean)


EXAMPLES = [
    pytest.param("\x1b]0;pwned\x07Ben", "Ben", id="a name cannot retitle the window"),
    pytest.param("\x1b]2;pwned\x1b\\Ben", "Ben", id="a title ended by ST goes too"),
    pytest.param(
        "\x1b]8;;http://evil\x1b\\Ben\x1b]8;;\x1b\\", "Ben", id="a name cannot plant a hyperlink"
    ),
    pytest.param(
        "\x1b[2J\x1b[1;1Hgood \x1b[31mgame\x1b[0m",
        "good game",
        id="a chat line cannot move the cursor, clear the screen or colour itself",
    ),
    pytest.param("\x9b2JBen", "Ben", id="the 8-bit CSI goes with its sequence"),
    pytest.param("\x1bPq#0;2;0;0;0#0~~\x1b\\Ben", "Ben", id="a device control string goes whole"),
    pytest.param(
        "Ben\x1b]0;pwned", "Ben", id="an unterminated title takes the rest, as a terminal would"
    ),
    pytest.param(
        "Ben \u202egnp.exe\u202c", "Ben gnp.exe", id="a bidi override cannot turn a line around"
    ),
    pytest.param("\u2066Ben\u2069 \u2067x\u2068", "Ben x", id="bidi isolates are dropped"),
    pytest.param("B\u200be\u00adn\ufeff", "Ben", id="invisible format characters are dropped"),
    pytest.param(
        "  good\r\n\tgame \u2028 again  ",
        "good game again",
        id="line breaks and tabs become one space and the ends are stripped",
    ),
    pytest.param("B\x00e\x07n\x7f\x85!", "Ben !", id="C0, DEL and C1 controls are dropped"),
    pytest.param(
        "[b]Ben[/b] [link=http://x]y[/link]",
        "[b]Ben[/b] [link=http://x]y[/link]",
        id="markup stays literal text",
    ),
    pytest.param("Zoë 李 Ñandú 🎲", "Zoë 李 Ñandú 🎲", id="letters of every script and emoji stay"),
]


@pytest.mark.parametrize(("text", "clean"), EXAMPLES)
def test_what_clean_text_leaves_of_a_hostile_text(text: str, clean: str) -> None:
    assert clean_text(text, CHAT_LIMIT) == clean


def test_a_text_over_its_limit_is_cut_with_an_ellipsis_as_its_last_character() -> None:
    cut = clean_text("a" * 30, NAME_LIMIT)
    assert cut == "a" * (NAME_LIMIT - 1) + CUT and len(cut) == NAME_LIMIT
    assert clean_text("Ben Bob Ann " * 3, 9) == "Ben Bob…"
    assert clean_text("a" * NAME_LIMIT, NAME_LIMIT) == "a" * NAME_LIMIT


def test_a_limit_below_one_character_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        clean_text("Ben", 0)


def test_an_unassigned_code_point_is_left_out_when_written_but_accepted_when_read() -> None:
    assert unicodedata.category("\u0378") == "Cn"
    assert clean_text("B\u0378en", NAME_LIMIT) == "Ben"
    assert is_clean("B\u0378en", NAME_LIMIT)


def test_stored_text_is_clean_only_as_clean_text_leaves_it() -> None:
    assert is_clean("good game", CHAT_LIMIT)
    assert not is_clean("", CHAT_LIMIT)
    assert not is_clean(" good game", CHAT_LIMIT)
    assert not is_clean("good  game", CHAT_LIMIT)
    assert not is_clean("good\x1b[1mgame", CHAT_LIMIT)
    assert not is_clean("Be\u202en", NAME_LIMIT)
    assert not is_clean("a" * (NAME_LIMIT + 1), NAME_LIMIT)
