"""Annotating a replay: a note on the move on screen, appended to the file, shown as saved.

A note takes the file's lock only for the append, then the file is read
again, so the viewer shows exactly what was saved. A note that could not be saved (the match
is open for play elsewhere) is kept as a draft and offered again on the same entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.rules import IllegalAction
from replays.cursor import ReplayCursor
from replays.errors import LogError
from replays.store import load_match, open_match
from tui.screens.annotate import AnnotateScreen, NoteDraft
from tui.screens.replay.rows import decision_at

if TYPE_CHECKING:
    from tui.screens.replay.screen import ReplayScreen


class Annotations:
    """The note editor of one replay viewer and the drafts it keeps."""

    def __init__(self, screen: ReplayScreen[Any, Any]) -> None:
        self._screen = screen
        self._drafts: dict[int, NoteDraft] = {}
        """Notes typed but not saved (the file was busy), by entry, offered again on `a`."""

    def edit(self) -> None:
        """Open the editor on the move the last step showed (not the card drawn after it)."""
        screen = self._screen
        row = screen.row_at(decision_at(screen.rows, screen.here))
        target = row.position - 1
        # its latest note opens to be edited; the earlier ones are listed above it
        standing = [(i, note) for i, note in screen.match.notes() if note.target == target]
        original = None
        if standing:
            index, latest = standing.pop()
            original = NoteDraft(target, latest.text, latest.glyph, replaces=index)
        draft = self._drafts.get(target, original or NoteDraft(target, ""))
        entry = f"On {row.place}" + (f": {row.words}" if row.position else "")
        existing = [f"{note.glyph} {note.text}".strip() for _, note in standing]
        warning = ""
        if screen.damage is not None:
            warning = "Saving cuts the unreadable end off the file (a copy of it stays as it is)."
        screen.autoplay_off()
        editor = AnnotateScreen(
            draft, entry, self._save, existing=existing, warning=warning, original=original
        )
        screen.app.push_screen(editor, callback=self._kept)

    def _save(self, draft: NoteDraft) -> str | None:
        """Append the note to the file, after withdrawing the one it changes (lock held only
        meanwhile); None when saved."""
        screen = self._screen
        try:
            with open_match(screen.path) as opened:
                if draft.replaces is not None:  # an edit: the note it changes is withdrawn
                    opened.withdraw_note(draft.replaces)
                if not draft.empty:
                    opened.annotate(draft.target, draft.text, draft.glyph)
                copy = opened.damaged_copy if opened.damage is not None else None
        except (LogError, OSError, IllegalAction) as err:
            return str(err)
        self._drafts.pop(draft.target, None)
        self._reload(draft)
        where = screen.row_at(draft.target + 1).place
        said = (
            f"Your note on {where} is gone (the match file keeps a record of it)."
            if draft.empty
            else f"Your note on {where} is in the match file."
        )
        if copy is not None:  # the file's unreadable tail was cut off to append to it
            screen.app.clear_notifications()  # (the damage the viewer told of is mended)
            said += f" Its unreadable end was cut off; the damaged file is kept as {copy}."
        title = "Note removed" if draft.empty else "Note saved"
        screen.notify(said, title=title, markup=False, timeout=12 if copy else 5)
        return None

    def _kept(self, draft: NoteDraft | None) -> None:
        if draft is not None:
            self._drafts[draft.target] = draft
            self._screen.notify(
                "Your note is not saved yet; press a on this entry to finish it.", title="Note kept"
            )

    def _reload(self, saved: NoteDraft) -> None:
        """Read the file again so the viewer shows what it now holds."""
        screen = self._screen
        position, perspective = screen.cursor.position, screen.cursor.perspective
        try:
            match, damage = load_match(screen.path)
        except (LogError, OSError):  # show it all the same
            if saved.replaces is not None:
                screen.match.withdraw_note(saved.replaces)
            if not saved.empty:
                screen.match.annotate(saved.target, saved.text, saved.glyph)
        else:
            screen.match, screen.damage = match, damage
        screen.cursor = ReplayCursor(screen.match, perspective, position)
        screen.rebuild()
        screen.draw()
