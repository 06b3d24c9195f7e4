"""The rulebook's worked examples, each replayed as the summary tells it."""

from __future__ import annotations

from cc_helpers import GAME, act, bid, clear_city, give, new, pid, put, reach, run_until

from borough.core import frames
from borough.core.frames import Frame
from borough.games.citycouncil import city, council, favors
from borough.games.citycouncil.state import (
    FAVOR,
    PENDING,
    PRODUCE,
    PROPOSE,
    Proposal,
)

C = GAME.content


def test_example_selling_a_one_dollar_building_brings_nothing():
    """CC-35 example: "If a building costs $1 then will get no money for this sale"."""
    s = run_until(new(5, seed=2), PROPOSE, prefer=("decline",))
    clear_city(s)
    s.budget = 6
    kiosk = put(s, "Kiosk", ["A6"])
    assert GAME.buildings[kiosk].cost == 1
    s.proposals.append(Proposal(0, "sell", kiosk, -1, [1], [], PENDING))
    council.execute(C, s, 0, [])
    assert s.budget == 6 and s.site_of[kiosk] == -1


def test_example_activate_three_small_buildings_counts_anyones_activations():
    """CC-54 example: "activate 3 small buildings" scores if anyone activated three."""
    s = reach(new(4, seed=3), PRODUCE, 2)
    scorer = 1
    frames.push(s.frames, Frame(FAVOR, scorer))  # a Favor chance interrupts production
    s.act_log, s.activated = [], [0] * len(s.activated)
    cid = give(s, scorer, "Corner Economy")
    # three small buildings were activated this round by other members
    for name in ("Cottage", "Corner Shop", "Workshop"):
        s.activated[bid(name)] = 1
        s.act_log.append(bid(name))
    assert favors.condition(C, s, GAME.cards[cid])
    before = s.scores[scorer]
    act(s, ("score", cid))
    assert s.scores[scorer] == before + GAME.cards[cid].value  # its points (CC-C3)


def test_example_a_medium_building_over_two_areas_of_its_category_pays_nothing_extra():
    """CC-31 example: a medium building overlapping another area of the same category."""
    s = new(4)
    clear_city(s)
    rows = bid("Row Houses")
    assert city.build_cost(C, s, rows, pid(["C2", "D2"])) == GAME.buildings[rows].cost


def test_example_each_block_outside_the_zone_costs_one_dollar():
    """CC-30 example: an additional $1 per building block not in the designated zone."""
    s = new(4)
    clear_city(s)
    estate = bid("Housing Estate")  # large residential: 4 blocks
    # A5 and B5 are grey (free), A6 and B6 commercial (+$2)
    assert city.build_cost(C, s, estate, pid(["A5", "A6", "B5", "B6"])) == 6 + 2
    assert city.build_cost(C, s, estate, pid(["A6", "A7", "B6", "B7"])) == 6 + 4


def test_example_deal_two_cards_to_each_union_keeps_both():
    """CC-15 example: "deal 2 cards to each"; the Union chair keeps both."""
    s = run_until(new(5, seed=8), "keep", prefer=("decline",))
    union = council.holder(s, 3)
    assert len(s.hands[union]) == 4
    others = [m for m in range(5) if m != union]
    assert all(len(s.hands[m]) + len(s.dealt[m]) == 4 for m in others)
