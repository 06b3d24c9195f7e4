"""Phase 2, Build: SC-20 to SC-43, and the staffing of new stations (SC-50, SC-51)."""

from __future__ import annotations

import random

import pytest

from borough.core.errors import IllegalAction
from borough.games.smallcity import build, stacks
from borough.games.smallcity.geometry import influence, influencers, place_cells
from tests.games.smallcity.helpers import (
    GAME,
    KEY,
    act,
    cell,
    cells,
    citizen,
    clear_board,
    enter_build,
    finish,
    legal,
    put,
    start,
)


def board(players: int = 2, money: int = 30):
    """Seat 0 to build first on a clean borough with a City Hall on A1-B2."""
    st = start(players)
    for s in range(players):
        clear_board(st, s)
        st.seats[s].built = []
        put(st, s, "city_hall", cells("A1", "A2", "B1", "B2"))
        st.seats[s].money = money
    st.mayor = -1
    enter_build(st, list(range(players)))
    return st


def spots(st, key: str, s: int = 0) -> set[frozenset[int]]:
    t = GAME.types[KEY[key]]
    out = set()
    for f in range(len(t.faces)):
        for o, a in build.placements(GAME.tables, st, s, t, f):
            out.add(frozenset(place_cells(t.faces[f][o], a)))
    return out


def build_tile(st, key: str, where: list[str], s: int = 0) -> None:
    t = GAME.types[KEY[key]]
    want = frozenset(cells(*where))
    for f in range(len(t.faces)):
        for o, a in build.placements(GAME.tables, st, s, t, f):
            if frozenset(place_cells(t.faces[f][o], a)) == want:
                act(st, ("tile", t.id, f), s)
                act(st, ("place", o, a), s)
                return
    raise AssertionError(f"{key} cannot go on {where}")


def test_sc20_influence_is_the_ring_of_eight_and_counts_distinct_tiles():
    # Rules SC-20.
    st = board()
    put(st, 0, "library", cells("E5", "E6"))
    inf = influence(GAME.content, st.seats[0])
    ring = {c for c in range(100) if inf.cultural[c]}
    assert len(ring - set(cells("A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"))) == 10
    assert inf.cultural[cell("E7")] == 1 and inf.cultural[cell("E5")] == 0
    assert inf.cultural[cell("C3")] == 1
    put(st, 0, "school", cells("D3"))
    assert influence(GAME.content, st.seats[0]).cultural[cell("C3")] == 2


def test_sc21_harbor_water_neither_influences_nor_blocks_homes():
    # Rules SC-21.
    st = board()
    put(st, 0, "harbor", cells("E5", "E6", "F5", "F6"), [0, 0, 1, 1])
    res = spots(st, "res1")
    assert frozenset(cells("D5")) not in res  # next to industrial land
    assert frozenset(cells("G5")) in res  # next to water only: the book's harbor example
    inf = influence(GAME.content, st.seats[0])
    assert not inf.industrial[cell("G6")] and inf.harbor[cell("D6")]


def test_sc25_build_is_sealed_and_revealed_at_the_end():
    # Rules SC-25.
    st = board()
    assert GAME.to_act(st) == (0, 1)  # everyone builds at once
    act(st, ("tile", KEY["res1"], 0), 0)
    view = GAME.observe(st, 1)
    assert view["step"] == "build" and view["sel"] == [-1, -1, -1, -1]
    assert GAME.observe(st, 0)["step"] == "place"
    act(st, ("tile", KEY["park1"], 0), 1)  # seat 1 meanwhile starts a tile of its own
    act(st, ("place", 0, cell("E5")), 0)
    view = GAME.observe(st, 1)
    assert view["seats"][0]["grid"][cell("E5")] == -1  # hidden from seat 1
    assert view["seats"][0]["money"] == 30
    assert GAME.observe(st, 0)["seats"][0]["grid"][cell("E5")] >= 0
    finish(st, 0)
    assert GAME.to_act(st) == (1,) and GAME.observe(st, 1)["seats"][0]["finished"]
    assert GAME.observe(st, 1)["seats"][0]["grid"][cell("E5")] == -1
    sample = GAME.determinize(st, 1, random.Random(1))
    assert sample.seats[0].grid[cell("E5")] == -1  # samples do not know it either
    assert GAME.to_act(sample) == (1,) and st.seats[1].bstep == "place"
    act(st, ("place", 0, cell("G7")), 1)
    events = GAME.apply(st, 1, ("done",))
    assert any("Player 1 builds a Level-1 Residential Zone" in e.text for e in events)
    assert GAME.observe(st, 1)["seats"][0]["grid"][cell("E5")] >= 0
    assert st.phase == "move"


