"""Where the browser draws the parts of a board the game's data gives only as a network.

Rondel City's data names streets, corners, Blocks and squares but no coordinates.
The grid is derived from it: a square's label says which corner of its Block it
fills (1 north-west to 4 south-east), the streets two squares share are the
Block's sides, Blocks sharing a side street are neighbours, and the corners at a
street's ends are read from the links. Only what lies outside the grid (the 0
space, the Boulevard and Block J) is placed by the constants below: our design
for the drawing, checked against the data by tests/web/test_layouts.py.

Units are cells: a street space is one cell, corners sit four cells apart.
"""

from __future__ import annotations

import itertools
from typing import Any

PITCH = 4  # cells from one grid corner to the next: the corner and three street spaces
SQUARE = 1.4  # a square's side; two fill a Block's three cells between its streets
SPACE = 0.9  # a street space's side
INSET = 0.55  # from a street space's centre to the nearest square edge

# Our design for the drawing (RON-2, RON-8): the Boulevard leaves the start corner
# northwards and runs east one row above the grid to the corner it shares a drawn
# space with, the grid's north-east corner behind a wall; from there it turns east
# and down a column east of Block J to the 50 space.
BOULEVARD_ROW = -1.45
BOULEVARD_COLUMN = 16.0
TOP_ROW = 13.0  # the row of the 0 and 50 spaces, south of the grid
# Block J's squares by label (x, y of the north-west corner); J1 and J2 lie by the
# grid's east street and the Boulevard, J3 and J4 by the 0 and the 50 space.
BLOCK_J = {"1": (12.55, 9.0), "2": (14.05, 9.0), "3": (12.55, 12.3), "4": (14.05, 12.3)}


def _corner_of_street(city: Any, street: int) -> tuple[int | None, int | None]:
    """The corner spaces at the low and the high end of a street, where there are any."""
    spaces = city.street_spaces[street]
    low = [s for s in city.down[spaces[0]] if city.street_of[s] == -1]
    high = [s for s in city.up[spaces[-1]] if city.street_of[s] == -1]
    return (low[0] if low else None, high[0] if high else None)


def _block_sides(city: Any) -> dict[int, dict[str, int]]:
    """Each grid Block's north, south, west and east street, from its squares' streets."""
    sides: dict[int, dict[str, int]] = {}
    for block, squares in enumerate(city.block_squares):
        if block not in city.main_blocks:
            continue
        at = {int(city.square_labels[q][-1]): set(city.square_streets[q]) for q in squares}
        if sorted(at) != [1, 2, 3, 4]:
            raise ValueError(f"Block {city.block_names[block]} needs squares 1 to 4")
        found = {"north": at[1] & at[2], "south": at[3] & at[4],
                 "west": at[1] & at[3], "east": at[2] & at[4]}
        if any(len(v) != 1 for v in found.values()):
            raise ValueError(f"Block {city.block_names[block]}: its sides are not one street each")
        sides[block] = {k: next(iter(v)) for k, v in found.items()}
    return sides


def _block_places(sides: dict[int, dict[str, int]]) -> dict[int, tuple[int, int]]:
    """Column and row of each grid Block, walking from the one with nothing west or north."""
    east_of = {s["west"]: b for b, s in sides.items()}
    south_of = {s["north"]: b for b, s in sides.items()}
    has_west = {b for s in sides.values() if (b := east_of.get(s["east"])) is not None}
    has_north = {b for s in sides.values() if (b := south_of.get(s["south"])) is not None}
    origin = [b for b in sides if b not in has_west and b not in has_north]
    if len(origin) != 1:
        raise ValueError("the Blocks do not form one grid")
    places = {origin[0]: (0, 0)}
    frontier = [origin[0]]
    while frontier:
        b = frontier.pop()
        col, row = places[b]
        for nxt, where in ((east_of.get(sides[b]["east"]), (col + 1, row)),
                           (south_of.get(sides[b]["south"]), (col, row + 1))):
            if nxt is not None and nxt not in places:
                places[nxt] = where
                frontier.append(nxt)
    if len(places) != len(sides):
        raise ValueError("some Blocks are not joined to the grid")
    return places


def _spread(path: list[tuple[float, float]], count: int) -> list[tuple[float, float]]:
    """`count` points evenly along a polyline, the first and last on its ends."""
    legs = [(a, b, ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5)
            for a, b in itertools.pairwise(path)]
    total = sum(length for _, _, length in legs)
    points = []
    for k in range(count):
        want = total * k / (count - 1) if count > 1 else 0.0
        for a, b, length in legs:
            if want <= length + 1e-9 or (a, b, length) == legs[-1]:
                t = want / length if length else 0.0
                points.append((round(a[0] + t * (b[0] - a[0]), 3),
                               round(a[1] + t * (b[1] - a[1]), 3)))
                break
            want -= length
    return points


