"""What the replay viewer says around the board: who it is seen by, the hands, the status,
what comes next and the current entry. Pure functions of the match and the cursor."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from textual.content import Content

from core.match import Match
from core.rules import CHANCE, SPECTATOR, Outcome, Rules
from replays.errors import Damage
from tui.games import Narrator
from tui.widgets.hung_text import glued, parts_of
from tui.widgets.move_list import MoveRow, NoteRow
from tui.widgets.move_log import fold_chance
from tui.wording import facing, headline, titled

V = TypeVar("V")


def perspective_name(
    perspective: int | None, names: tuple[str, ...], hides_information: bool = True
) -> str:
    """Whose eyes the replay is seen through; an open game has no hands to open."""
    if perspective is None:
        return "everyone (all hands open)" if hides_information else "everyone"
    if perspective == SPECTATOR:
        return "the table (no hand shown)" if hides_information else "the table"
    return f"{names[perspective]} (seat {perspective + 1})"


def hand_lines(view: object, names: tuple[str, ...]) -> Content | None:
    """Each seat's hand as the view shows it; hidden hands as card backs. None: no hands."""
    hands = getattr(view, "hands", None)
    sizes = getattr(view, "hand_sizes", None)
    if not isinstance(hands, tuple) or not isinstance(sizes, tuple):
        return None
    lines = []
    width = max(len(name) for name in names)
    for seat, hand in enumerate(hands):
        label = Content.styled(f"{names[seat]:<{width}}", "bold")
        if hand is None and sizes[seat]:
            shown = Content.assemble("▮" * sizes[seat], ("  hidden from this seat", "dim"))
        elif not hand:
            shown = Content.styled("no cards", "dim")
        else:
            shown = Content(" ".join(f"[{card}]" for card in hand))
        lines.append(Content.assemble(label, "  ", shown))
    return Content("\n").join(lines)


def status_line(match: Match, perspective: int | None, names: tuple[str, ...]) -> Content:
    """ "Replay · seen by the table · En Garde (advanced) · Ann vs Bob" ("Ann, Bob, Cleo" for
    more): whose eyes first, as a line too long for the screen ends in "…" and five players'
    names can fill it."""
    rules = match.rules
    title = titled(rules.title, match.header.options)
    return Content.assemble(
        ("Replay ", "bold"),
        "· seen by ",
        (perspective_name(perspective, names, rules.hides_information), "bold"),
        f" · {title} · {facing(names)}",
    )


def where_line(row: MoveRow, last: int, chapter: str, number: int, score: str) -> Content:
    """`Move 15/15 · turn 8 · <score>`, each part kept whole on a row (`glued`): Textual's
    wrapping broke a player's name ("Normal" / "mcts bot")."""
    move = Content.assemble(("Move ", "dim"), (f"{row.move}/{last}", "bold"))
    if row.withdrawn:  # a withdrawn move is no move of the match: the count stays, the board moves
        move += Content.styled(" + one taken back", "dim")
    turn = Content.assemble((f"{chapter} ", "dim"), (str(number), "bold"))
    return glued([move, turn, *parts_of(score)])


def damage_line(damage: Damage | None, shown: int) -> Content | None:
    """The warning over a damaged file's replay, counting the moves the viewer lists (as its
    counter and move list do)."""
    if damage is None:
        return None
    return Content(
        f"⚠ Damaged file: showing the {shown} move{'' if shown == 1 else 's'} "
        "that could be read before the damage."
    )


def result_line(rules: Rules[Any, Any, Any], outcome: Outcome, names: Sequence[str]) -> str:
    """The result in the match-end panel's words ("Ann (White) wins the match"), then why."""
    reason = outcome.reason[:1].upper() + outcome.reason[1:]
    return f"■ {headline(rules, names, outcome)}" + (f" · {reason}" if reason else "")


def next_words(
    rules: Rules[Any, Any, V],
    narrator: Narrator[V],
    state: Any,
    view: V,
    names: Sequence[str],
    decided: Outcome | None,
) -> str:
    """What happens after the position on screen: the result, chance, or who must do what."""
    if decided is not None:
        return result_line(rules, decided, names)
    seat = rules.to_move(state)
    if seat == CHANCE:
        return "Next: chance (a card is dealt or drawn)"
    if seat is None:
        return "Next: nothing (the file ends here)"
    return f"Next: {names[seat]} — {narrator.prompt(view, names)}"


def entry_text(
    step: Sequence[MoveRow],
    rows: Sequence[MoveRow],
    notes: Sequence[NoteRow],
    narrator: Narrator[V],
    view: V,
    names: Sequence[str],
    judged: Content | None = None,
) -> Content:
    """The "This entry" panel for the rows a step showed (`step`): its first row, the one the
    move list marks, in words (a deal without its notation: that is the file's, not a
    player's), then the cards it drew, the review's verdict on it (`judged`), the chapter the
    step ended, what was said at the table meanwhile, its notes."""
    row, drawn = step[0], [r.words for r in step[1:] if r.words]
    parts: list[Content] = []
    if row.position == 0:
        parts.append(Content("The starting position."))
    else:
        head = Content.styled(f"{row.move}. " if row.is_move else "", "bold")
        notation = (
            Content.styled(f"{row.notation} ", "bold")
            if row.notation and not row.chance
            else Content()
        )
        parts.append(Content.assemble(head, notation, row.words))
        if drawn:
            parts.append(Content.assemble(("then ", "dim"), fold_chance(drawn)))
        if judged is not None:
            parts.append(judged)
        last = step[-1]
        following = [r for r in rows if r.position > last.position]
        if not following or following[0].round != last.round:
            for told in narrator.chapters(view, names):
                if told.number == last.round:
                    parts.append(Content.styled(f"{told.headline}. {told.why}", "italic"))
    parts += [
        Content.assemble(("› ", "dim"), (f"{who}:", "dim"), " ", text)
        for shown_row in step
        for who, text in shown_row.chat
    ]
    at = {r.position for r in step}
    for note in notes:
        if note.position in at:
            glyph = Content.styled(f"{note.glyph} ", "bold") if note.glyph else Content()
            parts.append(Content.assemble("✎ ", glyph, note.text))
    return Content("\n").join(parts)
