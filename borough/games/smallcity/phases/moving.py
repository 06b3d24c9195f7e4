"""Phase 3, Move Citizens (SC-50 to SC-62). Rule ids refer to RULES.md; where a
citizen may go is worked out in `citizens.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from borough.core.game import Event
from borough.games.smallcity import citizens
from borough.games.smallcity.data import Content
from borough.games.smallcity.state import (
    MOVE,
    SmallCityState,
    next_turn,
)

if TYPE_CHECKING:
    from borough.games.smallcity.data import TileType


class Moving:
    """Phase 3, mixed into the game class."""

    content: Content
    types: tuple[TileType, ...]
    rounds: int
    warehouse: int
    city_hall: int

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
        if not citizens.can_pick_any(self.tables, st, s):
            self.end_move_turn(st, s, ev)

    def end_move_turn(self, st: SmallCityState, s: int, ev: list[Event]) -> None:
        """SC-61: empty Level-1 homes take citizens from City Hall."""
        homes = citizens.empty_homes(self.tables, st, s)
        seat = st.seats[s]
        if seat.hall_citizens >= len(homes):
            for c in homes:
                citizens.house(st, s, c)
            self.next_mover(st, ev)
            return
        st.current = s
        self.continue_housing(st, s, ev)

    def continue_housing(self, st: SmallCityState, s: int, ev: list[Event]) -> None:
        if st.seats[s].hall_citizens > 0 and citizens.empty_homes(self.tables, st, s):
            st.step = "house"
            return
        self.next_mover(st, ev)

    def next_mover(self, st: SmallCityState, ev: list[Event]) -> None:
        if next_turn(st):
            self.begin_pick(st, st.current, ev)
            return
        for seat in st.seats:
            seat.down = []
        st.start_occ = []
        citizens.new_citizens(self.tables, st, ev)
        self.start_income(st, ev)
