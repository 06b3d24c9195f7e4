"""Choices the book leaves to the player: the Architect's waiver (SC-10), which
store pays a material (SC-38, SC-64), where new materials go (SC-65, SC-82) and
where a tourist far from home settles (SC-59). A question is asked only when
the answers lead to different positions."""

from __future__ import annotations

import pytest

from borough.core.errors import IllegalAction
from borough.games.smallcity import citizens, stores
from borough.games.smallcity.phases import income, influence, moving
from borough.games.smallcity.stores import HALL
from tests.games.smallcity.helpers import (
    GAME,
    KEY,
    act,
    begin,
    cell,
    cells,
    citizen,
    legal,
    put,
    town,
)
from tests.games.smallcity.test_build import board, build_tile

WOOD, STONE, METAL = 0, 1, 2



def _start_museum(st, s=0):
    t = GAME.types[KEY["museum"]]
    act(st, ("tile", t.id, 0), s)
    act(st, legal(st, s)[0], s)


def test_sc10_architect_waiver_is_the_players_choice():
    # Rules SC-10, SC-38: with enough for the full price the seat may keep the
    # Architect for a later building, or waive the wood or the stone.
    st = board()
    seat = st.seats[0]
    seat.hall_mats = [WOOD, WOOD, STONE]
    seat.card = 1  # the Architect
    _start_museum(st)
    assert seat.bstep == "waive"
    assert sorted(legal(st, 0)) == [("pass",), ("waive", WOOD), ("waive", STONE)]
    with pytest.raises(IllegalAction):
        act(st, ("waive", METAL), 0)
    act(st, ("waive", STONE), 0)
    assert seat.architect_used and seat.hall_mats == [STONE] and seat.bstep == "build"
    assert any("waives a stone" in line for line in seat.log)


def test_sc10_architect_kept_for_a_later_building():
    # Rules SC-10: passing keeps the waiver; the School then costs nothing.
    st = board()
    seat = st.seats[0]
    seat.hall_mats = [WOOD, WOOD, STONE]
    seat.card = 1
    _start_museum(st)
    act(st, ("pass",), 0)
    assert not seat.architect_used and seat.hall_mats == []
    build_tile(st, "school", ["G7"])
    assert seat.architect_used and seat.bstep == "build"  # one choice only: asked of nobody


def test_sc10_no_question_without_the_architect():
    # Rules SC-10: without the card the full price is the only outcome.
    st = board()
    seat = st.seats[0]
    seat.hall_mats = [WOOD, WOOD, STONE]
    _start_museum(st)
    assert seat.bstep == "build" and seat.hall_mats == []


def test_sc38_the_seat_chooses_which_store_pays():
    # Rules SC-38: wood in City Hall and in a Warehouse; the seat picks the store.
    st = board()
    seat = st.seats[0]
    w = put(st, 0, "warehouse", cells("H1", "H2"))
    seat.tiles[w].stock = [WOOD, -1]
    seat.hall_mats = [WOOD]
    build_tile(st, "school", ["E5"])
    assert seat.bstep == "spend"
    assert sorted(legal(st, 0)) == [("spend", WOOD, cell("H1")), ("spend", WOOD, HALL)]
    assert GAME.explain(st, 0, ("spend", STONE, HALL)) == "This building needs no stone now."
    assert GAME.explain(st, 0, ("spend", WOOD, cell("E5"))) == \
        "There is no wood on the Warehouse on E5 to pay with."
    events = GAME.apply(st, 0, ("spend", WOOD, cell("H1")))
    assert seat.hall_mats == [WOOD] and seat.tiles[w].stock == [-1, -1]
    assert seat.bstep == "build"
    # Paid behind the Build phase's screen (SC-25): it waits in the payer's own log and
    # is announced once, when the screens go down.
    assert events == []
    assert seat.log[-1] == "Player 1 pays a wood from the Warehouse on H1."


def test_sc38_a_single_store_is_not_asked_about():
    # Rules SC-38: when every wood is in one store, there is nothing to choose.
    st = board()
    seat = st.seats[0]
    w = put(st, 0, "warehouse", cells("H1", "H2"))
    seat.tiles[w].stock = [WOOD, WOOD]
    seat.hall_mats = [STONE]
    build_tile(st, "school", ["E5"])
    assert seat.bstep == "build" and seat.tiles[w].stock == [-1, WOOD]


