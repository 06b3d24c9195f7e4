"""Set-up and designed content of City Council."""

from __future__ import annotations

from collections import Counter

import pytest
from cc_helpers import GAME, bid, clear_city, new, put

from borough.games.citycouncil import favors
from borough.games.citycouncil.data import (
    CARD_COUNT,
    CENTRE,
    GREY,
    IND,
    SAFETY,
    TILE_COUNT,
)
from borough.games.citycouncil.state import ASSIGN, ELECTION, FRESH, seat_now, step_now


def points_by_name(card) -> dict[str, int]:
    """A building card's points, keyed by the buildings' names."""
    return {GAME.buildings[b].name: p for b, p in card.points.items()}


def test_cc_1_player_counts_and_mode_option():
    """CC-1: 2 to 5 players; mode is basic or advanced, advanced by default."""
    assert GAME.seats == (2, 3, 4, 5)
    assert GAME.options()["mode"]["choices"] == ["basic", "advanced"]
    assert GAME.setup(3, 1).advanced
    with pytest.raises(ValueError):
        GAME.setup(6, 1)
    with pytest.raises(ValueError):
        GAME.setup(1, 1)


def test_cc_2_two_players_add_an_automated_member():
    """CC-2: with 2 players three council members sit; the third never holds cards or points."""
    s = new(2)
    assert s.members == 3 and len(s.office) == 3
    assert len(s.scores) == 2 and len(s.hands) == 2 and len(s.funds) == 2
    assert GAME.num_seats(s) == 2
    for players in (3, 4, 5):
        assert new(players).members == players


def test_cc_3_favor_deck_and_two_cards_each():
    """CC-3: every player gets 2 Favor cards from the shuffled 52; scores start at 0."""
    for players in (2, 3, 4, 5):
        s = new(players)
        assert all(len(h) == 2 for h in s.hands)
        assert len(s.deck) == CARD_COUNT - 2 * players
        assert s.scores == [0] * players and s.funds == [0] * players
    assert new(4, seed=1).deck != new(4, seed=2).deck


@pytest.mark.parametrize("players,blue,white", [(2, 3, 1), (3, 3, 1), (4, 4, 2), (5, 5, 2)])
def test_cc_4_starting_values(players, blue, white):
    """CC-4: budget 11 (advanced) or 10 (basic), workers by council size, one goods cube."""
    s = new(players, "advanced")
    assert s.budget == 11 and s.goods == 1 and s.power == 3
    assert (s.blue, s.white, s.blue_free, s.white_free) == (blue, white, blue, white)
    assert new(players, "basic").budget == 10


def test_cc_4_printed_buildings_and_the_airport_tile():
    """CC-4: printed centre buildings; advanced covers the printed Airport with its tile."""
    basic = new(4, "basic")
    for name in ("Airport", "Power Station", "City Hall"):
        assert basic.site_of[bid(name)] >= 0
    assert basic.site_of[bid("Airport Terminal")] == -1
    adv = new(4, "advanced")
    assert adv.site_of[bid("Airport")] == -1
    assert adv.site_of[bid("Airport Terminal")] == basic.site_of[bid("Airport")]


def test_cc_5_display_and_stacks():
    """CC-5: 8 (2 per shape) or 13 (4/4/3/2) face up; starters come out first; markers."""
    basic = new(4, "basic")
    shapes = Counter(GAME.buildings[b].shape for b in basic.display)
    assert len(basic.display) == 8 and all(shapes[i] == 2 for i in range(4))
    assert all(GAME.buildings[b].set == "starter" for b in basic.display)
    assert (basic.sells_left, basic.relocates_left) == (1, 1)
    adv = new(4, "advanced")
    shapes = Counter(GAME.buildings[b].shape for b in adv.display)
    assert len(adv.display) == 13 and [shapes[i] for i in range(4)] == [4, 4, 3, 2]
    assert (adv.sells_left, adv.relocates_left) == (2, 2)
    for stack in basic.stacks:  # the top of a stack is its end: starters above advanced
        sets = [GAME.buildings[b].set for b in stack]
        assert sets == sorted(sets)  # "advanced" < "starter": advanced at the bottom
    everything = sorted(adv.display + [b for st in adv.stacks for b in st])
    assert everything == list(range(TILE_COUNT))
    # advanced: every building is available, starters and advanced tiles mixed
    mixed = [GAME.buildings[b].set for s in range(20) for b in new(4, "advanced", s).display]
    assert mixed.count("advanced") > len(mixed) // 3


