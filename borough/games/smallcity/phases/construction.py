"""Phase 2, Build (SC-25 to SC-44): the sealed Build phase, step by step, and the
payment of materials (SC-38, SC-10). Rule ids refer to RULES.md; the tile
geometry and criteria live in `build.py`.
"""

from __future__ import annotations

from borough.core.game import Action, Event
from borough.games.smallcity import build, pollution, stores
from borough.games.smallcity.build import name
from borough.games.smallcity.data import UPGRADABLE
from borough.games.smallcity.phases import influence
from borough.games.smallcity.state import (
    BUILD,
    MOVE,
    Seat,
    SmallCityState,
)
from borough.games.smallcity.tables import Tables
from borough.games.smallcity.turns import leave_due


def build_legal(tb: Tables, st: SmallCityState, s: int, action: Action) -> bool:
    """`build_choices` (at the "build" step) or `build.placements` (at "place") asked
    about one action, narrowing the same generators."""
    seat, kind, step = st.seats[s], action[0], st.step
    if step == "place":
        t = tb.types[st.sel[0]]
        face = st.sel[1]
        return (kind == "place" and action[1] < len(t.faces[face])
                and bool(build.placements(tb, st, s, t, face,
                                          only=(action[1], action[2]))))
    assert step == "build", step
    if kind == "done":
        return True
    if kind == "expand":
        return _may_expand(tb, seat)
    if kind == "tile":
        return _may_build(seat) and action in build.tile_choices(tb, st, s, only=action[1])
    if kind in ("upgrade", "demolish"):
        i = seat.grid[action[1]]
        tile = seat.tiles[i] if i >= 0 else None
        if tile is None or min(tile.cells) != action[1]:
            return False
        if kind == "upgrade":
            return bool(build.upgrade_extensions(tb, st, s, i, first=True))
        return _may_demolish(seat) and build.demolish_ok(tb, st, s, i)
    return False


def build_choices(tb: Tables, st: SmallCityState, s: int) -> list[Action]:
    """SC-27 to SC-29: up to three tiles, or one tile and a bigger zone."""
    seat = st.seats[s]
    out: list[Action] = []
    known = build.survey(tb, st, s)
    if _may_build(seat):
        out += build.tile_choices(tb, st, s, known)
    types = tb.types
    for i, tile in enumerate(seat.tiles):
        # fresh and other tiles never grow (upgrade_extensions says so too): skipped
        # here without a call, as a Build turn lists the choices many times
        if (tile is not None and not tile.fresh and types[tile.type].family in UPGRADABLE
                and build.upgrade_extensions(tb, st, s, i, known, first=True)):
            out.append(("upgrade", min(tile.cells)))
    if _may_demolish(seat):
        for i, tile in enumerate(seat.tiles):
            if tile is not None and build.demolish_ok(tb, st, s, i):
                out.append(("demolish", min(tile.cells)))
    if _may_expand(tb, seat):
        out.append(("expand",))
    out.append(("done",))
    return out


# The tests of the "build" step, shared by `build_choices` and `build_legal`; the
# tiles' own tests are `build.tile_choices`, `upgrade_extensions` and `demolish_ok`.
def _may_build(seat: Seat) -> bool:
    """SC-27, SC-28: three builds, or one when the zone grew this phase."""
    return seat.built_now < (1 if seat.expanded else 3)


def _may_demolish(seat: Seat) -> bool:
    """SC-29: one of the builds may be a demolition (of a tile `build.demolish_ok`)."""
    return _may_build(seat) and not seat.demolished


def _may_expand(tb: Tables, seat: Seat) -> bool:
    """SC-28: the zone grows once, and only with at most one build made."""
    return (not seat.expanded and seat.built_now <= 1
            and seat.zone + 1 < len(tb.zones(seat)))


def sealed(st: SmallCityState) -> bool:
    return st.phase == BUILD


def start_build(tb: Tables, st: SmallCityState, ev: list[Event]) -> None:
    st.phase = BUILD
    st.build_mode = "build"
    for i, seat in enumerate(st.seats):
        seat.built_now = 0
        seat.demolished = seat.expanded = seat.architect_used = False
        seat.returned = [0, 0, 0]
        seat.bstep = "build" if i in st.order else "done"
        seat.bsel = [-1, -1, -1, -1]
        for k, tile in enumerate(seat.tiles):
            if tile is not None and tile.fresh:
                seat.own_tile(k).fresh = False
    st.snapshot = [seat.copy() for seat in st.seats]
    st.snap_mats = st.mats[:]
    ev.append(Event("Screens up: everyone builds.", "build"))
    st.turn = 0
    st.current = st.order[0]
    st.step = "build"
    st.sel = [-1, -1, -1, -1]


