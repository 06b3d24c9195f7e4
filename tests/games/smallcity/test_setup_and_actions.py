"""Setup (SC-1 to SC-5, SC-44) and Phase 1, Special Actions (SC-6 to SC-17)."""

from __future__ import annotations

import pytest

from borough.core.errors import IllegalAction
from borough.games.smallcity.phases import actions, construction
from borough.games.smallcity.rules import ARCHITECT, COUNCILOR, MAYOR, PLANNER, SUPPORTER
from tests.games.smallcity.helpers import GAME, KEY, act, begin, cell, legal, start


@pytest.mark.parametrize("players,stack", [(1, 1), (2, 1), (3, 2), (4, 3)])
def test_sc1_shared_stacks_follow_the_player_count(players, stack):
    # Rules SC-1.
    st = GAME.setup(players, 3)
    for key in ("metro", "clinic", "university", "police", "fire"):
        assert st.supply[KEY[key]] == stack
    assert st.supply[KEY["res1"]] == 22 and st.supply[KEY["warehouse"]] == 12


def test_sc2_random_host_and_clockwise_order():
    # Rules SC-2.
    hosts = {GAME.setup(4, seed).host for seed in range(30)}
    assert hosts == {0, 1, 2, 3}
    st = GAME.setup(4, 5)
    assert st.order == [(st.host + i) % 4 for i in range(4)]


def test_sc3_personal_buildings_are_not_in_shared_stacks():
    # Rules SC-3.
    from borough.games.smallcity.stacks import available

    st = start(4)
    for key in ("school", "library", "museum", "refinery", "harbor"):
        t = GAME.types[KEY[key]]
        assert t.per_player and available(st, 0, t)


def test_sc4_promises_one_from_each_deck_kept_in_secret():
    # Rules SC-4.
    st = GAME.setup(3, 8)
    assert st.step == "promise" or st.step == "hall"
    for s in range(3):
        decks = [GAME.content.promises[n - 1].deck for n in st.seats[s].offered]
        assert decks == [0, 1, 2]
    while st.step == "hall":
        act(st, ("place", 0, cell("A1")))
    assert GAME.to_act(st) == (0, 1, 2)  # sealed and simultaneous
    offered = st.seats[1].offered[:]
    GAME.apply(st, 1, ("promise", 2))
    assert st.seats[1].promise == offered[2]
    assert GAME.to_act(st) == (0, 2)
    view = GAME.observe(st, 0)
    assert view["seats"][1]["promise"] is None and view["seats"][1]["offered"] is None
    assert offered[0] == st.decks[0][-1] and offered[1] == st.decks[1][-1]


def test_sc5_starting_money_by_turn_order_and_citizens():
    # Rules SC-5.
    st = GAME.setup(4, 2)
    money = [st.seats[s].money for s in st.order]
    assert money == [4, 5, 5, 6]
    seat = st.seats[0]
    assert (seat.hall_citizens, seat.career, seat.reserve) == (3, 11, 8)
    assert seat.disc_col == [0, 0] and seat.pollution == 0 and seat.votes == 0
    assert GAME.setup(1, 2).seats[0].money == 4


def test_sc44_city_hall_goes_wholly_inside_the_zone():
    # Rules SC-44.
    st = GAME.setup(2, 1)
    spots = {a for _, a in [(x[1], x[2]) for x in legal(st)]}
    assert cell("F6") in spots and cell("F7") not in spots and cell("G1") not in spots
    act(st, ("place", 0, cell("B2")))
    assert st.seats[st.order[0]].grid[cell("C3")] >= 0


def _at_mayor_step():
    for seed in range(50):
        st = start(3, seed)
        if st.step == "mayor":
            return st
    raise AssertionError("no seed reached the mayor step")


def test_sc6_mayor_on_a_street_chosen_by_the_right_seat():
    # Rules SC-6.
    st = _at_mayor_step()
    assert st.current == st.order[-1]  # round 1: last in turn order
    streets = [a[1] for a in legal(st)]
    host = st.seats[st.host]
    for e in streets:
        a, b = GAME.tables.edges[e]
        assert host.grid[a] == -1 and host.grid[b] == -1
    hall = cell("A1")
    assert all(hall not in GAME.tables.edges[e] for e in streets)


def test_sc7_mayor_blocks_two_spaces_for_the_host_only():
    # Rules SC-7.
    from borough.games.smallcity.build import buildable

    st = _at_mayor_step()
    e = next(a[1] for a in legal(st) if GAME.tables.edges[a[1]] == (cell("D4"), cell("D5")))
    act(st, ("mayor", e))
    mask = buildable(GAME.tables, st, st.host)
    assert not mask[cell("D4")] and not mask[cell("D5")] and mask[cell("D6")]
    other = next(s for s in range(3) if s != st.host)
    assert buildable(GAME.tables, st, other)[cell("D4")]


def test_sc7_same_host_keeps_the_street():
    # Rules SC-7.
    st = _at_mayor_step()
    act(st, ("mayor", 5))
    st.prev_host = st.host
    begin(actions.start_round, st, [])
    assert st.mayor == 5 and st.step == "card"


