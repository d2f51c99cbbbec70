"""Starting `parlour` in a real process the way a terminal would."""

from __future__ import annotations

import signal
import subprocess
from collections.abc import Mapping, Sequence


def ctrl_c_live() -> None:
    """`preexec_fn` for a child that must feel Ctrl-C: a shell's background job (a CI runner
    may start the suite as one) ignores SIGINT, the child would inherit that, and Python then
    installs no KeyboardInterrupt handler, so the Ctrl-C tests would wait for ever."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interruptible(argv: Sequence[str], env: Mapping[str, str]) -> subprocess.Popen[str]:
    """`parlour …` started as a terminal would, its output read as text, Ctrl-C live."""
    return subprocess.Popen(
        list(argv),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(env),
        preexec_fn=ctrl_c_live,
    )
