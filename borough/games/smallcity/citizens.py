"""Phase 3 (Move Citizens) and Phase 4 (Collect Income).

Citizens stand on board spaces (`occ` holds the owner's seat); City Hall and
the Career Center are counters. Rule ids refer to RULES.md.
"""

from __future__ import annotations

from collections.abc import Iterator

from borough.core.game import Action, Event
from borough.games.smallcity.build import hall_room, name, send_home, stored
from borough.games.smallcity.data import CELLS, MATERIALS, NO_TOURISTS
from borough.games.smallcity.geometry import label
from borough.games.smallcity.state import NOBODY, SmallCityState
from borough.games.smallcity.stations import active, police_area, police_sweep
from borough.games.smallcity.tables import Tables

STAY = frozenset({"residential", "police", "fire", "clinic", "university"})
NO_CITIZENS = frozenset({"city_hall", "warehouse", "refinery", "harbor"})


def neighbours(st: SmallCityState, b: int) -> list[int]:
    """The boroughs left and right of borough `b` (SC-58), alive ones only."""
    n = st.players
    if n == 1:
        return []
    out = []
    for o in ((b - 1) % n, (b + 1) % n):
        if o != b and o not in out and not st.seats[o].eliminated:
            out.append(o)
    return out


def limit(tb: Tables, st: SmallCityState, s: int) -> int:
    """SC-58: one tourist per borough, two once the seat owns a Metro Station."""
    seat = st.seats[s]
    return 2 if any(tb.types[t].family == "metro" for t in seat.built) else 1


def must_move(tb: Tables, st: SmallCityState, s: int, b: int, cell: int) -> bool:
    """SC-53: everyone moves except residents and citizens staffing their own station."""
    if b != s:
        return True  # SC-59: tourists always move
    tile = st.seats[b].tiles[st.seats[b].grid[cell]]
    assert tile is not None
    return tb.types[tile.type].family not in STAY


def destinations(tb: Tables, st: SmallCityState, s: int, b: int, cell: int,
                 first: bool = False, only: tuple[int, int] | None = None,
                 near: bool = False) -> list[Action]:
    """("to", borough, space) for the citizen of seat `s` on `cell` of borough `b`;
    with `first`, at most one (to learn whether it can move at all); with `only`
    (borough, space), that one if it is among them; with `near`, only those in its
    borough and the neighbouring ones (not a far tourist's way home)."""
    abroad = b != s
    if only is not None:
        b2 = only[0]
        if b2 == b or b2 in neighbours(st, b):
            return _spaces(tb, st, s, b2, -1 if b2 != b else cell, first, abroad, only)
        if abroad and b2 == s and not destinations(tb, st, s, b, cell, first=True, near=True):
            return _spaces(tb, st, s, s, -1, first, abroad, only)  # SC-59, below
        return []
    out: list[Action] = []
    near_boroughs = [b, *neighbours(st, b)]
    for b2 in near_boroughs:
        out += _spaces(tb, st, s, b2, -1 if b2 != b else cell, first, abroad)
        if first and out:
            return out
    if not out and abroad and s not in near_boroughs and not near:
        # SC-59: a tourist stuck far from home comes back to a space of its own borough
        out = _spaces(tb, st, s, s, -1, first, abroad)
    return out


WORKPLACES = frozenset({"factory", "commercial"})
# SC-50: only a citizen already in its own borough may staff these
STATIONS = frozenset({"police", "fire"})


def _spaces(tb: Tables, st: SmallCityState, s: int, b2: int, cell: int,
            first: bool = False, abroad: bool = False,
            only: tuple[int, int] | None = None) -> list[Action]:
    """The free spaces of borough `b2` open to seat `s`'s citizen leaving `cell`
    (of another borough when `abroad`), in space order; with `only`, the tile
    under that one space alone is looked at."""
    seat = st.seats[b2]
    if seat.eliminated:
        return []
    tiles = seat.tiles
    if only is not None:  # the one tile under the space, if the space is free
        i = seat.grid[only[1]]
        if i < 0 or seat.occ[only[1]] != NOBODY:
            return []
        tiles = [seat.tiles[i]]
    tourist = b2 != s
    if tourist and cell < 0 and seat.occ.count(s) >= limit(tb, st, s):
        return []
    # SC-60: the Police Station's area, worked out once a space is otherwise open
    guarded: set[int] | None = None if tourist else set()
    start = st.start_occ[b2]
    occ, types = seat.occ, tb.types
    out: list[Action] = []
    for tile in tiles:
        if tile is None:
            continue
        t = types[tile.type]
        fam = t.family
        if fam in NO_CITIZENS or (tourist and fam in NO_TOURISTS):
            continue  # SC-54, SC-58
        if abroad and not tourist and fam in STATIONS:
            continue  # SC-50: coming home from abroad staffs no station
        cells = tile.cells
        if t.capacity == 1 and any(occ[c] != NOBODY for c in cells):
            continue
        work = fam in WORKPLACES
        for c in cells:
            if occ[c] != NOBODY or c == cell or (only and c != only[1]):
                continue
            if work and start[c] == s:
                continue  # SC-55
            if guarded is None:
                guarded = police_area(tb, seat, b2)
            if c in guarded:
                continue  # SC-60
            out.append(("to", b2, c))
            if first:
                return out
    out.sort()
    return out


