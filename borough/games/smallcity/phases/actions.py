"""Phase 1, Special Actions (SC-6 to SC-17, SC-S2, SC-S3): the mayor's street and
the circle of Action cards. Rule ids refer to RULES.md.
"""

from __future__ import annotations

from typing import Any

from borough.core.game import Event
from borough.games.smallcity import build, council
from borough.games.smallcity.build import name
from borough.games.smallcity.geometry import ZONE_BITS, streets_in
from borough.games.smallcity.phases import visit
from borough.games.smallcity.state import (
    ACTIONS,
    BUILD,
    SmallCityState,
    next_turn,
)
from borough.games.smallcity.tables import Tables
from borough.games.smallcity.terms import (
    CARDS,
    COUNCILOR,
    MAYOR,
    PLANNER,
    SUPPORTER,
)
from borough.games.smallcity.turns import alive_order, leave_due


def card_ok(tb: Tables, st: SmallCityState, s: int, p: int) -> bool:
    """SC-9: the first pick is free, then $1 per empty card skipped, never a taken
    card; SC-S2: the solo player pays the price of the position. The one test of
    `card_choices`, asked of one position by `is_legal`."""
    money = st.seats[s].money
    if st.players == 1:
        costs = tb.content.solo_costs
        return p in costs and money >= costs[p]
    return 0 <= p < 8 and st.taken[p] == -1 and (
        st.last_pos < 0 or card_cost(tb, st, p) <= money)


def streets(tb: Tables, st: SmallCityState) -> list[int]:
    """SC-6 and SC-8: streets between two empty spaces of the host's zone."""
    seat = st.seats[st.host]
    zones = tb.zones(seat)
    free = ~build.filled(seat)
    for step in (seat.zone, seat.zone + 1):
        if step >= len(zones):
            return []
        out = streets_in(ZONE_BITS[zones[step]] & free)
        if out:
            return list(out)
    return []


def card_choices(tb: Tables, st: SmallCityState, s: int) -> list[int]:
    """The circle positions whose card the seat may take (`card_ok`)."""
    positions = tb.content.solo_costs if st.players == 1 else range(8)
    return [p for p in positions if card_ok(tb, st, s, p)]


def card_cost(tb: Tables, st: SmallCityState, p: int) -> int:
    if st.players == 1:
        return tb.content.solo_costs.get(p, 0)
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


def benefit_list(tb: Tables, st: SmallCityState) -> list[Any]:
    if st.step == "supporter":
        return ["money", "votes"]
    return council.benefit_options(tb, st, st.council[1], st.council[2])


def start_round(tb: Tables, st: SmallCityState, ev: list[Event]) -> None:
    st.phase = ACTIONS
    st.order = alive_order(st, st.host)
    if not st.order:
        visit.end_game(tb, st, ev)
        return
    ev.append(Event(f"Round {st.round} begins; {name(st.host)} hosts the mayor.", "round"))
    if st.players == 1:
        st.mayor = -1  # SC-S3: the mayor visits the VIPs instead
        start_cards(tb, st, ev)
        return
    if st.host == st.prev_host and st.mayor >= 0:  # SC-7: the mayor stays put
        start_cards(tb, st, ev)
        return
    options = streets(tb, st)
    if not options:
        st.mayor = -1  # SC-8: no street, the mayor stands beside the board
        ev.append(Event("The mayor finds no street and blocks nothing.", "mayor"))
        start_cards(tb, st, ev)
        return
    decider = st.prev_host if st.prev_host >= 0 else st.order[-1]
    if st.seats[decider].eliminated or decider == st.host:
        decider = st.order[-1]
    st.phase = ACTIONS
    st.step = "mayor"
    st.current = decider


def start_cards(tb: Tables, st: SmallCityState, ev: list[Event]) -> None:
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


def pick_card(tb: Tables, st: SmallCityState, s: int, p: int, ev: list[Event]) -> None:
    cost = card_cost(tb, st, p)
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
        if seat.zone + 1 < len(tb.zones(seat)):
            st.step = "planner"
            return
    elif card == COUNCILOR:
        st.step = "councilor"
        return
    next_pick(tb, st, ev)


def next_pick(tb: Tables, st: SmallCityState, ev: list[Event]) -> None:
    if next_turn(st):
        st.step = "card"
        return
    leave_due(st, BUILD)
