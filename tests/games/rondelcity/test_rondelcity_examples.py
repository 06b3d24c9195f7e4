"""The rulebook's three worked examples, replayed exactly as the book tells them."""

from __future__ import annotations

from rondelcity_helpers import (
    GAME,
    at_action,
    at_rotate,
    corner_of,
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

WHITE, PURPLE, BLACK = 0, 1, 2


def test_example_park_bought_for_nine_RON_9_RON_12():
    """RON-9, RON-12: Purple moves Bank -> Shop, pays 3 gp for two more spaces to the
    Park, and buys the visible Park (price 8) for 9: 1 more for Black's marker."""
    s = fresh(3)
    s.pieces[:] = [space(n) for n in (26, 27, 28, 49, 29, 30)]
    at_rotate(s, PURPLE, "bank")
    s.rondel[BLACK] = rondel_index("park")
    s.rondel[WHITE] = rondel_index("church")
    s.rondel[3] = rondel_index("statue")  # the neutral marker is elsewhere
    first_park = s.lines[4][0]
    give(s, WHITE, first_park)  # one Park already bought: the next visible price is 8
    assert GAME.market.prices[4][1] == 8
    before = gold(s, PURPLE)
    events = GAME.apply(s, PURPLE, ("rondel", 2))
    events += settle(s)
    assert GAME.rondel_building(s, PURPLE) == 4  # the Park space
    assert gold(s, PURPLE) == before - 3
    assert GAME.price(s, PURPLE) == 9
    park = s.lines[4][0]
    events = GAME.apply(s, PURPLE, ("buy",))
    events += settle(s)
    assert park in s.held[PURPLE]
    assert gold(s, PURPLE) == before - 3 - 9
    assert any("buys a Park" in t and "for 9 gp" in t for t in texts(events))


def test_example_bank_placement_RON_18_RON_19_RON_20_RON_5():
    """RON-18, RON-19, RON-20, RON-5: White on the yellow space places the Bank
    (yellow, N, o) on a square (N, +) by a red and a yellow street: two matches give
    White 2 VP and 4 gp; Purple's Citizen on 8 scores once (1 VP, 2 gp) and moves two
    spaces because Black's Citizen sits on corner 9; Black scores nothing."""
    s = fresh(3)
    s.pieces[:] = far_spaces(6)
    f2 = "F2"
    yellow = street_on(f2, "yellow")
    s.pieces[2 * PURPLE] = space(8, yellow)
    s.pieces[2 * BLACK] = corner_of(f2)
    assert GAME.city.numbers[corner_of(f2)] == 9
    assert GAME.city.colours[corner_of(f2)] == "white"
    bank = tile_of("bank", "yellow N o")
    assert GAME.tiles[bank].source.startswith("rulebook")
    assert (GAME.city.square_ns[square(f2)], GAME.city.square_ring[square(f2)]) == ("N", "+")
    give(s, WHITE, bank)
    at_action(s, WHITE, "shop")
    start = [(vp(s, p), gold(s, p)) for p in range(3)]
    GAME.apply(s, WHITE, ("place", bank))
    events = GAME.apply(s, WHITE, ("square", square(f2)))
    assert "Player 1 scores +2 VP and +4 gp from the Bank." in texts(events)
    assert "Player 2 scores +1 VP and +2 gp from the Bank." in texts(events)
    assert not any(t.startswith("Player 3 scores") for t in texts(events))
    events += settle(s)
    assert (vp(s, WHITE), gold(s, WHITE)) == (start[0][0] + 2, start[0][1] + 4)
    assert gold(s, PURPLE) == start[1][1] + 2
    assert vp(s, PURPLE) == 10  # 1 VP, but 9 is taken: two spaces
    assert (vp(s, BLACK), gold(s, BLACK)) == start[2]


def test_example_park_placement_RON_22():
    """RON-22: White on the yellow space places the Park (1 Church icon, 2 Shop icons)
    in a Block holding a Church and a Shop: 2 VP and 8 gp. Purple's Citizen on the
    blue street (space 18) next to the square gains nothing."""
    s = fresh(3)
    s.pieces[:] = far_spaces(6)
    s.pieces[2 * PURPLE] = space(18, street_on("B2", "blue"))
    assert GAME.city.numbers[s.pieces[2 * PURPLE]] == 18
    put(s, tile_of("church", "blue N +"), "B1")
    put(s, tile_of("shop", "yellow S o"), "B4")
    park = tile_of("park", "2 shop, 1 church")
    assert GAME.tiles[park].source.startswith("rulebook")
    give(s, WHITE, park)
    at_action(s, WHITE, "shop")
    before_white = (vp(s, WHITE), gold(s, WHITE))
    before_purple = (vp(s, PURPLE), gold(s, PURPLE))
    GAME.apply(s, WHITE, ("place", park))
    assert ("square", square("B2")) in GAME.legal_actions(s, WHITE)
    events = GAME.apply(s, WHITE, ("square", square("B2")))
    assert "Player 1 scores +2 VP and +8 gp from the Park." in texts(events)
    settle(s)
    assert (vp(s, WHITE), gold(s, WHITE)) == (before_white[0] + 2, before_white[1] + 8)
    assert (vp(s, PURPLE), gold(s, PURPLE)) == before_purple
    # The free south-west square can later take only a Bank or a Statue.
    later = {
        "bank": tile_of("bank", "red S +"),
        "statue": tile_of("statue", "red S +"),
        "church": tile_of("church", "yellow S +"),
        "shop": tile_of("shop", "blue S +"),
        "park": tile_of("park", "1 shop, 2 bank"),
    }
    for t in later.values():
        give(s, PURPLE, t)
    fits = {b for b, t in later.items() if square("B3") in GAME.legal_squares(
        s, PURPLE, t, "rainbow")}
    assert fits == {"bank", "statue"}
