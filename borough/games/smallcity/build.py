"""Phase 2 (Build) and every other way a tile reaches a borough.

New tiles, Warehouses, upgrades, demolition and the growth of the
Constructible Zone; also the free builds of the City Council Building row.
Rule ids refer to RULES.md.
"""

from __future__ import annotations

from collections.abc import Iterable

from borough.core.game import Action, Event
from borough.games.smallcity.data import (
    CELLS,
    MATERIALS,
    SIZE,
    UPGRADABLE,
    TileType,
    normalise,
)
from borough.games.smallcity.geometry import (
    BIT,
    NB4,
    ZONE_BITS,
    Bits,
    Influence,
    Plan,
    fits_plan,
    influence,
    iter_bits,
    label,
    place_cells,
)
from borough.games.smallcity.stacks import ahead_building, held_for, personal, stack
from borough.games.smallcity.state import EMPTY, NOBODY, Seat, SmallCityState, Tile
from borough.games.smallcity.tables import Tables, influence_area
from borough.games.smallcity.terms import ARCHITECT, MEDIATOR


def name(seat: int) -> str:
    return f"Player {seat + 1}"


def stored(tb: Tables, seat: Seat) -> list[int]:
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


def waivers(seat: Seat, t: TileType, free: bool, have: list[int]) -> list[int]:
    """SC-38 and SC-10: the ways the seat can pay a Cultural building's materials
    from `have`: -1 pays in full; 0-2 lets the Architect waive one wood, stone
    or metal. The seat chooses which building and which material (SC-10)."""
    cost = list(t.materials) if t.cultural and not free else [0, 0, 0]
    out = [-1] if all(have[m] >= cost[m] for m in range(3)) else []
    if sum(cost) and seat.card == ARCHITECT and not seat.architect_used:
        for m in range(3):
            if cost[m] and all(have[k] >= cost[k] - (k == m) for k in range(3)):
                out.append(m)
    return out


def affordable(tb: Tables, st: SmallCityState, seat: Seat, t: TileType, free: bool) -> bool:
    if seat.money < money_cost(st, seat, t, free):
        return False
    if not (t.cultural and not free and sum(t.materials) > 0):
        return True
    return bool(waivers(seat, t, free, stored(tb, seat)))


def return_material(st: SmallCityState, s: int, m: int) -> None:
    """A material goes back to the reserve; behind a screen only its seat knows."""
    st.mats[m] += 1
    if st.phase == "build":
        st.seats[s].returned[m] += 1


def hall_room(tb: Tables, seat: Seat) -> int:
    return tb.hall_capacity - seat.hall_citizens - len(seat.hall_mats)


def send_home(tb: Tables, seat: Seat, count: int = 1) -> None:
    """A citizen returns to City Hall, or to the Career Center when it is full."""
    for _ in range(count):
        if hall_room(tb, seat) > 0:
            seat.hall_citizens += 1
        else:
            seat.career += 1


# ----------------------------------------------------------------- the grid
def filled(seat: Seat) -> int:
    """The bit set of the spaces holding a tile or a Cemetery."""
    out = 0
    for tile in seat.tiles:
        if tile is not None:
            for c in tile.cells:
                out |= BIT[c]
    for c in seat.cemeteries:
        out |= BIT[c]
    return out


def buildable(tb: Tables, st: SmallCityState, s: int, extra_zone: int = 0) -> Bits:
    """Spaces where a tile may go now: empty, inside the zone, not beside the mayor."""
    seat = st.seats[s]
    size = tb.zone(seat, seat.zone + extra_zone)
    mask = ZONE_BITS[size] & ~filled(seat)
    if st.mayor >= 0 and s == st.host:  # SC-7
        a, b = tb.edges[st.mayor]
        mask &= ~(BIT[a] | BIT[b])
    return Bits(mask)


# every ("place", orientation, anchor) action, built once
PLACE = tuple(tuple(("place", o, a) for a in range(CELLS)) for o in range(8))


def survey(tb: Tables, st: SmallCityState, s: int) -> tuple[Bits, Influence]:
    """(`buildable`, `influence`) of a borough, remembered on the seat until its
    tiles, Cemeteries, zone or the mayor change: one Build turn asks for them
    many times over.

    The tiles are told apart by identity: a placed tile is never changed in
    place but replaced by its changed copy (`Seat.own_tile`, copy-on-write), so
    the same tile objects mean the same tiles (and equal ones compare equal)."""
    seat = st.seats[s]
    key = (seat.zone, st.mayor if s == st.host else -1, len(seat.cemeteries),
           tuple(seat.tiles))
    memo = seat.__dict__.get("_survey")
    if memo is not None and memo[0] == key:
        known: tuple[Bits, Influence] = memo[1]
        return known
    out = (buildable(tb, st, s), influence(tb.content, seat))
    seat.__dict__["_survey"] = (key, out)
    return out


