"""En Garde: fencing with cards on a 23-space piste. `EnGarde` is the Rules object."""

from core.games.en_garde.rules import EnGarde
from core.games.en_garde.state import EnGardeState

__all__ = ["EnGarde", "EnGardeState"]
