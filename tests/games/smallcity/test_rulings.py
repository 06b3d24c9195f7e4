"""Rulings on the book's words: each player's own board side, who may staff a station,
elimination at 100%, and the readings the book leaves open (SC-46, SC-50, SC-58,
SC-69, SC-70, SC-83, SC-A2, SC-A8, SC-S2, SC-S5, SC-S6)."""

from __future__ import annotations

from borough.games.smallcity import citizens, pollution, scoring
from borough.games.smallcity.phases import actions, moving, visit
from borough.games.smallcity.terms import SIDES
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
    start,
    texts,
    town,
)
from tests.games.smallcity.test_build import board
from tests.games.smallcity.test_round_end import council_turn


# --------------------------------------------------- SC-46: each their own side
def test_sc46_each_player_chooses_their_own_borough_side():
    # Rules SC-46, SC-42: "Choose whether to play the easy or expert side of your
    # Borough board ... the other players are welcome to play on the expert side."
    st = GAME.setup(2, 3, {"side": "choose"})
    first, second = st.order
    assert st.step == "side" and GAME.to_act(st) == (first,)
    assert legal(st) == [("side", 0), ("side", 1)]
    assert "6x6" in GAME.describe(("side", SIDES.index("expert")))
    act(st, ("side", SIDES.index("expert")), first)
    act(st, ("side", SIDES.index("easy")), second)
    assert st.step == "hall" and st.current == first
    assert GAME.tables.zone(st.seats[first], 0) == 6 and GAME.tables.zone(st.seats[second], 0) == 7
    seats = GAME.observe(st, second)["seats"]
    assert seats[first]["side"] == "expert" and seats[first]["zone_size"] == 6
    assert seats[second]["side"] == "easy" and seats[second]["zone_size"] == 7
    # the expert board's City Hall must fit the 6x6 zone
    assert ("place", 0, cell("F6")) not in legal(st)
    assert ("place", 0, cell("E5")) in legal(st)


def test_sc46_the_table_default_gives_every_seat_its_side_without_asking():
    # Rules SC-46.
    for side in SIDES:
        st = GAME.setup(3, 1, {"side": side})
        assert st.step == "hall"
        assert {s.side for s in st.seats} == {side}


# --------------------------------------------- SC-50: staffing from the borough
def test_sc50_a_tourist_coming_home_never_staffs_a_station():
    # Rules SC-50, SC-59: a station is staffed "by moving one Citizen from your
    # Borough (but neither from City Hall nor the Career Center)".
    st = town(2)
    put(st, 0, "police", cells("E5", "E6"))
    put(st, 0, "fire", cells("G5", "G6", "G7"))
    put(st, 0, "park1", cells("C8"))
    put(st, 1, "park1", cells("E5"))
    citizen(st, 1, cell("E5"), owner=0)  # seat 0's tourist must move on
    begin(moving.start_move, st, [])
    act(st, ("pick", 1, cell("E5")), 0)
    dest = legal(st, 0)
    assert ("to", 0, cell("C8")) in dest
    assert not any(a[1] == 0 and a[2] in cells("E5", "E6", "G5", "G6", "G7") for a in dest)
    assert not GAME.is_legal(st, 0, ("to", 0, cell("E5")))
    assert "Now you must" in GAME.explain(st, 0, ("to", 0, cell("E5")))


def test_sc50_a_citizen_at_home_may_staff_the_station_but_city_hall_cannot():
    # Rules SC-50, SC-61: a citizen already in the borough may move onto the
    # Police Station; City Hall only ever fills empty Level-1 homes.
    st = town(2)
    put(st, 0, "police", cells("E5", "E6"))
    put(st, 0, "park1", cells("C8"))
    citizen(st, 0, cell("C8"))
    assert cell("E5") not in citizens.empty_homes(GAME.tables, st, 0)
    begin(moving.start_move, st, [])
    act(st, ("pick", 0, cell("C8")), 0)
    assert ("to", 0, cell("E5")) in legal(st, 0)


# ------------------------------------------------------------ SC-69: elimination
def test_sc69_an_eliminated_player_never_wins():
    # Rules SC-69: "you immediately lose the game".
    st = town(2)
    st.seats[0].votes, st.seats[0].eliminated = 90, True
    assert GAME.result(st).winners == [1]


def test_sc69_when_everyone_is_eliminated_nobody_wins():
    # Rules SC-69.
    st = town(3)
    for seat in st.seats:
        seat.eliminated = True
    st.seats[2].votes = 40
    res = GAME.result(st)
    assert res.winners == [] and res.detail["everyone_loses"] is True
    events = []
    begin(visit.end_game, st, events)
    assert "Nobody wins" in texts(events)[-1]


