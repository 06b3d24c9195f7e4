"""One or more tests per rule of RULES.md (base game)."""

from __future__ import annotations

import pytest
from rondelcity_helpers import (
    CITY,
    GAME,
    at_action,
    at_rotate,
    far_spaces,
    fresh,
    give,
    gold,
    put,
    rondel_index,
    settle,
    space,
    square,
    street_on,
    texts,
    tile_of,
    vp,
)

from borough.core.errors import IllegalAction
from borough.games.rondelcity.state import FINAL, GO, ORDER, OVER, ROTATE, SQUARE


def test_seats_and_neutral_markers_RON_1():
    """RON-1: seats and neutral markers."""
    s2, s3, s4 = fresh(2), fresh(3), fresh(4)
    assert s2.rondel[2:] == [rondel_index("church"), rondel_index("park")]
    assert s3.rondel[3] == rondel_index("park")
    assert s4.rondel == [rondel_index("statue")] * 4
    assert GAME.observe(s2, 0)["neutral"] == [2, 3]
    assert GAME.observe(s4, 0)["neutral"] == []
    assert [s["colour"] for s in GAME.observe(s4, None)["seats"]] == [
        "White", "Purple", "Black", "Orange"]


def test_the_city_is_a_numbered_street_network_RON_2():
    """RON-2: the city is a numbered street network."""
    numbers = CITY.numbers
    assert sorted(set(numbers)) == list(range(51))
    for s in range(len(numbers)):
        assert all(numbers[n] == numbers[s] + 1 for n in CITY.up[s])
        assert all(numbers[n] == numbers[s] - 1 for n in CITY.down[s])
    assert CITY.colours[CITY.zero] == "none" and CITY.colours[CITY.top] == "none"
    for q, streets in enumerate(CITY.square_streets):
        assert -1 not in streets
        colours = [CITY.street_colours[st] for st in streets]
        if CITY.block_names[CITY.square_block[q]] != "J":
            assert len(colours) == 2 and colours[0] != colours[1]  # two different colours
    corners = [s for s in range(len(numbers)) if CITY.colours[s] == "white"]
    assert all(CITY.street_of[c] == -1 for c in corners)
    # every space between the ends can move both ways
    for s in range(len(numbers)):
        if s not in (CITY.zero, CITY.top):
            assert CITY.up[s] and CITY.down[s]
    assert len(CITY.main_blocks) == 9


def test_everyone_starts_on_25_RON_3():
    """RON-3: everyone starts on 25."""
    s = fresh(4)
    assert set(s.pieces) == {CITY.start}
    assert CITY.numbers[CITY.start] == 25
    assert all(vp(s, p) == 25 and gold(s, p) == 25 for p in range(4))


def test_corner_choice_is_asked_as_end_space_RON_4():
    """RON-4: corner choice is asked as end space."""
    s = fresh(2)
    s.pieces[:] = far_spaces(4)
    f2_yellow = street_on("F2", "yellow")
    s.pieces[1] = space(8, f2_yellow)  # Player 1's Banker
    at_action(s, 0, "bank")
    GAME.apply(s, 0, ("pass",))  # +2 gp: through corner 9 to one of two 10s
    assert s.step == GO
    options = GAME.legal_actions(s, 0)
    assert len(options) == 2
    assert all(CITY.numbers[a[1]] == 10 for a in options)
    GAME.apply(s, 0, options[1])
    assert s.pieces[1] == options[1][1]
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, ("go", space(8, f2_yellow)))


