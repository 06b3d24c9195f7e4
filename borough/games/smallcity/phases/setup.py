"""Setting up (SC-1 to SC-5, SC-44): stacks, money, Promises and City Halls.

Rule ids refer to RULES.md.
"""

from __future__ import annotations

from typing import Any

from borough.core.game import Event
from borough.core.rng import Rng
from borough.games.smallcity.build import name
from borough.games.smallcity.data import CELLS
from borough.games.smallcity.state import (
    ACTIONS,
    EMPTY,
    NOBODY,
    SETUP,
    Seat,
    SmallCityState,
    next_turn,
)
from borough.games.smallcity.tables import Tables
from borough.games.smallcity.terms import (
    LEVELS,
)
from borough.games.smallcity.turns import leave_due


def setup(tb: Tables, players: int, seed: int, options: dict[str, Any]) -> SmallCityState:
    rng = Rng.from_seed(seed)
    mode = options["mode"]
    host = rng.below(players)  # SC-2
    order = [(host + i) % players for i in range(players)]
    setup = tb.content.setup
    seats = []
    for s in range(players):
        money = setup["solo_money"] if players == 1 else setup["money"][order.index(s)]
        career = setup["citizens_in_career"]
        reserve = setup["citizens_in_reserve"]
        if mode == "citizens":  # SC-A8
            career, reserve = career + reserve, 0
        seats.append(Seat(
            money=money, votes=0, pollution=0, career=career, reserve=reserve,
            hall_citizens=setup["citizens_in_hall"], hall_mats=[],
            side="easy" if options["side"] == "choose" else options["side"], zone=0,
            disc_row=[-1, -1], disc_col=[0, 0], promise=-1, offered=[], specials=[],
            built=[], tiles=[], grid=[EMPTY] * CELLS, occ=[NOBODY] * CELLS, down=[],
            cemeteries=[], card=-1, generated=0, produced=0, eliminated=False, revenue=0,
            in_play_total=0, built_now=0, demolished=False, expanded=False,
            architect_used=False, pending_home=[], log=[],
            returned=[0, 0, 0], bstep="done",
            bsel=[-1, -1, -1, -1], owe=[0, 0, 0], pending=[],
        ))
    supply = []
    for t in tb.types:
        if t.by_players:
            supply.append(t.by_players[players - 1])  # SC-1
        else:
            supply.append(t.supply)
    decks: list[list[int]] = [[], [], []]
    for p in tb.content.promises:
        if mode in p.excluded_in:
            continue  # SC-A8
        decks[p.deck].append(p.number)
    for d in decks:
        rng.shuffle(d)
    for s in order:  # SC-4: one card from each deck
        seats[s].offered = [d.pop(0) for d in decks]
    special: list[int] = []
    if mode != "basic":  # SC-A2
        special = [p.number for p in tb.content.specials if mode not in p.excluded_in]
        rng.shuffle(special)
    council_side = "expert" if mode != "basic" else options["council"]
    st = SmallCityState(
        players=players, side=options["side"], council_side=council_side, mode=mode,
        level=LEVELS.index(options["level"]), round=1, phase=SETUP,
        step="side" if options["side"] == "choose" else "hall",
        current=order[0], order=order, turn=0, host=host, prev_host=-1, mayor=-1,
        next_host=-1, circle=list(range(8)), taken=[-1] * 8, last_pos=-1,
        supply=supply, mats=list(tb.content.prices["materials"]), decks=decks,
        special_deck=special, sel=[-1, -1, -1, -1], build_mode="setup",
        build_size=[0, 0, 0], council=[-1, -1, -1, -1], draw=[], killers=[], kills_left=0,
        picked=[-1, -1], start_occ=[], snapshot=[], snap_mats=[],
        chosen=[False] * players, seats=seats, rng=rng, moves=0,
    )
    st.sel = [tb.city_hall, 0, -1, -1]
    return st


def choose_side(tb: Tables, st: SmallCityState, s: int, side: str, ev: list[Event]) -> None:
    """SC-46: each player picks the side of their own borough board."""
    st.seats[s].side = side
    ev.append(Event(f"{name(s)} plays on the {side} side of their borough board.", "side", s))
    if next_turn(st):
        return
    st.step = "hall"
    st.turn = 0
    st.current = st.order[0]


def next_setup(tb: Tables, st: SmallCityState, ev: list[Event]) -> None:
    if next_turn(st):
        return
    st.step = "promise"
    st.current = st.order[0]


def keep_promise(tb: Tables, st: SmallCityState, s: int, i: int, ev: list[Event]) -> None:
    """SC-4: keep one Promise secretly; the other two go under their decks."""
    seat = st.seats[s]
    seat.promise = seat.offered[i]
    for j, number in enumerate(seat.offered):
        if j != i:
            st.decks[tb.content.promises[number - 1].deck].append(number)
    st.chosen[s] = True
    ev.append(Event(f"{name(s)} keeps a Promise.", "promise", s))
    ev.append(Event("You keep the Promise: "
                    f"{tb.content.promises[seat.promise - 1].text}", "promise", s,
                    private_to=(s,)))
    if all(st.chosen):
        leave_due(st, ACTIONS)