def test_cc_6_random_election_chair_seats_the_others():
    """CC-6: a random member chairs the Election Committee and seats the rest."""
    chairs = set()
    for seed in range(30):
        s = new(4, seed=seed)
        assert step_now(s) == ASSIGN
        assert s.office[s.chair] == ELECTION and seat_now(s) == s.chair
        chairs.add(s.chair)
        seats = [a[1] for a in GAME.legal_actions(s, seat_now(s))]
        assert ELECTION not in seats and len(seats) == 4
    assert chairs == {0, 1, 2, 3}
    s = new(4, seed=3)
    while step_now(s) == ASSIGN:
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, GAME.legal_actions(s, seat)[-1])
    assert len(set(s.office)) == 4 and ELECTION in s.office
    assert all(sp == FRESH for sp in s.spot)


def test_cc_6_the_automated_member_can_chair_and_seat():
    """CC-6 with CC-60: when the automated member draws the chair it seats the players."""
    seeds = [seed for seed in range(40) if new(2, seed=seed).chair == 2]
    assert seeds
    s = new(2, seed=seeds[0])
    assert step_now(s) != ASSIGN and len(set(s.office)) == 3


def test_cc_c1_the_designed_map():
    """CC-C1: 9 x 7 blocks, two of each zone, two grey zones, a centre of 8 blocks."""
    board = GAME.board
    assert (board.rows, board.cols) == (7, 9)
    zones = Counter(board.hood_zone)
    assert zones == Counter({0: 2, 1: 2, 2: 2, GREY: 2})
    assert sum(1 for z in board.cell_zone if z == CENTRE) == 8
    printed = GAME.content.printed_sites
    assert {GAME.buildings[b].name for b in printed} == {"Airport", "Power Station", "City Hall"}


def test_cc_c2_the_44_tiles():
    """CC-C2: 14 small, 12 medium, 10 large, 8 L; 18 starters; safety tiles; upgrades."""
    tiles = GAME.buildings[:TILE_COUNT]
    assert Counter(t.shape for t in tiles) == Counter({0: 14, 1: 12, 2: 10, 3: 8})
    assert sum(1 for t in tiles if t.set == "starter") == 18
    assert sum(1 for t in tiles if t.zone == SAFETY) == 8
    ups = [t for t in GAME.buildings if t.upgrade_of >= 0]
    assert len(ups) == 11  # ten tile upgrade paths and the Airport Terminal
    for t in ups:
        assert GAME.buildings[t.upgrade_of].shape == t.shape
    assert all(t.source for t in GAME.buildings)


def test_cc_c3_the_52_favor_cards():
    """CC-C3: 52 cards, building and general, covering the published examples."""
    cards = GAME.cards
    assert len(cards) == 52
    assert sum(1 for c in cards if c.building) == 28
    kinds = {c.kind for c in cards if not c.building}
    assert len(kinds) == 13
    assert any(c.kind == "built" and c.target == "Hospital" for c in cards)
    assert any(c.kind == "activated_shape" and c.target == "small" and c.n == 3 for c in cards)
    named = {b for c in cards for b in c.points}
    assert len(named) >= 40  # almost every building is wanted by somebody


def test_cc_c3_tourism_board_pays_one_for_each_of_its_buildings():
    """CC-C3 CC-53 (Our design, rules version 3): Tourism Board pays 1 for the
    Airport Terminal (was 3), which upgrades the printed Airport and so needs no
    site; its holders led their rivals at the same table by 22 points of share."""
    board = next(c for c in GAME.cards if c.name == "Tourism Board")
    assert board.building
    names = points_by_name(board)
    assert names == {"Airport Terminal": 1, "Stadium": 1, "Convention Centre": 1}
    terminal = next(t for t in GAME.buildings if t.name == "Airport Terminal")
    assert GAME.buildings[terminal.upgrade_of].name == "Airport"


