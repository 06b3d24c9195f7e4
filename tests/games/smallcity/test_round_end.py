"""Phases 5 to 8: votes (SC-66, SC-67), pollution (SC-68 to SC-74), City Council
(SC-78 to SC-85) and the Mayor's next visit (SC-86, SC-87)."""

from __future__ import annotations

from borough.games.smallcity import pollution
from borough.games.smallcity.phases import income, influence, visit
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


def test_sc66_example_eighteen_votes():
    # Rules SC-66.
    """The book's vote example: two full Level-1 zones, a full Level 3 and a full Level 4."""
    st = town()
    homes = [["E1"], ["E3"], ["G1", "G2", "G3"], ["E5", "E6", "E7", "F5"]]
    keys = ["res1", "res1", "res3", "res4"]
    for key, where in zip(keys, homes, strict=True):
        put(st, 0, key, cells(*where))
        for c in cells(*where):
            citizen(st, 0, c)
    assert pollution.votes_of(GAME.tables, st, 0) == 1 + 1 + 6 + 10 == 18


def test_sc66_partial_zone_and_sc67_university():
    # Rules SC-66, SC-67.
    st = town()
    put(st, 0, "res5", cells("E1", "E2", "F1", "F2", "G1"))
    for c in cells("E1", "E2", "F1"):
        citizen(st, 0, c)
    assert pollution.votes_of(GAME.tables, st, 0) == 6
    put(st, 0, "university", cells("C4", "C5", "C6", "D4", "D5", "D6"))
    assert pollution.votes_of(GAME.tables, st, 0) == 6
    citizen(st, 0, cell("D5"))
    assert pollution.votes_of(GAME.tables, st, 0) == 9


def test_sc68_example_thirteen_plus_two_minus_five():
    # Rules SC-68.
    """The book's pollution example: 12 citizens and a tourist, 2 materials, 5 park spaces."""
    st = town()
    put(st, 0, "res5", cells("E1", "E2", "F1", "F2", "G1"))
    put(st, 0, "res5", cells("E4", "E5", "F4", "F5", "G4"))
    put(st, 0, "com2", cells("C4", "C5"), [0, 0])
    put(st, 0, "park3", cells("A5", "A6", "A7"))
    put(st, 0, "park2", cells("C7", "D7"))
    put(st, 0, "school", cells("G7"))
    people = cells("E1", "E2", "F1", "F2", "G1", "E4", "E5", "F4", "F5", "G4", "C4", "A5")
    for c in people:
        citizen(st, 0, c)
    citizen(st, 0, cell("C5"), owner=1)
    st.seats[0].hall_citizens = 3  # not counted
    st.seats[0].grid[cell("G6")] = -2  # a Cemetery does not count either
    st.seats[0].cemeteries.append(cell("G6"))
    st.seats[0].produced = 2
    assert pollution.generated(GAME.tables, st, 0) == 13 + 2 - 5 == 10


def test_sc68_parks_never_push_below_zero():
    # Rules SC-68.
    st = town()
    put(st, 0, "park3", cells("E1", "E2", "E3"))
    citizen(st, 0, cell("E1"))
    assert pollution.generated(GAME.tables, st, 0) == 0


def test_sc69_hundred_percent_loses_at_once():
    # Rules SC-69.
    st = town(3)
    put(st, 0, "park1", cells("E1"))
    citizen(st, 0, cell("E1"), owner=1)
    put(st, 2, "park1", cells("E1"))
    citizen(st, 2, cell("E1"), owner=0)
    put(st, 0, "res1", cells("E3"))
    citizen(st, 0, cell("E3"))
    hall1 = st.seats[1].hall_citizens
    st.seats[0].pollution = 99
    st.seats[0].produced = 3
    pollution.measure(GAME.tables, st, [])
    assert st.seats[0].eliminated and 0 not in st.order
    assert st.seats[0].occ[cell("E3")] == -1
    assert st.seats[1].hall_citizens == hall1 + 1
    assert st.seats[2].occ[cell("E1")] == 2  # the host's own citizen replaces it