def test_sc8_no_street_falls_back_to_next_zone_then_off_board():
    # Rules SC-8.
    st = start(2, 1)
    host = st.seats[st.host]
    for c in range(100):
        if host.grid[c] == -1 and c % 10 < 7 and c < 70:
            host.grid[c] = -2  # cemeteries fill the zone
            host.cemeteries.append(c)
    streets = actions.streets(GAME.tables, st)
    assert streets and all(max(GAME.tables.edges[e]) >= 0 for e in streets)
    edges = GAME.tables.edges
    assert all(not (edges[e][0] < 70 and edges[e][0] % 10 < 7
                    and edges[e][1] < 70 and edges[e][1] % 10 < 7) for e in streets)
    host.zone = 3
    host.tiles = []
    host.grid = [-2] * 100
    host.cemeteries = list(range(100))
    assert actions.streets(GAME.tables, st) == []


def _at_cards(players=4, seed=1):
    st = start(players, seed)
    if st.step == "mayor":
        act(st, legal(st)[0])
    assert st.step == "card"
    return st


def test_sc9_circle_prices_count_only_empty_cards():
    # Rules SC-9.
    st = _at_cards()
    assert [a[1] for a in legal(st)] == list(range(8))  # the host: any card, free
    st.circle = [OPP for OPP in range(8)]
    act(st, ("card", 0))
    second = st.current
    st.seats[second].money = 1
    assert sorted(a[1] for a in legal(st)) == [1, 2, 6, 7]
    assert actions.card_cost(GAME.tables, st, 4) == 3
    act(st, ("card", 7))
    assert st.seats[second].money == 1
    third = st.current
    st.seats[third].money = 0
    # from position 7: position 6 free; position 1 is next after the taken 0 -> free
    assert sorted(a[1] for a in legal(st)) == [1, 6]
    with pytest.raises(IllegalAction):
        act(st, ("card", 0))


def _take(st, card):
    pos = st.circle.index(card)
    st.last_pos = -1
    st.taken = [-1] * 8
    act(st, ("card", pos))


def test_sc10_architect_waives_one_material_once():
    # Rules SC-10: the ways to pay a Museum (2 wood, 1 stone) with the Architect.
    from borough.games.smallcity.build import waivers

    st = _at_cards()
    s = st.current
    _take(st, ARCHITECT)
    museum = GAME.types[KEY["museum"]]
    seat = st.seats[s]
    assert waivers(seat, museum, False, [2, 1, 0]) == [-1, 0, 1]  # in full, or waive either
    assert waivers(seat, museum, False, [1, 1, 0]) == [0]  # only the wood waiver pays
    assert waivers(seat, museum, False, [0, 1, 0]) == []
    seat.architect_used = True
    assert waivers(seat, museum, False, [2, 1, 0]) == [-1]


def test_sc11_mediator_discount_keeps_one_dollar():
    # Rules SC-11.
    from borough.games.smallcity.build import money_cost

    st = _at_cards()
    seat = st.seats[0]
    seat.card = 2
    assert money_cost(st, seat, GAME.types[KEY["res3"]], False) == 2
    assert money_cost(st, seat, GAME.types[KEY["refinery"]], False) == 1
    assert money_cost(st, seat, GAME.types[KEY["warehouse"]], False) == 0
    assert money_cost(st, seat, GAME.types[KEY["school"]], False) == 0


def test_sc12_engineer_skips_material_pollution():
    # Rules SC-12.
    from borough.games.smallcity.pollution import generated

    st = start(2)
    seat = st.seats[0]
    seat.produced = 3
    assert generated(GAME.tables, st, 0) == 3
    seat.card = 3
    assert generated(GAME.tables, st, 0) == 0


def test_sc13_supporter_money_or_votes():
    # Rules SC-13.
    st = _at_cards()
    s = st.current
    money = st.seats[s].money
    _take(st, SUPPORTER)
    assert st.step == "supporter"
    act(st, ("take", 1))
    assert st.seats[s].votes == 2 and st.seats[s].money == money


def test_sc14_urban_planner_may_grow_the_zone():
    # Rules SC-14.
    st = _at_cards()
    s = st.current
    _take(st, PLANNER)
    assert legal(st) == [("expand",), ("pass",)]
    act(st, ("expand",))
    assert st.seats[s].zone == 1


def test_sc15_city_councilor_moves_a_disc_and_its_tiles_may_be_upgraded():
    # Rules SC-15.
    st = _at_cards()
    s = st.current
    _take(st, COUNCILOR)
    choices = legal(st)
    assert ("enter", 0, 1, "money") in choices and ("pass",) in choices
    assert not any(a[0] == "advance" for a in choices)
    act(st, ("enter", 0, 1, "votes")) if st.seats[s].votes else act(st, ("enter", 0, 1, "money"))
    assert st.step == "tile" and st.build_size[:2] == [1, 1]
    act(st, ("tile", KEY["res1"], 0))
    act(st, ("place", 0, cell("E5")))
    tile = st.seats[s].tiles[-1]
    assert GAME.types[tile.type].key == "res1"
    begin(construction.start_build, st, [])
    assert not tile.fresh  # SC-15: upgradable in this round's Build phase


def test_sc16_opponent_and_sc17_mayor_card():
    # Rules SC-16, SC-17.
    st = _at_cards()
    s = st.current
    _take(st, MAYOR)
    assert st.next_host == s
    nxt = st.current
    st.seats[nxt].card = -1
    pos = st.circle.index(7)
    st.taken = [-1] * 8
    st.last_pos = -1
    money = st.seats[nxt].money
    act(st, ("card", pos))
    assert st.seats[nxt].card == 7 and st.seats[nxt].money == money

