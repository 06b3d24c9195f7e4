"""The council meeting: proposals, votes, counting, execution and costs."""

from __future__ import annotations

import pytest
from cc_helpers import GAME, act, bid, clear_city, new, pid, put, run_until

from borough.core.errors import IllegalAction
from borough.games.citycouncil import city, council, flow
from borough.games.citycouncil.state import (
    DONE,
    DROPPED,
    ELECTION,
    EXEC_VOTE,
    EXECUTE,
    EXECUTIVE,
    PENDING,
    PROPOSE,
    SITE,
    TRANSPORT,
    VOTE,
    Proposal,
    seat_now,
    step_now,
)

C = GAME.content


def at_council(players: int = 5, seed: int = 2):
    return run_until(new(players, seed=seed), PROPOSE, prefer=("decline",))


def plan(s, member, kind, name, cells=None, votes=0, funds=()):
    p = Proposal(member, kind, bid(name), pid(cells) if cells else -1, [9] * votes,
                 list(funds), PENDING)
    s.proposals.append(p)
    return len(s.proposals) - 1


def test_cc_20_transport_makes_two_proposals_then_turn_order():
    """CC-20: one proposal each in turn order, two for the Transport chair."""
    s = at_council(5)
    transport = council.holder(s, TRANSPORT)
    assert seat_now(s) == transport
    order = []
    while step_now(s) in (PROPOSE, SITE):
        if step_now(s) == PROPOSE:
            order.append(seat_now(s))
            act(s, ("no_proposal",))
        else:
            act(s, GAME.legal_actions(s, seat_now(s))[0])
    assert order == [transport, *council.turn_order(s)]


def test_cc_21_construct_needs_a_budget_that_can_pay():
    """CC-21: only face-up buildings the budget can pay for (with surcharge) are offered."""
    s = at_council(5)
    s.budget = 2
    offered = {a[1] for a in GAME.legal_actions(s, seat_now(s)) if a[0] == "construct"}
    assert offered == {b for b in s.display if GAME.buildings[b].cost <= 2}
    expensive = max(s.display, key=lambda b: GAME.buildings[b].cost)
    with pytest.raises(IllegalAction, match="cannot pay"):
        act(s, ("construct", expensive))
    s.budget = 30
    cheap = min(s.display, key=lambda b: GAME.buildings[b].cost)
    act(s, ("construct", cheap))
    assert step_now(s) == SITE
    sites = GAME.legal_actions(s, seat_now(s))
    assert all(0 <= city.build_cost(C, s, cheap, a[1]) <= 30 for a in sites)
    act(s, sites[0])
    # the same building cannot carry a second proposal
    assert ("construct", cheap) not in GAME.legal_actions(s, seat_now(s))


def test_cc_22_relocate_needs_a_marker_and_a_tile_in_the_city():
    """CC-22: a relocate marker on a tile in the city, with an affordable new site."""
    s = at_council(5)
    clear_city(s)
    put(s, "Cottage", ["A1"])
    acts = GAME.legal_actions(s, seat_now(s))
    assert ("relocate", bid("Cottage")) in acts
    assert not any(a[0] == "relocate" and a[1] != bid("Cottage") for a in acts)
    act(s, ("relocate", bid("Cottage")))
    assert s.relocates_left == 1
    sites = GAME.legal_actions(s, seat_now(s))
    assert ("site", pid(["A1"])) not in sites and ("site", pid(["A2"])) in sites
    act(s, ("site", pid(["A2"])))
    s.relocates_left = 0
    assert not any(a[0] == "relocate" for a in GAME.legal_actions(s, seat_now(s)))


def test_cc_23_sell_needs_a_marker_and_never_a_printed_building():
    """CC-23: a sell marker on a tile in the city; printed buildings are not for sale."""
    s = at_council(5)
    clear_city(s)
    put(s, "Kiosk", ["A6"])
    sells = [a for a in GAME.legal_actions(s, seat_now(s)) if a[0] == "sell"]
    assert sells == [("sell", bid("Kiosk"))]
    act(s, ("sell", bid("Kiosk")))
    assert s.sells_left == 1 and s.proposals[-1].kind == "sell"
    s.sells_left = 0
    assert not any(a[0] == "sell" for a in GAME.legal_actions(s, seat_now(s)))


