"""docs/PROTOCOL.md documents every frame a guest may send and every field of what the host
sends: a client can be written from it alone, so a field added without its row fails here."""

from __future__ import annotations

from pathlib import Path

from replays.remote.hosting import Hosted
from replays.remote.wire import _FIELDS, host_frame
from tests.remote.conftest import Host
from tests.remote.guests import plan
from tests.remote.test_processes import until
from tests.remote.test_rematch import crossing, seated

DOC = (Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md").read_text()


def documented(name: str) -> bool:
    """A row of one of the document's tables names it."""
    return f"| `{name}` |" in DOC


def test_every_frame_a_guest_may_send_has_its_row_and_fields() -> None:
    for kind, fields in _FIELDS.items():
        assert documented(kind), kind
        row = next(line for line in DOC.splitlines() if line.startswith(f"| `{kind}` |"))
        for name in fields:
            assert f"`{name}`" in row, (kind, name)


async def test_every_field_of_a_hosts_welcome_and_update_has_its_row(hosted: Host) -> None:
    served: Hosted = await hosted(plan("crossing", 2))
    frames: list[dict[str, object]] = []
    host = served.host
    deliver = frames.append
    host.join(0, lambda data: deliver(host_frame(data)) is None)
    welcome, update = frames[0], frames[1]
    row = next(line for line in DOC.splitlines() if line.startswith("| `welcome` |"))
    for name in set(welcome) - {"v", "t"}:
        assert f"`{name}`" in row, name
    for name in set(update) - {"v", "t"}:
        assert documented(name), name


async def test_the_rematch_field_of_an_update_is_documented_part_by_part(hosted: Host) -> None:
    served = await hosted(crossing())
    links, (ann, _) = await seated(served, (0, 1))
    try:
        ann.resign(0)
        await until(lambda: ann.offer is not None, "the end")
    finally:
        for link in links:
            link.close()
    wire = served.host.rematch.wire()
    row = next(line for line in DOC.splitlines() if line.startswith("| `rematch` | nil or map"))
    for part in wire:
        assert f"`{part}`" in row, part
