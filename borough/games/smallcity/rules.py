"""Small City Deluxe rules: the forward model behind `borough.game("smallcity")`.

A round runs the book's eight phases; every choice is a small decision of one
seat. Two steps are sealed and simultaneous: the kept Promise at setup and the
Build phase, where every seat builds behind its screen and the others see its
borough as it stood until everyone has finished.
Rule ids (SC-*) refer to RULES.md in this folder.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from borough.core.errors import CorruptData
from borough.core.game import Action, Event, Game, Option, Result
from borough.core.rng import Rng
from borough.games.smallcity import build, citizens, council, pollution, scoring, stores
from borough.games.smallcity.build import name
from borough.games.smallcity.data import (
    CELLS,
    DEFAULT_DIR,
    MATERIALS,
    UPGRADABLE,
    Content,
    load,
)
from borough.games.smallcity.geometry import EDGES, ZONE_BITS, edge_label, label, streets_in
from borough.games.smallcity.state import (
    ACTIONS,
    BUILD,
    CEMETERY,
    COUNCIL,
    EMPTY,
    INCOME,
    MOVE,
    NOBODY,
    OVER,
    POLLUTION,
    SETUP,
    Seat,
    SmallCityState,
)

CARDS = ("Mayor", "Architect", "Mediator", "Engineer", "Supporter", "Urban Planner",
         "City Councilor", "Opponent")
MAYOR, ARCHITECT, MEDIATOR, ENGINEER, SUPPORTER, PLANNER, COUNCILOR, OPPONENT = range(8)
MODES = ("basic", "votes", "economic", "citizens", "cultural")
LEVELS = ("citizen", "mayor", "governor", "senator", "president")
PAY_NAMES = {"money": "money", "votes": "votes", "promise": "a Special Promise"}


class SmallCity(Game):
    name = "smallcity"
    title = "Small City Deluxe"
    seats = (1, 2, 3, 4)
    option_list = (
        Option("side", ("easy", "expert"), "easy",
               "borough side: easy starts with a 7x7 Constructible Zone, expert with 6x6"),
        Option("council", ("easy", "expert"), "easy",
               "City Council side for the basic game (the advanced game always uses expert)"),
        Option("mode", MODES, "basic",
               "basic game, or the advanced game with a victory condition: votes, economic, "
               "citizens or cultural"),
        Option("level", LEVELS, "mayor", "solo difficulty, from citizen (easiest) to president"),
    )
    state_type = SmallCityState

    def __init__(self, data_dir: Path = DEFAULT_DIR) -> None:
        self.content: Content = load(data_dir)
        self.types = self.content.types
        self.edges = EDGES
        self.warehouse = self.content.by_key["warehouse"]
        self.city_hall = self.content.by_key["city_hall"]
        self.hall_capacity = int(self.content.setup["city_hall_capacity"])
        self.rounds = int(self.content.setup["rounds"])
        # tiles a seat may choose to build (City Hall and Warehouses come otherwise),
        # and per type the faces that differ (alike faces are one choice)
        self.buildable_types = tuple(
            t for t in self.types if t.family not in ("city_hall", "warehouse"))
        self.distinct_faces: dict[int, tuple[int, ...]] = {
            t.id: tuple(f for f, face in enumerate(t.faces) if face not in t.faces[:f])
            for t in self.types
        }
        self.next_level: dict[int, int] = {}
        for t in self.types:
            for u in self.types:
                if u.family == t.family and u.level == t.level + 1 and t.family in (
                    "residential", "commercial", "factory"
                ):
                    self.next_level[t.id] = u.id

    def zone(self, st: SmallCityState, step: int) -> int:
        return self.content.zones[st.side][step]

    def option_sets(self) -> list[dict[str, Any]]:
        return [
            {},
            {"side": "expert"},
            {"council": "expert"},
            *({"mode": m} for m in MODES[1:]),
            {"level": "citizen"},
            {"level": "president", "side": "expert"},
        ]

    # ----------------------------------------------------------------- setup
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> SmallCityState:
        rng = Rng.from_seed(seed)
        mode = options["mode"]
        host = rng.below(players)  # SC-2
        order = [(host + i) % players for i in range(players)]
        setup = self.content.setup
        seats = []
        for s in range(players):
            money = setup["solo_money"] if players == 1 else setup["money"][order.index(s)]
            career = setup["citizens_in_career"]
            reserve = setup["citizens_in_reserve"]
            if mode == "citizens":  # SC-A8
                career, reserve = career + reserve, 0
            seats.append(Seat(
                money=money, votes=0, pollution=0, career=career, reserve=reserve,
                hall_citizens=setup["citizens_in_hall"], hall_mats=[], zone=0,
                disc_row=[-1, -1], disc_col=[0, 0], promise=-1, offered=[], specials=[],
                built=[], tiles=[], grid=[EMPTY] * CELLS, occ=[NOBODY] * CELLS, down=[],
                cemeteries=[], card=-1, generated=0, produced=0, eliminated=False, revenue=0,
                in_play_total=0, built_now=0, demolished=False, expanded=False,
                architect_used=False, pending_home=[], log=[],
                delta=[0] * (len(self.types) + 3), takes=[], bstep="done",
                bsel=[-1, -1, -1, -1], owe=[0, 0, 0], pending=[],
            ))
        supply = []
        for t in self.types:
            if t.by_players:
                supply.append(t.by_players[players - 1])  # SC-1
            else:
                supply.append(t.supply)
        decks: list[list[int]] = [[], [], []]
        for p in self.content.promises:
            if mode == "citizens" and p.number == 11:
                continue  # SC-A8
            decks[p.deck].append(p.number)
        for d in decks:
            rng.shuffle(d)
        for s in order:  # SC-4: one card from each deck
            seats[s].offered = [d.pop(0) for d in decks]
        special: list[int] = []
        if mode != "basic":  # SC-A2
            removed = {"economic": 14, "cultural": 16}.get(mode, 0)
            special = [p.number for p in self.content.specials if p.number != removed]
            rng.shuffle(special)
        council_side = "expert" if mode != "basic" else options["council"]
        st = SmallCityState(
            players=players, side=options["side"], council_side=council_side, mode=mode,
            level=LEVELS.index(options["level"]), round=1, phase=SETUP, step="hall",
            current=order[0], order=order, turn=0, host=host, prev_host=-1, mayor=-1,
            next_host=-1, circle=list(range(8)), taken=[-1] * 8, last_pos=-1,
            supply=supply, mats=list(self.content.prices["materials"]), decks=decks,
            special_deck=special, sel=[-1, -1, -1, -1], build_mode="setup",
            build_size=[0, 0, 0], council=[-1, -1, -1, -1], draw=[], killers=[], kills_left=0,
            picked=[-1, -1], start_occ=[], snapshot=[], snap_supply=[], snap_mats=[],
            chosen=[False] * players, seats=seats, rng=rng, moves=0,
        )
        st.sel = [self.city_hall, 0, -1, -1]
        return st

    def num_seats(self, state: SmallCityState) -> int:
        return state.players

    # --------------------------------------------------------------- turns
    def to_act(self, state: SmallCityState) -> tuple[int, ...]:
        if state.phase == OVER:
            return ()
        if state.step == "promise":
            return tuple(s for s in range(state.players) if not state.chosen[s])
        if state.phase == BUILD:  # SC-25: everyone builds at once behind a screen
            return tuple(s for s in state.order if state.seats[s].bstep != "done")
        return (state.current,)

    def is_over(self, state: SmallCityState) -> bool:
        return state.phase == OVER

    def legal_actions(self, state: SmallCityState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.phase == BUILD:
            return self.behind_screen(state, seat, lambda: self._legal(state, seat))
        return self._legal(state, seat)

    def behind_screen(self, st: SmallCityState, s: int, fn):  # type: ignore[no-untyped-def]
        """Run `fn` with the seat's own Build step in place of the shared one."""
        seat = st.seats[s]
        shared = st.step, st.sel
        st.step, st.sel = seat.bstep, seat.bsel
        try:
            return fn()
        finally:
            if st.phase == BUILD:
                seat.bstep, seat.bsel = st.step, st.sel
                st.step, st.sel = shared

    def is_legal(self, state: SmallCityState, seat: int, action: Action) -> bool:
        """The Build phase answers one action without listing them all (for speed)."""
        if state.phase == BUILD:
            return self.behind_screen(state, seat, lambda: self._build_legal(state, seat, action))
        step, kind = state.step, action[0]
        if step == "to" and kind == "to":
            return citizens.can_go(self, state, seat, action[1], action[2])
        if step == "pick" and kind == "pick":
            return citizens.can_pick(self, state, seat, action[1], action[2])
        if step == "card":
            return kind == "card" and self._card_ok(state, seat, action[1])
        if step == "tile" and kind == "tile":
            return action in build.tile_choices(self, state, seat, only=action[1])
        return action in self._legal(state, seat)

    def _card_ok(self, st: SmallCityState, s: int, p: int) -> bool:
        """`card_choices` asked about one circle position."""
        money = st.seats[s].money
        if st.players == 1:
            return p in (1, 2, 3) and money >= (2 if p == 2 else 0)
        return 0 <= p < 8 and st.taken[p] == -1 and (
            st.last_pos < 0 or self.card_cost(st, p) <= money)

    def _build_legal(self, st: SmallCityState, s: int, action: Action) -> bool:
        seat, kind, step = st.seats[s], action[0], st.step
        if step == "place":
            t = self.types[st.sel[0]]
            face = st.sel[1]
            return (kind == "place" and action[1] < len(t.faces[face])
                    and bool(build.placements(self, st, s, t, face, only=(action[1], action[2]))))
        if step != "build":
            return action in self._legal(st, s)
        cap = 1 if seat.expanded else 3
        if kind == "done":
            return True
        if kind == "expand":
            return (not seat.expanded and seat.built_now <= 1
                    and seat.zone + 1 < len(self.content.zones[st.side]))
        if kind == "tile":
            return seat.built_now < cap and action in build.tile_choices(
                self, st, s, only=action[1])
        if kind in ("upgrade", "demolish"):
            i = seat.grid[action[1]]
            tile = seat.tiles[i] if i >= 0 else None
            if tile is None or min(tile.cells) != action[1]:
                return False
            if kind == "upgrade":
                return bool(build.upgrade_extensions(self, st, s, i))
            return (seat.built_now < cap and not seat.demolished
                    and build.demolish_ok(self, st, s, i))
        return False

    def _legal(self, state: SmallCityState, seat: int) -> list[Action]:
        st, s, step = state, seat, state.step
        if step in ("hall", "place"):
            t = self.types[st.sel[0]]
            return build.placements(self, st, s, t, st.sel[1], actions=True)
        if step == "warehouse":
            tile = st.seats[s].tiles[st.sel[2]]
            assert tile is not None
            mask, inf = build.survey(self, st, s)
            return [("place", o, a)
                    for o, a in build.warehouse_spots(self, tile.cells, mask, inf)]
        if step == "promise":
            return [("promise", i) for i in range(len(st.seats[s].offered))]
        if step == "mayor":
            return [("mayor", e) for e in self.streets(st)]
        if step == "card":
            return [("card", p) for p in self.card_choices(st, s)]
        if step in ("supporter", "benefit"):
            return [("take", i) for i in range(len(self.benefit_list(st)))]
        if step == "planner":
            return [("expand",), ("pass",)]
        if step in ("councilor", "council"):
            return council.choices(self, st, s, councilor=step == "councilor")
        if step == "keep":
            return [("keep", i) for i in range(len(st.draw))]
        if step == "tile":
            return [*build.tile_choices(self, st, s), ("pass",)]
        if step == "build":
            return self.build_choices(st, s)
        if step == "staff":
            return build.staff_choices(st, s)
        if step == "extend":
            return build.upgrade_extensions(self, st, s, st.sel[2])
        if step == "waive":
            return self.waive_choices(st, s)
        if step == "spend":
            return stores.spend_choices(st, s)
        if step == "store":
            return stores.store_choices(self, st, s)
        if step == "pick":
            return citizens.pick_choices(self, st, s)
        if step == "to":
            b, c = st.picked
            dest = citizens.destinations(self, st, s, b, c)
            return dest or [("home",)]
        if step == "house":
            return [("house", c) for c in citizens.empty_homes(self, st, s)]
        if step == "income":
            return citizens.income_choices(self, st, s)
        if step == "kill":
            return pollution.victims(self, st, s)
        if step == "bury":
            return [("bury", c) for c in pollution.cemetery_spots(self, st, s)]
        raise CorruptData(f"unknown step {step!r}")

    def build_choices(self, st: SmallCityState, s: int) -> list[Action]:
        """SC-27 to SC-29: up to three tiles, or one tile and a bigger zone."""
        seat = st.seats[s]
        cap = 1 if seat.expanded else 3
        out: list[Action] = []
        known = build.survey(self, st, s)
        if seat.built_now < cap:
            out += build.tile_choices(self, st, s, known)
        types = self.types
        for i, tile in enumerate(seat.tiles):
            if (tile is not None and not tile.fresh and types[tile.type].family in UPGRADABLE
                    and build.upgrade_extensions(self, st, s, i, known, first=True)):
                out.append(("upgrade", min(tile.cells)))
        if seat.built_now < cap and not seat.demolished:
            for i, tile in enumerate(seat.tiles):
                if tile is not None and build.demolish_ok(self, st, s, i):
                    out.append(("demolish", min(tile.cells)))
        if (not seat.expanded and seat.built_now <= 1
                and seat.zone + 1 < len(self.content.zones[st.side])):
            out.append(("expand",))
        out.append(("done",))
        return out

    # ------------------------------------------------------------- phase 1
    def streets(self, st: SmallCityState) -> list[int]:
        """SC-6 and SC-8: streets between two empty spaces of the host's zone."""
        seat = st.seats[st.host]
        zones = self.content.zones[st.side]
        free = ~build.filled(seat)
        for step in (seat.zone, seat.zone + 1):
            if step >= len(zones):
                return []
            out = streets_in(ZONE_BITS[zones[step]] & free)
            if out:
                return list(out)
        return []

    def card_choices(self, st: SmallCityState, s: int) -> list[int]:
        """SC-9: first pick free; then $1 per empty card skipped, never a taken card."""
        money = st.seats[s].money
        if st.players == 1:  # SC-S2
            return [p for p, cost in ((1, 0), (2, 2), (3, 0)) if money >= cost]
        if st.last_pos < 0:
            return [p for p in range(8) if st.taken[p] == -1]
        return [p for p in range(8) if st.taken[p] == -1 and self.card_cost(st, p) <= money]

    def card_cost(self, st: SmallCityState, p: int) -> int:
        if st.players == 1:
            return 2 if p == 2 else 0
        if st.last_pos < 0:
            return 0
        best = 99
        for step in (1, -1):
            cost = 0
            q = (st.last_pos + step) % 8
            while q != p:
                if st.taken[q] == -1:
                    cost += 1
                q = (q + step) % 8
            best = min(best, cost)
        return best

    def benefit_list(self, st: SmallCityState) -> list:
        if st.step == "supporter":
            return ["money", "votes"]
        return council.benefit_options(self, st, st.council[1], st.council[2])

    # -------------------------------------------------------------- apply
    def _apply(self, state: SmallCityState, seat: int, action: Action) -> list[Event]:
        if state.phase == BUILD:
            return self.behind_screen(state, seat, lambda: self._act(state, seat, action))
        return self._act(state, seat, action)

    def _act(self, state: SmallCityState, seat: int, action: Action) -> list[Event]:
        st, s = state, seat
        st.moves += 1
        ev: list[Event] = []
        step, kind = st.step, action[0]
        if step == "hall":
            t = self.types[self.city_hall]
            build.place_tile(self, st, s, t, 0, action[1], action[2], ev, private=False)
            self.next_setup(st, ev)
        elif step == "promise":
            self.keep_promise(st, s, action[1], ev)
        elif step == "mayor":
            st.mayor = action[1]
            ev.append(Event(f"The mayor parades on {edge_label(st.mayor)} in "
                            f"{name(st.host)}'s borough.", "mayor", s))
            self.start_cards(st, ev)
        elif step == "card":
            self.pick_card(st, s, action[1], ev)
        elif step == "supporter":
            seat_ = st.seats[s]
            if action[1] == 0:
                seat_.money += 1
                ev.append(Event(f"{name(s)} takes $1 as Supporter.", "card", s))
            else:
                seat_.votes += 2
                ev.append(Event(f"{name(s)} takes 2 votes as Supporter.", "card", s))
            self.next_pick(st, ev)
        elif step == "planner":
            if kind == "expand":
                self.expand(st, s, ev, private=False)
            self.next_pick(st, ev)
        elif step in ("councilor", "council"):
            self.council_move(st, s, action, ev)
        elif step == "keep":
            self.keep_special(st, s, action[1], ev)
        elif step == "benefit":
            self.take_benefit(st, s, action[1], ev)
        elif step == "tile":
            if kind == "pass":
                self.after_council(st, ev)
            else:
                st.sel = [action[1], action[2], -1, -1]
                st.step = "place"
        elif step == "build":
            self.build_step(st, s, action, ev)
        elif step == "place":
            self.place(st, s, action, ev)
        elif step == "warehouse":
            t = self.types[self.warehouse]
            build.place_tile(self, st, s, t, 0, action[1], action[2], ev, self.sealed(st))
            self.after_tile(st, s, ev)
        elif step == "staff":
            if kind == "staff":
                build.staff(self, st, s, st.sel[2], action[1], ev, self.sealed(st))
            self.after_build_unit(st, s, ev)
        elif step == "extend":
            build.upgrade(self, st, s, st.sel[2], action[1], action[2], ev, self.sealed(st))
            st.step = "build"
        elif step == "waive":
            self.waive(st, s, action[1] if kind == "waive" else -1, ev)
        elif step == "spend":
            stores.spend(st, s, action[1], action[2], self.payment_record(st, s))
            # Paid behind the screen while the Build phase is sealed (SC-25).
            build.announce(st, s, f"{name(s)} pays a {MATERIALS[action[1]]} "
                           f"{stores.source(action[2])}.", ev, self.sealed(st))
            self.continue_payment(st, s, ev)
        elif step == "store":
            stores.store(self, st, s, action[1], action[2], action[3], ev)
            self.continue_storing(st, s, ev)
        elif step == "pick":
            if kind == "done":
                self.end_move_turn(st, s, ev)
            else:
                st.picked = [action[1], action[2]]
                st.step = "to"
        elif step == "to":
            if kind == "home":
                citizens.move_home(self, st, s, ev)
            else:
                citizens.move_to(self, st, s, action[1], action[2], ev)
            st.picked = [-1, -1]
            self.begin_pick(st, s, ev)
        elif step == "house":
            citizens.house(st, s, action[1])
            self.continue_housing(st, s, ev)
        elif step == "income":
            if kind == "done":
                self.finish_income(st, s, ev)
            else:
                citizens.convert(self, st, s, action, ev)
                self.continue_payment(st, s, ev)
        elif step == "kill":
            self.do_kill(st, s, action[1], ev)
        elif step == "bury":
            pollution.bury(st, s, action[1], ev)
            self.next_kill(st, ev)
        return ev

    def sealed(self, st: SmallCityState) -> bool:
        return st.phase == BUILD

    # ------------------------------------------------------------- setup flow
    def next_setup(self, st: SmallCityState, ev: list[Event]) -> None:
        st.turn += 1
        if st.turn < len(st.order):
            st.current = st.order[st.turn]
            return
        st.step = "promise"
        st.current = st.order[0]

    def keep_promise(self, st: SmallCityState, s: int, i: int, ev: list[Event]) -> None:
        """SC-4: keep one Promise secretly; the other two go under their decks."""
        seat = st.seats[s]
        seat.promise = seat.offered[i]
        for j, number in enumerate(seat.offered):
            if j != i:
                st.decks[self.content.promises[number - 1].deck].append(number)
        st.chosen[s] = True
        ev.append(Event(f"{name(s)} keeps a Promise.", "promise", s))
        ev.append(Event(f"You keep Promise #{seat.promise}: "
                        f"{self.content.promises[seat.promise - 1].text}", "promise", s,
                        private_to=(s,)))
        if all(st.chosen):
            self.start_round(st, ev)

    # ------------------------------------------------------------- round flow
    def alive_order(self, st: SmallCityState, first: int) -> list[int]:
        n = st.players
        return [(first + i) % n for i in range(n) if not st.seats[(first + i) % n].eliminated]

    def start_round(self, st: SmallCityState, ev: list[Event]) -> None:
        st.phase = ACTIONS
        st.order = self.alive_order(st, st.host)
        if not st.order:
            self.end_game(st, ev)
            return
        ev.append(Event(f"Round {st.round} begins; {name(st.host)} hosts the mayor.", "round"))
        if st.players == 1:
            st.mayor = -1  # SC-S3: the mayor visits the VIPs instead
            self.start_cards(st, ev)
            return
        if st.host == st.prev_host and st.mayor >= 0:  # SC-7: the mayor stays put
            self.start_cards(st, ev)
            return
        options = self.streets(st)
        if not options:
            st.mayor = -1  # SC-8: no street, the mayor stands beside the board
            ev.append(Event("The mayor finds no street and blocks nothing.", "mayor"))
            self.start_cards(st, ev)
            return
        decider = st.prev_host if st.prev_host >= 0 else st.order[-1]
        if st.seats[decider].eliminated or decider == st.host:
            decider = st.order[-1]
        st.phase = ACTIONS
        st.step = "mayor"
        st.current = decider

    def start_cards(self, st: SmallCityState, ev: list[Event]) -> None:
        """SC-9: a new circle of Action cards; SC-S2 in the solo game."""
        if st.players == 1:
            if st.round % 2 == 1:
                st.circle = list(range(8))
                st.rng.shuffle(st.circle)
            else:
                st.circle = st.circle[4:] + st.circle[:4]
            st.taken = [-2, -1, -1, -1, -3, -3, -3, -3]
        else:
            st.circle = list(range(8))
            st.rng.shuffle(st.circle)
            st.taken = [-1] * 8
        st.last_pos = 0 if st.players == 1 else -1
        st.next_host = -1
        shown = ", ".join(CARDS[c] for c, t in zip(st.circle, st.taken, strict=False) if t != -3)
        ev.append(Event(f"The Special Action cards are laid out: {shown}.", "cards"))
        st.step = "card"
        st.turn = 0
        st.current = st.order[0]

    def pick_card(self, st: SmallCityState, s: int, p: int, ev: list[Event]) -> None:
        cost = self.card_cost(st, p)
        seat = st.seats[s]
        seat.money -= cost
        st.taken[p] = s
        st.last_pos = p if st.players > 1 else 0
        card = st.circle[p]
        seat.card = card
        ev.append(Event(f"{name(s)} takes the {CARDS[card]} card"
                        f"{f' for ${cost}' if cost else ''}.", "card", s))
        if card == MAYOR:
            st.next_host = s
        elif card == SUPPORTER:
            st.step = "supporter"
            return
        elif card == PLANNER:
            if seat.zone + 1 < len(self.content.zones[st.side]):
                st.step = "planner"
                return
        elif card == COUNCILOR:
            st.step = "councilor"
            return
        self.next_pick(st, ev)

    def next_pick(self, st: SmallCityState, ev: list[Event]) -> None:
        st.turn += 1
        if st.turn < len(st.order):
            st.step = "card"
            st.current = st.order[st.turn]
            return
        self.start_build(st, ev)

    def expand(self, st: SmallCityState, s: int, ev: list[Event], private: bool) -> None:
        seat = st.seats[s]
        seat.zone += 1
        size = self.zone(st, seat.zone)
        build.announce(st, s, f"{name(s)} grows the Constructible Zone to {size}x{size}.", ev,
                       private)

    # ------------------------------------------------------------- council
    def council_move(self, st: SmallCityState, s: int, action: Action, ev: list[Event]) -> None:
        if action[0] == "pass":
            self.after_council(st, ev)
            return
        row, col, pay = council.move_disc(self, st, s, action, ev)
        st.council = [action[1], row, col, council.PAYS.index(pay)]
        if pay == "promise":  # SC-A3: draw 5 - column, keep one
            n = min(5 - col, len(st.special_deck))
            st.draw = st.special_deck[:n]
            del st.special_deck[:n]
            st.step = "keep"
            return
        self.council_benefit(st, s, ev)

    def keep_special(self, st: SmallCityState, s: int, i: int, ev: list[Event]) -> None:
        number = st.draw[i]
        st.seats[s].specials.append(number)
        st.special_deck.extend(x for j, x in enumerate(st.draw) if j != i)
        st.draw = []
        ev.append(Event(f"{name(s)} makes a Special Promise.", "council", s))
        ev.append(Event(f"You promise: {self.content.specials[number - 1].text}", "council", s,
                        private_to=(s,)))
        self.council_benefit(st, s, ev)

    def council_benefit(self, st: SmallCityState, s: int, ev: list[Event]) -> None:
        """SC-82 to SC-85: only the benefit of the column just entered."""
        _, row, col, _ = st.council
        board = council.board(self, st)
        if row == 0:
            opts = board["industry"][col - 1]
            if len(opts) == 1:
                council.give_materials(self, st, s, opts[0], ev)
                self.continue_storing(st, s, ev)
            else:
                st.step = "benefit"
            return
        if row == 1:
            st.build_mode = "council"
            st.build_size = list(board["building"][col - 1])
            st.step = "tile"
            return
        if row == 2:
            st.step = "benefit"
            return
        council.give_citizens(self, st, s, board["tourism"][col - 1], ev)
        self.after_council(st, ev)

    def take_benefit(self, st: SmallCityState, s: int, i: int, ev: list[Event]) -> None:
        _, row, col, _ = st.council
        board = council.board(self, st)
        if row == 0:
            council.give_materials(self, st, s, board["industry"][col - 1][i], ev)
            self.continue_storing(st, s, ev)
            return
        council.give_economy(st, s, board["economy"][col - 1], i == 1, ev)
        self.after_council(st, ev)

    def after_council(self, st: SmallCityState, ev: list[Event]) -> None:
        st.council = [-1, -1, -1, -1]
        st.build_mode = "build"
        if st.phase == ACTIONS:
            self.next_pick(st, ev)
        else:
            self.next_council(st, ev)

    # --------------------------------------------------------------- build
    def start_build(self, st: SmallCityState, ev: list[Event]) -> None:
        st.phase = BUILD
        st.build_mode = "build"
        for i, seat in enumerate(st.seats):
            seat.built_now = 0
            seat.demolished = seat.expanded = seat.architect_used = False
            seat.delta = [0] * len(seat.delta)
            seat.takes = []
            seat.bstep = "build" if i in st.order else "done"
            seat.bsel = [-1, -1, -1, -1]
            for tile in seat.tiles:
                if tile is not None:
                    tile.fresh = False
        st.snapshot = [seat.copy() for seat in st.seats]
        st.snap_supply = st.supply[:]
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
            build.demolish(self, st, s, seat.grid[action[1]], ev, private=True)
        elif kind == "expand":
            seat.expanded = True
            self.expand(st, s, ev, private=True)
        else:
            self.finish_building(st, s, ev)

    def place(self, st: SmallCityState, s: int, action: Action, ev: list[Event]) -> None:
        t = self.types[st.sel[0]]
        private = self.sealed(st)
        index = build.place_tile(self, st, s, t, st.sel[1], action[1], action[2], ev, private)
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
        options = build.waivers(seat, self.types[tile.type], False, build.stored(self, seat))
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
        build.announce_materials(self, st, s, index, cost, m, ev, self.sealed(st))
        seat.owe = cost
        self.continue_payment(st, s, ev)

    def payment_record(self, st: SmallCityState, s: int) -> list[int] | None:
        """Behind the screen, the take of the tile being paid for (for a refund)."""
        if st.phase != BUILD:
            return None
        for take in reversed(st.seats[s].takes):
            if take[1] == st.sel[2] and take[2] == 0:
                return take
        return None

    def continue_payment(self, st: SmallCityState, s: int, ev: list[Event]) -> None:
        """SC-38, SC-64: the seat picks the store of each material where it matters."""
        if stores.pay(st, s, self.payment_record(st, s)):
            st.step = "spend"
            return
        if st.phase == BUILD:
            self.after_tile(st, s, ev)
        else:
            st.step = "income"

    def continue_storing(self, st: SmallCityState, s: int, ev: list[Event]) -> None:
        """SC-65, SC-82: the seat places each new material where it matters."""
        if stores.settle(self, st, s, ev):
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

    def reveal(self, st: SmallCityState, ev: list[Event]) -> None:
        """SC-25: screens down; settle stacks, announce, send tourists home, check 100%."""
        st.sel = [-1, -1, -1, -1]
        build.settle(self, st, ev)
        st.supply = [x - sum(st.seats[s].delta[i] for s in range(st.players))
                     for i, x in enumerate(st.snap_supply)]
        for s in list(st.order):
            seat = st.seats[s]
            lines = seat.log or [f"{name(s)} builds nothing."]
            for text in lines:
                ev.append(Event(text, "reveal", s))
            for o in seat.pending_home:
                build.send_home(self, st.seats[o])
            seat.pending_home = []
            seat.log = []
            seat.delta = [0] * len(seat.delta)
            seat.takes = []
        st.snapshot = []
        st.snap_supply = []
        st.snap_mats = []
        for s in list(st.order):
            if st.seats[s].pollution >= pollution.FATAL:
                pollution.eliminate(self, st, s, ev)
        self.start_move(st, ev)

    # ---------------------------------------------------------------- move
    def start_move(self, st: SmallCityState, ev: list[Event]) -> None:
        st.phase = MOVE
        if not st.order:
            self.end_game(st, ev)
            return
        st.start_occ = [seat.occ[:] for seat in st.seats]
        for seat in st.seats:
            seat.down = []
        st.turn = 0
        st.current = st.order[0]
        self.begin_pick(st, st.current, ev)

    def begin_pick(self, st: SmallCityState, s: int, ev: list[Event]) -> None:
        st.step = "pick"
        if citizens.pick_choices(self, st, s) == [("done",)]:
            self.end_move_turn(st, s, ev)

    def end_move_turn(self, st: SmallCityState, s: int, ev: list[Event]) -> None:
        """SC-61: empty Level-1 homes take citizens from City Hall."""
        homes = citizens.empty_homes(self, st, s)
        seat = st.seats[s]
        if seat.hall_citizens >= len(homes):
            for c in homes:
                citizens.house(st, s, c)
            self.next_mover(st, ev)
            return
        st.current = s
        self.continue_housing(st, s, ev)

    def continue_housing(self, st: SmallCityState, s: int, ev: list[Event]) -> None:
        if st.seats[s].hall_citizens > 0 and citizens.empty_homes(self, st, s):
            st.step = "house"
            return
        self.next_mover(st, ev)

    def next_mover(self, st: SmallCityState, ev: list[Event]) -> None:
        st.turn += 1
        if st.turn < len(st.order):
            st.current = st.order[st.turn]
            self.begin_pick(st, st.current, ev)
            return
        for seat in st.seats:
            seat.down = []
        st.start_occ = []
        citizens.new_citizens(self, st, ev)
        self.start_income(st, ev)

    # -------------------------------------------------------------- income
    def start_income(self, st: SmallCityState, ev: list[Event]) -> None:
        st.phase = INCOME
        st.turn = -1
        self.next_income(st, ev)

    def next_income(self, st: SmallCityState, ev: list[Event]) -> None:
        while True:
            st.turn += 1
            if st.turn >= len(st.order):
                self.after_income(st, ev)
                return
            s = st.order[st.turn]
            st.current = s
            citizens.start_income(self, st, s, ev)
            if citizens.income_choices(self, st, s) != [("done",)]:
                st.step = "income"
                return
            citizens.factory_income(self, st, s, ev)
            if stores.settle(self, st, s, ev):
                st.step = "store"
                return

    def finish_income(self, st: SmallCityState, s: int, ev: list[Event]) -> None:
        citizens.factory_income(self, st, s, ev)
        self.continue_storing(st, s, ev)

    def after_income(self, st: SmallCityState, ev: list[Event]) -> None:
        st.sel = [-1, -1, -1, -1]
        pollution.vote(self, st, ev)  # Phase 5
        st.phase = POLLUTION  # Phase 6
        pollution.measure(self, st, ev)
        if not st.order:
            self.end_game(st, ev)
            return
        if st.players == 1:
            st.killers = [0] if not st.seats[0].eliminated else []
            st.kills_left = pollution.solo_deaths(self, st)
            if st.kills_left == 0:
                st.killers = []
        else:
            st.killers = pollution.killers(self, st)
            st.kills_left = 1
        self.next_kill(st, ev, first=True)

    def next_kill(self, st: SmallCityState, ev: list[Event], first: bool = False) -> None:
        if not first:
            st.kills_left -= 1
            if st.kills_left <= 0 or st.players > 1:
                st.killers = st.killers[1:]
                st.kills_left = 1 if st.players > 1 else 0
        while st.killers:
            b = st.killers[0]
            if pollution.victims(self, st, b) and st.kills_left > 0:
                st.current = b
                st.step = "kill"
                return
            st.killers = st.killers[1:]
        self.start_council(st, ev)

    def do_kill(self, st: SmallCityState, b: int, cell: int, ev: list[Event]) -> None:
        if not pollution.kill(self, st, b, cell, ev):
            self.next_kill(st, ev)
            return
        spots = pollution.cemetery_spots(self, st, b)
        if not spots:
            ev.append(Event("No room for a Cemetery: nobody knows what happened to the body.",
                            "cemetery", b))
            self.next_kill(st, ev)
            return
        if len(spots) == 1:
            pollution.bury(st, b, spots[0], ev)
            self.next_kill(st, ev)
            return
        st.step = "bury"

    # ------------------------------------------------------------- council
    def start_council(self, st: SmallCityState, ev: list[Event]) -> None:
        st.phase = COUNCIL
        st.turn = -1
        self.next_council(st, ev)

    def next_council(self, st: SmallCityState, ev: list[Event]) -> None:
        st.build_mode = "build"
        st.turn += 1
        if st.turn < len(st.order):
            st.current = st.order[st.turn]
            st.step = "council"
            return
        self.visit(st, ev)

    # --------------------------------------------------------------- visit
    def visit(self, st: SmallCityState, ev: list[Event]) -> None:
        """SC-86 and SC-87: the mayor's next host, the round pawn, running totals."""
        for s in range(st.players):
            seat = st.seats[s]
            if not seat.eliminated:
                seat.revenue += scoring.revenue(self, st, s)  # SC-A6
                seat.in_play_total += scoring.in_play(st, s)  # SC-A9
            seat.card = -1
            seat.produced = 0
        st.prev_host = st.host
        if st.next_host >= 0 and not st.seats[st.next_host].eliminated:
            st.host = st.next_host
        else:
            order = self.alive_order(st, (st.host + 1) % st.players)
            st.host = order[0] if order else st.host
        if st.round >= self.rounds:
            self.end_game(st, ev)
            return
        st.round += 1
        self.start_round(st, ev)

    def end_game(self, st: SmallCityState, ev: list[Event]) -> None:
        st.phase = OVER
        st.step = "over"
        res = self.result(st)
        for row in res.detail["rows"]:
            s = row["seat"]
            if row["promise"] > 0:
                verdict = "kept" if row["promise_kept"] else "broken"
                ev.append(Event(f"{name(s)} reveals Promise #{row['promise']} ({verdict}, "
                                f"{row['promise_delta']:+d}).", "score", s))
            ev.append(Event(f"{name(s)} scores {row['score']}.", "score", s))
        ev.append(Event("Winner: " + ", ".join(name(w) for w in res.winners) + ".", "end"))

    # -------------------------------------------------------------- result
    def result(self, state: SmallCityState) -> Result:
        detail = scoring.final(self, state)
        rows = detail["rows"]
        live = [r for r in rows if not r["eliminated"]]
        live = live or rows  # everyone lost at 100%: the best of them still ranks first
        best = max(r["keys"] for r in live)
        winners = [r["seat"] for r in live if r["keys"] == best]
        for r in rows:
            r["keys"] = list(r["keys"])
        if state.players == 1:
            detail["rating"] = scoring.rating(self, rows[0]["score"])
        return Result([r["score"] for r in rows], winners, detail)

    # --------------------------------------------------------- information
    def public_seat(self, st: SmallCityState, s: int, viewer: int | None) -> dict[str, Any]:
        over = st.phase == OVER
        seat = st.seats[s]
        if st.phase == BUILD and st.snapshot and viewer != s:
            seat = st.snapshot[s]  # SC-25: the screen hides this Build phase
        tiles = [
            None if t is None else {
                "type": self.types[t.type].key, "cells": list(t.cells), "marks": list(t.marks),
                "stock": list(t.stock), "fresh": t.fresh,
            }
            for t in seat.tiles
        ]
        mine = viewer == s or over
        out = {
            "seat": s, "money": seat.money, "votes": seat.votes, "pollution": seat.pollution,
            "career": seat.career, "reserve": seat.reserve, "hall_citizens": seat.hall_citizens,
            "hall_mats": list(seat.hall_mats), "zone": seat.zone,
            "zone_size": self.zone(st, seat.zone), "disc_row": list(seat.disc_row),
            "disc_col": list(seat.disc_col), "card": seat.card, "built": list(seat.built),
            "tiles": tiles, "grid": list(seat.grid), "occ": list(seat.occ),
            "down": list(seat.down), "cemeteries": list(seat.cemeteries),
            "generated": seat.generated, "produced": seat.produced,
            "eliminated": seat.eliminated, "revenue": seat.revenue,
            "in_play_total": seat.in_play_total, "special_count": len(seat.specials),
            "promise_deck": (
                self.content.promises[seat.promise - 1].deck if seat.promise > 0 else -1
            ),
            "promise": seat.promise if mine else None,
            "offered": list(seat.offered) if viewer == s else None,
            "specials": list(seat.specials) if mine else None,
            "built_now": seat.built_now, "demolished": seat.demolished,
            "expanded": seat.expanded, "finished": st.seats[s].bstep == "done",
            "log": list(seat.log) if viewer == s else None,
            "owe": list(seat.owe) if viewer == s or st.phase != BUILD else None,
            "pending": list(seat.pending),
        }
        return out

    def observe(self, state: SmallCityState, seat: int | None) -> dict[str, Any]:
        st = state
        supply, mats = st.supply[:], st.mats[:]
        step, sel = st.step, list(st.sel)
        if st.phase == BUILD and seat is not None:  # only the viewer's own step shows
            step, sel = st.seats[seat].bstep, list(st.seats[seat].bsel)
        if st.phase == BUILD and st.snapshot:
            # behind the screens each seat knows the stacks less its own takes only
            supply, mats = st.snap_supply[:], st.snap_mats[:]
            if seat is not None:
                d = st.seats[seat].delta
                nt = len(supply)
                supply = [x - d[i] for i, x in enumerate(supply)]
                mats = [x - d[nt + m] for m, x in enumerate(mats)]
        return {
            "game": self.name, "players": st.players, "side": st.side,
            "council_side": st.council_side, "mode": st.mode, "level": LEVELS[st.level],
            "round": st.round, "phase": st.phase,
            "step": step,
            "current": st.current, "to_act": list(self.to_act(st)), "order": list(st.order),
            "turn": st.turn, "host": st.host, "prev_host": st.prev_host, "mayor": st.mayor,
            "next_host": st.next_host,
            "circle": [c if t != -3 else -1 for c, t in zip(st.circle, st.taken, strict=False)],
            "taken": list(st.taken), "last_pos": st.last_pos, "supply": supply, "mats": mats,
            "deck_sizes": [len(d) for d in st.decks], "special_deck_size": len(st.special_deck),
            "sel": sel,
            "build_mode": st.build_mode, "build_size": list(st.build_size),
            "council": list(st.council),
            "draw": list(st.draw) if st.current == seat else len(st.draw),
            "killers": list(st.killers), "kills_left": st.kills_left,
            "picked": list(st.picked), "start_occ": [list(o) for o in st.start_occ],
            "chosen": list(st.chosen),
            "seats": [self.public_seat(st, s, seat) for s in range(st.players)],
            "viewer": seat,
        }

    def has_hidden_information(self, state: SmallCityState, seat: int) -> bool:
        if state.phase == OVER:
            return False
        if len(self._unknown_promises(state, seat)) > 1:
            return True
        return len(state.special_deck) + sum(
            len(s.specials) for i, s in enumerate(state.seats) if i != seat
        ) > 1

    def _unknown_promises(self, st: SmallCityState, seat: int) -> list[int]:
        seen = set(st.seats[seat].offered)
        out = [n for d in st.decks for n in d if n not in seen]
        for o, other in enumerate(st.seats):
            if o != seat:
                out += [n for n in other.offered if n not in seen] if not st.chosen[o] else (
                    [other.promise] if other.promise > 0 else []
                )
        return out

    def determinize(self, state: SmallCityState, seat: int, rng: random.Random
                    ) -> SmallCityState:
        """Redeal what `seat` cannot see and undo the others' screened building."""
        out = state.copy()
        if out.phase == OVER:
            return out
        others = [o for o in range(out.players) if o != seat]
        if out.phase == BUILD and out.snapshot:
            nt = len(out.supply)
            for o in others:
                d = out.seats[o].delta
                for i in range(nt):
                    out.supply[i] += d[i]
                for m in range(3):
                    out.mats[m] += d[nt + m]
                now = out.seats[o]
                out.seats[o] = out.snapshot[o].copy()
                out.seats[o].promise = now.promise
                out.seats[o].offered = now.offered
                out.seats[o].specials = now.specials
                # whether a seat has finished is public; what it did is not
                out.seats[o].bstep = "done" if now.bstep == "done" else "build"
                out.seats[o].bsel = [-1, -1, -1, -1]
        seen = set(out.seats[seat].offered)
        for d in range(3):
            slots: list[tuple[str, int, int]] = []
            for i, n in enumerate(out.decks[d]):
                if n not in seen:
                    slots.append(("deck", d, i))
            for o in others:
                other = out.seats[o]
                if out.chosen[o]:
                    if other.promise > 0 and self.content.promises[other.promise - 1].deck == d:
                        slots.append(("kept", o, 0))
                else:
                    for i, n in enumerate(other.offered):
                        if self.content.promises[n - 1].deck == d:
                            slots.append(("offer", o, i))
            values = sorted(self._slot(out, sl) for sl in slots)
            rng.shuffle(values)
            for sl, v in zip(slots, values, strict=False):
                self._set_slot(out, sl, v)
        for o in others:
            if out.chosen[o]:
                out.seats[o].offered = [out.seats[o].promise]
        pool = out.special_deck[:]
        for o in others:
            pool += out.seats[o].specials
        if out.current != seat:
            pool += out.draw
        pool.sort()
        rng.shuffle(pool)
        out.special_deck = pool[: len(out.special_deck)]
        pool = pool[len(out.special_deck):]
        for o in others:
            k = len(out.seats[o].specials)
            out.seats[o].specials, pool = pool[:k], pool[k:]
        if out.current != seat:
            out.draw = pool[: len(out.draw)]
        if out.players == 1 and out.round % 2 == 1 and out.taken[4:] == [-3] * 4:
            hidden = sorted(out.circle[4:])  # SC-S2: next round's cards lie face down
            rng.shuffle(hidden)
            out.circle[4:] = hidden
        for o, snap in enumerate(out.snapshot):  # the copy must not keep the true cards
            snap.promise = out.seats[o].promise
            snap.offered = out.seats[o].offered[:]
            snap.specials = out.seats[o].specials[:]
        out.rng = Rng(rng.getrandbits(64))
        return out

    @staticmethod
    def _slot(st: SmallCityState, sl: tuple[str, int, int]) -> int:
        kind, o, i = sl
        if kind == "deck":
            return st.decks[o][i]
        if kind == "kept":
            return st.seats[o].promise
        return st.seats[o].offered[i]

    @staticmethod
    def _set_slot(st: SmallCityState, sl: tuple[str, int, int], v: int) -> None:
        kind, o, i = sl
        if kind == "deck":
            st.decks[o][i] = v
        elif kind == "kept":
            st.seats[o].promise = v
        elif kind == "offer":
            st.seats[o].offered[i] = v

    # ------------------------------------------------------------ plumbing
    def clone(self, state: SmallCityState) -> SmallCityState:
        return state.copy()

    def validate_state(self, state: SmallCityState) -> None:
        st = state
        if len(st.seats) != st.players or st.players not in self.seats:
            raise CorruptData("the seats do not fit this game")
        if len(st.supply) != len(self.types) or len(st.mats) != 3:
            raise CorruptData("the supply does not fit this game")
        if st.side not in self.content.zones or st.council_side not in self.content.council:
            raise CorruptData("unknown board side")
        for s, seat in enumerate(st.seats):
            if len(seat.grid) != CELLS or len(seat.occ) != CELLS:
                raise CorruptData(f"{name(s)}'s borough is not a 10x10 grid")
            if seat.hall_citizens + len(seat.hall_mats) > self.hall_capacity:
                raise CorruptData(f"{name(s)}'s City Hall holds more than it can")
            for i, tile in enumerate(seat.tiles):
                if tile is None:
                    continue
                if not 0 <= tile.type < len(self.types) or len(tile.cells) != len(tile.marks):
                    raise CorruptData(f"{name(s)} has a malformed tile")
                if any(not 0 <= c < CELLS or seat.grid[c] != i for c in tile.cells):
                    raise CorruptData(f"{name(s)}'s grid does not match its tiles")
            for c in range(CELLS):
                if seat.occ[c] != NOBODY and (
                    seat.grid[c] < 0 or not 0 <= seat.occ[c] < st.players
                ):
                    raise CorruptData(f"a citizen stands off the tiles of {name(s)}")
                if seat.grid[c] >= len(seat.tiles) or (
                    seat.grid[c] >= 0 and seat.tiles[seat.grid[c]] is None
                ):
                    raise CorruptData(f"{name(s)}'s grid points at a missing tile")
            if sorted(c for c in range(CELLS) if seat.grid[c] == CEMETERY) != sorted(
                    seat.cemeteries):
                raise CorruptData(f"{name(s)}'s Cemeteries do not match its grid")
            if not 0 <= seat.zone < len(self.content.zones[st.side]):
                raise CorruptData(f"{name(s)}'s Constructible Zone is off its track")

    def all_actions(self) -> Iterable[Action]:
        yield from (("place", o, a) for o in range(8) for a in range(CELLS))
        yield from (("promise", i) for i in range(3))
        yield from (("mayor", e) for e in range(len(EDGES)))
        yield from (("card", p) for p in range(8))
        yield from (("take", i) for i in range(2))
        yield from (("expand",), ("pass",), ("done",), ("skip",), ("home",))
        yield from (("advance", d, p) for d in range(2) for p in council.PAYS)
        yield from (("enter", d, r, p) for d in range(2) for r in range(4) for p in council.PAYS)
        yield from (("keep", i) for i in range(4))
        yield from (("tile", t.id, f) for t in self.types for f in range(len(t.faces)))
        yield from (("upgrade", c) for c in range(CELLS))
        yield from (("extend", c, m) for c in range(CELLS) for m in range(4))
        yield from (("demolish", c) for c in range(CELLS))
        yield from (("staff", c) for c in range(CELLS))
        yield from (("pick", b, c) for b in range(4) for c in range(CELLS))
        yield from (("to", b, c) for b in range(4) for c in range(CELLS))
        yield from (("house", c) for c in range(CELLS))
        yield from (("sell", m) for m in range(3))
        yield from (("lot", k) for k in range(1, 5))
        yield from (("trade", m) for m in range(3))
        yield from (("kill", c) for c in range(CELLS))
        yield from (("bury", c) for c in range(CELLS))
        yield from (("waive", m) for m in range(3))
        yield from (("spend", m, c) for m in range(3) for c in range(CELLS + 1))
        yield from (("store", m, b, c) for m in range(3) for b in range(4)
                    for c in range(CELLS + 1))

    def describe(self, action: Action, state: Any = None) -> str:
        kind = action[0]
        if kind == "place":
            return f"Place the tile (orientation {action[1]}) with its corner on {label(action[2])}"
        if kind == "promise":
            return f"Keep the Promise in position {action[1] + 1}"
        if kind == "mayor":
            return f"Put the mayor on the street {edge_label(action[1])}"
        if kind == "card":
            if state is not None:
                return f"Take the {CARDS[state.circle[action[1]]]} card"
            return f"Take the Special Action card in position {action[1] + 1}"
        if kind == "take":
            return f"Take benefit option {action[1] + 1}"
        if kind == "expand":
            return "Grow the Constructible Zone by one step"
        if kind == "pass":
            return "Pass"
        if kind == "done":
            return "Finish this step"
        if kind == "skip":
            return "Leave the station unstaffed"
        if kind == "home":
            return "Send the citizen home: it has nowhere to go"
        if kind == "advance":
            pay = PAY_NAMES[action[2]]
            return f"Move council disc {action[1] + 1} one column on, paying {pay}"
        if kind == "enter":
            return (f"Start council disc {action[1] + 1} in column 1 of the "
                    f"{council.ROWS[action[2]]} row, paying {PAY_NAMES[action[3]]}")
        if kind == "keep":
            return f"Keep the Special Promise in position {action[1] + 1}"
        if kind == "tile":
            t = self.types[action[1]]
            return f"Build a {t.name} (face {'AB'[action[2]]})"
        if kind == "upgrade":
            return f"Upgrade the tile on {label(action[1])}"
        if kind == "extend":
            return f"Grow the tile onto {label(action[1])} (space kind {action[2]})"
        if kind == "demolish":
            return f"Demolish the tile on {label(action[1])}"
        if kind == "staff":
            return f"Staff the new station with the citizen from {label(action[1])}"
        if kind == "pick":
            return f"Move the citizen on {label(action[2])} in Player {action[1] + 1}'s borough"
        if kind == "to":
            return f"Move it to {label(action[2])} in Player {action[1] + 1}'s borough"
        if kind == "house":
            return f"House a citizen from City Hall on {label(action[1])}"
        if kind == "sell":
            return f"Sell a {MATERIALS[action[1]]}"
        if kind == "lot":
            return f"Buy {action[1] + 1} votes for ${action[1]}"
        if kind == "trade":
            return f"Trade a {MATERIALS[action[1]]} for votes"
        if kind == "kill":
            return f"The citizen on {label(action[1])} dies of pollution"
        if kind == "bury":
            return f"Lay the Cemetery on {label(action[1])}"
        if kind == "waive":
            return f"Let the Architect waive one {MATERIALS[action[1]]} of this building"
        if kind == "spend":
            return f"Pay the {MATERIALS[action[1]]} {stores.source(action[2])}"
        if kind == "store":
            return (f"Store a {MATERIALS[action[1]]} from Player {action[2] + 1}'s borough "
                    f"{stores.where(action[3])}")
        return repr(action)

    def why_illegal(self, state: SmallCityState, seat: int, action: Action) -> str | None:
        st = state
        # In the sealed Build phase each seat is at its own step.
        step = st.seats[seat].bstep if st.phase == BUILD else st.step
        words = {
            "hall": "place your City Hall", "promise": "keep one of your Promises",
            "mayor": "put the mayor on a street", "card": "take a Special Action card",
            "supporter": "take $1 or 2 votes", "planner": "grow your zone or pass",
            "councilor": "move a City Council disc or pass",
            "council": "move a City Council disc or pass", "keep": "keep a Special Promise",
            "benefit": "choose the council benefit", "tile": "choose a tile or pass",
            "build": "build, upgrade, demolish, grow the zone or finish",
            "place": "place the chosen tile", "warehouse": "place the Warehouse",
            "staff": "staff the station or skip", "extend": "choose where the tile grows",
            "pick": "choose a citizen to move or finish", "to": "choose where it goes",
            "house": "house a citizen", "income": "convert or finish",
            "kill": "choose who dies", "bury": "place the Cemetery",
            "waive": "say which material the Architect waives, or pass",
            "spend": "say which store pays the material", "store": "say where a material goes",
        }
        if action[0] == "card" and step == "card" and 0 <= action[1] < 8:
            if st.taken[action[1]] != -1:
                return "That Special Action card is already taken."
            return f"That card costs ${self.card_cost(st, action[1])}, more than you have."
        if action[0] == "place" and step in ("place", "hall", "warehouse"):
            return (f"The tile cannot go with its corner on {label(action[2])}: it must fit on "
                    "empty spaces of your Constructible Zone and meet its criteria.")
        if action[0] == "spend" and step == "spend":
            kind, owed = MATERIALS[action[1]], st.seats[seat].owe
            if not owed[action[1]]:
                return f"This building needs no {kind} now."
            if action[1] != next(m for m in range(3) if owed[m]):
                return "Pay the materials in order: wood, then stone, then metal."
            if all(store != action[2] for store, _ in stores.holders(st.seats[seat], action[1])):
                return f"There is no {kind} {stores.where(action[2])} to pay with."
        if action[0] == "store" and step == "store":
            return (f"{self.describe(action)} is not possible: the store has no free space "
                    "for it, or that material is not the one waiting.")
        need = words.get(step, "wait")
        return f"Now you must {need}: {self.describe(action)} is not possible."

    def max_decisions(self, players: int, options: dict[str, Any]) -> int:
        # setup, then per round and seat: cards, builds, moves, income, deaths, council
        return 40 + self.rounds * players * 250
