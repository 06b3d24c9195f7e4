"""Final scoring (SC-88 to SC-90), the advanced game (SC-A1 to SC-A11) and solo
(SC-S1 to SC-S6)."""

from __future__ import annotations

import random

from borough.games.smallcity import pollution, scoring
from borough.games.smallcity.phases import actions, influence, visit
from tests.games.smallcity.helpers import (
    GAME,
    KEY,
    act,
    begin,
    cell,
    cells,
    citizen,
    clear_board,
    legal,
    put,
    start,
)


def ended(players: int = 2, **options: str):
    st = start(players, **options)
    for s in range(players):
        clear_board(st, s)
        st.seats[s].built = []
        put(st, s, "city_hall", cells("A1", "A2", "B1", "B2"))
    st.order = list(range(players))
    return st


def test_sc88_sc89_promises_then_pollution():
    # Rules SC-88, SC-89.
    st = ended()
    seat = st.seats[0]
    seat.promise = 2  # easy: finish with at least $3
    seat.money, seat.votes, seat.pollution = 3, 30, 7
    rows = scoring.final(GAME.tables, st)["rows"]
    assert rows[0]["promise_kept"] and rows[0]["score"] == 30 + 6 - 7
    seat.money = 2
    assert scoring.final(GAME.tables, st)["rows"][0]["score"] == 30 - 3 - 7
    seat.promise = 12  # difficult: a home of level 2 or more
    assert scoring.final(GAME.tables, st)["rows"][0]["promise_delta"] == -12
    put(st, 0, "res5", cells("E1", "E2", "F1", "F2", "G1"))
    assert scoring.final(GAME.tables, st)["rows"][0]["promise_delta"] == 18
    seat.promise = 9  # medium: a Museum
    assert scoring.final(GAME.tables, st)["rows"][0]["promise_delta"] == -6
    put(st, 0, "museum", cells("E5", "E6", "E7"))
    assert scoring.final(GAME.tables, st)["rows"][0]["promise_delta"] == 12


def test_sc90_ties_pollution_then_money():
    # Rules SC-90.
    st = ended()
    for s in (0, 1):
        st.seats[s].promise = 2
        st.seats[s].money, st.seats[s].votes, st.seats[s].pollution = 10, 20, 5
    st.seats[1].money = 11
    assert GAME.result(st).winners == [1]
    st.seats[1].votes, st.seats[1].pollution = 19, 4
    assert GAME.result(st).winners == [1]
    st.seats[0].money = 11
    st.seats[0].pollution = 4
    st.seats[0].votes = 19
    assert GAME.result(st).winners == [0, 1]


def test_sca1_advanced_uses_expert_council_and_sca2_special_deck():
    # Rules SC-A1, SC-A2.
    st = GAME.setup(2, 1, {"mode": "votes"})
    assert st.council_side == "expert" and len(st.special_deck) == 16
    assert GAME.content.council["expert"]["source"] == "design"
    assert 14 not in GAME.setup(2, 1, {"mode": "economic"}).special_deck
    assert 16 not in GAME.setup(2, 1, {"mode": "cultural"}).special_deck
    assert GAME.setup(2, 1, {"mode": "basic"}).special_deck == []
    assert GAME.setup(2, 1, {"council": "expert"}).council_side == "expert"


def test_sca3_special_promise_as_payment_draws_five_minus_column():
    # Rules SC-A3.
    st = ended(mode="votes")
    begin(influence.start_council, st, [])
    seat = st.seats[0]
    seat.money = seat.votes = 0
    assert ("enter", 0, 2, "promise") in legal(st)
    act(st, ("enter", 0, 2, "promise"))
    assert st.step == "keep" and len(st.draw) == 4
    assert GAME.observe(st, 1)["draw"] == 4 and GAME.observe(st, 0)["draw"] == st.draw
    drawn = st.draw[:]
    act(st, ("keep", 1))
    assert seat.specials == [drawn[1]] and st.special_deck[-3:] == [drawn[0], *drawn[2:]]
    st2 = ended(mode="votes")
    begin(influence.start_council, st2, [])
    st2.seats[0].disc_row, st2.seats[0].disc_col = [2, -1], [3, 0]
    act(st2, ("advance", 0, "promise"))
    assert st2.step == "keep" and len(st2.draw) == 1  # column 4: stuck with one card


def test_sca4_special_promise_zero_or_minus_five_and_only_player():
    # Rules SC-A4.
    st = ended(mode="votes")
    st.seats[0].specials = [5]  # be the only player with a Refinery
    st.seats[0].votes = 10
    base = scoring.final(GAME.tables, st)["rows"][0]
    assert base["specials_kept"] == [False]
    assert base["score"] == 10 + base["promise_delta"] - 5
    put(st, 0, "refinery", cells("E5"))
    kept = scoring.final(GAME.tables, st)["rows"][0]
    assert kept["specials_kept"] == [True] and kept["score"] == base["score"] + 5
    put(st, 1, "refinery", cells("E5"))
    assert scoring.final(GAME.tables, st)["rows"][0]["specials_kept"] == [False]


def test_sca5_votes_mode_scores_like_the_basic_game():
    # Rules SC-A5.
    st = ended(mode="votes")
    st.seats[0].votes, st.seats[0].pollution, st.seats[0].promise = 20, 3, 2
    st.seats[0].money = 9
    assert scoring.final(GAME.tables, st)["rows"][0]["score"] == 20 + 6 - 3


