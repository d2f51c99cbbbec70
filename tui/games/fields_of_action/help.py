"""Fields of Action's help screen: the board's keys first, then what the board shows."""

HELP = """\
## Fields of Action

| Key | Does |
|---|---|
| `←` `↑` `→` `↓` | move the cursor `[ ]` |
| `Enter`, `Space`, click | pick a stone; then pick a lit square to move there |
| `Esc` | drop the stone picked |

Each side has twelve stones numbered 1 to 12: White `○1`…`○12`, Black `●1`…`●12`. Rank 8 is
at the top. A stone moves in a straight line exactly as many squares as there are stones
around it. A stone with none around it is *isolated*: it flies any distance in a line to an
empty square that touches at least two other stones.

What the board shows:

* `○12` White's 12, `●7` Black's 7.
* `▸○12◂` the stone picked; ` · ` a square it can reach, `×●7×` an enemy stone it captures.
* Yellow squares: the last move (where it came from and went to).
* The panel beside the board: the numbers each side has taken, gaps shown as `·` and the
  longest run underlined in bold (`run 3/5`: five in a row wins); the moves since the last
  capture when the capture limit is on; the last move.
* The line under the panel says how far the picked stone moves, what Enter would do, or why a
  choice is refused (✗).
"""
