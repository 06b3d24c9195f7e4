"""Grid geometry of a borough: neighbourhoods, zones, streets and influence maps.

A tile influences every space king-adjacent to one of its spaces (SC-20);
Harbor water spaces influence nothing (SC-21). Sets of spaces are kept as bit
sets (an integer, bit c for space c), so the placement and influence tests of
the Build phase are a few integer operations each.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

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


_EDGE_INDEX = {edge: i for i, edge in enumerate(EDGES)}
# per space: the index of the street to its right and the one below it (-1: none)
_ACROSS = tuple(_EDGE_INDEX.get((c, c + 1), -1) for c in range(CELLS))
_DOWN = tuple(_EDGE_INDEX.get((c, c + SIZE), -1) for c in range(CELLS))
_NOT_LAST_COLUMN = sum(1 << c for c in range(CELLS) if c % SIZE != SIZE - 1)


@lru_cache(maxsize=512)
def streets_in(free: int) -> tuple[int, ...]:
    """Indices of the streets between two spaces of the bit set `free`, in order
    (remembered: the host's free spaces are asked about again at each decision)."""
    across = free & (free >> 1) & _NOT_LAST_COLUMN
    down = free & (free >> SIZE)
    out = [_ACROSS[a] for a in _bits(across)]
    out += [_DOWN[a] for a in _bits(down)]
    return tuple(out)


def _bits(x: int) -> Iterator[int]:
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


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


# Bit sets of spaces: bit c stands for space c. Whole-board tests become a few
# integer operations instead of loops over the hundred spaces.
BIT: tuple[int, ...] = tuple(1 << c for c in range(CELLS))
FULL = (1 << CELLS) - 1
NB8_BITS: tuple[int, ...] = tuple(sum(BIT[n] for n in NB8[c]) for c in range(CELLS))
NB4_BITS: tuple[int, ...] = tuple(sum(BIT[n] for n in NB4[c]) for c in range(CELLS))
ZONE_BITS: tuple[int, ...] = tuple(
    sum(BIT[c] for c in range(CELLS) if ZONE_MASKS[size][c]) for size in range(SIZE + 1)
)
LEVELS = 6  # influence counts are kept up to this, more than any criterion asks


class Bits(int):
    """A set of spaces as an integer that also answers `bits[space]`."""

    __slots__ = ()

    def __getitem__(self, cell: int) -> bool:
        return bool(self >> cell & 1)


def bits_of(cells: Iterable[int]) -> int:
    out = 0
    for c in cells:
        out |= BIT[c]
    return out


def iter_bits(x: int) -> Iterator[int]:
    """The spaces of a bit set, in increasing order."""
    return _bits(x)


class Levels:
    """How many distinct tiles influence each space, as the bit sets of the
    spaces influenced by at least k of them (k = 1 .. LEVELS)."""

    __slots__ = ("ge",)

    def __init__(self) -> None:
        self.ge = [FULL] + [0] * LEVELS

    def add(self, reach: int) -> None:
        ge = self.ge
        for k in range(LEVELS, 0, -1):  # a saturating counter per space
            ge[k] |= ge[k - 1] & reach

    def at_least(self, k: int) -> int:
        return self.ge[k] if k <= LEVELS else 0

    def best(self, where: int) -> int:
        """The largest count found on any space of `where`."""
        for k in range(LEVELS, 0, -1):
            if self.ge[k] & where:
                return k
        return 0

    def __getitem__(self, cell: int) -> int:
        return self.best(BIT[cell])

    def counts(self) -> list[int]:
        """Every space's count, in one pass over the bit sets."""
        out = [0] * CELLS
        for k in range(1, LEVELS + 1):
            level = self.ge[k]
            if not level:
                break
            for c in _bits(level):
                out[c] += 1
        return out


@dataclass
class Influence:
    """Influence of one borough's tiles, for the construction criteria."""

    cultural: Levels  # distinct Cultural buildings influencing a space
    residential: Levels  # distinct Residential Zones influencing a space
    industrial: Bits  # spaces an Industrial building influences
    by_residential: Bits  # spaces a Residential Zone influences
    refinery: Bits
    harbor: Bits
    own: list[int]  # per tile index: the spaces it covers (0 for a removed tile)
    reach: list[int]  # per tile index: the spaces it influences


def reach_of(cells: list[int], marks: list[int], harbor: bool) -> int:
    """The spaces a tile influences (SC-20), its water left out (SC-21)."""
    return _own_reach(tuple(cells), tuple(marks), harbor)[1]


@lru_cache(maxsize=4096)
def _own_reach(cells: tuple[int, ...], marks: tuple[int, ...], harbor: bool) -> tuple[int, int]:
    """(spaces covered, spaces influenced) of a tile; remembered, as a borough's
    influence is surveyed again after every build."""
    reach = own = 0
    for cell, mark in zip(cells, marks, strict=True):
        own |= BIT[cell]
        if not (harbor and mark == WATER):
            reach |= NB8_BITS[cell]
    return own, reach & ~own


def influence(content: Content, seat: Seat) -> Influence:
    cult, res = Levels(), Levels()
    ind = byres = refi = harb = 0
    types = content.types
    owns, reaches = [], []
    for tile in seat.tiles:
        if tile is None:
            owns.append(0)
            reaches.append(0)
            continue
        t = types[tile.type]
        fam = t.family
        own, reach = _own_reach(tuple(tile.cells), tuple(tile.marks), fam == "harbor")
        owns.append(own)
        reaches.append(reach)
        if t.cultural:
            cult.add(reach)
        if fam == "residential":
            res.add(reach)
            byres |= reach
        elif fam in INDUSTRIAL:
            ind |= reach
            if fam == "refinery":
                refi |= reach
            elif fam == "harbor":
                harb |= reach
    return Influence(cult, res, Bits(ind), Bits(byres), Bits(refi), Bits(harb), owns, reaches)


@cache
def shape_plan(shape: tuple[tuple[int, int, int], ...], harbor: bool
               ) -> tuple[int, tuple[tuple[int, bool], ...]]:
    """(anchors that keep the shape on the grid, (offset, is water) per space)."""
    valid = bits_of(a for a, _ in anchored(shape))
    return valid, tuple((dr * SIZE + dc, harbor and m == WATER) for dr, dc, m in shape)


Plan = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A shape ready for `fits_plan`: (anchors that keep it on the grid, offsets of its
land spaces, offsets of its water spaces, offsets of all its spaces)."""


def plan_of(shape: tuple[tuple[int, int, int], ...], harbor: bool = False) -> Plan:
    """The plan of a shape, made once per shape by whoever holds the shape (the
    game keeps one per tile orientation, so no placement test hashes a shape)."""
    valid, offsets = shape_plan(shape, harbor)
    return (valid, tuple(o for o, wet in offsets if not wet),
            tuple(o for o, wet in offsets if wet), tuple(o for o, _ in offsets))


def fits_plan(plan: Plan, land: int, water: int = 0, need: int | None = None) -> int:
    """The anchors where a planned shape lies wholly on `land` (its water spaces
    on `water`), with a space on `need` when given: all placements in a few
    integer operations."""
    x, dry, wet, every = plan
    for off in dry:
        x &= land >> off
        if not x:
            return 0
    for off in wet:
        x &= water >> off
    if need is not None and x:
        y = 0
        for off in every:
            y |= need >> off
        x &= y
    return x


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