def test_sc45_the_last_copy_goes_in_turn_order_and_the_later_seat_is_refused():
    # Rules SC-45, SC-25: two seats want the last Police Station; the stack is in the
    # open, the seat ahead in turn order keeps it, and the later seat is refused
    # before it builds, so it can build something else; nothing is refunded.
    st = board()
    police = KEY["police"]
    st.supply[police] = 1
    assert not any(a[:2] == ("tile", police) for a in legal(st, 1))
    reason = GAME.explain(st, 1, ("tile", police, 0))
    assert "held for Player 1" in reason
    assert any(a[:2] == ("tile", police) for a in legal(st, 0))
    build_tile(st, "police", ["E5", "E6"])
    if st.seats[0].bstep == "staff":
        act(st, ("skip",), 0)
    assert st.supply[police] == 0 and GAME.observe(st, 1)["supply"][police] == 0
    finish(st, 0)
    assert "stack of Police Station is empty" in GAME.explain(st, 1, ("tile", police, 0))
    build_tile(st, "res1", ["E5"], s=1)  # something else instead
    events = GAME.apply(st, 1, ("done",))
    assert not any(e.kind == "conflict" for e in events)
    assert st.seats[0].grid[cell("E5")] >= 0 and st.supply[police] == 0


def test_sc45_a_tile_nobody_ahead_wants_is_free_once_they_finish():
    # Rules SC-45: the hold lasts only while a seat ahead is still building.
    st = board()
    police = KEY["police"]
    st.supply[police] = 1
    finish(st, 0)
    assert any(a[:2] == ("tile", police) for a in legal(st, 1))
    build_tile(st, "police", ["E5", "E6"], s=1)
    assert st.supply[police] == 0


def test_sc45_no_tile_is_held_for_a_seat_ahead_that_owns_its_fire_station():
    # Rules SC-45, SC-37: the seat ahead built its one Fire Station in an earlier round,
    # so it can never take another and the last copy is not held for it.
    st = start(2)
    for s in range(2):
        clear_board(st, s)
        st.seats[s].built = []
        put(st, s, "city_hall", cells("A1", "A2", "B1", "B2"))
        st.seats[s].money = 30
    fire = KEY["fire"]
    put(st, 0, "fire", cells("E5", "E6", "F5"))
    st.seats[0].built = [fire]
    st.mayor = -1
    enter_build(st, [0, 1])
    st.supply[fire] = 1
    assert st.seats[0].bstep != "done"  # the seat ahead is still building
    assert not any(a[:2] == ("tile", fire) for a in legal(st, 0))
    assert any(a[:2] == ("tile", fire) for a in legal(st, 1))
    build_tile(st, "fire", ["E5", "E6", "F5"], s=1)
    assert st.supply[fire] == 0


def test_sc45_no_tile_is_held_for_a_seat_ahead_with_no_builds_left():
    # Rules SC-45, SC-27, SC-40: the seat ahead has built its three tiles, so it takes no
    # new building; only an upgrade could still draw on a stack, so those stay held.
    st = board()
    police, res2 = KEY["police"], KEY["res2"]
    for where in (["E5"], ["E7"], ["G5"]):
        build_tile(st, "res1", where)
    assert st.seats[0].bstep != "done"
    assert GAME.observe(st, 1)["seats"][0]["builds_spent"]
    st.supply[police] = 1
    assert any(a[:2] == ("tile", police) for a in legal(st, 1))
    st.supply[res2] = 1
    assert not any(a[:2] == ("tile", res2) for a in legal(st, 1))
    assert "held for Player 1" in GAME.explain(st, 1, ("tile", res2, 0))
    build_tile(st, "police", ["E5", "E6"], s=1)
    assert st.supply[police] == 0


