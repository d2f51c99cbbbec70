"""Starting `parlour` in a real process the way a terminal would."""

from __future__ import annotations

import signal


def ctrl_c_live() -> None:
    """`preexec_fn` for a child that must feel Ctrl-C: a shell's background job (a CI runner
    may start the suite as one) ignores SIGINT, the child would inherit that, and Python then
    installs no KeyboardInterrupt handler, so the Ctrl-C tests would wait for ever."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