def warehouse_spots(
    tb: Tables, factory_cells: Iterable[int], mask: int, inf: Influence,
    first: bool = False,
) -> list[tuple[int, int]]:
    """SC-34: Warehouse placements inside the new Factory's influence area, on
    free spaces no Residential Zone influences."""
    ok = influence_area(factory_cells) & mask & ~inf.by_residential
    out = []
    for o, plan in enumerate(tb.plans[tb.warehouse][0]):
        for anchor in iter_bits(fits_plan(plan, ok)):
            out.append((o, anchor))
            if first:
                return out
    return out


def _criteria(t: TileType, inf: Influence, waived: bool) -> tuple[int, int | None]:
    """The construction criteria of a new tile as bit sets (SC-31 to SC-36).

    Returns (spaces it may not cover, spaces meeting every need of its level on
    their own, or None for no need). SC-32: Residential and Industrial never
    influence each other (Harbor water is exempt, SC-21); SC-26: above level 1
    one space must carry all the influences the level needs.
    """
    fam = t.family
    if fam == "residential":
        need = None if waived or t.level == 1 else inf.cultural.at_least(t.level)
        return inf.industrial, need
    if t.industrial:
        need = None
        if fam == "factory" and not waived:
            if t.level == 2:
                need = inf.refinery | inf.harbor
            elif t.level == 3:
                need = inf.refinery & inf.harbor
        return inf.by_residential, need
    if fam == "commercial" and not waived:
        return 0, inf.residential.at_least(t.level)
    return 0, None


def placements(
    tb: Tables, st: SmallCityState, s: int, t: TileType, face: int, first: bool = False,
    known: tuple[Bits, Influence] | None = None, only: tuple[int, int] | None = None,
    actions: bool = False,
) -> list[Action]:
    """Every legal (orientation, anchor) of a new tile; with `first`, stop at one;
    with `only`, test that one (orientation, anchor); with `actions`, as
    ("place", orientation, anchor) actions."""
    mask, inf = known or survey(tb, st, s)
    waived = st.build_mode == "council" and bool(st.build_size[2])
    needs_warehouse = t.family == "factory" and not waived
    if needs_warehouse and stack(st, s, tb.types[tb.warehouse]) <= 0:
        return []
    if st.build_mode == "setup":
        forbidden, need = 0, None
    else:
        forbidden, need = _criteria(t, inf, waived)
    land = mask & ~forbidden
    out: list[Action] = []
    wplans = tb.plans[tb.warehouse][0] if needs_warehouse else ()
    areas = tb.areas[t.id][face] if needs_warehouse else ()
    for o, plan in enumerate(tb.plans[t.id][face]):
        if only is not None and only[0] != o:
            continue
        anchors = fits_plan(plan, land, mask, need)
        if only is not None:
            anchors &= BIT[only[1]] if 0 <= only[1] < CELLS else 0
        if not anchors:
            continue
        if first and not needs_warehouse:
            return [(o, (anchors & -anchors).bit_length() - 1)]
        if actions and not needs_warehouse:
            row = PLACE[o]
            out += [row[a] for a, bit in enumerate(bin(anchors)[:1:-1]) if bit == "1"]
            continue
        for anchor in iter_bits(anchors):
            if needs_warehouse and not _warehouse_fits(wplans, areas[o][anchor] & land):
                continue
            out.append(PLACE[o][anchor] if actions else (o, anchor))
            if first:
                return out
    return out


def _warehouse_fits(wplans: tuple[Plan, ...], ok: int) -> bool:
    """SC-34: whether a Warehouse fits on `ok`, the free land in the influence area
    of the new Factory (the quick form of `warehouse_spots`)."""
    return any(fits_plan(plan, ok) for plan in wplans)