def build_step(tb: Tables, st: SmallCityState, s: int, action: Action, ev: list[Event]) -> None:
    kind = action[0]
    seat = st.seats[s]
    if kind == "tile":
        st.sel = [action[1], action[2], -1, -1]
        st.step = "place"
    elif kind == "upgrade":
        st.sel = [-1, -1, seat.grid[action[1]], -1]
        st.step = "extend"
    elif kind == "demolish":
        build.demolish(tb, st, s, seat.grid[action[1]], ev, private=True)
        if seat.pollution >= pollution.FATAL:
            eliminated_while_building(tb, st, s, ev)
    elif kind == "expand":
        seat.expanded = True
        build.expand(tb, st, s, ev, private=True)
    else:
        finish_building(tb, st, s, ev)


def place(tb: Tables, st: SmallCityState, s: int, action: Action, ev: list[Event]) -> None:
    t = tb.types[st.sel[0]]
    private = sealed(st)
    index = build.place_tile(tb, st, s, t, st.sel[1], action[1], action[2], ev,
                             private)
    st.sel[2] = index
    if st.build_mode == "build":
        st.seats[s].built_now += 1
    waived = st.build_mode == "council" and bool(st.build_size[2])
    if t.family == "factory" and not waived:
        st.step = "warehouse"  # SC-34
        return
    if t.cultural and sum(t.materials) > 0 and st.build_mode == "build":
        start_payment(tb, st, s, ev)  # SC-38
        return
    after_tile(tb, st, s, ev)

# ------------------------------------------------------------ materials
def waive_choices(tb: Tables, st: SmallCityState, s: int) -> list[Action]:
    """SC-10: with the Architect unused, waive one material of this building or
    keep the waiver for another one ("pass")."""
    seat = st.seats[s]
    tile = seat.tiles[st.sel[2]]
    assert tile is not None
    options = build.waivers(seat, tb.types[tile.type], False, build.stored(tb, seat))
    return [("waive", m) if m >= 0 else ("pass",) for m in options]


def start_payment(tb: Tables, st: SmallCityState, s: int, ev: list[Event]) -> None:
    choices = waive_choices(tb, st, s)
    if len(choices) > 1:
        st.step = "waive"
        return
    waive(tb, st, s, choices[0][1] if choices[0][0] == "waive" else -1, ev)


def waive(tb: Tables, st: SmallCityState, s: int, m: int, ev: list[Event]) -> None:
    seat = st.seats[s]
    index = st.sel[2]
    tile = seat.tiles[index]
    assert tile is not None
    cost = list(tb.types[tile.type].materials)
    if m >= 0:
        cost[m] -= 1
        seat.architect_used = True
    build.announce_materials(tb, st, s, index, cost, m, ev, sealed(st))
    seat.owe = cost
    continue_payment(tb, st, s, ev)


def continue_payment(tb: Tables, st: SmallCityState, s: int, ev: list[Event]) -> None:
    """SC-38, SC-64: the seat picks the store of each material where it matters."""
    if stores.pay(st, s):
        st.step = "spend"
        return
    if st.phase == BUILD:
        after_tile(tb, st, s, ev)
    else:
        st.step = "income"


def after_tile(tb: Tables, st: SmallCityState, s: int, ev: list[Event]) -> None:
    tile = st.seats[s].tiles[st.sel[2]]
    assert tile is not None
    if tb.types[tile.type].family in ("police", "fire") and s in st.seats[s].occ:
        st.step = "staff"
        return
    after_build_unit(tb, st, s, ev)


def after_build_unit(tb: Tables, st: SmallCityState, s: int, ev: list[Event]) -> None:
    st.sel = [-1, -1, -1, -1]
    if st.build_mode == "council":
        influence.after_council(tb, st, ev)
    else:
        st.step = "build"


def finish_building(tb: Tables, st: SmallCityState, s: int, ev: list[Event]) -> None:
    st.step = "done"
    ev.append(Event(f"{name(s)} has finished building.", "build", s))
    if all(st.seats[o].bstep == "done" for o in st.order if o != s):
        st.seats[s].bstep = "done"
        reveal(tb, st, ev)


def eliminated_while_building(tb: Tables, st: SmallCityState, s: int, ev: list[Event]) -> None:
    """SC-69: a demolition that takes the seat to 100% eliminates it there and then;
    it builds no more, and the tourists it had sent home reach home now."""
    seat = st.seats[s]
    for o in seat.pending_home:
        build.send_home(tb, st.seats[o])
    seat.pending_home = []
    pollution.eliminate(tb, st, s, ev)
    st.step = seat.bstep = "done"
    if all(st.seats[o].bstep == "done" for o in st.order):
        reveal(tb, st, ev)


def reveal(tb: Tables, st: SmallCityState, ev: list[Event]) -> None:
    """SC-25: screens down; announce each seat's builds, send tourists home."""
    st.sel = [-1, -1, -1, -1]
    for s in range(st.players):
        seat = st.seats[s]
        if s in st.order or seat.log:
            for text in seat.log or [f"{name(s)} builds nothing."]:
                ev.append(Event(text, "reveal", s))
        for o in seat.pending_home:
            build.send_home(tb, st.seats[o])
        seat.pending_home = []
        seat.log = []
        seat.returned = [0, 0, 0]
    st.snapshot = []
    st.snap_mats = []
    leave_due(st, MOVE)