def test_cc_24_delegates_go_on_someone_elses_plan():
    """CC-24: votes in turn order, never on one's own plan; abstain only without choice."""
    s = at_council(5)
    s.queue = []
    first = s.display[0]
    plan(s, 0, "construct", GAME.buildings[first].name, None)
    s.proposals[0].site = city.build_sites(C, s, first, 99)[0]
    assert council.vote_options(s, 0, second=False) == [("abstain",)]
    assert council.vote_options(s, 1, second=False) == [("vote", 0, 0)]
    s.funds[1] = 1
    assert council.vote_options(s, 1, second=False) == [("vote", 0, 0), ("vote", 0, 1)]


def test_cc_24_voting_runs_in_turn_order_and_refuses_own_plans():
    """CC-24: in play, the member whose plan it is cannot vote for it."""
    s = at_council(5, seed=7)
    while step_now(s) != VOTE:
        if step_now(s) == PROPOSE:
            acts = GAME.legal_actions(s, seat_now(s))
            act(s, next(a for a in acts if a[0] == "construct"))
        else:
            act(s, GAME.legal_actions(s, seat_now(s))[0])
    voter = seat_now(s)
    assert voter == council.turn_order(s)[0]
    own = next(i for i, p in enumerate(s.proposals) if p.member == voter)
    with pytest.raises(IllegalAction, match="someone else"):
        act(s, ("vote", own, 0))


def test_cc_25_private_funds_on_a_plan_carried_out_are_spent_on_it():
    """CC-25: funds on a plan carried out are spent on it ($1 each off the cost, the rest
    into the City Budget); funds on a plan not carried out go back to their owners."""
    s = at_council(5)
    clear_city(s)
    s.budget = 20
    cottage = bid("Cottage")
    if cottage not in s.display:
        s.display.append(cottage)
        for st in s.stacks:
            if cottage in st:
                st.remove(cottage)
    i = plan(s, 0, "construct", "Cottage", ["A1"], votes=1, funds=(1, 2, 3))
    events = []
    council.execute(C, s, i, events)
    # cost 2: two of the three dollars pay it, the third goes into the budget
    assert s.budget == 21 and s.funds == [0, 0, 0, 0, 0]
    assert s.proposals[i].status == DONE
    j = plan(s, 0, "sell", "Cottage", votes=0, funds=(4,))
    council.drop(s, j)
    assert s.funds[4] == 1 and s.proposals[j].status == DROPPED


def test_cc_25_money_on_a_sale_is_not_handed_back():
    """CC-25: money put on a plan is spent on it: a sale costs nothing, so the money is
    not a free tie-breaker that comes back; it goes into the City Budget."""
    s = at_council(5)
    clear_city(s)
    s.budget = 10
    put(s, "Kiosk", ["A6"])
    i = plan(s, 0, "sell", "Kiosk", votes=1, funds=(2,))
    events = []
    council.execute(C, s, i, events)
    gain = city.sale_value(C, bid("Kiosk"))
    assert s.funds[2] == 0 and s.budget == 10 + gain + 1
    assert "go into the City Budget" in events[-1].text


def test_cc_25_funds_break_vote_ties():
    """CC-25 and CC-27: equal votes are ranked by the funds on the plans."""
    s = at_council(5)
    a = plan(s, 0, "sell", "Kiosk", votes=2)
    b = plan(s, 1, "sell", "Bar", votes=2, funds=(3,))
    put(s, "Kiosk", ["A6"])
    put(s, "Bar", ["A7"])
    assert council.plan_key(s.proposals[b]) > council.plan_key(s.proposals[a])
    assert council.top_plans(C, s, []) == [b]