def test_cc_c3_general_cards_eased_in_rules_version_4():
    """CC-C3 CC-54 (Our design, rules version 4): Full Depot wants 2 goods in store
    (was 4), Production Quota one industrial activation in a round (was 2), Power
    Reserve 7 power (was 9; 6 since rules version 6) and Industrial Base three
    industrial buildings (was 4); their holders trailed their rivals at the same
    table by 16-21 points of share."""
    card = {c.name: c for c in GAME.cards}
    eased = {name: (card[name].kind, card[name].n, card[name].value) for name in
             ("Full Depot", "Production Quota", "Power Reserve", "Industrial Base")}
    assert eased == {"Full Depot": ("goods_min", 2, 2),
                     "Production Quota": ("activated_zone", 1, 2),
                     "Power Reserve": ("power_min", 6, 3),
                     "Industrial Base": ("buildings_zone", 3, 4)}  # 4 points since 12
    s = new(2)
    s.goods, s.power, s.act_log = 1, 5, []
    c = GAME.content
    assert not favors.condition(c, s, card["Full Depot"])
    assert not favors.condition(c, s, card["Power Reserve"])
    assert not favors.condition(c, s, card["Production Quota"])
    s.goods, s.power, s.act_log = 2, 6, [bid("Workshop")]
    assert favors.value(c, s, card["Full Depot"]) == 2
    assert favors.value(c, s, card["Power Reserve"]) == 3
    assert favors.value(c, s, card["Production Quota"]) == 2
    s.act_log = [bid("Corner Shop")]  # a commercial activation is not industrial
    assert not favors.condition(c, s, card["Production Quota"])


def test_cc_c3_cards_eased_in_rules_version_5():
    """CC-C3 CC-53 CC-54 (Our design, rules version 5): Shopping Day wants one
    commercial activation in a round (was 2) and Local Business pays 2 for the
    Workshop (was 1); their holders trailed their rivals at the same table by
    13 points of share. Corner Economy keeps the published condition (three
    small buildings activated); its points are pinned by the rules version 7
    test, the Corner Shop's on Local Business by the rules version 10 test."""
    card = {c.name: c for c in GAME.cards}
    c = GAME.content
    day = card["Shopping Day"]
    assert (day.kind, day.target, day.n, day.value) == ("activated_zone", "commercial", 1, 2)
    local = points_by_name(card["Local Business"])
    assert (local["Workshop"], local["Cottage"]) == (2, 1)
    corner = card["Corner Economy"]
    assert (corner.kind, corner.target, corner.n) == ("activated_shape", "small", 3)
    s = new(2)
    clear_city(s)
    s.act_log = [bid("Workshop")]  # an industrial activation is not commercial
    assert not favors.condition(c, s, day)
    s.act_log = [bid("Corner Shop")]
    assert favors.value(c, s, day) == 2
    assert favors.value(c, s, card["Local Business"]) == 0
    put(s, "Workshop", ["A3"])
    assert favors.value(c, s, card["Local Business"]) == 2
    put(s, "Cottage", ["A1"])
    put(s, "Corner Shop", ["A6"])
    assert favors.value(c, s, card["Local Business"]) == 3 + local["Corner Shop"]


def test_cc_c3_cards_rebalanced_in_rules_version_6():
    """CC-C3 CC-53 CC-54 (Our design, rules version 6): Labour Force and Full
    Employment pay 2 (were 3), Busy Blocks wants three medium buildings activated
    (was 2), Power Reserve 6 power (was 7), Growing Suburbs three residential
    buildings for 2 points (was four for 3) and Clean Water 1 for the Water
    Treatment Plant (was 2), from the medium-level balance reports. Quick Cash
    and Mass Housing keep their values: they trailed because the computer
    members did not weigh the plans before the council. Corner Economy keeps the
    published condition (its points: rules version 7)."""
    card = {c.name: c for c in GAME.cards}
    c = GAME.content

    def rule(name):
        k = card[name]
        return (k.kind, k.target, k.n, k.value)

    assert rule("Labour Force")[2:] == (7, 2)
    assert rule("Full Employment")[2:] == (4, 2)
    assert rule("Busy Blocks") == ("activated_shape", "medium", 3, 2)
    assert rule("Power Reserve")[2:] == (6, 3)
    assert rule("Growing Suburbs") == ("buildings_zone", "residential", 3, 2)
    assert rule("Corner Economy")[:3] == ("activated_shape", "small", 3)
    named = {n: points_by_name(card[n]) for n in ("Clean Water", "Quick Cash", "Mass Housing")}
    assert named == {
        "Clean Water": {"Water Treatment Plant": 1, "Recycling Depot": 1, "Garden Plot": 1},
        "Quick Cash": {"Pawnshop": 1, "Kiosk": 1, "Corner Shop": 1},
        "Mass Housing": {"Housing Estate": 2, "Apartment Block": 1, "Row Houses": 1},
    }
    s = new(2)
    clear_city(s)
    s.act_log = [bid("Row Houses"), bid("Supermarket")]  # two medium buildings
    assert not favors.condition(c, s, card["Busy Blocks"])
    s.act_log.append(bid("Office Tower"))
    assert favors.value(c, s, card["Busy Blocks"]) == 2
    s.power, s.blue = 6, 7
    assert favors.value(c, s, card["Power Reserve"]) == 3
    assert favors.value(c, s, card["Labour Force"]) == 2
    put(s, "Cottage", ["A1"])
    put(s, "Garden Plot", ["A2"])
    assert not favors.condition(c, s, card["Growing Suburbs"])
    put(s, "Townhouse", ["A3"])
    assert favors.value(c, s, card["Growing Suburbs"]) == 2
    assert favors.value(c, s, card["Clean Water"]) == 1