def test_one_piece_per_space_and_the_exceptions_RON_5():
    """RON-5: one piece per space and the exceptions."""
    s = fresh(2)
    s.pieces[:] = [space(n) for n in (26, 27, 28, 29)]
    at_action(s, 0, "bank")
    GAME.apply(s, 0, ("pass",))  # Banker 27 +2 = 29, taken by Player 2's Banker: on to 30
    settle(s)
    assert gold(s, 0) == 30
    # the 0 space holds several pieces
    s = fresh(2)
    s.pieces[:] = [space(26), CITY.zero, space(30), space(1)]
    at_rotate(s, 1, "bank")
    GAME.apply(s, 1, ("rondel", 1))  # pays 1 gp: to 0 although Player 1's Banker is there
    assert s.pieces[3] == CITY.zero == s.pieces[1]
    # 25 holds every piece at the start, but nobody may stop there later
    s = fresh(2)
    s.pieces[1] = space(23, street_on("A1", "green"))
    at_action(s, 0, "bank")
    GAME.apply(s, 0, ("pass",))
    settle(s)
    assert gold(s, 0) == 26


def test_owner_orders_own_pieces_and_players_move_clockwise_RON_6():
    """RON-6: owner orders own pieces and players move clockwise."""
    s = fresh(3)
    s.pieces[:] = far_spaces(6)
    sq = "F2"
    s.pieces[0] = space(8, street_on(sq, "yellow"))  # Player 1, a bystander
    s.pieces[3] = space(11, street_on(sq, "red"))  # Player 2, a bystander
    s.pieces[4] = space(26, street_on("A1", "red"))  # Player 3: 2 VP lead to 28
    s.pieces[5] = space(42, street_on("H4", "blue"))  # and 4 gp to 46, with no choice
    bank = tile_of("bank", "yellow N o")
    give(s, 2, bank)
    at_action(s, 2, "shop")
    GAME.apply(s, 2, ("place", bank))
    GAME.apply(s, 2, ("square", square(sq)))
    assert [p[0] for p in s.pending] == [2, 0, 1]  # clockwise from the active player
    assert s.step == ORDER and GAME.to_act(s) == (2,)
    events = GAME.apply(s, 2, ("first", "banker"))
    moved = [e.text for e in events if e.kind == "move"]
    assert moved[0].startswith("Player 3's Banker") and moved[1].startswith("Player 3's Citizen")
    assert s.step == ORDER and GAME.to_act(s) == (0,)  # then Player 1, then Player 2
    events = settle(s)
    moved = [e.text[:8] for e in events if e.kind == "move"]
    assert moved == ["Player 1", "Player 1", "Player 2", "Player 2"]
    assert s.step == ROTATE and s.current == 0


def test_banker_floor_and_track_end_RON_7():
    """RON-7: banker floor and track end."""
    s = fresh(2)
    s.pieces[:] = [space(26), space(49), space(30), space(31)]
    at_action(s, 0, "bank")
    GAME.apply(s, 0, ("pass",))
    assert gold(s, 0) == 50  # stops at the end of the track
    # paying 3 from 4 gp would stop on 1, which is taken: the Banker goes on to 0
    s = fresh(2)
    s.pieces[:] = [space(26), space(4, street_on("I4", "green")), space(30), space(1)]
    at_rotate(s, 0, "bank")
    GAME.apply(s, 0, ("rondel", 2))
    assert gold(s, 0) == 0 and s.pieces[1] == CITY.zero


def test_the_fold_splits_corners_into_two_spaces_with_no_street_between_RON_8():
    """RON-8: a space split by a wall is two spaces with no street between them (the
    book's 13 and 37). Where our track folds back, each drawn corner on the fold is
    such a pair, n and 50 - n; a piece on one half never steps to the other."""
    pairs = {}
    for s in range(len(CITY.numbers)):
        if CITY.colours[s] != "white":
            continue
        near = {CITY.street_of[n] for n in CITY.up[s] + CITY.down[s]}
        squares = frozenset(q for q, sts in enumerate(CITY.square_streets) if near & set(sts))
        pairs.setdefault(CITY.numbers[s], []).append((s, squares))
    folded = [(1, 49), (9, 41), (17, 33)]
    for low, high in folded:
        a = next(s for s, _ in pairs[low] if CITY.up[s] or CITY.down[s])
        b = next(s for s, _ in pairs[high] if CITY.up[s] or CITY.down[s])
        assert b not in CITY.up[a] + CITY.down[a]
    # each half keeps a street up and a street down: the fold strands no piece
    for low, high in folded[1:]:
        for n in (low, high):
            for x, _ in pairs[n]:
                assert CITY.up[x] and CITY.down[x]


