"""Phase 2 (Build) and every other way a tile reaches a borough.

New tiles, Warehouses, upgrades, demolition and the growth of the
Constructible Zone; also the free builds of the City Council Building row.
Rule ids refer to RULES.md.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from borough.core.game import Event
from borough.games.smallcity.data import (
    ACTIVATED,
    CELLS,
    MATERIALS,
    SIZE,
    UPGRADABLE,
    WATER,
    TileType,
    normalise,
)
from borough.games.smallcity.geometry import (
    NB4,
    NB8,
    ZONE_MASKS,
    Influence,
    anchored,
    influence,
    influencers,
    label,
    place_cells,
)
from borough.games.smallcity.state import EMPTY, NOBODY, Seat, SmallCityState, Tile

if TYPE_CHECKING:
    from borough.games.smallcity.rules import SmallCity

ARCHITECT, MEDIATOR = 1, 2


def name(seat: int) -> str:
    return f"Player {seat + 1}"


# ------------------------------------------------------------- availability
def personal(g: SmallCity, st: SmallCityState, t: TileType) -> bool:
    """Per-player buildings (SC-3), and every Cultural building in the Cultural victory."""
    return t.per_player or (st.mode == "cultural" and t.cultural)


def available(g: SmallCity, st: SmallCityState, seat: Seat, t: TileType) -> bool:
    if t.family in ("city_hall", "warehouse"):
        return False  # City Hall comes at setup (SC-44); Warehouses only with a Factory (SC-34)
    if t.unique and t.id in seat.built:
        return False  # SC-37: one of each, never rebuilt
    if personal(g, st, t):
        return True
    return stack(st, seat, t.id) > 0


def stack(st: SmallCityState, seat: Seat, type_id: int) -> int:
    """Tiles left in a stack as the seat knows it: behind the screen (SC-25) a seat
    sees the stacks as they were when the screens went up, less its own takes."""
    if st.phase == "build" and st.snap_supply:
        return st.snap_supply[type_id] - seat.delta[type_id]
    return st.supply[type_id]


def stored(g: SmallCity, seat: Seat) -> list[int]:
    """Materials a seat holds in City Hall and its Warehouses, per kind."""
    have = [0, 0, 0]
    for m in seat.hall_mats:
        have[m] += 1
    for tile in seat.tiles:
        if tile is not None and tile.stock:
            for m in tile.stock:
                if m >= 0:
                    have[m] += 1
    return have


def money_cost(st: SmallCityState, seat: Seat, t: TileType, free: bool) -> int:
    """SC-30 and SC-11: $1 per space, with the Mediator's discount (minimum $1)."""
    if free or t.cultural:
        return 0
    cost = t.cost
    if seat.card == MEDIATOR and cost > 0:
        cost = max(1, cost - 1)
    return cost


def material_cost(seat: Seat, t: TileType, free: bool,
                  have: list[int] | None = None) -> list[int]:
    """SC-38: Cultural buildings cost materials; the Architect waives one (SC-10).

    Interpretation: the waiver goes to the most valuable material whose waiver
    leaves a cost the seat can pay from `have` (so it never blocks a build).
    """
    cost = list(t.materials) if t.cultural and not free else [0, 0, 0]
    if not sum(cost) or seat.card != ARCHITECT or seat.architect_used:
        return cost
    options = []
    for m in (2, 1, 0):
        if cost[m]:
            option = cost[:]
            option[m] -= 1
            options.append(option)
    if have is not None:
        for option in options:
            if all(have[k] >= option[k] for k in range(3)):
                return option
    return options[0]


def affordable(g: SmallCity, st: SmallCityState, seat: Seat, t: TileType, free: bool) -> bool:
    if seat.money < money_cost(st, seat, t, free):
        return False
    if not (t.cultural and not free and sum(t.materials)):
        return True
    have = stored(g, seat)
    need = material_cost(seat, t, free, have)
    return all(have[m] >= need[m] for m in range(3))


def take_supply(st: SmallCityState, s: int, type_id: int, n: int) -> None:
    """Take tiles from a stack; behind the screen, remember it for the reveal."""
    st.supply[type_id] -= n
    if st.phase == "build":
        st.seats[s].delta[type_id] += n