def test_sc45_the_hold_reads_only_what_the_later_seat_sees():
    # Rules SC-45, SC-25: a Fire Station built behind the screen this round is not
    # known to the others, so the hold for that seat stays until it finishes or
    # has used every build.
    st = board()
    fire = KEY["fire"]
    st.supply[fire] = 2
    build_tile(st, "fire", ["E5", "E6", "F5"])
    if st.seats[0].bstep == "staff":
        act(st, ("skip",), 0)
    assert st.supply[fire] == 1
    assert not any(a[:2] == ("tile", fire) for a in legal(st, 1))
    sample = GAME.determinize(st, 1, random.Random(1))
    assert GAME.legal_actions(sample, 1) == legal(st, 1)


def test_sc26_skipping_level_one_needs_one_space_with_everything():
    # Rules SC-26.
    st = board()
    put(st, 0, "school", cells("D1"))
    res2 = spots(st, "res2")
    assert frozenset(cells("C2", "C3")) in res2  # C2 sees City Hall and School (example 1)
    assert frozenset(cells("C4", "C5")) not in res2
    put(st, 0, "library", cells("C5", "C6"))
    # C3 sees the hall, C4 sees the library: each space only one, so no Level 2
    assert frozenset(cells("D3", "D4")) not in spots(st, "res2")


def test_sc27_three_tiles_at_most():
    # Rules SC-27.
    st = board()
    for where in (["E5"], ["E7"], ["G5"]):
        build_tile(st, "res1", where)
    assert not any(a[0] == "tile" for a in legal(st))
    assert ("expand",) not in legal(st)


def test_sc28_one_tile_and_a_bigger_zone():
    # Rules SC-28.
    st = board()
    act(st, ("expand",))
    assert st.seats[0].zone == 1
    build_tile(st, "res1", ["H8"])  # only inside the 8x8 zone
    assert not any(a[0] in ("tile", "demolish") for a in legal(st))
    st2 = board()
    build_tile(st2, "res1", ["E5"])
    build_tile(st2, "res1", ["E7"])
    assert ("expand",) not in legal(st2)


def test_sc29_one_demolition_counts_as_a_build():
    # Rules SC-29.
    st = board()
    put(st, 0, "park1", cells("E5"))
    put(st, 0, "park1", cells("E7"))
    act(st, ("demolish", cell("E5")))
    assert st.seats[0].built_now == 1
    assert not any(a[0] == "demolish" for a in legal(st))


def test_sc30_costs():
    # Rules SC-30.
    st = board(money=30)
    build_tile(st, "res1", ["E5"])
    assert st.seats[0].money == 29
    build_tile(st, "refinery", ["G1"])
    assert st.seats[0].money == 28
    build_tile(st, "fire", ["C5", "C6", "D5"])
    if st.seats[0].bstep == "staff":
        act(st, ("skip",), 0)
    assert st.seats[0].money == 25


def test_sc31_level_one_home_takes_a_citizen_from_city_hall():
    # Rules SC-31.
    st = board()
    hall = st.seats[0].hall_citizens
    build_tile(st, "res1", ["E5"])
    assert st.seats[0].occ[cell("E5")] == 0 and st.seats[0].hall_citizens == hall - 1
    st.seats[0].hall_citizens = 0
    build_tile(st, "res1", ["E7"])
    assert st.seats[0].occ[cell("E7")] == -1


def test_sc31_levels_need_as_many_cultural_buildings():
    # Rules SC-31.
    st = board()
    put(st, 0, "school", cells("E4"))
    put(st, 0, "library", cells("E6", "F6"))
    put(st, 0, "museum", cells("G4", "G5", "H4"), )
    # F5 sees school (E4), library (E6/F6), museum (G4/G5): three
    assert any(cell("F5") in s for s in spots(st, "res3"))
    assert not any(cell("F5") in s for s in spots(st, "res4"))


def test_sc32_homes_and_industry_keep_apart_both_ways():
    # Rules SC-32.
    st = board()
    put(st, 0, "fac1", cells("E5"), [0])
    assert frozenset(cells("E6")) not in spots(st, "res1")
    assert frozenset(cells("E7")) in spots(st, "res1")
    put(st, 0, "res1", cells("H5"))
    refinery = spots(st, "refinery")
    assert frozenset(cells("G5")) not in refinery and frozenset(cells("G3")) in refinery


def test_sc33_factory_levels_need_refinery_or_harbor():
    # Rules SC-33.
    st = board()
    assert not spots(st, "fac2")
    put(st, 0, "refinery", cells("E5"))
    assert any(cell("E6") in s for s in spots(st, "fac2"))
    assert not spots(st, "fac3")
    put(st, 0, "harbor", cells("E7", "E8", "F7", "F8"), [0, 0, 1, 1])
    assert any(cell("D6") in s for s in spots(st, "fac3"))


