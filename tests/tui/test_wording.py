"""The words that name players: any number of them, never "your opponent"."""

from __future__ import annotations

from tui.wording import match_result


def test_a_result_names_every_winner_in_one_sentence() -> None:
    assert match_result([]) == "The match is drawn"
    assert match_result(["Ann"]) == "Ann wins the match"
    assert match_result(["Ann", "Ben"]) == "Ann and Ben win the match"
    assert match_result(["Ann", "Ben", "Cleo"]) == "Ann, Ben and Cleo win the match"