def test_rondel_steps_and_their_costs_RON_9():
    """RON-9: rondel steps and their costs."""
    s = fresh(2)
    s.pieces[:] = far_spaces(4)  # Player 1's Banker on 41
    before = gold(s, 0)
    at_rotate(s, 0, "bank")
    assert GAME.legal_actions(s, 0) == [("rondel", k) for k in range(5)]
    GAME.apply(s, 0, ("rondel", 4))  # 10 gp: all the way round to the Bank again
    settle(s)
    assert GAME.rondel_building(s, 0) == 2 and gold(s, 0) == before - 10
    s = fresh(2)
    s.pieces[:] = [space(26), space(6, street_on("I1", "red")), space(30), space(31)]
    at_rotate(s, 0, "bank")
    assert GAME.legal_actions(s, 0) == [("rondel", k) for k in range(4)]
    assert "cannot pay 10 gp" in GAME.explain(s, 0, ("rondel", 4))


def test_rondel_spaces_RON_10():
    """RON-10: rondel spaces."""
    names = [("bank", "red"), ("shop", "yellow"), ("church", "blue"), ("park", "green"),
             ("statue", "rainbow")]
    got = [(["shop", "church", "bank", "statue", "park"][b], c)
           for b, c in zip(GAME.market.rondel_buildings, GAME.market.rondel_colours, strict=True)]
    assert got == names
    s = fresh(2)
    at_rotate(s, 0, "park")
    GAME.apply(s, 0, ("rondel", 0))
    assert GAME.rondel_colour(s, 0) == "rainbow" and GAME.rondel_building(s, 0) == 3


def test_buy_place_or_pass_RON_11():
    """RON-11: buy place or pass."""
    s = fresh(2)
    s.pieces[:] = far_spaces(4)
    give(s, 0, tile_of("church", "red N o"))
    at_action(s, 0, "shop")
    kinds = {a[0] for a in GAME.legal_actions(s, 0)}
    assert kinds == {"buy", "place", "pass"}


def test_buying_takes_the_face_up_tile_and_neutrals_raise_the_price_RON_12():
    """RON-12: buying takes the face up tile and neutrals raise the price."""
    s = fresh(2)
    s.pieces[:] = far_spaces(4)
    at_action(s, 0, "church")  # the neutral Black marker stands here
    assert s.rondel[2] == rondel_index("church")
    line = list(s.lines[1])
    assert GAME.price(s, 0) == GAME.market.prices[1][0] + 1
    events = GAME.apply(s, 0, ("buy",))
    assert s.held[0] == [line[0]] and s.lines[1] == line[1:]
    assert f"for {GAME.market.prices[1][0] + 1} gp" in texts(events)[0]
    obs = GAME.observe(s, 1)
    assert obs["lines"][1]["face_up"] == line[1]
    assert obs["lines"][1]["price"] == GAME.market.prices[1][1]


def test_price_tracks_fall_and_rise_RON_13():
    """RON-13: price tracks fall and rise."""
    prices = GAME.market.prices
    for b in (0, 1, 2):
        assert list(prices[b]) == sorted(prices[b], reverse=True) and prices[b][0] > prices[b][-1]
    for b in (3, 4):
        assert list(prices[b]) == sorted(prices[b]) and prices[b][0] < prices[b][-1]
    assert 8 in prices[4]


