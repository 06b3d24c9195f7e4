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
    without = evaluation.vote_estimate(GAME, st, 0)
    put(st, 0, "park1", [cell("F1")])
    # SC-68: the Park cancels the citizen's point in every round left
    assert evaluation.vote_estimate(GAME, st, 0) > without + 3


def test_council_columns_still_to_climb_count_until_the_last_rounds():
    st = start(players=1, level="mayor")
    early = evaluation.council_estimate(GAME, st, 0)
    assert early > 0
    st.round = GAME.rounds
    assert evaluation.council_estimate(GAME, st, 0) < early
