"""Phase 4, Collect Income (SC-63 to SC-65), then Phases 5 and 6, Vote and
Measure Pollution (SC-66 to SC-74). Rule ids refer to RULES.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from borough.core.game import Event
from borough.games.smallcity import citizens, pollution, stores
from borough.games.smallcity.data import Content
from borough.games.smallcity.state import (
    INCOME,
    POLLUTION,
    SmallCityState,
    next_turn,
)

if TYPE_CHECKING:
    from borough.games.smallcity.data import TileType


class Income:
    """Phases 4 to 6, mixed into the game class."""

    content: Content
    types: tuple[TileType, ...]
    rounds: int
    warehouse: int
    city_hall: int

    def start_income(self, st: SmallCityState, ev: list[Event]) -> None:
        st.phase = INCOME
        st.turn = -1
        self.next_income(st, ev)

    def next_income(self, st: SmallCityState, ev: list[Event]) -> None:
        while True:
            if not next_turn(st):
                self.after_income(st, ev)
                return
            s = st.current
            citizens.start_income(self.tables, st, s, ev)
            if citizens.income_choices(self.tables, st, s) != [("done",)]:
                st.step = "income"
                return
            citizens.factory_income(self.tables, st, s, ev)
            if stores.settle(self.tables, st, s, ev):
                st.step = "store"
                return

    def finish_income(self, st: SmallCityState, s: int, ev: list[Event]) -> None:
        citizens.factory_income(self.tables, st, s, ev)
        self.continue_storing(st, s, ev)

    def after_income(self, st: SmallCityState, ev: list[Event]) -> None:
        st.sel = [-1, -1, -1, -1]
        pollution.vote(self.tables, st, ev)  # Phase 5
        st.phase = POLLUTION  # Phase 6
        pollution.measure(self.tables, st, ev)
        if not st.order:
            self.end_game(st, ev)
            return
        if st.players == 1:
            st.killers = [0] if not st.seats[0].eliminated else []
            st.kills_left = pollution.solo_deaths(self.tables, st)
            if st.kills_left == 0:
                st.killers = []
        else:
            st.killers = pollution.killers(self.tables, st)
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
            if pollution.victims(self.tables, st, b) and st.kills_left > 0:
                st.current = b
                st.step = "kill"
                return
            st.killers = st.killers[1:]
        self.start_council(st, ev)

    def do_kill(self, st: SmallCityState, b: int, cell: int, ev: list[Event]) -> None:
        if not pollution.kill(self.tables, st, b, cell, ev):
            self.next_kill(st, ev)
            return
        spots = pollution.cemetery_spots(self.tables, st, b)
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
