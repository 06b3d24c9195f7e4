"""Phase 3, Move Citizens (SC-50 to SC-62). Rule ids refer to RULES.md; where a
citizen may go is worked out in `citizens.py`.
"""

from __future__ import annotations

from borough.core.game import Event
from borough.games.smallcity import citizens
from borough.games.smallcity.phases import visit
from borough.games.smallcity.state import (
    INCOME,
    MOVE,
    SmallCityState,
    next_turn,
)
from borough.games.smallcity.tables import Tables
from borough.games.smallcity.turns import leave_due


def start_move(tb: Tables, st: SmallCityState, ev: list[Event]) -> None:
    st.phase = MOVE
    if not st.order:
        visit.end_game(tb, st, ev)
        return
    st.start_occ = [seat.occ[:] for seat in st.seats]
    for seat in st.seats:
        seat.down = []
    st.turn = 0
    st.current = st.order[0]
    begin_pick(tb, st, st.current, ev)


def begin_pick(tb: Tables, st: SmallCityState, s: int, ev: list[Event]) -> None:
    st.step = "pick"
    if not citizens.can_pick_any(tb, st, s):
        end_move_turn(tb, st, s, ev)


def end_move_turn(tb: Tables, st: SmallCityState, s: int, ev: list[Event]) -> None:
    """SC-61: empty Level-1 homes take citizens from City Hall."""
    homes = citizens.empty_homes(tb, st, s)
    seat = st.seats[s]
    if seat.hall_citizens >= len(homes):
        for c in homes:
            citizens.house(st, s, c)
        next_mover(tb, st, ev)
        return
    st.current = s
    continue_housing(tb, st, s, ev)


def continue_housing(tb: Tables, st: SmallCityState, s: int, ev: list[Event]) -> None:
    if st.seats[s].hall_citizens > 0 and citizens.empty_homes(tb, st, s):
        st.step = "house"
        return
    next_mover(tb, st, ev)


def next_mover(tb: Tables, st: SmallCityState, ev: list[Event]) -> None:
    if next_turn(st):
        begin_pick(tb, st, st.current, ev)
        return
    for seat in st.seats:
        seat.down = []
    st.start_occ = []
    citizens.new_citizens(tb, st, ev)
    leave_due(st, INCOME)
