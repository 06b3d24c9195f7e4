"""Phase 1, Special Actions (SC-6 to SC-17, SC-S2, SC-S3): the mayor's street and
the circle of Action cards. Rule ids refer to RULES.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from borough.core.game import Event
from borough.games.smallcity import build, council
from borough.games.smallcity.build import name
from borough.games.smallcity.data import Content
from borough.games.smallcity.geometry import ZONE_BITS, streets_in
from borough.games.smallcity.state import (
    ACTIONS,
    SmallCityState,
    next_turn,
)
from borough.games.smallcity.terms import (
    CARDS,
    COUNCILOR,
    MAYOR,
    PLANNER,
    SUPPORTER,
)

if TYPE_CHECKING:
    from borough.games.smallcity.data import TileType


class Actions:
    """Phase 1, mixed into the game class."""

    content: Content
    types: tuple[TileType, ...]
    rounds: int
    warehouse: int
    city_hall: int

    def _card_ok(self, st: SmallCityState, s: int, p: int) -> bool:
        """`card_choices` asked about one circle position."""
        money = st.seats[s].money
        if st.players == 1:
            costs = self.content.solo_costs
            return p in costs and money >= costs[p]
        return 0 <= p < 8 and st.taken[p] == -1 and (
            st.last_pos < 0 or self.card_cost(st, p) <= money)

    def streets(self, st: SmallCityState) -> list[int]:
        """SC-6 and SC-8: streets between two empty spaces of the host's zone."""
        seat = st.seats[st.host]
        zones = self.tables.zones(seat)
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
            return [p for p, cost in self.content.solo_costs.items() if money >= cost]
        if st.last_pos < 0:
            return [p for p in range(8) if st.taken[p] == -1]
        return [p for p in range(8) if st.taken[p] == -1 and self.card_cost(st, p) <= money]

    def card_cost(self, st: SmallCityState, p: int) -> int:
        if st.players == 1:
            return self.content.solo_costs.get(p, 0)
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
        return council.benefit_options(self.tables, st, st.council[1], st.council[2])

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
            if seat.zone + 1 < len(self.tables.zones(seat)):
                st.step = "planner"
                return
        elif card == COUNCILOR:
            st.step = "councilor"
            return
        self.next_pick(st, ev)

    def next_pick(self, st: SmallCityState, ev: list[Event]) -> None:
        if next_turn(st):
            st.step = "card"
            return
        self.start_build(st, ev)

    def expand(self, st: SmallCityState, s: int, ev: list[Event], private: bool) -> None:
        seat = st.seats[s]
        seat.zone += 1
        size = self.tables.zone(seat, seat.zone)
        build.announce(st, s, f"{name(s)} grows the Constructible Zone to {size}x{size}.", ev,
                       private)