def test_cc_c3_cards_rebalanced_in_rules_version_7():
    """CC-C3 CC-53 CC-54 (Our design, rules version 7), from the medium-level
    balance report of version 6: Clean Air Award wants at most 3 crime and
    pollution cubes with 6 buildings built and pays 2 (was 4 with 9, for 3),
    Big Business pays 1, 1
    and 2 (was 2, 2 and 3), Learning City 1 for the School and 2 for the
    University (was 2 and 3), and Corner Economy 1 point (was 2) for the
    published condition, three small buildings activated in a round."""
    card = {c.name: c for c in GAME.cards}
    c = GAME.content
    air = card["Clean Air Award"]
    assert (air.kind, air.n, int(air.target), air.value) == ("calm", 3, 6, 2)
    corner = card["Corner Economy"]
    assert (corner.kind, corner.target, corner.n, corner.value) == (
        "activated_shape", "small", 3, 1)
    named = {n: points_by_name(card[n]) for n in ("Big Business", "Learning City")}
    assert named == {
        "Big Business": {"Office Tower": 1, "Business Park": 1, "Convention Centre": 2},
        "Learning City": {"School": 1, "University": 2},
    }
    s = new(2)
    clear_city(s)
    s.red, s.grey = [1, 1, 0], [0, 0, 1]  # three cubes on the board
    for name, cells in (("Cottage", ["A1"]), ("Townhouse", ["A2"]), ("Garden Plot", ["A3"]),
                        ("Kiosk", ["A4"]), ("Corner Shop", ["A5"])):
        put(s, name, cells)
    assert not favors.condition(c, s, air)  # five buildings are not enough
    put(s, "Pawnshop", ["A6"])
    assert favors.value(c, s, air) == 2
    s.grey[0] = 1  # a fourth cube
    assert not favors.condition(c, s, air)
    s.act_log = [bid("Cottage"), bid("Kiosk")]
    assert not favors.condition(c, s, corner)
    s.act_log.append(bid("Corner Shop"))
    assert favors.value(c, s, corner) == 1
    assert favors.value(c, s, card["Big Business"]) == 0
    assert favors.value(c, s, card["Learning City"]) == 0


def test_cc_c3_cards_rebalanced_in_rules_version_8():
    """CC-C3 CC-53 CC-54 (Our design, rules version 8), from the medium-level
    balance report of version 7: Police Presence pays 3 for the Police Station
    (was 2), Rapid Response 2 for one safety building activated in a round (was
    3 for two), Suburbia 2 for the Cottage and the Terrace Crescent (were 1;
    the Townhouse still 1) and Oil Interests 4 for the Refinery and 2 for the
    Coal Power Station (were 3 and 1; 5 and 3 since version 10, pinned there)."""
    card = {c.name: c for c in GAME.cards}
    c = GAME.content
    police, rapid = card["Police Presence"], card["Rapid Response"]
    assert (police.kind, police.target, police.value) == ("built", "Police Station", 3)
    assert (rapid.kind, rapid.target, rapid.n, rapid.value) == ("activated_zone", "safety", 1, 2)
    assert points_by_name(card["Suburbia"]) == {
        "Townhouse": 1, "Cottage": 2, "Terrace Crescent": 2}
    oil = points_by_name(card["Oil Interests"])
    s = new(2)
    clear_city(s)
    s.act_log = [bid("Cottage"), bid("Kiosk")]
    assert not favors.condition(c, s, rapid)
    s.act_log.append(bid("Police Post"))  # one safety building
    assert favors.value(c, s, rapid) == 2
    assert favors.value(c, s, police) == 0
    put(s, "Police Station", ["B1", "B2"])
    assert favors.value(c, s, police) == 3
    put(s, "Cottage", ["A1"])
    put(s, "Townhouse", ["A2"])
    put(s, "Terrace Crescent", ["C1", "C2", "D1"])
    assert favors.value(c, s, card["Suburbia"]) == 5
    put(s, "Coal Power Station", ["E1", "E2", "F1", "F2"])
    assert favors.value(c, s, card["Oil Interests"]) == oil["Coal Power Station"]


