"""Who sits at the device: the human seats, whether they share it, and whose view is shown.

Kept apart from the screen because every part of the frame asks it the same questions — the
table (whose view to draw), the move log (whose words), resign and take back (whose request) —
and the answers must agree, or a hot-seat player would read what their seat may not see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tui.tables import Plays

Reader = int | None | Literal[False]
"""A seat, None (everything), or False: nobody may read the move log now (a handoff)."""


@dataclass
class Seating:
    """The humans at one device and the seat whose view is on screen now."""

    humans: tuple[int, ...]
    hotseat: bool
    """Humans share the device and the game hides hands: hand it over between them."""
    viewer: int | None
    """The seat whose view is on screen: the human at the device (None: nobody yet)."""

    @classmethod
    def of(cls, plays: Sequence[Plays], hides_information: bool) -> Seating:
        """From who answers each seat: the people here are the seats played "here"."""
        humans = tuple(i for i, who in enumerate(plays) if who == "here")
        return cls(
            humans=humans,
            hotseat=len(humans) > 1 and hides_information,
            viewer=humans[0] if len(humans) == 1 else None,
        )

    def table_seat(self) -> int:
        """The seat whose view the table draws: the viewer's, or (nobody at the device yet)
        the first human's; the table shows only what every seat may see then."""
        if self.viewer is not None:
            return self.viewer
        return self.humans[0] if self.humans else 0

    def reader(self) -> Reader:
        """Whose words the move log is in; False while nobody may read it (a handoff)."""
        if self.viewer is None and self.hotseat:
            return False
        if self.viewer is not None:
            return self.viewer
        return self.humans[0] if self.humans else None

    def acting_human(self) -> int | None:
        """The human seat a resignation or takeback at the device is for."""
        if self.viewer is not None:
            return self.viewer
        return self.humans[0] if len(self.humans) == 1 else None