def can_go(tb: Tables, st: SmallCityState, s: int, b2: int, c2: int) -> bool:
    """Whether the picked citizen may move to space `c2` of borough `b2`:
    `destinations` narrowed to that one space, for speed."""
    b, cell = st.picked
    return bool(destinations(tb, st, s, b, cell, only=(b2, c2)))


def can_pick(tb: Tables, st: SmallCityState, s: int, b: int, c: int) -> bool:
    """Whether ("pick", b, c) is among `pick_choices`, without listing them all."""
    if not 0 <= b < st.players:
        return False
    seat = st.seats[b]
    if seat.occ[c] != s or c in seat.down:
        return False
    return must_move(tb, st, s, b, c) or bool(destinations(tb, st, s, b, c, first=True))


def pick_choices(tb: Tables, st: SmallCityState, s: int) -> list[Action]:
    out: list[Action] = []
    required = False
    for action, must in _picks(tb, st, s):
        required = required or must
        out.append(action)
    if not required:
        out.append(("done",))
    return out


def can_pick_any(tb: Tables, st: SmallCityState, s: int) -> bool:
    """Whether `pick_choices` offers more than "done", stopping at the first pick."""
    return next(_picks(tb, st, s), None) is not None


def _picks(tb: Tables, st: SmallCityState, s: int) -> Iterator[tuple[Action, bool]]:
    """(("pick", borough, space), whether it must move) for each citizen of the
    seat that may move now, in board order."""
    for b in range(st.players):
        seat = st.seats[b]
        if s not in seat.occ:
            continue
        down = seat.down
        occ = seat.occ
        mine = sorted(c for tile in seat.tiles if tile is not None
                      for c in tile.cells if occ[c] == s)
        for c in mine:
            if c in down:
                continue
            if must_move(tb, st, s, b, c):
                yield ("pick", b, c), True
            elif destinations(tb, st, s, b, c, first=True):
                yield ("pick", b, c), False


def move_to(tb: Tables, st: SmallCityState, s: int, b2: int, c2: int,
            events: list[Event]) -> None:
    b, c = st.picked
    st.seats[b].occ[c] = NOBODY
    seat = st.seats[b2]
    seat.occ[c2] = s
    seat.down.append(c2)
    where = "" if b2 == s else f" in {name(b2)}'s borough"
    events.append(Event(f"{name(s)} moves a citizen from {label(c)} to {label(c2)}{where}.",
                        "move", s))
    if b2 == s:
        i = seat.grid[c2]
        tile = seat.tiles[i]
        assert tile is not None
        if tb.types[tile.type].family == "police" and active(tb, seat, s, "police") == i:
            police_sweep(tb, st, s, i, events, private=False)


def move_home(tb: Tables, st: SmallCityState, s: int, events: list[Event]) -> None:
    """SC-56: a citizen with nowhere to go returns to City Hall or the Career Center."""
    b, c = st.picked
    st.seats[b].occ[c] = NOBODY
    send_home(tb, st.seats[s])
    events.append(Event(f"{name(s)}'s citizen from {label(c)} finds no space and goes home.",
                        "move", s))


def empty_homes(tb: Tables, st: SmallCityState, s: int) -> list[int]:
    """SC-61: the empty Level-1 Residential Zones of a seat."""
    seat = st.seats[s]
    out = []
    for tile in seat.tiles:
        if tile is None:
            continue
        t = tb.types[tile.type]
        if t.family == "residential" and t.level == 1 and seat.occ[tile.cells[0]] == NOBODY:
            out.append(tile.cells[0])
    return out


def house(st: SmallCityState, s: int, cell: int) -> None:
    seat = st.seats[s]
    seat.hall_citizens -= 1
    seat.occ[cell] = s