def test_sc34_new_factory_comes_with_a_warehouse():
    # Rules SC-34.
    st = board()
    build_tile(st, "fac1", ["E5"])
    assert st.seats[0].bstep == "warehouse"
    for _, o, a in legal(st, 0):
        t = GAME.types[KEY["warehouse"]]
        where = place_cells(t.faces[0][o], a)
        assert all(c in cells("D4", "D5", "D6", "E4", "E6", "F4", "F5", "F6") for c in where)
    act(st, legal(st, 0)[0], 0)
    assert st.seats[0].money == 29 and st.seats[0].built_now == 1
    st.supply[KEY["warehouse"]] = 0
    assert not spots(st, "fac1")


def test_sc35_commercial_levels_need_homes():
    # Rules SC-35.
    st = board()
    assert not spots(st, "com1")
    put(st, 0, "res1", cells("E5"))
    put(st, 0, "res1", cells("E7"))
    com2 = spots(st, "com2")
    assert any(cell("E6") in s for s in com2) and not any(cell("H8") in s for s in com2)


def test_sc35_commercial_example_new_tile_waits_a_round():
    # Rules SC-35.
    st = board()
    put(st, 0, "res1", cells("E5"))
    put(st, 0, "res1", cells("E7"))
    put(st, 0, "res1", cells("G6"))
    build_tile(st, "com2", ["E6", "F6"])
    index = st.seats[0].grid[cell("E6")]
    assert len(influencers(GAME.content, st.seats[0], index)) == 3
    assert not any(a == ("upgrade", cell("E6")) for a in legal(st))


def test_sc36_parks_anywhere_never_upgraded():
    # Rules SC-36.
    st = board()
    put(st, 0, "fac1", cells("E5"), [0])
    put(st, 0, "res1", cells("E7"))
    assert frozenset(cells("E6")) in spots(st, "park1")
    index = put(st, 0, "park1", cells("G5"))
    assert build.upgrade_extensions(GAME.tables, st, 0, index) == []


def test_sc37_unique_buildings_once_and_never_again():
    # Rules SC-37.
    st = board()
    build_tile(st, "refinery", ["E5"])
    assert not stacks.available(st, 0, GAME.types[KEY["refinery"]])
    st.seats[0].tiles[-1].fresh = False
    act(st, ("demolish", cell("E5")))
    assert not stacks.available(st, 0, GAME.types[KEY["refinery"]])


def test_sc38_cultural_buildings_pay_materials_from_hall_then_warehouse():
    # Rules SC-38.
    st = board()
    seat = st.seats[0]
    assert not build.affordable(GAME.tables, st, seat, GAME.types[KEY["museum"]], False)
    seat.hall_mats = [0]
    w = put(st, 0, "warehouse", cells("H1", "H2"))
    seat.tiles[w].stock = [0, 1]
    build_tile(st, "museum", ["E5", "E6", "F5"])
    assert seat.hall_mats == [] and seat.tiles[w].stock == [-1, -1]
    assert seat.money == 30


def test_sc39_demolition_costs_pollutes_and_sends_people_home():
    # Rules SC-39.
    st = board(players=3)
    idx = put(st, 0, "com2", cells("E5", "E6"), [0, 2])
    citizen(st, 0, cell("E5"))
    citizen(st, 0, cell("E6"), owner=1)
    hall1 = st.seats[1].hall_citizens
    act(st, ("demolish", cell("E5")))
    seat = st.seats[0]
    assert seat.money == 28 and seat.pollution == 2 and seat.tiles[idx] is None
    assert seat.occ[cell("E6")] == -1 and seat.hall_citizens == 4
    assert st.seats[1].hall_citizens == hall1  # the tourist reaches home at the reveal
    finish(st, 0)
    act(st, ("done",), 1)
    assert st.seats[1].hall_citizens == hall1  # seat 2 still builds: not revealed yet
    act(st, ("done",), 2)
    assert st.seats[1].hall_citizens == hall1 + 1


