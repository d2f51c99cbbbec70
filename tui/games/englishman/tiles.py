"""The board's card tiles drawn three rows tall, as far as the screen has the rows to spare.

`tall` takes the one-line layout and gives lines that hold tiles a row of top edges above
and a row of bottom edges below (`╭─┬─╮`, `║Fee║` under `╔═══╗`), so the castles and the
beanstalks read as fans of cards: a castle at a time from the top down while the rows last,
so a board that grows past its rows (a wrapped castle, a long beanstalk) flattens only its
last castles or its beanstalks and still fills its rows, rather than dropping to one row a
line all at once. Places
keep their columns; their line moves to the middle row, and a click on any of the three rows
finds the tile through `Layout.middle`.
"""

from __future__ import annotations

from textual.content import Content

from tui.games.englishman.layout import LEGAL, Layout, Tile

GLYPHS = {
    "beanstalk": ("╭", "╮", "╰", "╯", "─", "┬", "┴"),
    "giant": ("╔", "╗", "╚", "╝", "═", "╦", "╩"),
    "treasure": ("┏", "┓", "┗", "┛", "━", "┳", "┻"),
}
"""Per kind: corners (top-left, top-right, bottom-left, bottom-right), the edge, and the tees
where two tiles of the kind share an edge."""


def _edges(width: int, tiles: list[Tile]) -> tuple[Content, Content]:
    """The rows above and below one line of tiles."""
    top = [(" ", "")] * width
    bottom = [(" ", "")] * width
    ends: set[int] = set()
    for tile in sorted(tiles, key=lambda t: t.x):
        if tile.hidden:
            continue
        tl, tr, bl, br, h, tee_top, tee_bottom = GLYPHS[tile.kind]
        style = tile.style.replace(LEGAL, "").strip()
        right = tile.x + tile.width - 1
        for x in range(tile.x, min(right + 1, width)):
            top[x], bottom[x] = (h, style), (h, style)
        shared = tile.x in ends
        top[tile.x] = (tee_top if shared else tl, style)
        bottom[tile.x] = (tee_bottom if shared else bl, style)
        if right < width:
            top[right], bottom[right] = (tr, style), (br, style)
        ends.add(right)
    return (
        Content.assemble(*top).rstrip(),
        Content.assemble(*bottom).rstrip(),
    )


def _tallest(lay: Layout, spare: int) -> set[int]:
    """The lines of tiles to stand tall with `spare` rows: the castles' lines all or none
    (two castles tall above three flat read as two drawings of one table), then the
    beanstalks' if they fit too."""
    groups: dict[object, list[int]] = {}
    for y in sorted({tile.y for tile in lay.tiles}):
        groups.setdefault("castles" if y in lay.rows else "stalks", []).append(y)
    chosen: set[int] = set()
    for lines in groups.values():
        if 2 * (len(chosen) + len(lines)) > spare:
            break
        chosen.update(lines)
    return chosen


def tall(lay: Layout, rows: int) -> Layout:
    """`lay` with its lines of tiles between a row of top edges and a row of bottom edges:
    every castle's when they all fit in `rows`, and the beanstalks' when they fit too."""
    carded = _tallest(lay, rows - len(lay.lines))
    if not carded:
        return lay
    lines: list[Content] = []
    band: dict[int, list[int]] = {}
    for y, line in enumerate(lay.lines):
        if y in carded:
            top, bottom = _edges(max(line.cell_length, 1), [t for t in lay.tiles if t.y == y])
            band[y] = [len(lines), len(lines) + 1, len(lines) + 2]
            lines += [top, line, bottom]
        else:
            band[y] = [len(lines)]
            lines.append(line)
    middle = {new: ys[len(ys) // 2] for ys in band.values() for new in ys}
    at = {y: ys[len(ys) // 2] for y, ys in band.items()}
    stalks = [new for y in lay.stalk_lines for new in band[y]]
    return Layout(
        lines,
        {place: (x, at[y], w) for place, (x, y, w) in lay.cells.items()},
        {new: castle for y, castle in lay.rows.items() for new in band[y]},
        range(stalks[0], stalks[-1] + 1) if stalks else range(0),
        [tile._replace(y=at[tile.y]) for tile in lay.tiles],
        middle,
    )