def return_material(st: SmallCityState, s: int, m: int) -> None:
    st.mats[m] += 1
    if st.phase == "build":
        st.seats[s].delta[len(st.supply) + m] -= 1


def spend_materials(g: SmallCity, st: SmallCityState, s: int, need: list[int]) -> None:
    """Interpretation: materials leave City Hall first, then the Warehouses."""
    seat = st.seats[s]
    need = need[:]
    keep = []
    for m in seat.hall_mats:
        if need[m]:
            need[m] -= 1
            return_material(st, s, m)
        else:
            keep.append(m)
    seat.hall_mats = keep
    for tile in seat.tiles:
        if tile is None or not tile.stock:
            continue
        for i, m in enumerate(tile.stock):
            if m >= 0 and need[m]:
                need[m] -= 1
                return_material(st, s, m)
                tile.stock[i] = -1


def store_in_warehouse(seat: Seat, m: int) -> bool:
    for tile in seat.tiles:
        if tile is None or not tile.stock:
            continue
        for i, v in enumerate(tile.stock):
            if v < 0:
                tile.stock[i] = m
                return True
    return False


def store_material(g: SmallCity, seat: Seat, m: int) -> bool:
    """Interpretation: a Warehouse space first, else City Hall; False when no room."""
    if store_in_warehouse(seat, m):
        return True
    if hall_room(g, seat) > 0:
        seat.hall_mats.append(m)
        return True
    return False


def hall_room(g: SmallCity, seat: Seat) -> int:
    return g.hall_capacity - seat.hall_citizens - len(seat.hall_mats)


def send_home(g: SmallCity, seat: Seat, count: int = 1) -> None:
    """A citizen returns to City Hall, or to the Career Center when it is full."""
    for _ in range(count):
        if hall_room(g, seat) > 0:
            seat.hall_citizens += 1
        else:
            seat.career += 1


# ----------------------------------------------------------------- the grid
def buildable(g: SmallCity, st: SmallCityState, s: int, extra_zone: int = 0) -> list[bool]:
    """Spaces where a tile may go now: empty, inside the zone, not beside the mayor."""
    seat = st.seats[s]
    size = g.zone(st, seat.zone + extra_zone)
    grid = seat.grid
    zone = ZONE_MASKS[size]
    mask = [g_ == EMPTY and z for g_, z in zip(grid, zone, strict=True)]
    if st.mayor >= 0 and s == st.host:  # SC-7
        a, b = g.edges[st.mayor]
        mask[a] = mask[b] = False
    return mask


def warehouse_spots(
    g: SmallCity, factory_cells: list[int], mask: list[bool], inf: Influence,
    first: bool = False,
) -> list[tuple[int, int]]:
    """SC-34: Warehouse placements inside the new Factory's influence area."""
    area = set()
    for c in factory_cells:
        area.update(NB8[c])
    area.difference_update(factory_cells)
    ok = {c for c in area if mask[c] and not inf.by_residential[c]}
    t = g.types[g.warehouse]
    out = []
    for o, shape in enumerate(t.faces[0]):
        for anchor, cells in anchored(shape):
            if anchor in ok and all(c in ok for c in cells):
                out.append((o, anchor))
                if first:
                    return out
    return out


def _warehouse_fits(g: SmallCity, spaces: tuple[int, ...], ok: list[bool]) -> bool:
    """Whether a Warehouse fits in the influence area of a Factory on `spaces`
    (`ok`: free spaces no Residential Zone influences); the fast form of
    `warehouse_spots`."""
    area = set()
    for c in spaces:
        for n in NB8[c]:
            if ok[n]:
                area.add(n)
    area.difference_update(spaces)
    for a in area:
        for by_anchor in _anchor_maps(g.types[g.warehouse].faces[0]):
            cells = by_anchor.get(a)
            if cells is not None and all(c in area for c in cells):
                return True
    return False


@cache
def _anchor_maps(shapes: tuple) -> tuple[dict[int, tuple[int, ...]], ...]:
    return tuple(dict(anchored(shape)) for shape in shapes)