def test_cc_26_executive_second_delegate_comes_last_and_may_go_anywhere():
    """CC-26: after all votes the Executive chair places a second delegate, own plan allowed."""
    s = at_council(5, seed=9)
    exe = council.holder(s, EXECUTIVE)
    while step_now(s) != EXEC_VOTE:
        if step_now(s) == PROPOSE:
            acts = GAME.legal_actions(s, seat_now(s))
            act(s, next(a for a in acts if a[0] == "construct"))
        else:
            act(s, GAME.legal_actions(s, seat_now(s))[0])
    assert seat_now(s) == exe
    total = sum(len(p.voters) for p in s.proposals)
    assert total == 5
    own = [i for i, p in enumerate(s.proposals) if p.member == exe]
    assert ("vote", own[0], 0) in GAME.legal_actions(s, exe)
    act(s, ("vote", own[0], 0))
    assert sum(len(p.voters) for p in s.proposals) == 6


def test_cc_27_the_election_chair_breaks_remaining_ties():
    """CC-27 and CC-29: equal plans wait for the Election chair's choice of order."""
    s = at_council(5)
    clear_city(s)
    s.budget = 30
    put(s, "Kiosk", ["A6"])
    put(s, "Bar", ["A7"])
    put(s, "Pawnshop", ["A8"])
    plan(s, 0, "sell", "Kiosk", votes=1)
    plan(s, 1, "sell", "Bar", votes=1)
    plan(s, 2, "sell", "Pawnshop", votes=3)
    s.queue = []
    events = []
    flow.next_plan(GAME.content, s, events)
    assert s.proposals[2].status == DONE  # the clear winner goes first, by itself
    assert step_now(s) == EXECUTE and seat_now(s) == council.holder(s, ELECTION)
    assert GAME.legal_actions(s, seat_now(s)) == [("execute", 0), ("execute", 1)]
    act(s, ("execute", 1))
    assert s.proposals[1].status == DONE
    # three plans with 5 players (CC-28): the last one is carried out too
    assert s.executed == 3 and s.proposals[0].status == DONE


def test_cc_28_two_or_three_plans_are_carried_out():
    """CC-28: 2 plans with 2-3 players, 3 with 4-5."""
    for players, n in ((2, 2), (3, 2), (4, 3), (5, 3)):
        assert council.plans_to_execute(new(players)) == n
    s = at_council(3)
    clear_city(s)
    for k, name in enumerate(["Kiosk", "Bar", "Pawnshop"]):
        put(s, name, [f"A{6 + k}"])
        plan(s, k, "sell", name, votes=3 - k)
    s.queue = []
    flow.next_plan(GAME.content, s, [])
    assert [p.status for p in s.proposals] == [DONE, DONE, DROPPED]


def test_cc_29_plans_that_cannot_be_carried_out_are_skipped():
    """CC-29: a plan whose site was taken is skipped; the next plan takes its place."""
    s = at_council(3)
    clear_city(s)
    s.budget = 30
    for name in ("Cottage", "Garden Plot"):
        b = bid(name)
        for st in s.stacks:
            if b in st:
                st.remove(b)
        if b not in s.display:
            s.display.append(b)
    put(s, "Kiosk", ["A6"])
    plan(s, 0, "construct", "Cottage", ["A1"], votes=3)
    plan(s, 1, "construct", "Garden Plot", ["A1"], votes=2)  # same block
    plan(s, 2, "sell", "Kiosk", votes=0)  # no votes, still carried out
    s.queue = []
    events = []
    flow.next_plan(GAME.content, s, events)
    assert [p.status for p in s.proposals] == [DONE, DROPPED, DONE]
    assert any("skipped" in e.text for e in events)


def test_cc_30_cost_plus_one_per_block_outside_the_zone():
    """CC-30: printed cost plus $1 for each block outside the building's zone."""
    s = new(4)
    clear_city(s)
    cottage, shop = bid("Cottage"), bid("Corner Shop")
    assert city.build_cost(C, s, cottage, pid(["A1"])) == 2  # residential block
    assert city.build_cost(C, s, cottage, pid(["A6"])) == 3  # commercial block
    assert city.build_cost(C, s, shop, pid(["A1"])) == 3
    assert city.build_cost(C, s, shop, pid(["A6"])) == 2
    mall = bid("Strip Mall")  # an L-shaped commercial building
    assert city.build_cost(C, s, mall, pid(["A5", "A6", "B6"])) == 5  # grey + commercial
    assert city.build_cost(C, s, mall, pid(["A4", "A5", "B4"])) == 7  # two residential
    assert city.build_cost(C, s, mall, pid(["A1", "A2"])) == -1  # a medium footprint


