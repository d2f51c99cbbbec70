"""A key press while a bot thinks, against the same press with no bot thinking.

`python -m tests.bench.bench_keypress` from the repository root. The app runs headless; a
human (seat 1) plays En Garde against `ismcts:hard` (a search of up to 4 s, in a thread). With
the bot thinking, `?` (open the help) and `escape` (close it) are pressed and each timed from
the key reaching the app to the help being shown (or gone); the same presses are timed on the
human's own turn, with no bot thinking. Prints the medians and their ratio (aim: at most 1.3×).
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")


async def presses(app: object, count: int) -> list[float]:
    """Seconds from each key reaching the app to the screen it asked for being on top."""
    from tui.screens.help import HelpScreen

    times = []
    for _ in range(count):
        for key, shown in (("question_mark", True), ("escape", False)):
            started = time.perf_counter()
            app.simulate_key(key)  # type: ignore[attr-defined]
            while isinstance(app.screen, HelpScreen) != shown:  # type: ignore[attr-defined]
                await asyncio.sleep(0.0005)
            times.append(time.perf_counter() - started)
    return times


async def measure(count: int) -> tuple[list[float], list[float]]:
    from core import registry
    from core.match import Seat
    from replays.store import create_match
    from tui.app import ParlourApp
    from tui.screens.game import GameScreen

    rules = registry.get("en-garde")
    opened = create_match(rules, (Seat("Ann"), Seat("Robo", "bot", "ismcts:hard")), {"starts": 2})
    app = ParlourApp()
    app.animation_level = "none"
    async with app.run_test(size=(100, 32)) as pilot:
        screen = GameScreen(opened)
        await app.push_screen(screen)
        await pilot.pause(0.3)
        thinking: list[float] = []
        while screen.hold == "bot" and len(thinking) < 2 * count:
            thinking += await presses(app, 1)
        for _ in range(200):  # wait for the bot's move: Ann's turn, nothing thinking
            if screen.hold is None:
                break
            await pilot.pause(0.1)
        idle = await presses(app, count)
        screen._close()
    return thinking, idle


def main() -> int:
    os.environ["PARLOUR_HOME"] = tempfile.mkdtemp(prefix="parlour-bench-")
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    thinking, idle = asyncio.run(measure(count))
    if not thinking:
        print("the bot answered before a key could be pressed: nothing measured")
        return 0
    a, b = statistics.median(thinking) * 1e3, statistics.median(idle) * 1e3
    print(f"key press while the bot thinks  {a:7.1f} ms  (median of {len(thinking)})")
    print(f"key press with no bot thinking  {b:7.1f} ms  (median of {len(idle)})")
    print(f"ratio                           {a / b:7.2f} ×  (aim ≤ 1.3 ×)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
