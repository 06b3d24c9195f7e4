"""Phase 4, Collect Income (SC-63 to SC-65), then Phases 5 and 6, Vote and
Measure Pollution (SC-66 to SC-74). Rule ids refer to RULES.md.
"""

from __future__ import annotations

from borough.core.game import Event
from borough.games.smallcity import citizens, pollution, stores
from borough.games.smallcity.phases import visit
from borough.games.smallcity.state import (
    COUNCIL,
    INCOME,
    POLLUTION,
    SmallCityState,
    next_turn,
)
from borough.games.smallcity.tables import Tables
from borough.games.smallcity.turns import leave_due


def start_income(tb: Tables, st: SmallCityState, ev: list[Event]) -> None:
    st.phase = INCOME
    st.turn = -1
    next_income(tb, st, ev)


def next_income(tb: Tables, st: SmallCityState, ev: list[Event]) -> None:
    while True:
        if not next_turn(st):
            after_income(tb, st, ev)
            return
        s = st.current
        citizens.start_income(tb, st, s, ev)
        if citizens.income_choices(tb, st, s) != [("done",)]:
            st.step = "income"
            return
        citizens.factory_income(tb, st, s, ev)
        if stores.settle(tb, st, s, ev):
            st.step = "store"
            return


def finish_income(tb: Tables, st: SmallCityState, s: int, ev: list[Event]) -> None:
    citizens.factory_income(tb, st, s, ev)
    store_then_go_on(tb, st, s, ev)


def store_then_go_on(tb: Tables, st: SmallCityState, s: int, ev: list[Event]) -> None:
    """SC-65: the seat places each new material where it matters, then income goes on
    with the next seat (also the "store" step's answer in this phase)."""
    if stores.settle(tb, st, s, ev):
        st.current = s
        st.step = "store"
        return
    st.sel = [-1, -1, -1, -1]
    next_income(tb, st, ev)


def after_income(tb: Tables, st: SmallCityState, ev: list[Event]) -> None:
    st.sel = [-1, -1, -1, -1]
    pollution.vote(tb, st, ev)  # Phase 5
    st.phase = POLLUTION  # Phase 6
    pollution.measure(tb, st, ev)
    if not st.order:
        visit.end_game(tb, st, ev)
        return
    if st.players == 1:
        st.killers = [0] if not st.seats[0].eliminated else []
        st.kills_left = pollution.solo_deaths(tb, st)
        if st.kills_left == 0:
            st.killers = []
    else:
        st.killers = pollution.killers(tb, st)
        st.kills_left = 1
    next_kill(tb, st, ev, first=True)


def next_kill(tb: Tables, st: SmallCityState, ev: list[Event], first: bool = False) -> None:
    if not first:
        st.kills_left -= 1
        if st.kills_left <= 0 or st.players > 1:
            st.killers = st.killers[1:]
            st.kills_left = 1 if st.players > 1 else 0
    while st.killers:
        b = st.killers[0]
        if pollution.victims(tb, st, b) and st.kills_left > 0:
            st.current = b
            st.step = "kill"
            return
        st.killers = st.killers[1:]
    leave_due(st, COUNCIL)


def do_kill(tb: Tables, st: SmallCityState, b: int, cell: int, ev: list[Event]) -> None:
    if not pollution.kill(tb, st, b, cell, ev):
        next_kill(tb, st, ev)
        return
    spots = pollution.cemetery_spots(tb, st, b)
    if not spots:
        ev.append(Event("No room for a Cemetery: nobody knows what happened to the body.",
                        "cemetery", b))
        next_kill(tb, st, ev)
        return
    if len(spots) == 1:
        pollution.bury(st, b, spots[0], ev)
        next_kill(tb, st, ev)
        return
    st.step = "bury"