def test_sc64_a_sale_asks_which_store_gives_the_material():
    # Rules SC-64: selling a wood held both in City Hall and a Warehouse.
    st = town()
    put(st, 0, "com1", cells("E5"), [1])  # material -> $
    citizen(st, 0, cell("E5"))
    w = put(st, 0, "warehouse", cells("H1", "H2"))
    seat = st.seats[0]
    seat.tiles[w].stock = [WOOD, -1]
    seat.hall_mats = [WOOD]
    begin(income.start_income, st, [])
    act(st, ("sell", WOOD))
    assert st.step == "spend" and sorted(legal(st)) == [("spend", WOOD, cell("H1")),
                                                        ("spend", WOOD, HALL)]
    act(st, ("spend", WOOD, HALL))
    assert st.step == "income" and seat.hall_mats == [] and seat.tiles[w].stock == [WOOD, -1]


def test_sc65_the_seat_chooses_where_production_goes():
    # Rules SC-65: room in City Hall and in a Warehouse: the seat places the stone.
    st = town()
    put(st, 0, "fac1", cells("E5"), [STONE])
    citizen(st, 0, cell("E5"))
    w = put(st, 0, "warehouse", cells("H1", "H2"))
    seat = st.seats[0]
    begin(income.start_income, st, [])
    assert st.step == "store" and st.current == 0
    assert sorted(legal(st)) == [("store", STONE, 0, cell("H1")), ("store", STONE, 0, HALL)]
    act(st, ("store", STONE, 0, HALL))
    assert seat.hall_mats == [STONE] and seat.tiles[w].stock == [-1, -1]
    assert st.step != "store"


def test_sc65_one_store_no_question():
    # Rules SC-65: with a full City Hall the Warehouse is the only outcome.
    st = town()
    put(st, 0, "fac1", cells("E5"), [STONE])
    citizen(st, 0, cell("E5"))
    w = put(st, 0, "warehouse", cells("H1", "H2"))
    st.seats[0].hall_citizens = 4
    begin(income.start_income, st, [])
    assert st.step != "store" and st.seats[0].tiles[w].stock == [STONE, -1]


def test_sc65_short_of_room_the_seat_keeps_what_it_prefers():
    # Rules SC-65: a wood and a metal, one free space: the seat keeps the metal.
    st = town()
    put(st, 0, "fac2", cells("E5", "E6"), [WOOD, METAL])
    citizen(st, 0, cell("E5"))
    citizen(st, 0, cell("E6"))
    seat = st.seats[0]
    seat.hall_citizens, seat.hall_mats = 3, []
    wood, metal = st.mats[WOOD], st.mats[METAL]
    begin(income.start_income, st, [])
    assert sorted(legal(st)) == [("store", WOOD, 0, HALL), ("store", METAL, 0, HALL)]
    act(st, ("store", METAL, 0, HALL))
    assert seat.hall_mats == [METAL] and seat.pending == []
    assert (st.mats[WOOD], st.mats[METAL]) == (wood, metal - 1)  # the wood went back


def test_sc65_alike_materials_fill_the_room_without_a_question():
    # Rules SC-65: two stones for two free spaces in two stores: both filled.
    st = town()
    put(st, 0, "fac2", cells("E5", "E6"), [STONE, STONE])
    citizen(st, 0, cell("E5"))
    citizen(st, 0, cell("E6"))
    w = put(st, 0, "warehouse", cells("H1", "H2"))
    seat = st.seats[0]
    seat.tiles[w].stock = [WOOD, -1]
    seat.hall_citizens = 3
    begin(income.start_income, st, [])
    assert st.step != "store"
    assert seat.hall_mats == [STONE] and seat.tiles[w].stock == [WOOD, STONE]


