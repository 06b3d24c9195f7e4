"""Where materials are kept: City Hall and the Warehouses of a borough.

The seat chooses which store pays a material (SC-38, SC-64) and where a new
material goes (SC-65, SC-82). The question is asked only when the answers
differ in outcome; otherwise the only outcome is applied at once. A store is
named by its Warehouse's top-left space, or by `HALL` for City Hall.
Rule ids refer to RULES.md.
"""

from __future__ import annotations

from collections.abc import Callable

from borough.core.game import Action, Event
from borough.games.smallcity.build import hall_room, name, return_material
from borough.games.smallcity.data import CELLS, MATERIALS
from borough.games.smallcity.geometry import label
from borough.games.smallcity.state import Seat, SmallCityState
from borough.games.smallcity.tables import Tables

HALL = CELLS  # the store name of City Hall in actions


def where(store: int) -> str:
    """A store as a place: "in City Hall" or "on the Warehouse on C4"."""
    return "in City Hall" if store == HALL else f"on the Warehouse on {label(store)}"


def source(store: int) -> str:
    """A store a material is paid from: "from City Hall" or "from the Warehouse on C4"."""
    return "from City Hall" if store == HALL else f"from the Warehouse on {label(store)}"


def _warehouses(seat: Seat) -> list[tuple[int, list[int]]]:
    """(top-left space, stock) of every Warehouse, in building order."""
    return [(min(t.cells), t.stock) for t in seat.tiles if t is not None and t.stock]


def holders(seat: Seat, m: int) -> list[tuple[int, int]]:
    """(store, how many) of every store holding material `m`."""
    out = []
    n = seat.hall_mats.count(m)
    if n:
        out.append((HALL, n))
    for cell, stock in _warehouses(seat):
        n = stock.count(m)
        if n:
            out.append((cell, n))
    return out


def rooms(tb: Tables, seat: Seat) -> list[tuple[int, int]]:
    """(store, free spaces) of every store with room."""
    out = []
    room = hall_room(tb, seat)
    if room > 0:
        out.append((HALL, room))
    for cell, stock in _warehouses(seat):
        n = stock.count(-1)
        if n:
            out.append((cell, n))
    return out


def _stock_at(seat: Seat, store: int) -> list[int] | None:
    """The stock of the Warehouse on space `store`, the seat's own to change."""
    i = seat.grid[store] if 0 <= store < CELLS else -1
    tile = seat.tiles[i] if i >= 0 else None
    return seat.own_tile(i).stock if tile is not None and tile.stock else None


def take(st: SmallCityState, s: int, m: int, store: int) -> None:
    """One material `m` leaves a store of seat `s` for the reserve."""
    seat = st.seats[s]
    if store == HALL:
        seat.hall_mats.remove(m)
    else:
        stock = _stock_at(seat, store)
        assert stock is not None
        stock[stock.index(m)] = -1
    return_material(st, s, m)


def put(tb: Tables, seat: Seat, m: int, store: int) -> bool:
    """Lay material `m` on a free space of a store; False when it is full."""
    if store == HALL:
        if hall_room(tb, seat) <= 0:
            return False
        seat.hall_mats.append(m)
        return True
    stock = _stock_at(seat, store)
    if stock is None or -1 not in stock:
        return False
    stock[stock.index(-1)] = m
    return True


# ------------------------------------------------------------------ paying
def pay(st: SmallCityState, s: int) -> bool:
    """Take what the seat owes (`seat.owe`) wherever the store is forced; True
    while a choice is left (`spend_choices`)."""
    seat = st.seats[s]
    owe = seat.owe
    for m in range(3):
        if not owe[m]:
            continue
        have = holders(seat, m)
        if len(have) > 1 and owe[m] < sum(n for _, n in have):
            return True
        for store, n in have:
            for _ in range(min(n, owe[m])):
                take(st, s, m, store)
                owe[m] -= 1
        owe[m] = 0  # the cost was checked affordable; nothing is left to pay
    return False


def spend_choices(st: SmallCityState, s: int) -> list[Action]:
    """("spend", kind, store): which store gives the next material owed."""
    seat = st.seats[s]
    for m in range(3):
        if seat.owe[m]:
            return [("spend", m, store) for store, _ in holders(seat, m)]
    return []


def spend(st: SmallCityState, s: int, m: int, store: int) -> None:
    take(st, s, m, store)
    st.seats[s].owe[m] -= 1


# ----------------------------------------------------------------- storing
def _fill(items: list[int], room: list[tuple[int, int]], by_kind: bool) -> list[tuple[int, int]]:
    """The (item, store) choices for the next material: items that differ
    only where it cannot matter are offered once; a forced outcome gives one."""
    total = sum(n for _, n in room)
    fits = len(items) <= total
    # Where every material fits, its borough of origin does not matter.
    key: Callable[[int], int] = (lambda i: i % 3) if fits or by_kind else (lambda i: i)
    firsts: dict[int, int] = {}
    for i in items:
        firsts.setdefault(key(i), i)
    if len(room) == 1 and fits:
        return [(items[0], room[0][0])]
    if len(firsts) == 1 and (not fits or len(items) == total):
        return [(items[0], room[0][0])]  # every space will be filled alike
    return [(i, store) for i in firsts.values() for store, _ in room]


def store_choices(tb: Tables, st: SmallCityState, s: int) -> list[Action]:
    """("store", kind, borough, store) for the next waiting material, or []
    when none of them can be kept any more."""
    seat = st.seats[s]
    items = seat.pending
    if not items:
        return []
    room = rooms(tb, seat)
    if room:
        return [("store", i % 3, i // 3, store) for i, store in _fill(items, room, False)]
    # SC-65: a tourist's material with no room at home may stay in a Warehouse
    # of the borough that made it.
    for b in sorted({i // 3 for i in items if i // 3 != s}):
        away = [(cell, stock.count(-1)) for cell, stock in _warehouses(st.seats[b])
                if -1 in stock]
        if away:
            group = [i for i in items if i // 3 == b]
            return [("store", i % 3, b, store) for i, store in _fill(group, away, True)]
    return []


def store(tb: Tables, st: SmallCityState, s: int, m: int, b: int, where_: int,
          events: list[Event] | None) -> None:
    """Lay a waiting material: at home while there is room, else abroad in `b`."""
    seat = st.seats[s]
    seat.pending.remove(b * 3 + m)
    home = bool(rooms(tb, seat))
    put(tb, seat if home else st.seats[b], m, where_)
    if events is not None:
        abroad = "" if home else f" in {name(b)}'s borough"
        events.append(Event(f"{name(s)} stores a {MATERIALS[m]} {where(where_)}{abroad}.",
                            "store", s))


def settle(tb: Tables, st: SmallCityState, s: int, events: list[Event]) -> bool:
    """Store the waiting materials wherever the outcome is forced; True while a
    choice is left. What cannot be kept anywhere goes back to the reserve."""
    seat = st.seats[s]
    while seat.pending:
        options = store_choices(tb, st, s)
        if len(options) > 1:
            return True
        if not options:
            break
        _, m, b, where_ = options[0]
        store(tb, st, s, m, b, where_, None)
    if seat.pending:
        for i in seat.pending:
            st.mats[i % 3] += 1
        events.append(Event(f"{name(s)} has no room for {len(seat.pending)} material(s): "
                            "back to the reserve.", "waste", s))
        seat.pending = []
    return False
