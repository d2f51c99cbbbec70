"""The table's words: the title (whose turn, Jack's actions left) and the hint line under the
threats, which says what to pick next, what the composed action does (and whether it wins or
loses on the spot), or why a pick is refused. Its underlined words are clickable."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.content import Content
from textual.widgets import Static

from core.games.englishman import Englishman, EnglishmanState, actions
from core.games.englishman.actions import EnglishmanAction
from core.games.englishman.castles import move_front
from core.games.englishman.notation import notation
from core.games.englishman.state import GIANT, JACK
from core.rules import IllegalAction
from tui.games.englishman.draft import Draft, Picker, todo

RULES = Englishman()
DIM = "dim"


class Hint(Static):
    """The line under the threats. Its underlined words run `run` with their command, the
    same commands as the keys."""

    def __init__(self, run: Callable[[str], None]) -> None:
        super().__init__(id="hint")
        self._run = run

    def action_run(self, command: str) -> None:
        self._run(command)


def title(view: EnglishmanState, names: Sequence[str], *, over: bool = False) -> str:
    """The table's border title: the turn, who acts and, for Jack, his actions left. Without
    `names` it names the roles alone, for a frame too narrow for the names. `over`: the match
    has ended although the game has not (a resignation), so nobody acts."""
    jack, giant = (
        f"{role} ({name})" if name and name.lower() != role.lower() else role
        for role, name in zip(("Jack", "Giant"), (*names, "", ""), strict=False)
    )
    if view.phase == "deal":
        return "The Blood of an Englishman · dealing the castles"
    if view.phase == "over":
        who = jack if view.winner == JACK else f"the {giant}"
        return f"Turn {view.turn} · {who} wins"
    if over:
        return f"Turn {view.turn} · the match is over"
    if view.phase == "setup":
        return f"Setup · {jack}: move a card within its castle"
    if view.actor == JACK:
        left = view.actions_left
        dots = "●" * left + "○" * (3 - left)
        return f"Turn {view.turn} · {jack} to act · {dots} {left} of 3 actions left"
    return f"Turn {view.turn} · the {giant} to act · one action"


def line(p: Picker, names: Sequence[str], *, over: bool = False) -> Content:
    """The hint line: what was told (a refusal in red), else the explanation; nothing to wait
    for once the match is `over` by a resignation, or in a replay (the table passes `over`)."""
    text = p.told
    if not text:
        return _explain(p, names, over)
    if text.startswith("✗"):
        told = Content.assemble(("✗ ", "bold"), (text[1:].strip(), "bold $text-error"))
    else:
        told = Content(text)
    return Content.assemble(told, ("  Esc goes back", DIM))


def _explain(p: Picker, names: Sequence[str], over: bool) -> Content:
    view, d = p.view, p.draft
    if view is None:
        return Content("")
    if p.turn is None:
        if view.phase == "over":
            return Content.styled(view.reason[:1].upper() + view.reason[1:], "bold")
        if view.phase == "deal":
            return Content.styled("Dealing…", DIM)
        if over:
            return Content("")
        return Content.styled(f"Waiting for {_role(names, view.actor)}…", DIM)
    action = p.composed()
    if action is not None:
        reason = p.check(action)
        if reason is not None:
            return Content.assemble(("✗ ", "bold"), (reason, "bold $text-error"))
        loses, ending = _ending(view, action)
        return Content.assemble(
            ("⚠ " if loses else "✓ ", "bold"),
            (notation(action), "bold"),
            " ",
            words(view, action),
            ending,
            (" · ", DIM),
            _link("Enter", "enter"),
            (" plays, ", DIM),
            _esc(),
        )
    return Content.assemble(_where(view, d), _keys(view, d))


def _role(names: Sequence[str], seat: int) -> str:
    role = ("Jack", "the Giant")[seat]
    name = names[seat] if seat < len(names) else ""
    return (
        f"{name} ({role.removeprefix('the ')})"
        if name and name.lower() not in ("jack", "giant")
        else role
    )


def words(view: EnglishmanState, action: EnglishmanAction) -> str:
    """`action` in a few words, naming its cards ("the 7 to castle 3's front")."""
    c = view.castles
    match action:
        case actions.KeepDeal():
            return "keep the castles as dealt"
        case actions.Wife(castle, card, to):
            return f"the {c[castle][card]} to place {to + 1} of castle {castle + 1}"
        case actions.FrontToFront(source, target):
            return f"the {c[source][0]} to castle {target + 1}'s front"
        case actions.BackToFront(castle):
            return f"the {c[castle][-1]} to its castle's front"
        case actions.FrontToStalk(castle):
            return f"the {c[castle][0]} onto the beanstalk"
        case actions.BackToStalk(castle):
            return f"the {c[castle][-1]} onto the beanstalk"
        case actions.Discard(castle, card):
            return f"discard the {c[castle][card]}"
        case actions.MoveFour(source, target):
            return f"the front four ({' '.join(c[source][:4])}) to castle {target + 1}"
        case actions.DoubleMove(first, to, second, then):
            moved = move_front(c, first, to)[second][0]
            return f"the {c[first][0]} to castle {to + 1}, then the {moved} to castle {then + 1}"
    return ""


def _ending(view: EnglishmanState, action: EnglishmanAction) -> tuple[bool, Content]:
    """Whether the action loses the match, and the words that say it wins or loses (and how):
    nothing when the match goes on."""
    try:
        after = RULES.apply(view, action)
    except IllegalAction:
        return False, Content("")
    if after.phase != "over":
        return False, Content("")
    if after.winner == view.actor:
        return False, Content.styled(" — wins!", "bold $text-success")
    return True, Content.styled(" — loses: " + after.reason.split(":")[0], "bold $text-error")


def _link(text: str, command: str) -> Content:
    return Content.styled(text, f"bold underline @click=run('{command}')")


def _esc(what: str = "goes back") -> Content:
    """Esc and what it does: a bare "Esc" at the end of a line reads as a cut one."""
    return Content.assemble(_link("Esc", "cancel"), (f" {what}", DIM))


def _where(view: EnglishmanState, d: Draft) -> Content:
    """The card (or the Giant's action) picked so far, as the start of the line."""
    c = view.castles
    if view.phase == "setup" and d.cursor is not None:
        k, i = d.cursor
        if d.lifted:
            return Content(f"The {c[k][i]} goes to place {d.place + 1} of {len(c[k])}: ")
        return Content(f"The {c[k][i]} (castle {k + 1}, place {i + 1}): ")
    if view.phase == "play" and view.actor == JACK and d.source is not None:
        k, end = d.source
        card = c[k][0] if end == "f" else c[k][-1]
        word = "front" if end == "f" else "back"
        return Content(f"The {card} (castle {k + 1}, {word}) to: ")
    if view.phase == "play" and view.actor == GIANT and d.mode:
        label = {"x": "Discard", "m": "Move four", "d": "Two single moves"}[d.mode]
        if d.mode == "x" and d.cursor is not None:
            k, i = d.cursor
            label += f" the {c[k][i]}"
        return Content.styled(f"{label}: ", "bold")
    return Content("")


def _keys(view: EnglishmanState, d: Draft) -> Content:
    """The keys (and clickable words) for the next pick."""
    if view.phase == "setup":
        if d.lifted:
            return Content.assemble(
                ("← → move it, ", DIM),
                _link("Enter", "enter"),
                (" puts it there, ", DIM),
                _esc("puts it back"),
            )
        if d.cursor is not None:
            return Content.assemble(
                ("Space lifts it, ← → ↑ ↓ another · ", DIM), _link("- keep the deal", "keep")
            )
        return Content.assemble(
            ("Giant's wife: 1-5 ← → pick a card, Space lifts it, or click · ", DIM),
            _link("- keep the deal", "keep"),
        )
    if view.actor == JACK:
        if d.source is None:
            return Content.styled(
                # One row at 80 and at 100 columns: it broke before "click it".
                "Pick a card: 1-5 a castle's front (F▸), b for its back (◂B), or click",
                DIM,
            )
        if d.source[1] == "b":
            return Content.assemble(("f its own front, s the beanstalk · ", DIM), _esc())
        return Content.assemble(("1-5 a castle, s beanstalk, b its back · ", DIM), _esc())
    if d.mode == "":
        return Content.assemble(
            ("Giant: ", "bold"),
            _link("x discard", "x"),
            (" · ", DIM),
            _link("m move four", "m"),
            (" · ", DIM),
            _link("d two single moves", "d"),
            (" · or click a card", DIM),
        )
    if d.mode == "x":
        return Content.assemble(
            ("1-5 a castle, ← → ↑ ↓ a card (underlined: may go), or click · ", DIM), _esc()
        )
    return Content.assemble((todo(view, d) + " · » marks legal · ", DIM), _esc())
