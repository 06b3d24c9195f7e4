"""Where a board drawing puts the parts the game's data gives only as a network.

Rondel City's data names streets, corners, Blocks and squares but no coordinates.
The grid is derived from it: a square's label says which corner of its Block it
fills (1 north-west to 4 south-east), the streets two squares share are the
Block's sides, Blocks sharing a side street are neighbours, and the corners at a
street's ends are read from the links. Where the track folds, two corners lie on
one grid point with no street between them (RON-8): they are drawn as one box
split by a wall. Only what lies outside the grid (the 0 and 50 spaces and
Block J) is placed by the constants below: our design for the drawing, checked
against the data by tests/web/test_layouts.py.

Units are cells: a street space is one cell, corners sit five cells apart.
"""

from __future__ import annotations

import itertools
from typing import Any

PITCH = 5  # cells from one grid corner to the next: room for a split corner (RON-8)
SQUARE = 1.4  # a square's side
SPACE = 0.9  # a street space's side
INSET = 0.55  # from a street space's centre to the nearest square edge
MARGIN = 1.41  # from a grid corner to the first space of its streets
SPLIT = 0.5  # a split corner's halves: this far east and west of its grid point

# Our design for the drawing (RON-2, RON-24): the grid corner where the track
# begins and ends is split in two, the half of the first street east of the grid
# point, the half of the last street south of it, and the 0 and 50 spaces one
# cell further on. Block J's two 2 x 1 parts lie along them: J1 and J3 east of
# the 0 space, J2 and J4 south of the 50 space (offsets from the grid point).
END_HALF = 0.5
BLOCK_J = {"1": (2.05, -1.4), "3": (2.05, 0.1), "2": (-1.4, 2.05), "4": (0.1, 2.05)}


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


def layout(game: Any) -> dict[str, Any]:
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

    points: dict[int, tuple[tuple[float, float], tuple[float, float]]] = {}
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
            if len(corner) > 1:
                raise ValueError(f"Block {city.block_names[b]}: its {v} and {h} streets meet "
                                 "twice")
            if corner:  # none: the fold splits this corner (RON-8), placed below
                put(corner.pop(), (float(at[0]), float(at[1])))
        for side, street in s.items():
            a, z = {"north": ((0, 0), (1, 0)), "south": ((0, 1), (1, 1)),
                    "west": ((0, 0), (0, 1)), "east": ((1, 0), (1, 1))}[side]
            points[street] = ((float(x0 + a[0] * PITCH), float(y0 + a[1] * PITCH)),
                              (float(x0 + z[0] * PITCH), float(y0 + z[1] * PITCH)))
        for q in city.block_squares[b]:
            k = int(city.square_labels[q][-1]) - 1
            step = PITCH - 2 * INSET - SQUARE  # from the first square to the second
            squares[q] = [x0 + INSET + (k % 2) * step, y0 + INSET + (k // 2) * step,
                          SQUARE, SQUARE]
        blocks[b] = [[x0 + INSET - 0.1, y0 + INSET - 0.1, PITCH - 2 * INSET + 0.2,
                      PITCH - 2 * INSET + 0.2]]
    # a corner split by the fold takes the grid point its street leads to
    for street, (p, q) in points.items():
        low, high = _corner_of_street(city, street)
        if low is None or high is None:
            raise ValueError("a grid street does not end at a corner")
        if pos[low] is None and pos[high] is None:
            raise ValueError(f"street {street} has no placed end")
        if pos[low] is None:
            put(low, q if pos[high] == p else p)
        if pos[high] is None:
            put(high, q if pos[low] == p else p)
    # a grid street's spaces lie evenly between its two corners
    for street, spaces in enumerate(city.street_spaces):
        low, high = _corner_of_street(city, street)
        if low is None or high is None:
            continue
        start, end = pos[low], pos[high]
        if start is None or end is None:
            continue
        (x1, y1), (x2, y2) = start, end
        for k, space in enumerate(spaces):  # evenly, MARGIN in from both corners
            t = (MARGIN + k * (PITCH - 2 * MARGIN) / max(1, len(spaces) - 1)) / PITCH
            put(space, (round(x1 + t * (x2 - x1), 3), round(y1 + t * (y2 - y1), 3)))
    # the corner where the track begins and ends: its two halves beside the grid
    # point, the 0 and the 50 space beyond them
    first = city.up[city.zero][0]
    last = city.down[city.top][0]
    walls, shared = [], []
    point = pos[first] if pos[first] is not None else pos[last]
    if point is None or pos[first] != pos[last]:
        raise ValueError("the 0 and the 50 space must lead to one split grid corner")
    px, py = point
    pos[first] = (px + END_HALF, py)
    pos[last] = (px, py + END_HALF)
    pos[city.zero] = (px + END_HALF + 1.0, py)
    pos[city.top] = (px, py + END_HALF + 1.0)
    walls.append([px + 0.1, py + 0.1, px + END_HALF + 0.3, py + END_HALF + 0.3])
    shared.append([first, last])
    # RON-8: every other split grid point is one drawn box cut by a wall along the fold
    at_point: dict[tuple[float, float], list[int]] = {}
    for space, here in enumerate(pos):
        if here is not None and city.street_of[space] == -1 and space not in (first, last):
            at_point.setdefault(here, []).append(space)
    for (x, y), spaces in sorted(at_point.items()):
        if len(spaces) == 1:
            continue
        if len(spaces) != 2:
            raise ValueError("more than two corners share one grid point")
        # the half whose streets run east or north goes east of the wall
        def eastward(space: int, x: float = x, y: float = y) -> bool:
            return any(pos[n] is not None and (pos[n][0] > x or pos[n][1] < y)
                       for n in city.up[space] + city.down[space])
        east, west = sorted(spaces, key=lambda s: not eastward(s))
        pos[east] = (x + SPLIT, y)
        pos[west] = (x - SPLIT, y)
        walls.append([x, y - 0.5, x, y + 0.5])
        shared.append([east, west])
    # Block J, the pair of 2 x 1 blocks outside the grid
    for b, names in enumerate(city.block_squares):
        if b in places:
            continue
        for q in names:
            dx, dy = BLOCK_J[city.square_labels[q][-1]]
            squares[q] = [px + dx, py + dy, SQUARE, SQUARE]
        # drawn as its 2 x 1 parts: one along the 0 space, one along the 50 space
        blocks[b] = []
        for part in (("1", "3"), ("2", "4")):
            xs = [px + BLOCK_J[k][0] for k in part]
            ys = [py + BLOCK_J[k][1] for k in part]
            blocks[b].append([min(xs) - 0.1, min(ys) - 0.1, max(xs) - min(xs) + SQUARE + 0.2,
                              max(ys) - min(ys) + SQUARE + 0.2])
    if any(p is None for p in pos) or any(q is None for q in squares):
        raise ValueError("some spaces or squares have no place on the drawing")
    def r(values: Any) -> Any:
        return [r(v) for v in values] if isinstance(values, list | tuple) else round(values, 3)

    return {"spaces": r([list(p) for p in pos if p is not None]), "squares": r(squares),
            "blocks": r(blocks), "walls": r(walls), "shared": shared, "space_size": SPACE}
