"""The basic game's closed neighbourhoods and how the city grows (CC-7, CC-64)."""

from __future__ import annotations

import pytest
from cc_helpers import GAME, act, bid, clear_city, hood, new, pid, put, reach

from borough.core.errors import IllegalAction
from borough.games.citycouncil import city, data, production
from borough.games.citycouncil.state import PENDING, PROPOSE, SITE, Proposal, seat_now

C = GAME.content
BOARD = GAME.board


def hoods_of(sites: list[int]) -> set[str]:
    return {BOARD.hood_names[h] for p in sites for h in BOARD.place_hoods[p]}


def test_cc_7_basic_opens_one_neighbourhood_of_each_kind():
    """CC-7: basic starts with R1, C1, I1 and G1 open; advanced has every zone open."""
    basic = new(4, "basic")
    opened = {BOARD.hood_names[h] for h, o in enumerate(basic.open_hoods) if o}
    assert opened == {"R1", "C1", "I1", "G1"}
    post = bid("Police Post")  # a small safety tile: no surcharge anywhere
    assert hoods_of(city.build_sites(C, basic, post, 99)) == {"R1", "C1", "I1", "G1"}
    adv = new(4, "advanced")
    assert all(adv.open_hoods)
    assert hoods_of(city.build_sites(C, adv, post, 99)) == set(BOARD.hood_names)


def test_cc_7_no_construction_or_relocation_touches_a_closed_block():
    """CC-7: a site must lie wholly in open neighbourhoods, for building and moving."""
    s = new(4, "basic")
    clear_city(s)
    rows = bid("Row Houses")
    assert city.build_cost(C, s, rows, pid(["D1", "E1"])) == -1  # R2 is closed
    assert city.build_cost(C, s, rows, pid(["C1", "D1"])) == -1  # R1 and R2: refused too
    assert city.build_cost(C, s, rows, pid(["B1", "C1"])) == GAME.buildings[rows].cost
    cottage = put(s, "Cottage", ["A1"])
    assert city.move_cost(C, s, cottage, pid(["E1"])) == -1
    assert city.move_cost(C, s, cottage, pid(["B1"])) == 0
    moves = city.move_sites(C, s, cottage, 99)
    assert moves and hoods_of(moves) <= {"R1", "C1", "I1", "G1"}
    s.open_hoods[hood("R2")] = 1
    assert city.move_cost(C, s, cottage, pid(["E1"])) == 0


def test_cc_7_a_closed_site_is_refused_with_a_reason():
    """CC-7: choosing a site in a closed neighbourhood is illegal and changes nothing."""
    s = reach(new(4, "basic", seed=3), PROPOSE, 1)
    clear_city(s)
    s.budget = 30
    tile = next(b for b in s.display if GAME.buildings[b].shape == 0)
    s.proposals.append(Proposal(seat_now(s), "construct", tile, -1, [], [], PENDING))
    s.pending = len(s.proposals) - 1
    s.step = SITE
    closed = pid(["E1"])
    assert ("site", closed) not in GAME.legal_actions(s, seat_now(s))
    before = GAME.to_json(s)
    with pytest.raises(IllegalAction, match="not yet open"):
        act(s, ("site", closed))
    assert GAME.to_json(s) == before


def test_cc_64_a_neighbourhood_opens_once_its_sibling_is_half_built():
    """CC-64: at turn end R2 opens when R1 has 5 blocks built on, not at 4."""
    s = new(4, "basic")
    clear_city(s)
    put(s, "Housing Estate", ["A1", "A2", "B1", "B2"])
    events: list = []
    city.expand(C, s, events)
    assert not s.open_hoods[hood("R2")] and not events
    put(s, "Cottage", ["A4"])
    city.expand(C, s, events)
    assert s.open_hoods[hood("R2")]
    assert any("R2 opens" in e.text for e in events)
    assert not s.open_hoods[hood("C2")] and not s.open_hoods[hood("I2")]


def test_cc_64_growth_happens_at_turn_end_and_never_closes():
    """CC-64: the check runs at turn end; G2 opens once one grey block of G1 is built."""
    s = reach(new(4, "basic", seed=3), PROPOSE, 1)
    clear_city(s)
    put(s, "Police Post", ["A5"])  # G1
    production.turn_end(GAME.content, s, [])
    assert s.open_hoods[hood("G2")]
    clear_city(s)
    production.turn_end(GAME.content, s, [])
    assert s.open_hoods[hood("G2")]  # an opened neighbourhood stays open


def test_cc_64_the_growth_data_is_checked():
    """CC-64: every closed neighbourhood must grow from another one."""
    with pytest.raises(ValueError, match="grow from"):
        data.load_expansion([{"hood": "R2", "grows_from": "R2", "blocks": 5}], BOARD)
    with pytest.raises(ValueError, match="no neighbourhood"):
        data.load_expansion([{"hood": "Z9", "grows_from": "R1", "blocks": 5}], BOARD)
    assert {BOARD.hood_names[h] for h, _, _ in C.expansion} == {"R2", "C2", "I2", "G2"}