def test_cc_31_grey_and_same_category_blocks_are_free():
    """CC-31: grey blocks and blocks of another neighbourhood of the same zone cost nothing."""
    s = new(4)
    clear_city(s)
    rows = bid("Row Houses")
    assert city.build_cost(C, s, rows, pid(["C1", "D1"])) == 4  # R1 and R2
    assert city.build_cost(C, s, rows, pid(["A4", "A5"])) == 4  # R1 and grey
    assert city.build_cost(C, s, rows, pid(["A5", "A6"])) == 5  # grey and commercial
    market = bid("Supermarket")
    assert city.build_cost(C, s, market, pid(["B9", "C9"])) == 4  # C1 and C2


def test_cc_32_safety_buildings_pay_no_surcharge():
    """CC-32: a safety building costs its printed cost in every zone."""
    s = new(4)
    clear_city(s)
    post = bid("Police Post")
    costs = {city.build_cost(C, s, post, pid([cell])) for cell in ("A1", "A6", "E6", "E4")}
    assert costs == {3}


def test_cc_33_upgrade_pays_the_difference_and_discards_the_old_tile():
    """CC-33: an upgrade over its base costs the difference; the old tile is discarded."""
    s = at_council(5)
    clear_city(s)
    s.budget = 10
    cottage = put(s, "Cottage", ["A1"])
    town = bid("Townhouse")
    assert city.build_cost(C, s, town, pid(["A1"])) == 1
    assert city.build_cost(C, s, town, pid(["A2"])) == 3  # also fine on an empty site
    assert city.build_cost(C, s, bid("Bar"), pid(["A1"])) == -1  # not its upgrade
    for st in s.stacks:
        if town in st:
            st.remove(town)
    if town not in s.display:
        s.display.append(town)
    i = plan(s, 0, "construct", "Townhouse", ["A1"], votes=1)
    council.execute(C, s, i, [])
    assert s.budget == 9 and s.site_of[town] == pid(["A1"])
    assert s.site_of[cottage] == -1 and cottage in s.gone


def test_cc_33_printed_buildings_are_covered_by_their_upgrade():
    """CC-33: the Gas Power Plant covers the printed Power Station for the difference."""
    s = new(4, "basic")
    station = bid("Power Station")
    gas = bid("Gas Power Plant")
    assert city.build_cost(C, s, gas, s.site_of[station]) == 1
    city.place(s, C, gas, s.site_of[station])
    assert s.site_of[station] == -1 and station not in s.gone


def test_cc_34_relocation_costs_per_block_outside_the_zone():
    """CC-34: moving pays $1 per block outside the zone; centre tiles do not move."""
    s = new(4)
    clear_city(s)
    cottage = put(s, "Cottage", ["A1"])
    assert city.move_cost(C, s, cottage, pid(["A2"])) == 0
    assert city.move_cost(C, s, cottage, pid(["A6"])) == 1
    assert city.move_cost(C, s, cottage, pid(["A1"])) == -1  # it is already there
    rows = put(s, "Row Houses", ["A2", "A3"])
    assert city.move_cost(C, s, rows, pid(["A3", "A4"])) == 0  # may overlap its own block
    assert city.move_cost(C, s, rows, pid(["A1", "A2"])) == -1  # the Cottage is there
    assert not city.movable(C, s, bid("Airport Terminal"))
    assert city.movable(C, s, cottage)


def test_cc_35_selling_gives_cost_less_one():
    """CC-35: the budget gets cost - 1; a $1 building brings nothing."""
    assert city.sale_value(C, bid("Kiosk")) == 0
    assert city.sale_value(C, bid("Steel Mill")) == 5
    s = at_council(5)
    clear_city(s)
    s.budget = 5
    mill = put(s, "Steel Mill", ["E6", "E7", "F6", "F7"])
    i = plan(s, 0, "sell", "Steel Mill", votes=1)
    council.execute(C, s, i, [])
    assert s.budget == 10 and s.site_of[mill] == -1 and mill in s.gone


