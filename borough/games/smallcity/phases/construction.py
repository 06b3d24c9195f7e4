"""Phase 2, Build (SC-25 to SC-44): the sealed Build phase, step by step, and the
payment of materials (SC-38, SC-10). Rule ids refer to RULES.md; the tile
geometry and criteria live in `build.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from borough.core.game import Action, Event
from borough.games.smallcity import build, pollution, stores
from borough.games.smallcity.build import name
from borough.games.smallcity.data import UPGRADABLE, Content
from borough.games.smallcity.state import (
    BUILD,
    INCOME,
    SmallCityState,
)

if TYPE_CHECKING:
    from borough.games.smallcity.data import TileType


class Construction:
    """Phase 2, mixed into the game class."""

    content: Content
    types: tuple[TileType, ...]
    rounds: int
    warehouse: int
    city_hall: int

    def _build_legal(self, st: SmallCityState, s: int, action: Action) -> bool:
        seat, kind, step = st.seats[s], action[0], st.step
        if step == "place":
            t = self.types[st.sel[0]]
            face = st.sel[1]
            return (kind == "place" and action[1] < len(t.faces[face])
                    and bool(build.placements(self.tables, st, s, t, face,
                                              only=(action[1], action[2]))))
        if step != "build":
            return action in self._legal(st, s)
        cap = 1 if seat.expanded else 3
        if kind == "done":
            return True
        if kind == "expand":
            return (not seat.expanded and seat.built_now <= 1
                    and seat.zone + 1 < len(self.tables.zones(seat)))
        if kind == "tile":
            return seat.built_now < cap and action in build.tile_choices(
                self.tables, st, s, only=action[1])
        if kind in ("upgrade", "demolish"):
            i = seat.grid[action[1]]
            tile = seat.tiles[i] if i >= 0 else None
            if tile is None or min(tile.cells) != action[1]:
                return False
            if kind == "upgrade":
                return bool(build.upgrade_extensions(self.tables, st, s, i))
            return (seat.built_now < cap and not seat.demolished
                    and build.demolish_ok(self.tables, st, s, i))
        return False

    def build_choices(self, st: SmallCityState, s: int) -> list[Action]:
        """SC-27 to SC-29: up to three tiles, or one tile and a bigger zone."""
        seat = st.seats[s]
        cap = 1 if seat.expanded else 3
        out: list[Action] = []
        known = build.survey(self.tables, st, s)
        if seat.built_now < cap:
            out += build.tile_choices(self.tables, st, s, known)
        types = self.types
        for i, tile in enumerate(seat.tiles):
            if (tile is not None and not tile.fresh and types[tile.type].family in UPGRADABLE
                    and build.upgrade_extensions(self.tables, st, s, i, known, first=True)):
                out.append(("upgrade", min(tile.cells)))
        if seat.built_now < cap and not seat.demolished:
            for i, tile in enumerate(seat.tiles):
                if tile is not None and build.demolish_ok(self.tables, st, s, i):
                    out.append(("demolish", min(tile.cells)))
        if (not seat.expanded and seat.built_now <= 1
                and seat.zone + 1 < len(self.tables.zones(seat))):
            out.append(("expand",))
        out.append(("done",))
        return out

    def sealed(self, st: SmallCityState) -> bool:
        return st.phase == BUILD

    def start_build(self, st: SmallCityState, ev: list[Event]) -> None:
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

    def build_step(self, st: SmallCityState, s: int, action: Action, ev: list[Event]) -> None:
        kind = action[0]
        seat = st.seats[s]
        if kind == "tile":
            st.sel = [action[1], action[2], -1, -1]
            st.step = "place"
        elif kind == "upgrade":
            st.sel = [-1, -1, seat.grid[action[1]], -1]
            st.step = "extend"
        elif kind == "demolish":
            build.demolish(self.tables, st, s, seat.grid[action[1]], ev, private=True)
            if seat.pollution >= pollution.FATAL:
                self.eliminated_while_building(st, s, ev)
        elif kind == "expand":
            seat.expanded = True
            self.expand(st, s, ev, private=True)
        else:
            self.finish_building(st, s, ev)

    def place(self, st: SmallCityState, s: int, action: Action, ev: list[Event]) -> None:
        t = self.types[st.sel[0]]
        private = self.sealed(st)
        index = build.place_tile(self.tables, st, s, t, st.sel[1], action[1], action[2], ev,
                                 private)
        st.sel[2] = index
        if st.build_mode == "build":
            st.seats[s].built_now += 1
        waived = st.build_mode == "council" and bool(st.build_size[2])
        if t.family == "factory" and not waived:
            st.step = "warehouse"  # SC-34
            return
        if t.cultural and sum(t.materials) and st.build_mode == "build":
            self.start_payment(st, s, ev)  # SC-38
            return
        self.after_tile(st, s, ev)

    # ------------------------------------------------------------ materials
    def waive_choices(self, st: SmallCityState, s: int) -> list[Action]:
        """SC-10: with the Architect unused, waive one material of this building or
        keep the waiver for another one ("pass")."""
        seat = st.seats[s]
        tile = seat.tiles[st.sel[2]]
        assert tile is not None
        options = build.waivers(seat, self.types[tile.type], False, build.stored(self.tables, seat))
        return [("waive", m) if m >= 0 else ("pass",) for m in options]

    def start_payment(self, st: SmallCityState, s: int, ev: list[Event]) -> None:
        choices = self.waive_choices(st, s)
        if len(choices) > 1:
            st.step = "waive"
            return
        self.waive(st, s, choices[0][1] if choices[0][0] == "waive" else -1, ev)

    def waive(self, st: SmallCityState, s: int, m: int, ev: list[Event]) -> None:
        seat = st.seats[s]
        index = st.sel[2]
        tile = seat.tiles[index]
        assert tile is not None
        cost = list(self.types[tile.type].materials)
        if m >= 0:
            cost[m] -= 1
            seat.architect_used = True
        build.announce_materials(self.tables, st, s, index, cost, m, ev, self.sealed(st))
        seat.owe = cost
        self.continue_payment(st, s, ev)

    def continue_payment(self, st: SmallCityState, s: int, ev: list[Event]) -> None:
        """SC-38, SC-64: the seat picks the store of each material where it matters."""
        if stores.pay(st, s):
            st.step = "spend"
            return
        if st.phase == BUILD:
            self.after_tile(st, s, ev)
        else:
            st.step = "income"

    def continue_storing(self, st: SmallCityState, s: int, ev: list[Event]) -> None:
        """SC-65, SC-82: the seat places each new material where it matters."""
        if stores.settle(self.tables, st, s, ev):
            st.current = s
            st.step = "store"
            return
        if st.phase == INCOME:
            st.sel = [-1, -1, -1, -1]
            self.next_income(st, ev)
        else:
            self.after_council(st, ev)

    def after_tile(self, st: SmallCityState, s: int, ev: list[Event]) -> None:
        tile = st.seats[s].tiles[st.sel[2]]
        assert tile is not None
        if self.types[tile.type].family in ("police", "fire") and s in st.seats[s].occ:
            st.step = "staff"
            return
        self.after_build_unit(st, s, ev)

    def after_build_unit(self, st: SmallCityState, s: int, ev: list[Event]) -> None:
        st.sel = [-1, -1, -1, -1]
        if st.build_mode == "council":
            self.after_council(st, ev)
        else:
            st.step = "build"

    def finish_building(self, st: SmallCityState, s: int, ev: list[Event]) -> None:
        st.step = "done"
        ev.append(Event(f"{name(s)} has finished building.", "build", s))
        if all(st.seats[o].bstep == "done" for o in st.order if o != s):
            st.seats[s].bstep = "done"
            self.reveal(st, ev)

    def eliminated_while_building(self, st: SmallCityState, s: int, ev: list[Event]) -> None:
        """SC-69: a demolition that takes the seat to 100% eliminates it there and then;
        it builds no more, and the tourists it had sent home reach home now."""
        seat = st.seats[s]
        for o in seat.pending_home:
            build.send_home(self.tables, st.seats[o])
        seat.pending_home = []
        pollution.eliminate(self.tables, st, s, ev)
        st.step = seat.bstep = "done"
        if all(st.seats[o].bstep == "done" for o in st.order):
            self.reveal(st, ev)

    def reveal(self, st: SmallCityState, ev: list[Event]) -> None:
        """SC-25: screens down; announce each seat's builds, send tourists home."""
        st.sel = [-1, -1, -1, -1]
        for s in range(st.players):
            seat = st.seats[s]
            if s in st.order or seat.log:
                for text in seat.log or [f"{name(s)} builds nothing."]:
                    ev.append(Event(text, "reveal", s))
            for o in seat.pending_home:
                build.send_home(self.tables, st.seats[o])
            seat.pending_home = []
            seat.log = []
            seat.returned = [0, 0, 0]
        st.snapshot = []
        st.snap_mats = []
        self.start_move(st, ev)