def test_sc69_scs5_an_eliminated_solo_player_is_not_rated():
    # Rules SC-S5, SC-69, SC-S6: "You still lose the game immediately if your
    # pollution reaches 100%."
    st = start(1, 5)
    st.seats[0].votes = 200
    st.seats[0].eliminated = True
    res = GAME.result(st)
    assert res.winners == [] and res.detail["rating"] is None
    assert res.detail["everyone_loses"] is True
    st.seats[0].eliminated = False
    assert GAME.result(st).winners == [0] and GAME.result(st).detail["rating"]


def test_sc69_sc39_a_seat_eliminated_while_building_lets_the_others_finish():
    # Rules SC-69, SC-39, SC-25: the last seat still building was the eliminated one.
    st = board()
    act(st, ("done",), 1)
    put(st, 0, "park2", cells("E5", "E6"))
    st.seats[0].pollution = 99
    events = act(st, ("demolish", cell("E5")), 0)
    assert st.seats[0].eliminated and st.phase != "build"
    assert any("reaches 101%" in t for t in texts(events))


# ------------------------------------------------ decided readings, with ids
def test_sc58_the_metro_limit_stays_after_the_metro_is_demolished():
    # Rules SC-58: "As soon as you build a Metro Station, you may have 2 Citizens
    # in each opponent's Borough" (our reading: it is not taken back).
    st = board()
    put(st, 0, "metro", cells("E1", "E2", "E3", "F2"))
    assert citizens.limit(GAME.tables, st, 0) == 2
    act(st, ("demolish", cell("E1")), 0)
    assert st.seats[0].tiles[-1] is None and citizens.limit(GAME.tables, st, 0) == 2
    assert citizens.limit(GAME.tables, st, 1) == 1


def test_sc70_a_seat_eliminated_this_round_triggers_no_deaths():
    # Rules SC-70, SC-71, SC-69.
    st = town(3)
    put(st, 0, "com1", cells("E5"))
    citizen(st, 0, cell("E5"))
    st.seats[0].pollution = 99
    for s in (1, 2):
        st.seats[s].pollution = 3
    pollution.measure(GAME.tables, st, [])
    assert st.seats[0].eliminated and st.seats[0].pollution >= 100
    assert pollution.killers(GAME.tables, st) == []
    st.seats[1].pollution = 10
    assert pollution.killers(GAME.tables, st) == [1]  # tied on 0 generated: higher total


def test_sc83_a_column_four_factory_takes_no_warehouse():
    # Rules SC-83, SC-34: column 4 waives every criterion, the Warehouse too.
    st = council_turn()
    seat = st.seats[0]
    seat.disc_row, seat.disc_col, seat.money = [1, -1], [3, 0], 10
    stack = st.supply[KEY["warehouse"]]
    act(st, ("advance", 0, "money"))
    act(st, ("tile", KEY["fac3"], 0))
    act(st, legal(st)[0])
    assert st.step != "warehouse" and st.supply[KEY["warehouse"]] == stack
    assert not any(t is not None and GAME.types[t.type].key == "warehouse" for t in seat.tiles)


def test_scs6_the_label_below_the_lowest_rating_is_data():
    # Rules SC-S6: the book's table starts at 50.
    assert GAME.content.solo["below_lowest"] == "below Homestead"
    assert scoring.rating(GAME.tables, 49) == "below Homestead"
    assert scoring.rating(GAME.tables, 50) == "Homestead"


# ----------------------------------------------------------- designed rules as data
def test_sca2_sca8_the_cards_a_victory_removes_are_named_in_the_data():
    # Rules SC-A2, SC-A8: "#14 in the Economic victory", "#16 in the Cultural
    # victory", "Promise #11 is removed" in the Citizens victory.
    out = {p.number: p.excluded_in for p in GAME.content.promises if p.excluded_in}
    special = {p.number: p.excluded_in for p in GAME.content.specials if p.excluded_in}
    assert out == {11: ("citizens",)}
    assert special == {14: ("economic",), 16: ("cultural",)}
    for mode, gone, kept in (("economic", 14, 16), ("cultural", 16, 14)):
        st = start(2, 1, mode=mode)
        assert gone not in st.special_deck and kept in st.special_deck
    st = start(2, 1, mode="citizens")
    dealt = [n for d in st.decks for n in d] + [n for s in st.seats for n in s.offered]
    assert 11 not in dealt and len(set(dealt)) == 15


def test_scs2_the_solo_card_prices_are_data():
    # Rules SC-S2: "The two cards beside the Mayor are free, but to skip to the card
    # opposite the Mayor, you must pay $2."
    assert GAME.content.solo_costs == {1: 0, 2: 2, 3: 0}
    st = start(1, 2)
    st.seats[0].money = 1
    while st.step != "card":
        act(st, legal(st)[0])
    st.seats[0].money = 1
    assert legal(st) == [("card", 1), ("card", 3)]
    assert actions.card_cost(GAME.tables, st, 2) == 2