def rondelcity(game: Any) -> dict[str, Any]:
    """Centres of the street spaces, square rectangles, Block frames and walls, in cells."""
    city = game.city
    n = len(city.numbers)
    pos: list[tuple[float, float] | None] = [None] * n
    sides = _block_sides(city)
    places = _block_places(sides)

    def put(space: int | None, at: tuple[float, float]) -> None:
        if space is None:
            raise ValueError("a grid street does not end at a corner")
        if pos[space] is not None and pos[space] != at:
            raise ValueError(f"space {space} is drawn in two places")
        pos[space] = at

    squares: list[list[float] | None] = [None] * len(city.square_labels)
    blocks: list[list[list[float]]] = [[] for _ in city.block_names]
    for b, (col, row) in places.items():
        x0, y0 = col * PITCH, row * PITCH
        s = sides[b]
        ends = {side: set(_corner_of_street(city, street)) for side, street in s.items()}
        for (v, h), at in ((("north", "west"), (x0, y0)), (("north", "east"), (x0 + PITCH, y0)),
                           (("south", "west"), (x0, y0 + PITCH)),
                           (("south", "east"), (x0 + PITCH, y0 + PITCH))):
            corner = ends[v] & ends[h] - {None}
            if len(corner) != 1:
                raise ValueError(f"Block {city.block_names[b]}: no corner joins its {v} and {h}")
            put(corner.pop(), (float(at[0]), float(at[1])))
        for q in city.block_squares[b]:
            k = int(city.square_labels[q][-1]) - 1
            step = PITCH - 2 * INSET - SQUARE  # from the first square to the second
            squares[q] = [x0 + INSET + (k % 2) * step, y0 + INSET + (k // 2) * step,
                          SQUARE, SQUARE]
        blocks[b] = [[x0 + INSET - 0.1, y0 + INSET - 0.1, PITCH - 2 * INSET + 0.2,
                      PITCH - 2 * INSET + 0.2]]
    # a grid street's spaces lie evenly between its two corners
    for street, spaces in enumerate(city.street_spaces):
        low, high = _corner_of_street(city, street)
        if low is None or high is None or pos[low] is None or pos[high] is None:
            continue
        for k, (x, y) in enumerate(_spread([pos[low], pos[high]], len(spaces) + 2)[1:-1]):
            put(spaces[k], (x, y))
    # the 0 space just south of the corner it leads to
    zero_up = city.up[city.zero]
    if len(zero_up) != 1 or pos[zero_up[0]] is None:
        raise ValueError("the 0 space must lead to one grid corner")
    corner_x, _ = pos[zero_up[0]]
    put(city.zero, (corner_x, TOP_ROW))
    # the Boulevard: the spaces above the start corner that the grid does not hold
    chain = []
    space = city.start
    while True:
        ahead = [s for s in city.up[space] if pos[s] is None]
        if not ahead:
            break
        space = ahead[0]
        chain.append(space)
    turn = [k for k, s in enumerate(chain) if city.street_of[s] == -1]
    if len(turn) != 1 or chain[-1] != city.top:
        raise ValueError("the Boulevard must hold one corner and end on the 50 space")
    grid_east = max(p[0] for p in pos if p is not None)
    start_x, _ = pos[city.start]
    north = _spread([(start_x, BOULEVARD_ROW), (grid_east, BOULEVARD_ROW)], turn[0] + 1)
    east = _spread([(grid_east + 1.2, BOULEVARD_ROW), (BOULEVARD_COLUMN, BOULEVARD_ROW),
                    (BOULEVARD_COLUMN, TOP_ROW)], len(chain) - turn[0] - 1)
    for space, at in zip(chain, north + east, strict=True):
        put(space, at)
    # RON-8: the Boulevard's corner and the grid corner below it share one drawn space
    corner = chain[turn[0]]
    below = [s for s in range(n) if pos[s] == (grid_east, 0.0)]
    walls = [[pos[corner][0] - 0.45, (BOULEVARD_ROW + 0.0) / 2, pos[corner][0] + 0.45,
              (BOULEVARD_ROW + 0.0) / 2]] if below else []
    shared = [[corner, below[0]]] if below else []
    # Block J, the pair of 2 x 1 blocks outside the grid
    for b, names in enumerate(city.block_squares):
        if b in places:
            continue
        for q in names:
            x, y = BLOCK_J[city.square_labels[q][-1]]
            squares[q] = [x, y, SQUARE, SQUARE]
        # drawn as its 2 x 1 parts: one frame per row of squares
        rows = sorted({squares[q][1] for q in names})
        blocks[b] = []
        for y in rows:
            xs = [squares[q][0] for q in names if squares[q][1] == y]
            blocks[b].append([min(xs) - 0.1, y - 0.1, max(xs) - min(xs) + SQUARE + 0.2,
                              SQUARE + 0.2])
    if any(p is None for p in pos) or any(q is None for q in squares):
        raise ValueError("some spaces or squares have no place on the drawing")
    def r(values: Any) -> Any:
        return [r(v) for v in values] if isinstance(values, list | tuple) else round(values, 3)

    return {"spaces": r([list(p) for p in pos if p is not None]), "squares": r(squares),
            "blocks": r(blocks), "walls": r(walls), "shared": shared, "space_size": SPACE}