def tile_choices(
    tb: Tables, st: SmallCityState, s: int,
    known: tuple[Bits, Influence] | None = None, only: int | None = None,
) -> list[tuple[str, int, int]]:
    """("tile", type, face) for every tile the seat may start to build now
    (with `only`, for that one type)."""
    seat = st.seats[s]
    council = st.build_mode == "council"
    waived = council and bool(st.build_size[2])
    mask, inf = known or survey(tb, st, s)
    if not mask:
        return []
    rows = tb.tile_rows if only is None else tb.tile_row.get(only, ())
    bounds = None
    have: list[int] = []  # the seat's materials, counted when first needed
    on_hand = 0
    out = []
    setup = st.build_mode == "setup"
    money, built, mediator = seat.money, seat.built, seat.card == MEDIATOR
    cultural_mode = st.mode == "cultural"
    lo, hi, _ = st.build_size
    supply, ahead = st.supply, ahead_building(st, s)  # `stack` of every type at once
    # The cheap tests come first (most types fail on money), the placements last.
    for t, tid, fam, level, cost, cultural, materials in rows:
        if council:
            if cultural or not lo <= level <= hi:
                continue
        elif not cultural:  # SC-30, SC-11: the money
            if mediator and cost > 1:
                cost -= 1
            if money < cost:
                continue
        elif materials:  # SC-38, SC-10: the materials, one of them waived at most
            if not have:
                have = stored(tb, seat)
                on_hand = sum(have)
            if on_hand + 1 < materials:
                continue
        if t.unique and tid in built:  # SC-37 and the stacks: availability
            continue
        if (not (t.per_player or (cultural_mode and cultural))
                and supply[tid] <= (held_for(st, ahead, t) if ahead else 0)):
            continue
        if not waived and fam in _BOUNDED:
            # the best any open space offers: a quick bound before any placement
            if bounds is None:
                bounds = _bounds(inf, mask)
            best_cult, best_res, refi_or_harb, both = bounds
            if fam == "residential" and level > 1 and best_cult < level:
                continue
            if fam == "commercial" and best_res < level:
                continue
            if fam == "factory" and (
                (level == 2 and not refi_or_harb) or (level == 3 and not both)
            ):
                continue
        if cultural and not council and materials and not waivers(seat, t, False, have):
            continue
        if fam == "factory" and not waived:
            for f in tb.distinct_faces[tid]:
                if placements(tb, st, s, t, f, first=True, known=(mask, inf)):
                    out.append(("tile", tid, f))
            continue
        # the quick form of `placements(first=True)` for tiles without a Warehouse
        forbidden, need = (0, None) if setup else _criteria(t, inf, waived)
        land = mask & ~forbidden
        plans = tb.plans[tid]
        for f in tb.distinct_faces[tid]:
            for plan in plans[f]:
                if fits_plan(plan, land, mask, need):
                    out.append(("tile", tid, f))
                    break
    return out


_BOUNDED = frozenset({"residential", "commercial", "factory"})

def _bounds(inf: Influence, mask: int) -> tuple[int, int, bool, bool]:
    """(most Cultural influences, most Residential ones, a Refinery or Harbor
    influence, both) found on any space of `mask`."""
    return (inf.cultural.best(mask), inf.residential.best(mask),
            bool((inf.refinery | inf.harbor) & mask),
            bool(inf.refinery & inf.harbor & mask))


def place_tile(
    tb: Tables, st: SmallCityState, s: int, t: TileType, face: int, o: int, anchor: int,
    events: list[Event], private: bool,
) -> int:
    """Put a new tile on the board, pay its money and take it from the supply.

    Materials (SC-38) are paid afterwards, one choice at a time (`stores.pay`);
    such a build is announced once they are known (`announce_materials`)."""
    seat = st.seats[s]
    council = st.build_mode == "council"
    shape = t.faces[face][o]
    cells = place_cells(shape, anchor)
    assert cells is not None
    marks = [m for _, _, m in shape]
    cost = money_cost(st, seat, t, council or st.build_mode == "setup")
    seat.money -= cost
    if t.unique:
        seat.built.append(t.id)
    if not personal(st, t) and t.family != "city_hall":
        st.supply[t.id] -= 1  # the stacks are in the open, even behind the screens
    stock = [-1] * len(cells) if t.family == "warehouse" else []
    index = len(seat.tiles)
    seat.tiles.append(Tile(t.id, cells, marks, st.phase == "build", stock))
    for c in cells:
        seat.grid[c] = index
    if not (t.cultural and not council and sum(t.materials) > 0):
        paid = f"${cost}" if cost else "nothing"
        text = f"{name(s)} builds a {t.name} on {label(min(cells))} for {paid}."
        announce(st, s, text, events, private)
    if t.family == "residential" and t.level == 1 and seat.hall_citizens > 0:  # SC-31
        seat.hall_citizens -= 1
        seat.occ[cells[0]] = s
    return index


def announce_materials(tb: Tables, st: SmallCityState, s: int, index: int, need: list[int],
                       waived: int, events: list[Event], private: bool) -> None:
    tile = st.seats[s].tiles[index]
    assert tile is not None
    paid = " + ".join(f"{n} {MATERIALS[m]}" for m, n in enumerate(need) if n) or "nothing"
    extra = f" (the Architect waives a {MATERIALS[waived]})" if waived >= 0 else ""
    announce(st, s, f"{name(s)} builds a {tb.types[tile.type].name} on {label(min(tile.cells))} "
             f"for {paid}{extra}.", events, private)


