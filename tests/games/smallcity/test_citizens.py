"""Phase 3, Move Citizens (SC-50 to SC-62) and Phase 4, Collect Income (SC-63 to SC-65)."""

from __future__ import annotations

from borough.games.smallcity import citizens
from borough.games.smallcity.phases import income, moving
from tests.games.smallcity.helpers import (
    GAME,
    act,
    begin,
    cell,
    cells,
    citizen,
    legal,
    put,
    town,
)


def begin_move(st):
    begin(moving.start_move, st, [])


def test_sc52_sc53_who_must_move_and_turn_order():
    # Rules SC-52, SC-53.
    st = town(3)
    put(st, 0, "res2", cells("E5", "E6"))
    citizen(st, 0, cell("E5"))
    put(st, 0, "park1", cells("G1"))
    citizen(st, 0, cell("G1"))
    put(st, 0, "com1", cells("F3"), [0])
    begin_move(st)
    assert st.current == 0 and st.step == "pick"
    picks = legal(st)
    assert ("pick", 0, cell("G1")) in picks and ("done",) not in picks
    assert ("pick", 0, cell("E5")) in picks  # optional: can move to E6 or elsewhere


def test_sc53_staff_stays_but_may_move():
    # Rules SC-53.
    st = town(3)
    put(st, 0, "clinic", cells("E1", "E2", "F1", "F2", "G1"))
    citizen(st, 0, cell("E1"))
    put(st, 0, "park1", cells("G5"))
    st.start_occ = [seat.occ[:] for seat in st.seats]
    assert not citizens.must_move(GAME.tables, st, 0, 0, cell("E1"))
    assert citizens.pick_choices(GAME.tables, st, 0) == [("pick", 0, cell("E1")), ("done",)]


def test_sc54_only_tile_spaces_one_each_not_city_hall():
    # Rules SC-54.
    st = town(3)
    put(st, 0, "park1", cells("E5"))
    citizen(st, 0, cell("E5"))
    put(st, 0, "com2", cells("E7", "E8"), [0, 2])
    citizen(st, 0, cell("E8"))
    put(st, 0, "warehouse", cells("G5", "G6"))
    begin_move(st)
    act(st, ("pick", 0, cell("E5")))
    dest = {a[2] for a in legal(st) if a[1] == 0}
    assert dest == {cell("E7")}  # E8 occupied, hall and warehouse closed, E5 is its own


def test_sc55_no_return_to_own_start_workplaces():
    # Rules SC-55.
    st = town(3)
    put(st, 0, "com2", cells("E5", "E6"), [0, 0])
    citizen(st, 0, cell("E5"))
    citizen(st, 0, cell("E6"))
    put(st, 0, "park1", cells("G1"))
    begin_move(st)
    act(st, ("pick", 0, cell("E5")))
    assert legal(st) == [("to", 0, cell("G1"))]
    act(st, ("to", 0, cell("G1")))
    act(st, ("pick", 0, cell("E6")))
    assert legal(st) == [("home",)]  # E5 was this seat's workplace when the phase began


def test_sc56_excess_citizens_go_home():
    # Rules SC-56.
    st = town(3)
    put(st, 0, "park1", cells("E5"))
    citizen(st, 0, cell("E5"))
    st.seats[0].hall_citizens = 4
    career = st.seats[0].career
    begin_move(st)
    act(st, ("pick", 0, cell("E5")))
    assert legal(st) == [("home",)]
    act(st, ("home",))
    assert st.seats[0].career == career + 1 and st.seats[0].occ[cell("E5")] == -1


def test_sc57_each_citizen_moves_once():
    # Rules SC-57.
    st = town(3)
    put(st, 0, "park1", cells("E5"))
    put(st, 0, "park1", cells("E7"))
    citizen(st, 0, cell("E5"))
    put(st, 0, "res1", cells("G7"))
    citizen(st, 0, cell("G7"))
    begin_move(st)
    act(st, ("pick", 0, cell("E5")))
    act(st, ("to", 0, cell("E7")))
    assert ("pick", 0, cell("E7")) not in legal(st)


def test_sc58_tourists_next_door_only_limit_and_forbidden_tiles():
    # Rules SC-58.
    st = town(4)
    put(st, 0, "park1", cells("E5"))
    citizen(st, 0, cell("E5"))
    for b in (1, 2, 3):
        put(st, b, "park1", cells("E5"))
        put(st, b, "res1", cells("E7"))
        put(st, b, "park1", cells("G5"))
    begin_move(st)
    act(st, ("pick", 0, cell("E5")))
    boroughs = {a[1] for a in legal(st)}
    assert boroughs == {1, 3}  # not the borough opposite
    assert ("to", 1, cell("E7")) not in legal(st)  # no homes for tourists
    st.seats[1].occ[cell("G5")] = 0  # already one tourist in borough 1
    assert not any(a[1] == 1 for a in citizens.destinations(GAME.tables, st, 0, 0, cell("E5")))
    st.seats[0].built.append(GAME.content.by_key["metro"])
    assert any(a[1] == 1 for a in citizens.destinations(GAME.tables, st, 0, 0, cell("E5")))