def test_sc39_no_room_at_home_no_demolition_and_no_city_hall():
    # Rules SC-39.
    st = board()
    put(st, 0, "res1", cells("E5"))
    citizen(st, 0, cell("E5"))
    st.seats[0].hall_citizens = 4
    assert ("demolish", cell("E5")) not in legal(st)
    assert ("demolish", cell("A1")) not in legal(st)
    with pytest.raises(IllegalAction):
        act(st, ("demolish", cell("E5")))


def test_sc40_upgrade_example_chain_with_the_library():
    # Rules SC-40.
    st = board()
    put(st, 0, "school", cells("D1"))
    home = put(st, 0, "res1", cells("C2"))
    citizen(st, 0, cell("C2"))
    put(st, 0, "library", cells("E3", "F3"))
    act(st, ("upgrade", cell("C2")))
    grow = legal(st)
    assert ("extend", cell("D2"), 0) in grow and ("extend", cell("C3"), 0) in grow
    act(st, ("extend", cell("D2"), 0))
    tile = st.seats[0].tiles[home]
    assert GAME.types[tile.type].key == "res2" and st.seats[0].occ[cell("C2")] == 0
    assert ("upgrade", cell("C2")) in legal(st)  # now the library influences D2: chain
    act(st, ("upgrade", cell("C2")))
    act(st, ("extend", cell("E2"), 0))
    tile = st.seats[0].tiles[home]
    assert GAME.types[tile.type].key == "res3" and st.seats[0].money == 30
    # each old tile went back to its stack, each new one came from its stack
    assert [st.supply[KEY[k]] for k in ("res1", "res2", "res3")] == [23, 18, 15]


def test_sc40_upgrades_keep_space_kinds_of_factories():
    # Rules SC-40.
    st = board()
    put(st, 0, "refinery", cells("E4"))
    idx = put(st, 0, "fac1", cells("E5"), [0])  # wood
    options = build.upgrade_extensions(GAME.tables, st, 0, idx)
    kinds = {(c, m) for _, c, m in options}
    # a wood space can grow into "ws" (stone beside it) only
    assert (cell("E6"), 1) in kinds and (cell("E6"), 0) not in kinds
    assert all(m == 1 for _, m in kinds)


def test_sc41_no_build_and_expand():
    # Rules SC-41.
    st = board()
    put(st, 0, "school", cells("D1"))
    build_tile(st, "res1", ["C2"])
    assert ("upgrade", cell("C2")) not in legal(st)


def test_sc42_zone_sizes_by_side():
    # Rules SC-42.
    st = start(1, 1, side="expert")
    assert GAME.tables.zone(st.seats[0], 0) == 6 and GAME.tables.zone(st.seats[0], 4) == 10
    st2 = start(1, 1)
    assert [GAME.tables.zone(st2.seats[0], i) for i in range(4)] == [7, 8, 9, 10]


def test_sc43_both_faces_and_every_orientation():
    # Rules SC-43.
    t = GAME.types[KEY["res4"]]
    assert len(t.faces[0]) == 8 and len(t.faces[1]) == 4
    st = board()
    act(st, ("tile", KEY["park3"], 1), 0)
    anchors = legal(st, 0)
    assert len({a[1] for a in anchors}) == 4  # the bent park in four turns


def test_sc50_new_station_may_be_staffed_and_sc51_police_sweeps():
    # Rules SC-50, SC-51.
    st = board(players=3)
    put(st, 0, "park2", cells("E5", "E6"))
    citizen(st, 0, cell("E5"))
    put(st, 0, "com1", cells("F8"), [0])
    citizen(st, 0, cell("F8"), owner=1)
    build_tile(st, "police", ["F6", "F7"])
    assert st.seats[0].bstep == "staff" and ("staff", cell("E5")) in legal(st, 0)
    act(st, ("staff", cell("E5")), 0)
    seat = st.seats[0]
    assert seat.occ[cell("F6")] == 0 and seat.occ[cell("F8")] == -1
    assert seat.pending_home == [1]


def test_sc10_sc38_architect_makes_a_museum_affordable_with_one_wood_short():
    # Rules SC-10, SC-38.
    st = board()
    seat = st.seats[0]
    seat.hall_mats = [0, 1]
    assert not build.affordable(GAME.tables, st, seat, GAME.types[KEY["museum"]], False)
    seat.card = 1  # the Architect
    build_tile(st, "museum", ["E5", "E6", "F5"])
    assert seat.hall_mats == [] and seat.architect_used
