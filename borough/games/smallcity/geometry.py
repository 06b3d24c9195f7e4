"""Grid geometry of a borough: neighbourhoods, zones, streets and influence maps.

A tile influences every space king-adjacent to one of its spaces (SC-20);
Harbor water spaces influence nothing (SC-21).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from borough.games.smallcity.data import CELLS, INDUSTRIAL, SIZE, WATER, Content
from borough.games.smallcity.state import EMPTY, Seat


def _neighbours8(cell: int) -> tuple[int, ...]:
    r, c = divmod(cell, SIZE)
    return tuple(
        (r + dr) * SIZE + c + dc
        for dr in (-1, 0, 1) for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= r + dr < SIZE and 0 <= c + dc < SIZE
    )


def _neighbours4(cell: int) -> tuple[int, ...]:
    r, c = divmod(cell, SIZE)
    return tuple(
        (r + dr) * SIZE + c + dc
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE
    )


NB8: tuple[tuple[int, ...], ...] = tuple(_neighbours8(c) for c in range(CELLS))
NB4: tuple[tuple[int, ...], ...] = tuple(_neighbours4(c) for c in range(CELLS))

# Streets: an edge between two orthogonally adjacent spaces.
EDGES: tuple[tuple[int, int], ...] = tuple(
    [(r * SIZE + c, r * SIZE + c + 1) for r in range(SIZE) for c in range(SIZE - 1)]
    + [(r * SIZE + c, (r + 1) * SIZE + c) for r in range(SIZE - 1) for c in range(SIZE)]
)


def label(cell: int) -> str:
    """A space as a player reads it: row letter and column number, like C7."""
    r, c = divmod(cell, SIZE)
    return f"{chr(ord('A') + r)}{c + 1}"


def edge_label(edge: int) -> str:
    a, b = EDGES[edge]
    return f"{label(a)}-{label(b)}"


ZONE_MASKS: tuple[tuple[bool, ...], ...] = tuple(
    tuple(c // SIZE < size and c % SIZE < size for c in range(CELLS)) for size in range(SIZE + 1)
)


def in_zone(cell: int, size: int) -> bool:
    return ZONE_MASKS[size][cell]


def zone_size(content: Content, side: str, step: int) -> int:
    return content.zones[side][step]


def place_cells(shape: tuple[tuple[int, int, int], ...], anchor: int) -> list[int] | None:
    """The spaces a shape covers with its top-left corner on `anchor`, or None off-grid."""
    r0, c0 = divmod(anchor, SIZE)
    out = []
    for dr, dc, _ in shape:
        r, c = r0 + dr, c0 + dc
        if r >= SIZE or c >= SIZE:
            return None
        out.append(r * SIZE + c)
    return out


@cache
def anchored(shape: tuple[tuple[int, int, int], ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every (anchor, spaces) of a shape that stays on the grid, computed once per shape."""
    out = []
    for anchor in range(CELLS):
        cells = place_cells(shape, anchor)
        if cells is not None:
            out.append((anchor, tuple(cells)))
    return tuple(out)


@dataclass
class Influence:
    """Per-space influence counts of one borough, for the construction criteria."""

    cultural: list[int]  # distinct Cultural buildings influencing the space
    residential: list[int]  # distinct Residential Zones influencing the space
    industrial: list[bool]  # an Industrial building influences the space
    by_residential: list[bool]  # a Residential Zone influences the space
    refinery: list[bool]
    harbor: list[bool]


def influence(content: Content, seat: Seat) -> Influence:
    cult = [0] * CELLS
    res = [0] * CELLS
    ind = [False] * CELLS
    byres = [False] * CELLS
    refi = [False] * CELLS
    harb = [False] * CELLS
    types = content.types
    for tile in seat.tiles:
        if tile is None:
            continue
        t = types[tile.type]
        fam = t.family
        is_harbor = fam == "harbor"
        own = tile.cells
        reach: set[int] = set()
        for cell, mark in zip(own, tile.marks, strict=True):
            if is_harbor and mark == WATER:
                continue
            reach.update(NB8[cell])
        reach.difference_update(own)
        if t.cultural:
            for cell in reach:
                cult[cell] += 1
        if fam == "residential":
            for cell in reach:
                res[cell] += 1
                byres[cell] = True
        elif fam in INDUSTRIAL:
            for cell in reach:
                ind[cell] = True
            if fam == "refinery":
                for cell in reach:
                    refi[cell] = True
            elif is_harbor:
                for cell in reach:
                    harb[cell] = True
    return Influence(cult, res, ind, byres, refi, harb)


def influencers(content: Content, seat: Seat, index: int) -> list[int]:
    """Indices of the tiles that influence tile `index` as a whole (SC-20, SC-21)."""
    me = seat.tiles[index]
    assert me is not None
    mine = set(me.cells)
    around: set[int] = set()
    for cell in me.cells:
        around.update(NB8[cell])
    around -= mine
    out = []
    for j, other in enumerate(seat.tiles):
        if other is None or j == index:
            continue
        water = content.types[other.type].family == "harbor"
        for cell, mark in zip(other.cells, other.marks, strict=False):
            if water and mark == WATER:
                continue
            if cell in around:
                out.append(j)
                break
    return out


def tile_at(seat: Seat, cell: int) -> int:
    v = seat.grid[cell]
    return v if v >= 0 else EMPTY