def _criteria(
    t: TileType, inf: Influence, waived: bool
) -> tuple[list[bool] | None, list[bool] | None]:
    """The construction criteria of a new tile, per space (SC-31 to SC-36).

    Returns (spaces it may not cover, spaces meeting every need of its level on
    their own). SC-32: Residential and Industrial never influence each other
    (Harbor water is exempt, SC-21); SC-26: above level 1 one space must carry
    all the influences the level needs.
    """
    fam = t.family
    if fam == "residential":
        need = None if waived or t.level == 1 else [n >= t.level for n in inf.cultural]
        return inf.industrial, need
    if t.industrial:
        need = None
        if fam == "factory" and not waived:
            if t.level == 2:
                need = [a or b for a, b in zip(inf.refinery, inf.harbor, strict=True)]
            elif t.level == 3:
                need = [a and b for a, b in zip(inf.refinery, inf.harbor, strict=True)]
        return inf.by_residential, need
    if fam == "commercial" and not waived:
        return None, [n >= t.level for n in inf.residential]
    return None, None


def placements(
    g: SmallCity, st: SmallCityState, s: int, t: TileType, face: int, first: bool = False,
    known: tuple[list[bool], Influence] | None = None, only: tuple[int, int] | None = None,
) -> list[tuple[int, int]]:
    """Every legal (orientation, anchor) of a new tile; with `first`, stop at one;
    with `only`, test that one (orientation, anchor)."""
    seat = st.seats[s]
    mask, inf = known or (buildable(g, st, s), influence(g.content, seat))
    waived = st.build_mode == "council" and bool(st.build_size[2])
    needs_warehouse = t.family == "factory" and not waived
    if needs_warehouse and stack(st, seat, g.warehouse) <= 0:
        return []
    if st.build_mode == "setup":
        forbidden, need = None, None
    else:
        forbidden, need = _criteria(t, inf, waived)
    land = mask if forbidden is None else [
        m and not f for m, f in zip(mask, forbidden, strict=True)
    ]
    water = t.family == "harbor"
    out = []
    for o, shape in enumerate(t.faces[face]):
        if only is None:
            spots = anchored(shape)
        elif only[0] != o:
            continue
        else:
            one = _anchor_maps(t.faces[face])[o].get(only[1])
            spots = ((only[1], one),) if one is not None else ()
        for anchor, spaces in spots:
            if not mask[anchor]:
                continue
            if water:
                if not all(mask[c] if m == WATER else land[c]
                           for c, (_, _, m) in zip(spaces, shape, strict=True)):
                    continue
            elif not all(land[c] for c in spaces):
                continue
            if need is not None and not any(need[c] for c in spaces):
                continue
            if needs_warehouse and not _warehouse_fits(g, spaces, land):
                continue
            out.append((o, anchor))
            if first:
                return out
    return out


def tile_choices(
    g: SmallCity, st: SmallCityState, s: int,
    known: tuple[list[bool], Influence] | None = None, only: int | None = None,
) -> list[tuple[str, int, int]]:
    """("tile", type, face) for every tile the seat may start to build now
    (with `only`, for that one type)."""
    seat = st.seats[s]
    council = st.build_mode == "council"
    waived = council and bool(st.build_size[2])
    mask, inf = known or (buildable(g, st, s), influence(g.content, seat))
    open_ = [c for c in range(CELLS) if mask[c]]
    if not open_:
        return []
    # the best any open space offers: a quick bound before trying every placement
    best_cult = max(inf.cultural[c] for c in open_)
    best_res = max(inf.residential[c] for c in open_)
    refi = any(inf.refinery[c] for c in open_)
    harb = any(inf.harbor[c] for c in open_)
    both = any(inf.refinery[c] and inf.harbor[c] for c in open_)
    out = []
    for t in g.types:
        if only is not None and t.id != only:
            continue
        if council:
            lo, hi, _ = st.build_size
            if t.cultural or not lo <= t.level <= hi:
                continue
        if not waived:
            if t.family == "residential" and t.level > 1 and best_cult < t.level:
                continue
            if t.family == "commercial" and best_res < t.level:
                continue
            if t.family == "factory" and (
                (t.level == 2 and not (refi or harb)) or (t.level == 3 and not both)
            ):
                continue
        if not available(g, st, seat, t) or not affordable(g, st, seat, t, council):
            continue
        seen: list[tuple] = []
        for f, face in enumerate(t.faces):
            if face in seen:
                continue  # both faces alike: one choice
            seen.append(face)
            if placements(g, st, s, t, f, first=True, known=(mask, inf)):
                out.append(("tile", t.id, f))
    return out


