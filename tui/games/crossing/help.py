"""Crossing's help screen: the board's keys first, then what the board shows."""

HELP = """\
## Crossing

| Key | Does |
|---|---|
| `←` `↑` `→` `↓` | move the cursor `[ ]` |
| `Enter`, `Space`, click | pick a stone; then pick a lit square to move there |
| pick another stone in line | make the phalanx from the first stone to that one |
| `Tab`, `n` | a phalanx: each line through the stone (under the cursor), then that stone alone |
| `+` / `-` | one stone more / fewer in the moving phalanx |
| `Esc` | drop the stones picked |

White (○) starts on ranks 1–2 and races for rank 8; Black (●) starts on ranks 7–8 and races
for rank 1. Rank 8 is at the top.

What the board shows:

* `○` White, `●` Black; `○+` / `●+` (underlined) a stone that has **crossed**: locked for good.
* `▸○◂` the stones picked; ` · ` a square they can reach, ` + ` one where they cross,
  `×●×` an enemy stone they capture.
* Yellow squares: the last move (where it came from and went to).
* The panel beside the board: each side's crossed count and stones left, the last move. A red
  frame and **⚠ … must cross now or lose** when the side to move owes a counter-crossing.
* The line under the panel says what Enter would do, or why a choice is refused (✗).
"""