@pytest.mark.parametrize("players,limit", [(2, 4), (3, 3), (4, 3)])
def test_tile_limit_RON_14(players, limit):
    """RON-14: tile limit."""
    s = fresh(players)
    s.pieces[:] = far_spaces(2 * players)
    for t in (0, 1, 4, 5)[: limit - 1]:
        give(s, 0, t)
    at_action(s, 0, "bank")
    assert ("buy",) in GAME.legal_actions(s, 0)
    give(s, 0, 9)
    assert ("buy",) not in GAME.legal_actions(s, 0)
    assert "already hold" in GAME.explain(s, 0, ("buy",))


def test_no_buy_or_place_below_zero_gold_RON_15():
    """RON-15: no buy or place below zero gold."""
    s = fresh(2)
    s.pieces[:] = [space(26), space(3, street_on("I4", "green")), space(30), space(31)]
    at_action(s, 0, "bank")
    assert ("buy",) not in GAME.legal_actions(s, 0)
    assert "you have 3 gp" in GAME.explain(s, 0, ("buy",))
    # a Statue with more matches than gold cannot go there
    statue = tile_of("statue", "red S +")
    give(s, 0, statue)
    f3 = square("F3")  # S + by a red street: 3 matches for 3 gp
    assert f3 in GAME.legal_squares(s, 0, statue, "normal")
    s.pieces[1] = space(2, street_on("I4", "green"))  # now 2 gp
    assert f3 not in GAME.legal_squares(s, 0, statue, "normal")
    # on a street of the square the own piece adds a match: 4 gp for 3 gp is too dear
    s.pieces[1] = space(3, street_on("I4", "green"))
    assert square("I4") not in GAME.legal_squares(s, 0, statue, "normal")


def test_place_beside_a_street_of_the_rondel_colour_RON_16():
    """RON-16: place beside a street of the rondel colour."""
    s = fresh(2)
    s.pieces[:] = far_spaces(4)
    shop = tile_of("shop", "blue S +")
    give(s, 0, shop)
    at_action(s, 0, "bank")  # red
    squares = GAME.legal_squares(s, 0, shop, "normal")
    assert squares
    for q in squares:
        assert "red" in [CITY.street_colours[st] for st in CITY.square_streets[q]]
    not_red = [q for q in range(len(CITY.square_labels)) if q not in squares]
    assert not_red
    GAME.apply(s, 0, ("place", shop))
    assert s.step == SQUARE
    with pytest.raises(IllegalAction, match="not beside an allowed red street"):
        GAME.apply(s, 0, ("square", not_red[0]))


def test_one_building_of_each_type_per_block_RON_17():
    """RON-17: one building of each type per block."""
    s = fresh(2)
    s.pieces[:] = far_spaces(4)
    put(s, tile_of("shop", "red N +"), "I1")
    shop = tile_of("shop", "blue S +")
    bank = tile_of("bank", "red S +")
    give(s, 0, shop)
    give(s, 0, bank)
    assert square("I4") not in GAME.legal_squares(s, 0, shop, "rainbow")
    assert square("I4") in GAME.legal_squares(s, 0, bank, "rainbow")
    # the two 2 x 1 blocks of Block J are one Block, for Parks too
    put(s, tile_of("park", "1 shop, 2 bank"), "J1")
    park = tile_of("park", "2 church, 1 statue")
    give(s, 0, park)
    assert not {square("J2"), square("J3"), square("J4")} & set(
        GAME.legal_squares(s, 0, park, "rainbow"))


