"""`replace` for the games' frozen states: `dataclasses.replace`, without its cost per call.

The rules rebuild a state a few times for every action they apply, and every saved, replayed
or listed match folds them: `dataclasses.replace` walks the class's fields and calls the
generated `__init__` each time (about 13 µs for an En Garde state, most of an action's apply).
A state's `__init__` only stores its fields, so the copy can take the old instance's fields and
the changed ones directly. Classes whose `__init__` does more (`__post_init__`, fields left out
of it), whose instances keep more than their fields (`cached_property`) or have no `__dict__`
(slots) go through `dataclasses.replace` unchanged.
"""

from __future__ import annotations

import dataclasses
from functools import cached_property
from typing import Any, TypeVar

T = TypeVar("T")

_PLAIN: dict[type, frozenset[str] | None] = {}
"""Per class: its field names when a copy of its `__dict__` is a faithful rebuild, else None."""


def _plain_fields(cls: type) -> frozenset[str] | None:
    fields = dataclasses.fields(cls)
    if (
        hasattr(cls, "__post_init__")
        or any("__slots__" in vars(base) for base in cls.__mro__[:-1])
        or any(isinstance(v, cached_property) for base in cls.__mro__ for v in vars(base).values())
        or any(not f.init for f in fields)
    ):
        return None
    return frozenset(f.name for f in fields)


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of dataclass instance `obj` with `changes`, as `dataclasses.replace` makes it."""
    cls = type(obj)
    try:
        names = _PLAIN[cls]
    except KeyError:
        names = _PLAIN[cls] = _plain_fields(cls)
    if names is None or not names.issuperset(changes):
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]  # its own errors
    copy: T = object.__new__(cls)
    state = copy.__dict__
    state.update(obj.__dict__)
    state.update(changes)
    return copy
