"""Phase 7, Influence City Council (SC-78 to SC-85, SC-A3), also reached from the
City Councilor card (SC-15). Rule ids refer to RULES.md.
"""

from __future__ import annotations

from borough.core.game import Action, Event
from borough.games.smallcity import council, stores
from borough.games.smallcity.build import name
from borough.games.smallcity.phases import actions
from borough.games.smallcity.state import (
    ACTIONS,
    COUNCIL,
    VISIT,
    SmallCityState,
    next_turn,
)
from borough.games.smallcity.tables import Tables
from borough.games.smallcity.turns import leave_due


def council_move(tb: Tables, st: SmallCityState, s: int, action: Action, ev: list[Event]) -> None:
    if action[0] == "pass":
        after_council(tb, st, ev)
        return
    row, col, pay = council.move_disc(tb, st, s, action, ev)
    st.council = [action[1], row, col, council.PAYS.index(pay)]
    if pay == "promise":  # SC-A3: draw 5 - column, keep one
        n = min(5 - col, len(st.special_deck))
        st.draw = st.special_deck[:n]
        del st.special_deck[:n]
        st.step = "keep"
        return
    council_benefit(tb, st, s, ev)


def keep_special(tb: Tables, st: SmallCityState, s: int, i: int, ev: list[Event]) -> None:
    number = st.draw[i]
    st.seats[s].specials.append(number)
    st.special_deck.extend(x for j, x in enumerate(st.draw) if j != i)
    st.draw = []
    ev.append(Event(f"{name(s)} makes a Special Promise.", "council", s))
    ev.append(Event(f"You promise: {tb.content.specials[number - 1].text}", "council", s,
                    private_to=(s,)))
    council_benefit(tb, st, s, ev)


def council_benefit(tb: Tables, st: SmallCityState, s: int, ev: list[Event]) -> None:
    """SC-82 to SC-85: only the benefit of the column just entered."""
    _, row, col, _ = st.council
    board = council.board(tb, st)
    if row == 0:
        opts = board["industry"][col - 1]
        if len(opts) == 1:
            council.give_materials(tb, st, s, opts[0], ev)
            store_then_go_on(tb, st, s, ev)
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
    council.give_citizens(tb, st, s, board["tourism"][col - 1], ev)
    after_council(tb, st, ev)


def take_benefit(tb: Tables, st: SmallCityState, s: int, i: int, ev: list[Event]) -> None:
    _, row, col, _ = st.council
    board = council.board(tb, st)
    if row == 0:
        council.give_materials(tb, st, s, board["industry"][col - 1][i], ev)
        store_then_go_on(tb, st, s, ev)
        return
    council.give_economy(st, s, board["economy"][col - 1], i == 1, ev)
    after_council(tb, st, ev)


def store_then_go_on(tb: Tables, st: SmallCityState, s: int, ev: list[Event]) -> None:
    """SC-82: the seat places each new material where it matters, then the council
    move ends (also the "store" step's answer outside the Income phase)."""
    if stores.settle(tb, st, s, ev):
        st.current = s
        st.step = "store"
        return
    after_council(tb, st, ev)


def after_council(tb: Tables, st: SmallCityState, ev: list[Event]) -> None:
    st.council = [-1, -1, -1, -1]
    st.build_mode = "build"
    if st.phase == ACTIONS:
        actions.next_pick(tb, st, ev)
    else:
        next_council(tb, st, ev)


def start_council(tb: Tables, st: SmallCityState, ev: list[Event]) -> None:
    st.phase = COUNCIL
    st.turn = -1
    next_council(tb, st, ev)


def next_council(tb: Tables, st: SmallCityState, ev: list[Event]) -> None:
    st.build_mode = "build"
    if next_turn(st):
        st.step = "council"
        return
    leave_due(st, VISIT)
