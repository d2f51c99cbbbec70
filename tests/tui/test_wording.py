"""The words that name players: any number of them, never "your opponent"."""

from __future__ import annotations

from core import registry
from tui.wording import facing, match_result, seat_label


def test_a_result_names_every_winner_in_one_sentence() -> None:
    assert match_result([]) == "The match is drawn"
    assert match_result(["Ann"]) == "Ann wins the match"
    assert match_result(["Ann", "Ben"]) == "Ann and Ben win the match"
    assert match_result(["Ann", "Ben", "Cleo"]) == "Ann, Ben and Cleo win the match"


def test_a_bot_s_seat_name_and_its_being_a_bot_share_one_pair_of_parentheses() -> None:
    englishman = registry.get("englishman")  # seats "Jack" and "Giant"
    names = ["Ann", "Robo"]
    assert seat_label(englishman, names, 1, bot=True) == f"Robo ({englishman.seat_names[1]}, bot)"
    assert seat_label(englishman, ["Ann", "Easy mcts bot"], 1, bot=True).endswith(
        f"({englishman.seat_names[1]})"
    )
    en_garde = registry.get("en-garde")  # no seat names of its own
    assert seat_label(en_garde, names, 1, bot=True) == "Robo (bot)"
    assert seat_label(en_garde, names, 1) == "Robo"


def test_a_match_s_title_says_who_moves_first_not_a_bare_colour() -> None:
    """The lists and the replay named a Fields of Action match "Fields of Action (white)",
    which read as the side the player took; the option is who moves first."""
    from tui.wording import titled

    assert titled("Fields of Action", {"first": "black", "repetition": True}) == (
        "Fields of Action (black first)"
    )
    assert titled("En Garde", {"level": "advanced", "starts": 1}) == "En Garde (advanced)"
    assert titled("Crossing", {"capture_limit": 200}) == "Crossing"


def test_a_short_name_keeps_a_seats_number_and_counts_cells() -> None:
    from tui.wording import short_name

    assert short_name("Normal greedy bot 2", 19) == "Normal greedy bot 2"
    assert short_name("Normal greedy bot 2", 15) == "Normal greed… 2"
    assert short_name("Normal greedy bot 2", 16) == "Normal greedy… 2"
    assert short_name("Normal ismcts bot", 16) == "Normal ismcts…"  # not "Normal ismct…bot"
    assert short_name("Annabelle-Marguerite", 8) == "Annabel…"  # one word: cut in it
    assert short_name("Normal greedy bot 2", 3) == "N…2"  # no room for the space
    assert short_name("Player 10", 3) == "…10"
    assert all(len(short_name("Normal greedy bot 12", w)) <= max(w, 1) for w in range(20))
    assert short_name("漢字漢字漢字", 7) == "漢字漢…"  # wide characters take two cells each
    assert short_name("Ann", 0) == "…"  # never longer than asked for but the mark itself


def test_a_clause_becomes_a_sentence_once_with_one_full_stop() -> None:
    from tui.wording import full_stop, sentence

    assert sentence("the host stopped hosting") == "The host stopped hosting."
    assert sentence("lost touch with the host; reconnecting…") == (
        "Lost touch with the host; reconnecting…"
    )
    assert full_stop("done.") == "done." and full_stop("done") == "done."


def test_every_list_of_matches_writes_its_players_alike() -> None:
    """Resume wrote a three-player match "Ben, Easy ismcts bot, Ann", its details and the
    away records "Ben vs Easy ismcts bot vs Ann"."""
    assert facing(["Ann", "Bob"]) == "Ann vs Bob"
    assert facing(["Ann", "Bob", "Cleo"]) == "Ann, Bob, Cleo"