def test_sc70_sc71_deaths_hit_the_biggest_polluter_with_ties():
    # Rules SC-70, SC-71.
    st = town(3)
    for s, gen, total in ((0, 4, 12), (1, 4, 14), (2, 1, 3)):
        st.seats[s].generated, st.seats[s].pollution = gen, total
    assert pollution.killers(GAME.tables, st) == [1]
    st.seats[0].pollution = 14
    assert pollution.killers(GAME.tables, st) == [0, 1]
    for s in range(3):
        st.seats[s].pollution = 9
    assert pollution.killers(GAME.tables, st) == []
    st.seats[2].pollution = 10  # anyone at 10% is enough, even the cleanest generator
    assert pollution.killers(GAME.tables, st) == [0, 1]


def test_sc72_choose_the_victim_clinic_protects_own_only():
    # Rules SC-72.
    st = town(2)
    put(st, 0, "park1", cells("E1"))
    citizen(st, 0, cell("E1"))
    put(st, 0, "park1", cells("E3"))
    citizen(st, 0, cell("E3"), owner=1)
    assert pollution.victims(GAME.tables, st, 0) == [("kill", cell("E1")), ("kill", cell("E3"))]
    put(st, 0, "clinic", cells("C4", "C5", "D4", "D5", "E5"))
    citizen(st, 0, cell("C4"))
    assert pollution.victims(GAME.tables, st, 0) == [("kill", cell("E3"))]


def test_sc73_fire_station_brings_a_tourist_home_and_sc74_cemeteries():
    # Rules SC-73, SC-74.
    st = town(2)
    put(st, 0, "park1", cells("E1"))
    citizen(st, 0, cell("E1"), owner=1)
    put(st, 1, "fire", cells("E1", "E2", "F1"))
    citizen(st, 1, cell("E1"))
    hall = st.seats[1].hall_citizens
    assert not pollution.kill(GAME.tables, st, 0, cell("E1"), [])
    assert st.seats[1].hall_citizens == hall + 1
    citizen(st, 0, cell("E1"))
    assert pollution.kill(GAME.tables, st, 0, cell("E1"), [])
    spots = pollution.cemetery_spots(GAME.tables, st, 0)
    assert cell("E1") not in spots and cell("C4") in spots
    pollution.bury(st, 0, cell("C4"), [])
    assert set(pollution.cemetery_spots(GAME.tables, st, 0)) == set(cells("B4", "D4", "C3", "C5"))