def test_cc_c3_card_rebalanced_in_rules_version_9():
    """CC-C3 CC-54 (Our design, rules version 9), clearly off in the medium-level
    balance report of version 8 on fresh deals (seeds 10,000-11,999) and off the
    same way on others (seeds 40,000-41,999): Community Spirit wants 5 community
    cubes in the sections (was 4), still for 2 points."""
    spirit = next(card for card in GAME.cards if card.name == "Community Spirit")
    assert (spirit.kind, spirit.n, spirit.value) == ("pink_min", 5, 2)
    c = GAME.content
    s = new(2)
    clear_city(s)
    s.pink = [0] * len(s.pink)
    s.pink[0] = s.pink[-1] = 2  # four community cubes
    assert not favors.condition(c, s, spirit)
    s.pink[0] += 1
    assert favors.value(c, s, spirit) == 2


def test_cc_c3_cards_rebalanced_in_rules_version_10():
    """CC-C3 (Our design, rules version 10), off by more than 3 points of share
    over three fresh sets of version 8's medium-level games read as one: Oil
    Interests pays 5 for the Refinery and 3 for the Coal Power Station (were 4
    and 2), Local Business 2 for the Corner Shop (was 1; Workshop 2, Cottage 1)."""
    assert GAME.rules_version >= 10
    card = {c.name: c for c in GAME.cards}
    assert points_by_name(card["Oil Interests"]) == {"Refinery": 5, "Coal Power Station": 3}
    assert points_by_name(card["Local Business"]) == {
        "Corner Shop": 2, "Workshop": 2, "Cottage": 1}
    c = GAME.content
    s = new(2)
    clear_city(s)
    put(s, "Corner Shop", ["A6"])
    assert favors.value(c, s, card["Local Business"]) == 2


def test_cc_c3_skilled_labour_pays_4_in_rules_version_11():
    """CC-C3 (Our design, rules version 11): Skilled Labour still asks for two
    second actions by white-collar workers in one round, and pays 4 (was 2)."""
    assert GAME.rules_version >= 11
    c = GAME.content
    card = next(card for card in GAME.cards if card.name == "Skilled Labour")
    assert (card.kind, card.n, card.value) == ("boosts", 2, 4)
    s = new(2)
    s.round = 2
    s.act_log = [3, 3]  # one building with its second action: one second action
    assert favors.value(c, s, card) == 0
    s.act_log = [3, 3, 5, 5]
    assert favors.value(c, s, card) == 4


def test_cc_c3_industrial_base_pays_4_in_rules_version_12():
    """CC-C3 (Our design, rules version 12): Industrial Base still asks for three
    industrial buildings in the city, and pays 4 (was 3)."""
    assert GAME.rules_version >= 12
    c = GAME.content
    card = next(card for card in GAME.cards if card.name == "Industrial Base")
    assert (card.kind, card.target, card.n, card.value) == ("buildings_zone", "industrial", 3, 4)
    s = new(2)
    clear_city(s)
    industrial = [b.id for b in c.buildings if b.zone == IND][:3]
    for i, b in enumerate(industrial[:2]):
        s.site_of[b] = i  # standing: any footprint
    assert favors.value(c, s, card) == 0
    s.site_of[industrial[2]] = 2
    assert favors.value(c, s, card) == 4


def test_cc_c4_tracks_and_reserve():
    """CC-C4: the designed track scales and the published reserve counts."""
    tracks, supply = GAME.content.tracks, GAME.content.supply
    assert tracks["budget_max"] == 40 and tracks["power_max"] == 12
    assert tracks["unemployment_crime"] == [0, 0, 0, 1, 1, 2]
    assert (tracks["leave_at"], tracks["arrive_at"], tracks["pink_fade"]) == (3, 0, 1)
    assert supply == {
        "blue": 15, "white": 7, "red": 7, "grey": 7, "goods": 8, "pink": 11, "money": 7,
        "energy_markers": 6,
    }