def test_icon_matches_and_own_piece_RON_18_RON_21():
    """RON-18, RON-21: icon matches and own piece."""
    s = fresh(2)
    s.pieces[:] = far_spaces(4)
    church = tile_of("church", "red N o")
    give(s, 0, church)
    at_action(s, 0, "bank")
    # F1 is N o by a red and a yellow street: three icon matches
    s.pieces[1] = space(6, street_on("F3", "red"))  # not on F1's streets
    GAME.apply(s, 0, ("place", church))
    events = GAME.apply(s, 0, ("square", square("F1")))
    assert "Player 1 scores +6 VP from the Church." in texts(events)
    # the same with the placer's own Banker on one of the streets: a fourth match
    s = fresh(2)
    s.pieces[:] = far_spaces(4)
    give(s, 0, church)
    at_action(s, 0, "bank")
    s.pieces[1] = space(11, street_on("F1", "red"))
    GAME.apply(s, 0, ("place", church))
    events = GAME.apply(s, 0, ("square", square("F1")))
    assert "Player 1 scores +8 VP from the Church." in texts(events)
    effects = [(GAME.market.effect_vp[b], GAME.market.effect_gp[b]) for b in range(4)]
    assert effects == [(0, 4), (2, 0), (1, 2), (3, -1)]


def test_rainbow_costs_one_vp_and_allows_any_street_RON_23():
    """RON-23: rainbow costs one vp and allows any street."""
    s = fresh(2)
    s.pieces[:] = far_spaces(4)  # Citizen on corner 21
    before = vp(s, 0)
    shop = tile_of("shop", "blue S +")
    give(s, 0, shop)
    at_action(s, 0, "statue")
    assert len(GAME.legal_squares(s, 0, shop, "rainbow")) == len(CITY.square_labels)
    GAME.apply(s, 0, ("place", shop))
    events = GAME.apply(s, 0, ("square", square("A2")))
    assert "Player 1 pays 1 VP for the Rainbow." in texts(events)
    settle(s)
    assert vp(s, 0) == before - 1  # a Shop gives no VP
    # a Citizen on 0 pays nothing
    s = fresh(2)
    s.pieces[:] = [CITY.zero, space(32), space(38), space(44)]
    give(s, 0, shop)
    at_action(s, 0, "statue")
    GAME.apply(s, 0, ("place", shop))
    events = GAME.apply(s, 0, ("square", square("A2")))
    assert not any("pays 1 VP" in t for t in texts(events))
    assert vp(s, 0) == 0


def test_rainbow_payment_comes_before_the_icons_RON_23():
    """RON-23: rainbow payment comes before the icons."""
    # The Citizen on 14 (a street of C1) pays 1 VP and steps back to corner 13: the
    # own-piece match is lost.
    s = fresh(2)
    s.pieces[:] = far_spaces(4)
    c1_red = street_on("C1", "red")
    s.pieces[0] = space(14, c1_red)
    church = tile_of("church", "blue N +")  # C1 is N + by red and yellow
    give(s, 0, church)
    at_action(s, 0, "statue")
    GAME.apply(s, 0, ("place", church))
    events = GAME.apply(s, 0, ("square", square("C1")))
    events += settle(s)
    assert "Player 1 scores +4 VP from the Church." in texts(events)


def test_zero_and_fifty_squares_need_the_rainbow_RON_24():
    """RON-24: zero and fifty squares need the rainbow."""
    s = fresh(2)
    s.pieces[:] = far_spaces(4)
    shop = tile_of("shop", "blue S +")
    give(s, 0, shop)
    for building in ("bank", "shop", "church", "park"):
        at_action(s, 0, building)
        squares = GAME.legal_squares(s, 0, shop, "normal")
        assert square("J3") not in squares and square("J4") not in squares
    assert square("J3") in GAME.legal_squares(s, 0, shop, "rainbow")


def test_statue_bystander_at_zero_gold_keeps_the_vp_RON_25():
    """RON-25: statue bystander at zero gold keeps the vp."""
    s = fresh(2)
    s.pieces[:] = far_spaces(4)
    s.pieces[3] = CITY.zero  # Player 2's Banker on 0, beside J3
    statue = tile_of("statue", "red S +")
    give(s, 0, statue)
    at_action(s, 0, "statue")
    before = vp(s, 1)
    GAME.apply(s, 0, ("place", statue))
    events = GAME.apply(s, 0, ("square", square("J3")))
    events += settle(s)
    assert "Player 2 scores +3 VP and -1 gp from the Statue." in texts(events)
    assert gold(s, 1) == 0 and vp(s, 1) == before + 3


