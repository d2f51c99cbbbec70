"""Invitations: the URL round-trips, hosts of every kind are read, and every kind of bad input
is refused with a message that says what is wrong without echoing much of it."""

from __future__ import annotations

import uuid

import pytest

from replays.remote.invite import (
    SHAPE,
    BadInvitation,
    Invitation,
    new_secret,
    parse,
    secrets_match,
)

MATCH = uuid.uuid4().hex[:8]
SECRET = new_secret()
TAIL = f"{MATCH}/{SECRET}"


@pytest.mark.parametrize(
    "invitation",
    [
        Invitation("salon.example.org", 8765, MATCH, SECRET),
        Invitation("localhost", 1, MATCH, SECRET, tls=True),
        Invitation("192.168.1.20", 65535, MATCH, SECRET),
        Invitation("::1", 8765, MATCH, SECRET),
        Invitation("2001:db8::42", 443, MATCH, SECRET, tls=True),
    ],
    ids=str,
)
def test_an_invitation_reads_back_from_its_url(invitation: Invitation) -> None:
    assert parse(str(invitation)) == invitation


def test_the_url_has_the_documented_shape() -> None:
    assert str(Invitation("box", 8765, MATCH, SECRET)) == f"parlour://box:8765/{TAIL}"
    assert str(Invitation("::1", 9, MATCH, SECRET, tls=True)) == f"parlours://[::1]:9/{TAIL}"


def test_an_ipv6_host_is_kept_without_its_brackets() -> None:
    invitation = parse(f"parlour://[2001:DB8::1]:8765/{TAIL}")
    assert invitation.host == "2001:db8::1"
    assert (invitation.port, invitation.match_id, invitation.secret) == (8765, MATCH, SECRET)
    assert not invitation.tls


def test_host_names_are_read_in_lower_case() -> None:
    assert parse(f"parlour://Salon.Example.ORG:80/{TAIL}").host == "salon.example.org"
    assert Invitation("MyBox", 80, MATCH, SECRET).host == "mybox"


def test_an_invitation_typed_in_capitals_reads_as_its_lower_case_self() -> None:
    """Its match id and secret are hex, which reads the same in either case."""
    typed = parse(f"parlour://box:8765/{MATCH.upper()}/{SECRET.upper()}")
    assert typed == Invitation("box", 8765, MATCH, SECRET)


def test_whitespace_around_a_pasted_url_is_accepted() -> None:
    assert parse(f"  \tparlours://box:8765/{TAIL}\n") == Invitation(
        "box", 8765, MATCH, SECRET, tls=True
    )


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "no invitation"),
        (f"https://box:8765/{TAIL}", 'start with "parlour://"'),
        (f"parlour:box:8765/{TAIL}", "no host"),
        (f"box:8765/{TAIL}", 'start with "parlour://"'),
        (f"parlour://box/{TAIL}", "no port"),
        (f"parlour://box:/{TAIL}", "no port"),
        (f"parlour://box:0/{TAIL}", "from 1 to 65535"),
        (f"parlour://box:65536/{TAIL}", "from 1 to 65535"),
        (f"parlour://box:-1/{TAIL}", "from 1 to 65535"),
        (f"parlour://box:http/{TAIL}", "from 1 to 65535"),
        (f"parlour://box:8765/{MATCH}/{SECRET[:-1]}", "secret must be 32"),
        (f"parlour://box:8765/{MATCH}/{SECRET[:-1]}g", "secret must be 32"),
        (f"parlour://box:8765/{MATCH}0/{SECRET}", "match id must be 8"),
        (f"parlour://box:8765/{MATCH}", "exactly two parts"),
        (f"parlour://box:8765/{TAIL}/", "exactly two parts"),
        (f"parlour://box:8765/{TAIL}/seat/2", "exactly two parts"),
        (f"parlour://box:8765//{TAIL}", "exactly two parts"),
        (f"parlour://box:8765/{TAIL}?seat=2", '"?" or "#"'),
        (f"parlour://box:8765/{TAIL}?", '"?" or "#"'),
        (f"parlour://box:8765/{TAIL}#top", '"?" or "#"'),
        (f"parlour://guest@box:8765/{TAIL}", "user name"),
        (f"parlour://box name:8765/{TAIL}", "space or a control character"),
        (f"parlour://bo\x00x:8765/{TAIL}", "space or a control character"),
        (f"parlour://b\u202eox:8765/{TAIL}", "space or a control character"),
        (f"parlour://box_1:8765/{TAIL}", "not a host name"),
        (f"parlour://-box:8765/{TAIL}", "not a host name"),
        (f"parlour://bôx:8765/{TAIL}", "not a host name"),
        (f"parlour://999.1.1.1:8765/{TAIL}", "not a host name"),
        (f"parlour://[1.2.3.4]:8765/{TAIL}", "not a host name"),
        (f"parlour://[nonsense]:8765/{TAIL}", "not a host name"),
        (f"parlour://::1:8765/{TAIL}", "from 1 to 65535"),
        (f"parlour://{'a' * 63}.{'b' * 300}:1/{TAIL}", "longer than any invitation"),
    ],
)
def test_each_kind_of_bad_input_says_what_is_wrong_and_what_an_invitation_looks_like(
    text: str, problem: str
) -> None:
    with pytest.raises(BadInvitation) as raised:
        parse(text)
    message = str(raised.value)
    assert problem in message
    assert message.endswith(SHAPE)


def test_a_bad_invitation_echoes_at_most_sixty_printable_characters_of_itself() -> None:
    text = "\x1b[31mhttps://" + "x" * 300 + "\x07"
    with pytest.raises(BadInvitation) as raised:
        parse(text)
    echoed = str(raised.value).split('"')[1]
    assert len(echoed) <= 60
    assert echoed.startswith("[31mhttps://xxx")
    assert echoed.isprintable()


def test_an_invitation_cannot_be_made_with_parts_it_could_not_be_read_back_from() -> None:
    for host, port, match_id, secret in [
        ("box", 0, MATCH, SECRET),
        ("box", 8765, "42", SECRET),
        ("box", 8765, MATCH, "hunter2"),
        ("[::1]", 8765, MATCH, SECRET),
        ("", 8765, MATCH, SECRET),
    ]:
        with pytest.raises(BadInvitation):
            Invitation(host, port, match_id, secret)


def test_new_secrets_are_32_lowercase_hex_characters_and_differ() -> None:
    made = {new_secret() for _ in range(50)}
    assert len(made) == 50
    assert all(len(s) == 32 and set(s) <= set("0123456789abcdef") for s in made)


def test_secrets_match_only_when_equal_whatever_the_characters() -> None:
    assert secrets_match(SECRET, SECRET)
    assert not secrets_match(SECRET, new_secret())
    assert not secrets_match(SECRET[:-1], SECRET)
    assert not secrets_match("sécret", "secret")
    assert secrets_match("sécret", "sécret")
