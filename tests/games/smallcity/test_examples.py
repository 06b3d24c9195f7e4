"""The worked examples of the rulebook, replayed as the book tells them."""

from __future__ import annotations

from borough.games.smallcity import build, pollution, scoring
from borough.games.smallcity.geometry import NB8, influencers
from tests.games.smallcity.helpers import GAME, KEY, act, cell, cells, citizen, legal, put
from tests.games.smallcity.test_build import board


def test_example_four_small_homes_do_not_merge():
    # Rules SC-31, SC-66: four Level-1 zones give 4 votes, one Level-4 zone 10.
    st = board()
    for c in cells("E1", "E2", "F1", "F2"):
        put(st, 0, "res1", [c])
        citizen(st, 0, c)
    assert pollution.votes_of(GAME.tables, st, 0) == 4
    st2 = board()
    put(st2, 0, "res4", cells("E1", "E2", "E3", "F1"))
    for c in cells("E1", "E2", "E3", "F1"):
        citizen(st2, 0, c)
    assert pollution.votes_of(GAME.tables, st2, 0) == 10


def test_example_factories_grow_with_refinery_and_harbor():
    # Rules SC-33, SC-40: two Level-1 Factories, each influenced by the Refinery,
    # grow to Level 2; both are then influenced by the Refinery and the Harbor,
    # but only one has room to grow to Level 3.
    st = board()
    put(st, 0, "refinery", cells("E4"))
    put(st, 0, "harbor", cells("D6", "D7", "E6", "E7"), [1, 1, 0, 0])
    a = put(st, 0, "fac1", cells("F4"), [0])  # wood
    b = put(st, 0, "fac1", cells("D4"), [1])  # stone
    act(st, ("upgrade", cell("F4")))
    act(st, ("extend", cell("F5"), 1))  # wood + stone
    act(st, ("upgrade", cell("D4")))
    act(st, ("extend", cell("D5"), 2))  # stone + metal
    for index in (a, b):
        around = {GAME.types[st.seats[0].tiles[j].type].family  # type: ignore[union-attr]
                  for j in influencers(GAME.content, st.seats[0], index)}
        assert {"refinery", "harbor"} <= around
    put(st, 0, "park1", cells("C4"))  # the only space where B could take its wood
    assert ("extend", cell("F6"), 0) in build.upgrade_extensions(GAME.tables, st, 0, a)
    assert build.upgrade_extensions(GAME.tables, st, 0, b) == []


def test_example_police_station_guards_ten_spaces():
    # Rules SC-51, SC-60: the staffed Police Station's influence is the 10 spaces
    # around its 2 spaces.
    around = set(NB8[cell("E5")]) | set(NB8[cell("E6")])
    around -= set(cells("E5", "E6"))
    assert len(around) == 10


def test_example_council_column_four_builds_without_criteria():
    # Rule SC-83: a Level-3 Factory with no Harbor, or a Level-3 home with no
    # Cultural building, but never a home beside Industry.
    from tests.games.smallcity.test_round_end import council_turn

    st = council_turn()
    seat = st.seats[0]
    seat.disc_row, seat.disc_col, seat.money = [1, -1], [3, 0], 10
    put(st, 0, "refinery", cells("F2"))
    act(st, ("advance", 0, "money"))
    act(st, ("tile", KEY["res3"], 0))
    spots = [a[2] for a in legal(st)]
    assert cell("E5") in spots and cell("F3") not in spots and cell("E1") not in spots


def test_example_economic_revenue_metro_and_big_home():
    # Rule SC-A6: a Metro Station (4 spaces) brings $16, a Level-5 home $25.
    st = board()
    base = scoring.revenue(GAME.tables, st, 0)
    put(st, 0, "metro", cells("E1", "E2", "E3", "F2"))
    assert scoring.revenue(GAME.tables, st, 0) - base == 16
    put(st, 0, "res5", cells("C4", "C5", "D4", "D5", "E4"))
    assert scoring.revenue(GAME.tables, st, 0) - base == 16 + 25