def test_pass_earns_two_gold_RON_26():
    """RON-26: pass earns two gold."""
    s = fresh(2)
    s.pieces[:] = far_spaces(4)
    before = gold(s, 0)
    at_action(s, 0, "bank")
    events = GAME.apply(s, 0, ("pass",))
    settle(s)
    assert gold(s, 0) == before + 2
    assert "Player 1 passes and earns 2 gp." in texts(events)


def test_neutral_marker_moves_on_RON_27():
    """RON-27: neutral marker moves on."""
    s = fresh(2)
    s.pieces[:] = far_spaces(4)
    s.rondel[:] = [rondel_index("bank"), rondel_index("shop"), rondel_index("church"),
                   rondel_index("park")]
    at_rotate(s, 0, "shop")  # Player 1 moves to the Church, where a neutral stands
    GAME.apply(s, 0, ("rondel", 0))
    events = GAME.apply(s, 0, ("pass",))
    settle(s)
    # Church (1 and neutral) -> Park taken -> Rainbow free
    assert s.rondel[2] == rondel_index("statue")
    assert any("neutral Black marker moves" in t for t in texts(events))
    assert s.rondel[3] == rondel_index("park")


def test_citizen_on_fifty_wins_at_once_RON_29():
    """RON-29: citizen on fifty wins at once."""
    s = fresh(3)
    s.pieces[:] = far_spaces(6)
    i4_red = street_on("I4", "red")
    s.pieces[2] = space(48, i4_red)  # Player 2's Citizen, on I4's street
    s.pieces[4] = space(47, i4_red)  # Player 3's Citizen, on it too
    church = tile_of("church", "yellow S +")  # on I4 (S +, red and green): two matches
    give(s, 0, church)
    at_action(s, 0, "statue")
    GAME.apply(s, 0, ("place", church))
    GAME.apply(s, 0, ("square", square("I4")))
    settle(s)
    assert s.step == OVER and s.winner == 1
    r = GAME.result(s)
    assert r.winners == [1] and r.scores[1] == 50
    assert s.pieces[4] == space(47, i4_red)  # Player 3 never moved: the game had ended


def test_three_empty_lines_start_the_final_round_RON_30_RON_31():
    """RON-30, RON-31: the buy that empties a third line starts the final round,
    clockwise from the buyer; a player without tiles is passed over; the Rainbow
    still costs 1 VP; then the furthest Citizen wins."""
    s = fresh(3)
    s.pieces[:] = far_spaces(6)
    free = iter(range(40))
    for b in (0, 1, 2):  # Shops and Churches all built, three Banks too
        for t in list(s.lines[b])[: 4 if b < 2 else 3]:
            put(s, t, CITY.square_labels[next(free)])
    statue = tile_of("statue", "red S +")
    give(s, 0, statue)
    s.rondel[0] = rondel_index("statue")
    at_action(s, 1, "bank")
    assert len(s.lines[2]) == 1
    GAME.apply(s, 1, ("buy",))
    settle(s)
    assert s.final_round and s.step == FINAL
    assert s.final_queue == [1, 2, 0] and GAME.to_act(s) == (1,)
    bank = s.held[1][0]
    assert ("place", bank) in GAME.legal_actions(s, 1)
    GAME.apply(s, 1, ("place", bank))
    GAME.apply(s, 1, ("square", GAME.legal_squares(s, 1, bank, "normal")[0]))
    settle(s)
    assert GAME.to_act(s) == (0,)  # Player 3 holds no tile
    before = vp(s, 0)
    GAME.apply(s, 0, ("place", statue))
    events = GAME.apply(s, 0, ("square", square("J4")))  # S o: one match
    events += settle(s)
    assert "Player 1 pays 1 VP for the Rainbow." in texts(events)
    assert s.step == OVER
    assert vp(s, 0) == before - 1 + 3
    r = GAME.result(s)
    assert r.winners == [max(range(3), key=lambda p: r.scores[p])]
    GAME.from_json(GAME.to_json(s))  # still a consistent state


