"""Police, Fire Station, Clinic and University: staffing and what staffed ones do
(SC-50, SC-51, SC-60). Rule ids refer to RULES.md.
"""

from __future__ import annotations

from borough.core.game import Action, Event
from borough.games.smallcity.build import announce, name, send_home
from borough.games.smallcity.data import ACTIVATED, CELLS
from borough.games.smallcity.geometry import NB8, label
from borough.games.smallcity.state import NOBODY, Seat, SmallCityState
from borough.games.smallcity.tables import Tables


def staff_choices(st: SmallCityState, s: int) -> list[Action]:
    """SC-50: a citizen from the borough (not City Hall) may staff a new station."""
    seat = st.seats[s]
    return [("staff", c) for c in range(CELLS) if seat.occ[c] == s] + [("skip",)]


def staff(tb: Tables, st: SmallCityState, s: int, index: int, cell: int,
          events: list[Event], private: bool) -> None:
    seat = st.seats[s]
    tile = seat.tiles[index]
    assert tile is not None
    seat.occ[cell] = NOBODY
    seat.occ[tile.cells[0]] = s
    t = tb.types[tile.type]
    announce(st, s, f"{name(s)} staffs the {t.name} with a citizen from {label(cell)}.",
             events, private)
    if t.family == "police":
        police_sweep(tb, st, s, index, events, private)


def police_sweep(tb: Tables, st: SmallCityState, s: int, index: int, events: list[Event],
                 private: bool) -> None:
    """SC-51: tourists inside an activated Police Station's influence go home."""
    seat = st.seats[s]
    tile = seat.tiles[index]
    assert tile is not None
    area: set[int] = set()
    for c in tile.cells:
        area.update(NB8[c])
    for c in sorted(area):
        o = seat.occ[c]
        if o != NOBODY and o != s:
            seat.occ[c] = NOBODY
            if private:
                seat.pending_home.append(o)
            else:
                send_home(tb, st.seats[o])
                events.append(Event(f"The Police Station sends {name(o)}'s tourist home.",
                                    "police", s))


def active(tb: Tables, seat: Seat, s: int, family: str) -> int:
    """Index of the seat's activated building of `family` (SC-50), or -1."""
    if family not in ACTIVATED:
        return -1
    for i, tile in enumerate(seat.tiles):
        if (tile is not None and tb.types[tile.type].family == family
                and any(seat.occ[c] == s for c in tile.cells)):
            return i
    return -1


def police_area(tb: Tables, seat: Seat, s: int) -> set[int]:
    i = active(tb, seat, s, "police")
    if i < 0:
        return set()
    tile = seat.tiles[i]
    assert tile is not None
    area: set[int] = set()
    for c in tile.cells:
        area.update(NB8[c])
    return area
