"""A host started with a certificate serves `parlours://`: a guest that trusts the certificate
plays, one that does not is told why, in words, and no frame goes in the clear."""

from __future__ import annotations

import dataclasses
import random
import shutil
import ssl
import subprocess
from pathlib import Path

import pytest

from core import registry
from core.match import Seat
from replays.remote.hosting import Plan, start
from replays.remote.server import tls_context
from tests.remote.conftest import Host
from tests.remote.guests import plan
from tui.tables.link import Refused, SocketLink

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1, as a host would make its own."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1"),
            *("-addext", "subjectAltName=IP:127.0.0.1"),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return cert, key


async def test_a_guest_that_trusts_the_host_certificate_joins_over_tls(tmp_path: Path) -> None:
    cert, key = certificate(tmp_path)
    secured = Plan(
        rules=registry.get("crossing"),
        seats=(Seat("Ann"), Seat("Ben")),
        roles=("remote", "remote"),
        port=0,
        tls=tls_context(str(cert), str(key)),
        bot_pause=0.0,
    )
    hosted = await start(secured, rng=random.Random(1))
    try:
        invitation = hosted.invitations[0]
        assert str(invitation).startswith("parlours://")
        trust = ssl.create_default_context(cafile=str(cert))
        table = await SocketLink(invitation, trust=trust).open()
        assert table.seat == 0 and table.view(0) is not None
        table.close()
        with pytest.raises(Refused, match="not trusted here"):
            await SocketLink(invitation).open()
        plain = dataclasses.replace(invitation, tls=False)
        with pytest.raises(Refused, match="its invitation starts parlours://"):
            await SocketLink(plain).open()
    finally:
        await hosted.close()


async def test_a_tls_invitation_to_a_host_without_tls_says_to_use_parlour(hosted: Host) -> None:
    served = await hosted(plan("crossing", 2), seed=1)
    secure = dataclasses.replace(served.invitations[0], tls=True)
    with pytest.raises(Refused, match="starts parlour://, not parlours://"):
        await SocketLink(secure).open()