def test_sc74_full_zone_uses_the_next_step_or_loses_the_body():
    # Rules SC-74.
    st = town(2)
    seat = st.seats[0]
    for c in range(100):
        if seat.grid[c] == -1 and c < 70 and c % 10 < 7:
            seat.grid[c] = -2
            seat.cemeteries.append(c)
    spots = pollution.cemetery_spots(GAME.tables, st, 0)
    assert spots and all(c // 10 == 7 or c % 10 == 7 for c in spots)
    seat.zone = 3
    seat.tiles = []
    seat.grid = [-2] * 100
    seat.cemeteries = list(range(100))
    assert pollution.cemetery_spots(GAME.tables, st, 0) == []


def test_kill_and_bury_steps_in_play():
    st = town(2)
    put(st, 0, "park1", cells("E1"))
    put(st, 0, "park1", cells("E3"))
    citizen(st, 0, cell("E1"))
    citizen(st, 0, cell("E3"))
    st.seats[0].pollution = 20
    st.seats[0].generated = 2
    st.killers = [0]
    st.kills_left = 1
    begin(income.next_kill, st, [], first=True)
    assert st.step == "kill" and st.current == 0
    act(st, ("kill", cell("E1")))
    assert st.step == "bury"
    act(st, legal(st)[0])
    assert len(st.seats[0].cemeteries) == 1 and st.phase == "council"


def council_turn(players=2):
    st = town(players)
    begin(influence.start_council, st, [])
    return st


def test_sc78_one_contribution_money_or_votes_not_mixed():
    # Rules SC-78.
    st = council_turn()
    seat = st.seats[0]
    seat.money, seat.votes = 0, 1
    choices = legal(st)
    assert ("enter", 0, 2, "votes") in choices and ("enter", 0, 2, "money") not in choices
    act(st, ("enter", 0, 2, "votes"))
    act(st, ("take", 0))
    assert seat.votes == 0 and seat.money == 2 and st.current == 1


def test_sc79_rows_switch_and_restart_never_shared():
    # Rules SC-79.
    st = council_turn()
    seat = st.seats[0]
    seat.disc_row, seat.disc_col = [2, 1], [2, 1]
    seat.money = 10
    choices = legal(st)
    assert ("advance", 0, "money") in choices and ("enter", 0, 1, "money") not in choices
    assert ("enter", 0, 2, "money") in choices  # restart the same row
    assert ("enter", 0, 0, "money") in choices
    act(st, ("enter", 0, 0, "money"))
    assert seat.disc_row[0] == 0 and seat.disc_col[0] == 1 and seat.money == 9


def test_sc80_only_the_new_column_pays_and_sc81_last_column_locks():
    # Rules SC-80, SC-81.
    st = council_turn()
    seat = st.seats[0]
    seat.disc_row, seat.disc_col = [2, -1], [2, 0]
    seat.money = 10
    act(st, ("advance", 0, "money"))
    act(st, ("take", 0))
    assert seat.money == 10 - 3 + 5
    seat.disc_col = [4, 0]
    st2 = council_turn()
    st2.seats[0].disc_row, st2.seats[0].disc_col = [2, -1], [4, 0]
    assert not any(a[0] in ("advance", "enter") and a[1] == 0 for a in legal(st2))


def test_sc82_industry_materials_stored_or_lost():
    # Rules SC-82.
    st = council_turn()
    seat = st.seats[0]
    seat.disc_row, seat.disc_col, seat.money = [0, -1], [2, 0], 10
    seat.hall_citizens = 3
    act(st, ("advance", 0, "money"))
    assert legal(st) == [("take", 0), ("take", 1)]
    act(st, ("take", 1))  # 1 metal
    assert seat.hall_mats == [2]


def test_sc83_building_row_free_tile_of_the_column_size():
    # Rules SC-83.
    st = council_turn()
    seat = st.seats[0]
    seat.disc_row, seat.disc_col, seat.money = [1, -1], [1, 0], 10
    act(st, ("advance", 0, "money"))
    sizes = {GAME.types[a[1]].level for a in legal(st) if a[0] == "tile"}
    assert sizes == {2}
    assert not any(a[0] == "tile" and GAME.types[a[1]].cultural for a in legal(st))
    act(st, ("tile", KEY["park2"], 0))
    act(st, legal(st)[0])
    assert seat.money == 8 and st.current == 1


def test_sc83_column_four_waives_criteria_but_not_the_exclusion():
    # Rules SC-83.
    st = council_turn()
    seat = st.seats[0]
    seat.disc_row, seat.disc_col, seat.money = [1, -1], [3, 0], 10
    act(st, ("advance", 0, "money"))
    keys = {GAME.types[a[1]].key for a in legal(st) if a[0] == "tile"}
    assert {"fac3", "res4", "com4", "harbor", "park1"} <= keys
    assert not any(GAME.types[KEY[k]].cultural for k in keys)
    act(st, ("tile", KEY["fac3"], 0))
    act(st, legal(st)[0])
    assert st.step != "warehouse" and st.current == 1


def test_sc84_economy_and_sc85_tourism():
    # Rules SC-84, SC-85.
    st = council_turn()
    seat = st.seats[0]
    seat.disc_row, seat.disc_col, seat.money = [3, -1], [2, 0], 10
    hall, reserve = seat.hall_citizens, seat.reserve
    act(st, ("advance", 0, "money"))
    assert seat.hall_citizens == min(4, hall + 2) and seat.reserve == reserve - 2


def test_sc86_sc87_mayor_moves_and_round_advances():
    # Rules SC-86, SC-87.
    st = town(3)
    st.host, st.next_host = 0, -1
    st.round = 3
    begin(visit.visit, st, [])
    assert st.host == 1 and st.round == 4 and st.prev_host == 0
    st2 = town(3)
    st2.host, st2.next_host = 0, 2
    begin(visit.visit, st2, [])
    assert st2.host == 2
    st3 = town(3)
    st3.round = 8
    begin(visit.visit, st3, [])
    assert GAME.is_over(st3)
