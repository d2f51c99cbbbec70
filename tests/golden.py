"""The golden vectors: legal-move sets computed by independent implementations of the games.

Copied from the project's shared folder into tests/vectors/ (with its README, which gives the
formats), so the suite stands alone; `vector_file` names one of them.
"""

from __future__ import annotations

from pathlib import Path

FOLDER = Path(__file__).resolve().parent / "vectors"


def vector_file(name: str) -> Path:
    """The path of golden vector file `name` (it ships with the tests)."""
    path = FOLDER / name
    if not path.is_file():
        raise FileNotFoundError(f"the golden vectors {path} are missing from tests/vectors/")
    return path