def new_citizens(tb: Tables, st: SmallCityState, events: list[Event]) -> None:
    """SC-62: each empty Factory space draws a citizen from the Career Center."""
    for s in st.order:
        seat = st.seats[s]
        n = 0
        for tile in seat.tiles:
            if tile is None or tb.types[tile.type].family != "factory":
                continue
            for c in tile.cells:
                if seat.occ[c] == NOBODY and seat.career > 0 and hall_room(tb, seat) > 0:
                    seat.career -= 1
                    seat.hall_citizens += 1
                    n += 1
        if n:
            events.append(Event(f"{n} new citizen(s) arrive at {name(s)}'s City Hall.",
                                "arrive", s))


# ------------------------------------------------------------------ income
def workplaces(tb: Tables, st: SmallCityState, s: int, family: str) -> list[tuple[int, int]]:
    """(borough, mark) of every space of `family` holding one of the seat's
    citizens, by borough and then space."""
    out = []
    types = tb.types
    for b in range(st.players):
        seat = st.seats[b]
        occ = seat.occ
        if s not in occ:
            continue
        found = []
        for tile in seat.tiles:
            if tile is not None and types[tile.type].family == family:
                found += [(c, m) for c, m in zip(tile.cells, tile.marks, strict=True)
                          if occ[c] == s]
        found.sort()
        out += [(b, m) for _, m in found]
    return out


def start_income(tb: Tables, st: SmallCityState, s: int, events: list[Event]) -> None:
    """SC-63 and SC-64a: tourist money and the $1 spaces; count the conversions."""
    seat = st.seats[s]
    tourists = CELLS - seat.occ.count(NOBODY) - seat.occ.count(s)
    kinds = [0, 0, 0, 0]
    for _, mark in workplaces(tb, st, s, "commercial"):
        kinds[mark] += 1
    gain = tourists + kinds[0]
    seat.money += gain
    if gain:
        events.append(Event(f"{name(s)} collects ${gain} ({tourists} from tourists, "
                            f"{kinds[0]} from shops).", "income", s))
    st.sel = [kinds[1], kinds[2], kinds[3], 0]


def income_choices(tb: Tables, st: SmallCityState, s: int) -> list[Action]:
    seat = st.seats[s]
    have = stored(tb, seat)
    sell, buy, trade, _ = st.sel
    out: list[Action] = []
    if sell:
        out += [("sell", m) for m in range(3) if have[m]]
    if buy:
        out += [("lot", k) for k in range(1, 5) if seat.money >= k]
    if trade:
        out += [("trade", m) for m in range(3) if have[m]]
    return [*out, ("done",)]


def take_one(st: SmallCityState, s: int, m: int) -> None:
    """Owe one stored material; the seat says which store gives it (SC-64)."""
    st.seats[s].owe[m] += 1


def convert(tb: Tables, st: SmallCityState, s: int, action: Action, events: list[Event]) -> None:
    """SC-64 b-e: one conversion per citizen, in the order the owner likes."""
    seat = st.seats[s]
    kind = action[0]
    if kind == "sell":
        m = action[1]
        take_one(st, s, m)
        gain = tb.content.prices["sell"][m]
        seat.money += gain
        st.sel[0] -= 1
        events.append(Event(f"{name(s)} sells a {MATERIALS[m]} for ${gain}.", "income", s))
    elif kind == "lot":
        k = action[1]
        seat.money -= k
        seat.votes += k + 1
        st.sel[1] -= 1
        events.append(Event(f"{name(s)} buys {k + 1} votes for ${k}.", "income", s))
    else:
        m = action[1]
        take_one(st, s, m)
        gain = tb.content.prices["trade_votes"][m]
        seat.votes += gain
        st.sel[2] -= 1
        events.append(Event(f"{name(s)} trades a {MATERIALS[m]} for {gain} votes.", "income", s))


def factory_income(tb: Tables, st: SmallCityState, s: int, events: list[Event]) -> None:
    """SC-65: each worker makes its space's material from the finite reserve; the
    materials then wait in `seat.pending` for the seat to store them."""
    seat = st.seats[s]
    made = [0, 0, 0]
    for b, m in workplaces(tb, st, s, "factory"):
        if st.mats[m] <= 0:
            continue  # the finite supply has none left: forfeited
        st.mats[m] -= 1
        st.seats[b].produced += 1
        made[m] += 1
        seat.pending.append(b * 3 + m)
    if sum(made):
        what = ", ".join(f"{n} {MATERIALS[m]}" for m, n in enumerate(made) if n)
        events.append(Event(f"{name(s)}'s factories produce {what}.", "income", s))