def test_cc_36_centre_blocks_take_no_new_building():
    """CC-36: the centre holds the printed buildings; only upgrades go there."""
    s = new(4, "basic")
    clear_city(s)
    for cell in ("C3", "C5", "D6"):
        assert city.build_cost(C, s, bid("Cottage"), pid([cell])) == -1
    assert all(not GAME.board.buildable[p] for p in GAME.board.by_shape[0]
               if GAME.board.cell_zone[GAME.board.place_cells[p][0]] == 4)


def test_cc_37_the_budget_never_goes_negative():
    """CC-37: a plan the budget can no longer pay for is skipped, not run into debt."""
    s = at_council(3)
    clear_city(s)
    s.budget = 2
    b = bid("Cottage")
    for st in s.stacks:
        if b in st:
            st.remove(b)
    if b not in s.display:
        s.display.append(b)
    plan(s, 0, "construct", "Cottage", ["A6"], votes=2)  # costs 3 on a commercial block
    s.queue = []
    flow.next_plan(GAME.content, s, [])
    assert s.proposals[0].status == DROPPED and s.budget == 2


def test_cc_34_a_passed_relocation_moves_the_tile_and_pays_the_surcharge():
    """CC-34: the moved tile leaves its blocks free; the budget pays $1 per foreign block."""
    s = at_council(5)
    clear_city(s)
    s.budget = 5
    cottage = put(s, "Cottage", ["A1"])
    i = plan(s, 0, "relocate", "Cottage", ["A6"], votes=1)
    council.execute(C, s, i, [])
    assert s.site_of[cottage] == pid(["A6"]) and s.budget == 4
    assert s.board[0] == -1 and s.board[5] == cottage


def test_cc_29_a_tied_plan_the_budget_cannot_pay_yet_waits_for_the_others():
    """CC-29 (interpretation): of plans with equal votes, those the budget can pay are
    carried out first; a tied plan the budget cannot pay yet waits and is carried out
    if the others pay for it (here a sale), instead of being skipped at once."""
    s = at_council(3)
    clear_city(s)
    cottage = bid("Cottage")
    for st in s.stacks:
        if cottage in st:
            st.remove(cottage)
    if cottage not in s.display:
        s.display.append(cottage)
    put(s, "Office Tower", ["A6", "A7"])
    cost = city.build_cost(C, s, cottage, pid(["A1"]))
    gain = city.sale_value(C, bid("Office Tower"))
    assert gain >= cost > 0
    s.budget = cost - 1  # the construction cannot be paid before the sale
    plan(s, 0, "construct", "Cottage", ["A1"], votes=1)
    plan(s, 1, "sell", "Office Tower", votes=1)
    s.queue = []
    events = []
    flow.next_plan(C, s, events)
    assert [p.status for p in s.proposals] == [DONE, DONE]
    assert s.site_of[cottage] == pid(["A1"])
    assert not any("skipped" in e.text for e in events)


def test_cc_25_money_goes_only_with_ones_own_delegate():
    """CC-25 (interpretation): a player adds $1 only together with their own delegate;
    no action puts money on a plan without it, and the money is the voter's own."""
    s = run_until(new(4, seed=5), "vote", prefer=("embezzle", "construct", "sell", "site"))
    seat = seat_now(s)
    s.funds[seat] = 2
    acts = GAME.legal_actions(s, seat)
    assert all(a[0] in ("vote", "abstain") for a in acts)
    with_money = [a for a in acts if a[0] == "vote" and a[2] == 1]
    assert with_money
    others = [x for x in range(4) if x != seat]
    before = [s.funds[x] for x in others]
    act(s, with_money[0])
    p = s.proposals[with_money[0][1]]
    assert p.funds == [seat] and p.voters[-1] == seat and s.funds[seat] == 1
    assert [s.funds[x] for x in others] == before
