"""The board's card tiles drawn three rows tall, when the screen has the rows to spare.

`tall` takes the one-line layout and gives each line that holds tiles a row of top edges above
it and a row of bottom edges below (`╭─┬─╮`, `║Fee║` under `╔═══╗`), so the castles and the
beanstalks read as fans of cards. Places keep their columns; their line moves to the middle
row, and a click on any of the three rows finds the tile through `Layout.middle`.
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


def tall(lay: Layout) -> Layout:
    """`lay` with every line of tiles between a row of top edges and a row of bottom edges."""
    carded = {tile.y for tile in lay.tiles}
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
    middle = {new: rows[len(rows) // 2] for rows in band.values() for new in rows}
    at = {y: rows[len(rows) // 2] for y, rows in band.items()}
    stalks = [new for y in lay.stalk_lines for new in band[y]]
    return Layout(
        lines,
        {place: (x, at[y], w) for place, (x, y, w) in lay.cells.items()},
        {new: castle for y, castle in lay.rows.items() for new in band[y]},
        range(stalks[0], stalks[-1] + 1) if stalks else range(0),
        [tile._replace(y=at[tile.y]) for tile in lay.tiles],
        middle,
    )