def place_tile(
    g: SmallCity, st: SmallCityState, s: int, t: TileType, face: int, o: int, anchor: int,
    events: list[Event], private: bool,
) -> int:
    """Put a new tile on the board, pay for it and take it from the supply."""
    seat = st.seats[s]
    council = st.build_mode == "council"
    shape = t.faces[face][o]
    cells = place_cells(shape, anchor)
    assert cells is not None
    marks = [m for _, _, m in shape]
    cost = money_cost(st, seat, t, council or st.build_mode == "setup")
    need = material_cost(seat, t, council, stored(g, seat))
    seat.money -= cost
    if sum(need):
        spend_materials(g, st, s, need)
    if t.cultural and seat.card == ARCHITECT and sum(t.materials) and not council:
        seat.architect_used = True
    if t.unique:
        seat.built.append(t.id)
    if not personal(g, st, t) and t.family != "city_hall":
        take_supply(st, s, t.id, 1)
    stock = [-1] * len(cells) if t.family == "warehouse" else []
    index = len(seat.tiles)
    if st.phase == "build" and not personal(g, st, t):
        seat.takes.append([t.id, index, 0, cost, *need])
    seat.tiles.append(Tile(t.id, cells, marks, st.phase == "build", stock))
    for c in cells:
        seat.grid[c] = index
    paid = f"${cost}" if cost else "nothing"
    if sum(need):
        paid = " + ".join(f"{n} {MATERIALS[m]}" for m, n in enumerate(need) if n)
    text = f"{name(s)} builds a {t.name} on {label(min(cells))} for {paid}."
    announce(st, s, text, events, private)
    if t.family == "residential" and t.level == 1 and seat.hall_citizens > 0:  # SC-31
        seat.hall_citizens -= 1
        seat.occ[cells[0]] = s
    return index


def announce(st: SmallCityState, s: int, text: str, events: list[Event], private: bool) -> None:
    if private:
        st.seats[s].log.append(text)
        events.append(Event(text, "build", s, private_to=(s,)))
    else:
        events.append(Event(text, "build", s))