def announce(st: SmallCityState, s: int, text: str, events: list[Event], private: bool) -> None:
    if private:
        # behind the screen it waits in the seat's log and is announced once, at the reveal
        st.seats[s].log.append(text)
    else:
        events.append(Event(text, "build", s))


# --------------------------------------------------------------- upgrades
def upgrade_extensions(
    tb: Tables, st: SmallCityState, s: int, index: int,
    known: tuple[Bits, Influence] | None = None, first: bool = False,
) -> list[Action]:
    """("extend", space, mark) for every legal one-level upgrade of a tile (SC-40);
    with `first`, at most one."""
    seat = st.seats[s]
    tile = seat.tiles[index]
    if tile is None or tile.fresh:
        return []  # SC-41: no build-and-expand
    t = tb.types[tile.type]
    if t.family not in UPGRADABLE:
        return []
    nxt = tb.next_level.get(t.id)
    if nxt is None or stack(st, s, tb.types[nxt]) <= 0:
        return []
    mask, inf = known or survey(tb, st, s)
    own, reach = inf.own[index], inf.reach
    kinds = [tb.types[other.type] for j, other in enumerate(seat.tiles)
             if other is not None and j != index and reach[j] & own]
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
    # the tile's footprint from its top-left corner, so that a grown footprint is
    # judged once per shape and growth and then looked up (`Tables.grown`)
    r0, c0 = min(c // SIZE for c in tile.cells), min(c % SIZE for c in tile.cells)
    base = tuple(sorted((c // SIZE - r0, c % SIZE - c0, m)
                        for c, m in zip(tile.cells, tile.marks, strict=True)))
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
                if _grows(tb, t.family, lvl, base, n // SIZE - r0, n % SIZE - c0, m):
                    out.append(("extend", n, m))
                    if first:
                        return out
    return out


def _grows(tb: Tables, family: str, level: int, base: tuple[tuple[int, int, int], ...],
           dr: int, dc: int,
           m: int) -> bool:
    """SC-40: whether `base` (a footprint from its top-left corner) with the space
    (dr, dc) of mark m added is a footprint of `family` at `level`; remembered on
    the tables, as the same few shapes grow the same ways all game long."""
    key = (family, level, base, dr, dc, m)
    known = tb.grown.get(key)
    if known is None:
        table = tb.content.footprints[(family, level)]
        known = tb.grown[key] = frozenset(normalise([*base, (dr, dc, m)])) in table
    return known


def upgrade(tb: Tables, st: SmallCityState, s: int, index: int, cell: int, mark: int,
            events: list[Event], private: bool) -> None:
    seat = st.seats[s]
    tile = seat.own_tile(index)
    old = tb.types[tile.type]
    new = tb.types[tb.next_level[old.id]]
    st.supply[old.id] += 1  # SC-40: the old tile goes back to the stack
    st.supply[new.id] -= 1
    tile.type = new.id
    tile.cells.append(cell)
    tile.marks.append(mark)
    seat.grid[cell] = index
    announce(st, s, f"{name(s)} upgrades the {old.name} on {label(min(tile.cells))} "
             f"to a {new.name}, growing onto {label(cell)}.", events, private)


# ------------------------------------------------------------- demolition
def demolish_ok(tb: Tables, st: SmallCityState, s: int, index: int) -> bool:
    """SC-39: affordable, not City Hall, and room at home for everyone on the tile."""
    seat = st.seats[s]
    tile = seat.tiles[index]
    if tile is None:
        return False
    t = tb.types[tile.type]
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
        room = hall_room(tb, other) - (seat.pending_home.count(o) if o != s else 0)
        if room < n:
            return False
    return True


def demolish(tb: Tables, st: SmallCityState, s: int, index: int, events: list[Event],
             private: bool) -> None:
    seat = st.seats[s]
    tile = seat.tiles[index]
    assert tile is not None
    t = tb.types[tile.type]
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
                send_home(tb, st.seats[o])
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


def expand(tb: Tables, st: SmallCityState, s: int, ev: list[Event], private: bool) -> None:
    """The seat's Constructible Zone grows one step (Urban Planner, or a build action)."""
    seat = st.seats[s]
    seat.zone += 1
    size = tb.zone(seat, seat.zone)
    announce(st, s, f"{name(s)} grows the Constructible Zone to {size}x{size}.", ev, private)
