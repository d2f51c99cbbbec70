"""`with` support for the things that hold a match file open: leaving the block closes them."""

from __future__ import annotations

from types import TracebackType
from typing import Self


class Closing:
    """A context manager whose exit calls `close()`, however the block ends."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