# --------------------------------------------------------------- upgrades
def upgrade_extensions(
    g: SmallCity, st: SmallCityState, s: int, index: int,
    known: tuple[list[bool], Influence] | None = None,
) -> list[tuple]:
    """("extend", space, mark) for every legal one-level upgrade of a tile (SC-40)."""
    seat = st.seats[s]
    tile = seat.tiles[index]
    if tile is None or tile.fresh:
        return []  # SC-41: no build-and-expand
    t = g.types[tile.type]
    if t.family not in UPGRADABLE:
        return []
    nxt = g.next_level.get(t.id)
    if nxt is None or stack(st, seat, nxt) <= 0:
        return []
    around = influencers(g.content, seat, index)
    kinds = [g.types[seat.tiles[j].type] for j in around]  # type: ignore[union-attr]
    lvl = t.level + 1
    if t.family == "residential":
        ok = sum(1 for k in kinds if k.cultural) >= lvl
    elif t.family == "commercial":
        ok = sum(1 for k in kinds if k.family == "residential") >= lvl
    else:
        has_r = any(k.family == "refinery" for k in kinds)
        has_h = any(k.family == "harbor" for k in kinds)
        ok = (has_r or has_h) if lvl == 2 else (has_r and has_h)
    if not ok:
        return []
    mask, inf = known or (buildable(g, st, s), influence(g.content, seat))
    table = g.content.footprints[(t.family, lvl)]
    base = [(c // SIZE, c % SIZE, m) for c, m in zip(tile.cells, tile.marks, strict=False)]
    marks = range(4) if t.family == "commercial" else range(3) if t.family == "factory" else (0,)
    out = []
    seen = set()
    for c in tile.cells:
        for n in NB4[c]:
            if n in seen or not mask[n]:
                continue
            seen.add(n)
            if t.family == "residential" and inf.industrial[n]:
                continue
            if t.family == "factory" and inf.by_residential[n]:
                continue
            for m in marks:
                if frozenset(normalise([*base, (n // SIZE, n % SIZE, m)])) in table:
                    out.append(("extend", n, m))
    return out


def upgrade(g: SmallCity, st: SmallCityState, s: int, index: int, cell: int, mark: int,
            events: list[Event], private: bool) -> None:
    seat = st.seats[s]
    tile = seat.tiles[index]
    assert tile is not None
    old = g.types[tile.type]
    new = g.types[g.next_level[old.id]]
    take_supply(st, s, old.id, -1)  # SC-40: the old tile goes back to the stack
    take_supply(st, s, new.id, 1)
    if st.phase == "build":
        seat.takes.append([new.id, index, 1, 0, 0, 0, 0])
    tile.type = new.id
    tile.cells.append(cell)
    tile.marks.append(mark)
    seat.grid[cell] = index
    announce(st, s, f"{name(s)} upgrades the {old.name} on {label(min(tile.cells))} "
             f"to a {new.name}, growing onto {label(cell)}.", events, private)


# ------------------------------------------------------------- demolition
def demolish_ok(g: SmallCity, st: SmallCityState, s: int, index: int) -> bool:
    """SC-39: affordable, not City Hall, and room at home for everyone on the tile."""
    seat = st.seats[s]
    tile = seat.tiles[index]
    if tile is None:
        return False
    t = g.types[tile.type]
    if t.family == "city_hall" or seat.money < t.level or tile.fresh:
        return False  # Interpretation: a tile built this phase is not torn down again
    going: dict[int, int] = {}
    for c in tile.cells:
        o = seat.occ[c]
        if o != NOBODY:
            going[o] = going.get(o, 0) + 1
    for o, n in going.items():
        # Other seats' halls as they stood when the screens went up: no peeking.
        other = st.snapshot[o] if (o != s and st.phase == "build" and st.snapshot) else st.seats[o]
        room = hall_room(g, other) - (seat.pending_home.count(o) if o != s else 0)
        if room < n:
            return False
    return True


def demolish(g: SmallCity, st: SmallCityState, s: int, index: int, events: list[Event],
             private: bool) -> None:
    seat = st.seats[s]
    tile = seat.tiles[index]
    assert tile is not None
    t = g.types[tile.type]
    seat.money -= t.level
    seat.pollution += t.level  # immediate, not part of Phase 6
    for c in tile.cells:
        o = seat.occ[c]
        if o == s:
            seat.hall_citizens += 1
        elif o != NOBODY:
            if private:
                seat.pending_home.append(o)
            else:
                send_home(g, st.seats[o])
        seat.occ[c] = NOBODY
        seat.grid[c] = EMPTY
    for m in tile.stock:
        if m >= 0:
            return_material(st, s, m)  # Interpretation: stored materials go back
    seat.tiles[index] = None
    seat.built_now += 1
    seat.demolished = True
    announce(st, s, f"{name(s)} demolishes the {t.name} on {label(min(tile.cells))} "
             f"for ${t.level} and {t.level} pollution.", events, private)


# --------------------------------------------------------- service stations
def staff_choices(st: SmallCityState, s: int) -> list[tuple]:
    """SC-50: a citizen from the borough (not City Hall) may staff a new station."""
    seat = st.seats[s]
    return [("staff", c) for c in range(CELLS) if seat.occ[c] == s] + [("skip",)]


def staff(g: SmallCity, st: SmallCityState, s: int, index: int, cell: int,
          events: list[Event], private: bool) -> None:
    seat = st.seats[s]
    tile = seat.tiles[index]
    assert tile is not None
    seat.occ[cell] = NOBODY
    seat.occ[tile.cells[0]] = s
    t = g.types[tile.type]
    announce(st, s, f"{name(s)} staffs the {t.name} with a citizen from {label(cell)}.",
             events, private)
    if t.family == "police":
        police_sweep(g, st, s, index, events, private)


def police_sweep(g: SmallCity, st: SmallCityState, s: int, index: int, events: list[Event],
                 private: bool) -> None:
    """SC-51: tourists inside an activated Police Station's influence go home."""
    seat = st.seats[s]
    tile = seat.tiles[index]
    assert tile is not None
    area = set()
    for c in tile.cells:
        area.update(NB8[c])
    for c in sorted(area):
        o = seat.occ[c]
        if o != NOBODY and o != s:
            seat.occ[c] = NOBODY
            if private:
                seat.pending_home.append(o)
            else:
                send_home(g, st.seats[o])
                events.append(Event(f"The Police Station sends {name(o)}'s tourist home.",
                                    "police", s))


def active(g: SmallCity, seat: Seat, s: int, family: str) -> int:
    """Index of the seat's activated building of `family` (SC-50), or -1."""
    if family not in ACTIVATED:
        return -1
    for i, tile in enumerate(seat.tiles):
        if (tile is not None and g.types[tile.type].family == family
                and any(seat.occ[c] == s for c in tile.cells)):
            return i
    return -1


def police_area(g: SmallCity, seat: Seat, s: int) -> set[int]:
    i = active(g, seat, s, "police")
    if i < 0:
        return set()
    tile = seat.tiles[i]
    assert tile is not None
    area: set[int] = set()
    for c in tile.cells:
        area.update(NB8[c])
    return area


# ------------------------------------------------------- conflicts at reveal
def settle(g: SmallCity, st: SmallCityState, events: list[Event]) -> None:
    """SC-25: when the screens go down, scarce tiles go in turn order.

    Everyone built against the stacks as they stood when the screens went up; a
    seat later in turn order that took more than was left gives its latest
    takes of that tile back (Interpretation): the tile leaves the board, its
    price is refunded and any citizen on it goes home.
    """
    remaining = st.snap_supply[:]
    for s in st.order:
        seat = st.seats[s]
        while True:
            short = [i for i in range(len(remaining)) if remaining[i] - seat.delta[i] < 0]
            if not short:
                break
            undo_latest(g, st, s, set(short), events)
        for i in range(len(remaining)):
            remaining[i] -= seat.delta[i]


def undo_latest(g: SmallCity, st: SmallCityState, s: int, short: set[int],
                events: list[Event]) -> None:
    seat = st.seats[s]
    pos = max(i for i, take in enumerate(seat.takes) if take[0] in short)
    index = seat.takes[pos][1]
    # undo later changes to the same tile first, newest first
    for i in range(len(seat.takes) - 1, pos - 1, -1):
        if seat.takes[i][1] == index:
            _undo(g, st, s, seat.takes.pop(i), events)


def _undo(g: SmallCity, st: SmallCityState, s: int, take: list[int],
          events: list[Event]) -> None:
    seat = st.seats[s]
    type_id, index, is_upgrade, money, *need = take
    tile = seat.tiles[index]
    assert tile is not None
    t = g.types[type_id]
    if is_upgrade:
        cell = tile.cells.pop()
        tile.marks.pop()
        seat.grid[cell] = EMPTY
        if seat.occ[cell] == s:
            seat.occ[cell] = NOBODY
            send_home(g, seat)
        old = next(k for k, v in g.next_level.items() if v == type_id)
        tile.type = old
        seat.delta[type_id] -= 1
        seat.delta[old] += 1
        events.append(Event(f"The stack of {t.name} ran out first for others: {name(s)}'s "
                            f"upgrade onto {label(cell)} is undone.", "conflict", s))
        return
    for c in tile.cells:
        seat.grid[c] = EMPTY
        if seat.occ[c] == s:
            seat.occ[c] = NOBODY
            send_home(g, seat)
    for m in tile.stock:
        if m >= 0:
            st.mats[m] += 1
    seat.tiles[index] = None
    seat.money += money
    for m, n in enumerate(need):
        for _ in range(n):
            if st.mats[m] > 0 and store_material(g, seat, m):
                st.mats[m] -= 1
    if t.unique and type_id in seat.built:
        seat.built.remove(type_id)
    seat.delta[type_id] -= 1
    events.append(Event(f"The stack of {t.name} ran out first for others: {name(s)} takes "
                        f"back the one on {label(min(tile.cells))} (refunded).", "conflict", s))
