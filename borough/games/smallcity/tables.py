"""What the rules read of Small City's content, worked out once per game.

The helpers of the rules take these tables and the state, not the game, so
that they depend on the content alone and never on the game class that uses
them. Rule ids refer to RULES.md.
"""

from __future__ import annotations

from collections.abc import Iterable

from borough.games.smallcity.data import CELLS, Content, TileType
from borough.games.smallcity.geometry import BIT, EDGES, NB8_BITS, Plan, place_cells, plan_of
from borough.games.smallcity.state import Seat

TileRow = tuple[TileType, int, str, int, int, bool, int]
"""What `build.tile_choices` reads of a tile type, unpacked at once: (type, id,
family, level, money cost, Cultural, materials needed)."""


def tile_row(t: TileType) -> TileRow:
    return (t, t.id, t.family, t.level, t.cost, t.cultural, sum(t.materials))


def influence_area(spaces: Iterable[int]) -> int:
    """The influence area of a tile on `spaces` (SC-20)."""
    reach = own = 0
    for c in spaces:
        own |= BIT[c]
        reach |= NB8_BITS[c]
    return reach & ~own


def area_table(shape: tuple[tuple[int, int, int], ...]) -> tuple[int, ...]:
    """Per anchor, the influence area (SC-20) of a tile of `shape` placed there, 0
    where it leaves the grid: made once per Factory orientation, so a placement's
    Warehouse test need not work the area out again."""
    out = []
    for anchor in range(CELLS):
        cells = place_cells(shape, anchor)
        out.append(0 if cells is None else influence_area(cells))
    return tuple(out)


class Tables:
    """The content and the tables derived from it that the rules look up."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self.types = content.types
        self.edges = EDGES
        self.warehouse = content.by_key["warehouse"]
        self.city_hall = content.by_key["city_hall"]
        self.hall_capacity = int(content.setup["city_hall_capacity"])
        self.rounds = int(content.setup["rounds"])
        # tiles a seat may choose to build (City Hall and Warehouses come otherwise),
        # and per type the faces that differ (alike faces are one choice)
        self.buildable_types = tuple(
            t for t in self.types if t.family not in ("city_hall", "warehouse"))
        self.distinct_faces: dict[int, tuple[int, ...]] = {
            t.id: tuple(f for f, face in enumerate(t.faces) if face not in t.faces[:f])
            for t in self.types
        }
        self.tile_rows = tuple(tile_row(t) for t in self.buildable_types)
        self.tile_row = {row[1]: (row,) for row in self.tile_rows}
        # per type, face and orientation: the shape planned for the placement tests
        self.plans: dict[int, tuple[tuple[Plan, ...], ...]] = {
            t.id: tuple(tuple(plan_of(shape, t.family == "harbor") for shape in face)
                        for face in t.faces)
            for t in self.types
        }
        # per Factory type, face and orientation: the influence area at each anchor
        self.areas: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {
            t.id: tuple(tuple(area_table(shape) for shape in face) for face in t.faces)
            for t in self.types if t.family == "factory"
        }
        # a cache, not content: see build._grows
        self.grown: dict[tuple[object, ...], bool] = {}
        self.next_level: dict[int, int] = {}
        for t in self.types:
            for u in self.types:
                if u.family == t.family and u.level == t.level + 1 and t.family in (
                    "residential", "commercial", "factory"
                ):
                    self.next_level[t.id] = u.id

    def zones(self, seat: Seat) -> tuple[int, ...]:
        """SC-42, SC-46: the Constructible Zone sizes of the seat's board side."""
        return self.content.zones[seat.side]

    def zone(self, seat: Seat, step: int) -> int:
        return self.content.zones[seat.side][step]