def test_ties_share_the_win_RON_31():
    """RON-31: ties share the win."""
    s = fresh(3)
    twenties = [i for i in range(len(CITY.numbers)) if CITY.numbers[i] == 20]
    s.pieces[:] = [twenties[0], space(30), space(39), space(31), space(26), space(32)]
    s.step = OVER
    assert GAME.result(s).winners == [1]
    s.pieces[2] = twenties[1]  # two Citizens on 20, on different streets
    r = GAME.result(s)
    assert r.winners == [2]  # the third Citizen on 26 is still ahead
    s.pieces[4] = space(19, CITY.street_of[twenties[0]])
    assert GAME.result(s).winners == [0, 1]


def test_next_player_clockwise_RON_28():
    """RON-28: next player clockwise."""
    s = fresh(3)
    s.pieces[:] = far_spaces(6)
    at_action(s, 2, "bank")
    GAME.apply(s, 2, ("pass",))
    settle(s)
    assert s.current == 0 and s.step == ROTATE
    assert GAME.legal_actions(s, 1) == []
    assert GAME.to_act(s) == (0,)


def test_a_placed_park_is_not_rescored_RON_22():
    """RON-22: a building added to a Park's Block later gives the Park's owner nothing."""
    s = fresh(2)
    s.pieces[:] = far_spaces(4)
    put(s, tile_of("church", "blue N +"), "B1")
    put(s, tile_of("park", "2 shop, 1 church"), "B2")
    bank = tile_of("bank", "red S +")
    give(s, 1, bank)
    at_action(s, 1, "bank")  # B3 touches a red street
    before = (vp(s, 0), gold(s, 0))
    GAME.apply(s, 1, ("place", bank))
    events = GAME.apply(s, 1, ("square", square("B3")))
    settle(s)
    assert not any(t.startswith("Player 1 scores") for t in texts(events))
    assert (vp(s, 0), gold(s, 0)) == before


def test_the_fifty_space_holds_several_pieces_RON_5_RON_7():
    """RON-5, RON-7: a Banker on 50 does not stop a Citizen from reaching 50."""
    s = fresh(2)
    s.pieces[:] = [space(48), CITY.top, space(30), space(31)]
    church = tile_of("church", "yellow S +")  # one match on J2
    give(s, 0, church)
    at_action(s, 0, "statue")
    GAME.apply(s, 0, ("place", church))
    GAME.apply(s, 0, ("square", square("I4")))  # pays 1 VP (to 47), scores 2 + own piece 2
    settle(s)
    assert s.pieces[0] == s.pieces[1] == CITY.top
    assert s.winner == 0 and s.step == OVER



def test_no_neutral_marker_moves_after_the_buy_that_ends_the_game_RON_27_RON_30():
    """RON-27, RON-30: a neutral marker moves on only after an action that does not end
    the game; the buy that empties a third line leaves the neutrals where they are."""
    s = fresh(2)
    s.pieces[:] = far_spaces(4)
    free = iter(range(40))
    for b in (0, 1):  # Shops and Churches all built
        for t in list(s.lines[b]):
            put(s, t, CITY.square_labels[next(free)])
    for t in list(s.lines[2])[1:]:  # one Bank left: buying it empties a third line
        put(s, t, CITY.square_labels[next(free)])
    at_action(s, 1, "bank")
    s.rondel[2] = s.rondel[1]  # a neutral marker shares the buyer's space
    park = s.rondel[3]
    GAME.apply(s, 1, ("buy",))
    settle(s)
    assert s.final_round
    assert s.rondel[2] == s.rondel[1] and s.rondel[3] == park