def test_sc59_tourists_must_move_or_come_home():
    # Rules SC-59.
    st = town(2)
    put(st, 1, "park1", cells("E5"))
    citizen(st, 1, cell("E5"), owner=0)
    put(st, 0, "park1", cells("C5"))
    begin_move(st)
    picks = legal(st)
    assert ("pick", 1, cell("E5")) in picks and ("done",) not in picks
    act(st, ("pick", 1, cell("E5")))
    assert legal(st) == [("to", 0, cell("C5"))]


def test_sc60_police_zone_closed_to_tourists():
    # Rules SC-60.
    st = town(2)
    put(st, 1, "police", cells("E5", "E6"))
    citizen(st, 1, cell("E5"))
    put(st, 1, "park1", cells("F7"))
    put(st, 1, "park1", cells("G1"))
    put(st, 0, "park1", cells("C5"))
    citizen(st, 0, cell("C5"))
    begin_move(st)
    act(st, ("pick", 0, cell("C5")))
    assert ("to", 1, cell("F7")) not in legal(st) and ("to", 1, cell("G1")) in legal(st)


def test_sc51_moving_into_the_police_station_sweeps_tourists():
    # Rules SC-51.
    st = town(2)
    put(st, 0, "police", cells("E5", "E6"))
    put(st, 0, "park1", cells("F7"))
    citizen(st, 0, cell("F7"), owner=1)
    put(st, 0, "park1", cells("C2"))
    citizen(st, 0, cell("C2"))
    hall1 = st.seats[1].hall_citizens
    begin_move(st)
    act(st, ("pick", 0, cell("C2")))
    act(st, ("to", 0, cell("E5")))
    assert st.seats[0].occ[cell("F7")] == -1 and st.seats[1].hall_citizens == hall1 + 1


def test_sc61_new_homes_from_city_hall():
    # Rules SC-61.
    st = town(2)
    put(st, 0, "res1", cells("E5"))
    put(st, 0, "res1", cells("E7"))
    put(st, 0, "res1", cells("G5"))
    st.seats[0].hall_citizens = 2
    begin_move(st)
    assert st.step == "house" and len(legal(st)) == 3
    act(st, ("house", cell("G5")))
    act(st, legal(st)[0])
    assert st.seats[0].hall_citizens == 0 and st.seats[0].occ[cell("G5")] == 0


def test_sc62_empty_factory_spaces_draw_new_citizens():
    # Rules SC-62.
    st = town(2)
    put(st, 0, "fac2", cells("E5", "E6"), [0, 1])
    citizen(st, 0, cell("E5"))
    put(st, 0, "park1", cells("G7"))
    st.seats[0].hall_citizens = 0
    career = st.seats[0].career
    citizens.new_citizens(GAME.tables, st, [])
    assert st.seats[0].hall_citizens == 1 and st.seats[0].career == career - 1


def test_sc63_sc64_income_tourists_shops_and_chained_conversions():
    # Rules SC-63, SC-64.
    st = town(2)
    put(st, 0, "com4", cells("E5", "E6", "F5", "F6"), [1, 0, 3, 2])  # S 1 / T V
    for c in cells("E5", "E6", "F5", "F6"):
        citizen(st, 0, c)
    put(st, 0, "park1", cells("G1"))
    citizen(st, 0, cell("G1"), owner=1)
    seat = st.seats[0]
    seat.money, seat.votes, seat.hall_mats = 0, 0, [0, 2]
    begin(income.start_income, st, [])
    assert st.step == "income" and seat.money == 2  # $1 tourist + $1 space
    act(st, ("sell", 2))  # metal for $5
    assert seat.money == 7
    act(st, ("lot", 4))  # $4 for 5 votes
    act(st, ("trade", 0))  # wood for 3 votes
    assert (seat.money, seat.votes, seat.hall_mats) == (3, 8, [])
    assert legal(st) == [("done",)]


def test_sc65_factories_store_overflow_and_waste():
    # Rules SC-65: no room at home, so the tourist's wood stays in the producing
    # borough's Warehouse; once that is full it is wasted; an empty reserve makes none.
    from borough.games.smallcity import stores

    st = town(2)
    put(st, 1, "fac2", cells("E5", "E6"), [0, 1])
    citizen(st, 1, cell("E5"), owner=0)  # a tourist of seat 0 on a wood space
    w = put(st, 1, "warehouse", cells("G5", "G6"))
    st.seats[0].hall_citizens = 4  # no room at home
    citizens.factory_income(GAME.tables, st, 0, [])
    assert st.seats[0].pending == [1 * 3 + 0]
    assert not stores.settle(GAME.tables, st, 0, [])
    assert st.seats[1].tiles[w].stock == [0, -1] and st.seats[1].produced == 1
    st.seats[1].tiles[w].stock = [1, 1]
    wood = st.mats[0]
    citizens.factory_income(GAME.tables, st, 0, [])
    stores.settle(GAME.tables, st, 0, [])
    assert st.mats[0] == wood and st.seats[1].produced == 2  # made, then wasted
    assert st.seats[0].pending == []
    st.mats[0] = 0
    citizens.factory_income(GAME.tables, st, 0, [])
    assert st.seats[1].produced == 2 and st.seats[0].pending == []  # nothing made
