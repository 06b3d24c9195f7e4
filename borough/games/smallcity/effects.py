"""What a citizen's move would do, in words, for the move list and the board's
preview of a destination (Phase 3; rule ids refer to RULES.md).

Only what the mover can see is used: the boroughs as they stand, and the rules
of income (SC-63..SC-65), the vote (SC-66, SC-67) and pollution (SC-68).
"""

from __future__ import annotations

from borough.games.smallcity.build import name
from borough.games.smallcity.data import MATERIALS
from borough.games.smallcity.state import SmallCityState
from borough.games.smallcity.tables import Tables

# what a citizen on a Commercial space does at income, by the space's mark (SC-64)
_COMMERCIAL = ("earns $1 at income", "sells one material for $ at income",
               "buys votes with $ at income", "trades one material for votes at income")
_STATION = {
    "police": "staffs the Police Station: tourists beside it go home, none may come",
    "fire": "staffs the Fire Station: your tourists chosen to die go home instead",
    "clinic": "staffs the Clinic: your citizens are safe from pollution deaths",
    "university": "staffs the University: 3 votes in the vote",
}


def _tile_at(tb: Tables, st: SmallCityState, b: int, c: int):  # type: ignore[no-untyped-def]
    seat = st.seats[b]
    i = seat.grid[c]
    tile = seat.tiles[i] if 0 <= i < len(seat.tiles) else None
    return i, tile, (tb.types[tile.type] if tile is not None else None)


def arrival(tb: Tables, st: SmallCityState, s: int, b: int, c: int) -> str:
    """What seat `s`'s picked citizen would do on space `c` of borough `b`."""
    _, tile, kind = _tile_at(tb, st, b, c)
    if tile is None or kind is None:
        return "it stands there"
    pb, pc = st.picked
    parts: list[str] = []
    family = kind.family
    mark = tile.marks[tile.cells.index(c)]
    if family == "residential":
        here = sum(1 for x in tile.cells if st.seats[b].occ[x] == s and not (pb == b and x == pc))
        n = here + 1
        parts.append(f"{n} more vote{'s' if n > 1 else ''} in the vote (then {n} of your "
                     f"citizen{'s' if n > 1 else ''} in this home)")
    elif family == "commercial":
        parts.append(_COMMERCIAL[mark] if 0 <= mark < len(_COMMERCIAL) else "works there")
    elif family == "factory":
        parts.append(f"makes 1 {MATERIALS[mark]} at income (1% more pollution where it is "
                     "made)")
    elif family in _STATION:
        parts.append(_STATION[family])
    else:
        parts.append(f"on the {kind.name}: no income")
    if b != s:
        parts.append(f"a tourist: {name(b)} earns $1 at income")
    if pb == s and b != s:
        parts.append("its 1% pollution counts in that borough, not yours")
    elif pb != s and pb >= 0 and b == s:
        parts.append("home again: its 1% pollution counts in your borough")
    left = _leaves(tb, st, s)
    if left and not (pb == b and tile is _tile_at(tb, st, pb, pc)[1]):
        parts.append(left)
    return "; ".join(parts)


def _leaves(tb: Tables, st: SmallCityState, s: int) -> str:
    """What moving the picked citizen off its space stops."""
    pb, pc = st.picked
    if pb != s:
        return ""
    _, tile, kind = _tile_at(tb, st, pb, pc)
    if tile is None or kind is None or kind.family not in _STATION:
        return ""
    others = [x for x in tile.cells if x != pc and st.seats[pb].occ[x] == s]
    return "" if others else f"the {kind.name} it leaves stops working"