def test_sc82_industry_materials_are_placed_by_the_seat():
    # Rules SC-82: 2 wood with room in City Hall and a Warehouse.
    st = town()
    begin(influence.start_council, st, [])
    seat = st.seats[0]
    w = put(st, 0, "warehouse", cells("H1", "H2"))
    seat.disc_row, seat.disc_col, seat.money = [0, -1], [1, 0], 10
    act(st, ("advance", 0, "money"))
    act(st, ("take", 0))  # 2 wood
    assert st.step == "store"
    act(st, ("store", WOOD, 0, cell("H1")))
    assert st.step == "store"
    act(st, ("store", WOOD, 0, HALL))
    assert seat.hall_mats == [WOOD] and seat.tiles[w].stock == [WOOD, -1]
    assert st.step == "council" and st.current == 1


def test_sc59_tourist_far_from_home_settles_on_a_home_space():
    # Rules SC-59: a tourist across the table with no space in reach comes home
    # to a space of its own borough, not straight to City Hall.
    st = town(4)
    put(st, 2, "park1", cells("E5"))
    citizen(st, 2, cell("E5"), owner=0)
    put(st, 0, "park1", cells("C5"))
    put(st, 0, "park1", cells("C7"))
    begin(moving.start_move, st, [])
    act(st, ("pick", 2, cell("E5")))
    assert sorted(legal(st)) == [("to", 0, cell("C5")), ("to", 0, cell("C7"))]
    assert GAME.is_legal(st, 0, ("to", 0, cell("C7")))
    act(st, ("to", 0, cell("C7")))
    assert st.seats[0].occ[cell("C7")] == 0 and st.seats[2].occ[cell("E5")] == -1


def test_sc59_no_home_space_means_city_hall():
    # Rules SC-59, SC-56.
    st = town(4)
    put(st, 2, "park1", cells("E5"))
    citizen(st, 2, cell("E5"), owner=0)
    begin(moving.start_move, st, [])
    act(st, ("pick", 2, cell("E5")))
    assert legal(st) == [("home",)]
    hall = st.seats[0].hall_citizens
    act(st, ("home",))
    assert st.seats[0].hall_citizens == hall + 1


def test_store_choices_never_offer_equivalent_moves():
    # Rules SC-65: materials that fit everywhere are offered by kind, not by borough.
    st = town(3)
    seat = st.seats[0]
    seat.pending = [0 * 3 + WOOD, 1 * 3 + WOOD, 0 * 3 + STONE]
    w = put(st, 0, "warehouse", cells("H1", "H2"))
    seat.hall_citizens = 3
    options = stores.store_choices(GAME.tables, st, 0)
    assert len(options) == 4 and {a[1] for a in options} == {WOOD, STONE}
    assert w >= 0 and citizens is not None


def test_sc38_needing_every_held_material_asks_nothing():
    # Rules SC-38: two wood owed, one in City Hall and one in a Warehouse: both go.
    st = town()
    seat = st.seats[0]
    w = put(st, 0, "warehouse", cells("H1", "H2"))
    seat.tiles[w].stock = [WOOD, STONE]
    seat.hall_mats = [WOOD]
    seat.owe = [2, 0, 0]
    assert not stores.pay(st, 0)
    assert seat.hall_mats == [] and seat.tiles[w].stock == [-1, STONE] and seat.owe == [0, 0, 0]


def test_sc65_a_tourist_material_abroad_goes_to_the_warehouse_of_choice():
    # Rules SC-65: no room at home; the producing borough has two Warehouses with room.
    st = town(2)
    put(st, 1, "fac1", cells("E5"), [METAL])
    citizen(st, 1, cell("E5"), owner=0)
    a = put(st, 1, "warehouse", cells("G5", "G6"))
    b = put(st, 1, "warehouse", cells("J1", "J2"))
    st.seats[0].hall_citizens = 4
    st.order = [0, 1]
    begin(income.start_income, st, [])
    assert st.step == "store" and st.current == 0
    assert sorted(legal(st)) == [("store", METAL, 1, cell("G5")), ("store", METAL, 1, cell("J1"))]
    act(st, ("store", METAL, 1, cell("J1")))
    assert st.seats[1].tiles[b].stock == [METAL, -1] and st.seats[1].tiles[a].stock == [-1, -1]