def test_sca6_sca7_economic_revenue_and_score():
    # Rules SC-A6, SC-A7.
    st = ended(mode="economic")
    put(st, 0, "res3", cells("E1", "E2", "E3"))
    put(st, 0, "metro", cells("C4", "C5", "C6", "D5"))
    assert scoring.revenue(GAME.tables, st, 0) == 16 + 9 + 16  # City Hall counts
    st.round = 8
    st.seats[0].money, st.seats[0].promise = 2, 2
    begin(visit.visit, st, [])
    row = GAME.result(st).detail["rows"][0]
    assert row["score"] == 2 + 41 - 3


def test_sca8_sca9_citizens_mode_setup_and_running_total():
    # Rules SC-A8, SC-A9.
    st = GAME.setup(2, 3, {"mode": "citizens"})
    assert st.seats[0].career == 19 and st.seats[0].reserve == 0
    assert 11 not in [n for d in st.decks for n in d] + [
        n for s in st.seats for n in s.offered]
    st = ended(mode="citizens")
    put(st, 0, "park1", cells("E1"))
    citizen(st, 0, cell("E1"))
    put(st, 1, "park1", cells("E1"))
    citizen(st, 1, cell("E1"), owner=0)
    begin(visit.visit, st, [])
    assert st.seats[0].in_play_total == 2
    begin(influence.start_council, st, [])
    seat = st.seats[st.current]
    career = seat.career
    seat.disc_row, seat.disc_col, seat.money = [3, -1], [2, 0], 10
    seat.hall_citizens = 0
    act(st, ("advance", 0, "money"))
    assert seat.career == career - 1 and seat.hall_citizens == 1  # expert side: 1 citizen


def test_sca10_sca11_cultural_mode():
    # Rules SC-A10, SC-A11.
    st = ended(4, mode="cultural")
    from borough.games.smallcity.stacks import available

    st.supply[KEY["metro"]] = 0
    assert available(st, 0, GAME.types[KEY["metro"]])
    put(st, 1, "university", cells("C4", "C5", "C6", "D4", "D5", "D6"))
    rows = GAME.result(st).detail["rows"]
    assert rows[1]["score"] == 10 and rows[0]["score"] == 4
    assert GAME.result(st).winners == [1]


def test_scs1_solo_setup():
    # Rules SC-S1.
    st = GAME.setup(1, 5, {"level": "president"})
    assert st.seats[0].money == 4 and st.level == 4
    assert all(st.supply[KEY[k]] == 1 for k in ("metro", "clinic", "university", "police"))


def test_scs2_solo_cards_by_odd_and_even_round():
    # Rules SC-S2.
    st = start(1, 5)
    assert st.step == "card" and st.taken[0] == -2
    first = st.circle[:4]
    rest = st.circle[4:]
    assert [a[1] for a in legal(st)] == [1, 2, 3]
    st.seats[0].money = 1
    assert [a[1] for a in legal(st)] == [1, 3]  # the opposite card costs $2
    views = {tuple(GAME.determinize(st, 0, random.Random(i)).circle) for i in range(12)}
    assert {v[:4] for v in views} == {tuple(first)}  # the face-up four are known
    assert len({v[4:] for v in views}) > 1  # next round's four are face down
    assert GAME.observe(st, 0)["circle"][4:] == [-1] * 4
    st.round = 2
    begin(actions.start_cards, st, [])
    assert st.circle[:4] == rest and st.circle[4:] == first


def test_scs3_solo_has_no_mayor_street_and_no_tourists():
    # Rules SC-S3.
    from borough.games.smallcity.citizens import neighbours

    st = start(1, 5)
    assert st.mayor == -1 and neighbours(st, 0) == []


def test_scs4_solo_deaths_by_difficulty():
    # Rules SC-S4.
    st = start(1, 5)
    expected = {0: [0, 0, 0], 1: [0, 0, 1], 2: [0, 1, 1], 3: [1, 1, 1], 4: [1, 3, 6]}
    for level, counts in expected.items():
        st.level = level
        got = []
        for gen in (1, 3, 6):
            st.seats[0].generated = gen
            got.append(pollution.solo_deaths(GAME.tables, st))
        assert got == counts, level


def test_scs5_solo_still_loses_at_hundred():
    # Rules SC-S5.
    st = start(1, 5)
    st.seats[0].pollution = 100
    st.order = [0]
    pollution.measure(GAME.tables, st, [])
    assert st.seats[0].eliminated


def test_scs6_solo_rating_table():
    # Rules SC-S6.
    assert [scoring.rating(GAME.tables, x) for x in (49, 50, 69, 119, 120, 149, 150, 400)] == [
        "below Homestead", "Homestead", "Hamlet", "City", "Metropolis", "Capital",
        "Megalopolis", "Megalopolis",
    ]
    st = start(1, 5)
    st.seats[0].votes = 75
    st.seats[0].promise = 2
    st.seats[0].money = 0
    assert GAME.result(st).detail["rating"] == "Village"


def test_solo_full_game_with_kills_reaches_a_rating():
    rng = random.Random(4)
    st = GAME.setup(1, 4, {"level": "president"})
    while not GAME.is_over(st):
        s = GAME.to_act(st)[0]
        acts = GAME.legal_actions(st, s)
        busy = [a for a in acts if a[0] not in ("done", "pass", "skip")]
        GAME.apply(st, s, rng.choice(busy or acts))
    assert "rating" in GAME.result(st).detail
