"""The bots' position values: what a city will earn in the rounds left."""

from __future__ import annotations

from borough.games.smallcity import evaluation
from tests.games.smallcity.helpers import GAME, cell, citizen, put, start


def test_fill_concentrates_citizens_in_the_largest_home():
    # SC-66: three citizens in one home earn 1 + 2 + 3, not three lone votes
    assert evaluation.fill([3.0, 1.0, 1.0], 3) == 6
    assert evaluation.fill([1.0, 1.0, 1.0], 3) == 3
    # an upgrade still to make counts its share of the next citizen's votes
    assert evaluation.fill([1.5], 2) == 1 + 0.5 * 2


def test_a_park_is_worth_the_pollution_it_cancels():
    st = start(players=1, level="mayor")
    st.seats[0].money = 0
    home = put(st, 0, "res1", [cell("D1")])
    citizen(st, 0, st.seats[0].tiles[home].cells[0])
    without = evaluation.vote_estimate(GAME.tables, st, 0)
    put(st, 0, "park1", [cell("F1")])
    # SC-68: the Park cancels the citizen's point in every round left
    assert evaluation.vote_estimate(GAME.tables, st, 0) > without + 3


def test_council_columns_still_to_climb_count_until_the_last_rounds():
    st = start(players=1, level="mayor")
    early = evaluation.council_estimate(GAME.tables, st, 0)
    assert early > 0
    st.round = GAME.tables.rounds
    assert evaluation.council_estimate(GAME.tables, st, 0) < early


def test_a_cultural_building_beside_a_home_is_worth_more_than_one_far_off():
    # SC-31, SC-40: a School beside a home next to City Hall lets it grow to level 2
    # for free; the same School out of its reach does nothing for the plan
    values = []
    for school in ("D1", "H8"):
        st = start(players=1, level="mayor")
        home = put(st, 0, "res1", [cell("C1")])
        citizen(st, 0, st.seats[0].tiles[home].cells[0])
        put(st, 0, "school", [cell(school)])
        values.append(evaluation.vote_estimate(GAME.tables, st, 0))
    assert values[0] > values[1] + 1


def test_plan_progress_counts_influence_on_homes_culture_and_doors():
    st = start(players=1, level="mayor")
    left = evaluation.rounds_ahead(GAME.tables, st)
    bare = evaluation.plan_progress(GAME.tables, st, 0, left)
    put(st, 0, "res1", [cell("C1")])  # beside City Hall on A1 (SC-31)
    with_home = evaluation.plan_progress(GAME.tables, st, 0, left)
    assert with_home > bare
    put(st, 0, "school", [cell("D1")])  # a second Cultural building beside it
    with_school = evaluation.plan_progress(GAME.tables, st, 0, left)
    assert with_school > with_home
    put(st, 0, "fac1", [cell("H8")])  # SC-62: an empty Factory space draws citizens
    with_factory = evaluation.plan_progress(GAME.tables, st, 0, left)
    assert with_factory > with_school
    st.seats[0].career = 0  # ... only while the Career Center has any
    assert evaluation.plan_progress(GAME.tables, st, 0, left) == with_school
    # none of it pays back in the last round
    assert evaluation.plan_progress(GAME.tables, st, 0, 1) == 0
