"""Tests for the Events and Civic Amenities variants (RON-V*)."""

from __future__ import annotations

import random

from rondelcity_helpers import (
    CITY,
    GAME,
    at_action,
    far_spaces,
    fresh,
    give,
    gold,
    put,
    settle,
    square,
    texts,
    tile_of,
    vp,
)

from borough.games.rondelcity.state import (
    ACTION,
    BONUS,
    EMPTY,
    EVENT,
    FINAL,
    PICK,
    ROTATE,
    SITE,
    SQUARE,
    TAKE,
)

FESTIVAL = GAME.variants.festival
YELLOW_WORKS = next(e.id for e in GAME.variants.events if e.name == "Roadworks on Yellow")


def events_game(players: int = 2):
    s = fresh(players, events="on")
    s.pieces[:] = far_spaces(2 * players)
    return s


def test_festival_starts_and_the_stack_is_hidden_RON_V1():
    """RON-V1: festival starts and the stack is hidden."""
    s = fresh(3, seed=4, events="on")
    assert s.event == FESTIVAL
    assert sorted(s.event_stack) == [e for e in range(10) if e != FESTIVAL]
    stacks = {tuple(fresh(3, seed=k, events="on").event_stack) for k in range(4, 8)}
    assert len(stacks) > 1  # shuffled, so seeds differ
    obs = GAME.observe(s, 0)
    assert obs["event"] == FESTIVAL and obs["event_stack"] == 9
    assert GAME.variants.events[FESTIVAL].ban == "none"
    assert not any(GAME.variants.events[FESTIVAL].surcharge)


def _rainbow_place(s, seat=0):
    shop = tile_of("shop", "blue S +")
    give(s, seat, shop)
    at_action(s, seat, "statue")
    GAME.apply(s, seat, ("place", shop))
    return GAME.apply(s, seat, ("square", square("A2"))) + settle(s)


def test_rainbow_placement_draws_three_events_RON_V2():
    """RON-V2: rainbow placement draws three events."""
    s = events_game()
    s.event_stack = [e for e in range(1, 10)]
    events = _rainbow_place(s)
    assert s.step == EVENT and s.event_drawn == [1, 2, 3]
    private = [e for e in events if e.private_to == (0,)]
    assert len(private) == 3
    assert GAME.observe(s, 1)["event_drawn"] == 3
    assert GAME.observe(s, 0)["event_drawn"] == [1, 2, 3]
    assert GAME.legal_actions(s, 0) == [("event", 1), ("event", 2), ("event", 3)]
    GAME.apply(s, 0, ("event", 2))
    assert s.event == 2
    # the replaced Event and the two not chosen go under the stack, the rest stays
    assert s.event_stack[:6] == [4, 5, 6, 7, 8, 9]
    assert sorted(s.event_stack[6:]) == sorted([FESTIVAL, 1, 3])
    assert s.step == ROTATE and s.current == 1


def test_the_three_go_under_the_stack_in_a_random_order_RON_V2():
    """RON-V2 (interpretation): the order of the three Events put under the stack is
    drawn from the game's seeded generator: it varies between games and is the same
    for the same seed and moves."""
    orders = []
    for seed in range(8):
        s = fresh(2, seed=seed, events="on")
        s.pieces[:] = far_spaces(4)
        s.event_stack = [e for e in range(1, 10)]
        _rainbow_place(s)
        GAME.apply(s, 0, ("event", 2))
        orders.append(tuple(s.event_stack[6:]))
    assert all(sorted(o) == sorted([FESTIVAL, 1, 3]) for o in orders)
    assert len(set(orders)) > 1
    again = fresh(2, seed=3, events="on")
    again.pieces[:] = far_spaces(4)
    again.event_stack = [e for e in range(1, 10)]
    _rainbow_place(again)
    GAME.apply(again, 0, ("event", 2))
    assert tuple(again.event_stack[6:]) == orders[3]


def test_event_texts_say_what_the_rules_do_RON_V4():
    """RON-V4: every Event's text names exactly its banned colour and its surcharges,
    and says that a square may still be used through its other street."""
    for e in GAME.variants.events:
        text = e.text
        if e.ban == "none":
            assert "street" not in text
        else:
            assert f"A {e.ban} street does not allow a placement" in text
            assert "through its other street" in text
        for b, n in enumerate(e.surcharge):
            word = {0: "Shops", 1: "Churches", 2: "Banks", 3: "Statues", 4: "Parks"}[b]
            assert (f"{word} cost {n} gp more" in text) == bool(n), (e.name, text)


def test_buying_a_statue_on_the_rainbow_draws_no_event_RON_V2():
    """RON-V2: buying a statue on the rainbow draws no event."""
    s = events_game()
    at_action(s, 0, "statue")
    GAME.apply(s, 0, ("buy",))
    settle(s)
    assert s.step == ROTATE and s.event == FESTIVAL and not s.event_drawn


def test_drawn_festival_must_be_used_and_the_rest_reshuffled_RON_V3():
    """RON-V3: drawn festival must be used and the rest reshuffled."""
    s = events_game()
    s.event = 4
    s.event_stack = [1, 2, FESTIVAL, 3, 5, 6, 7, 8, 9]
    events = _rainbow_place(s)
    assert s.step == ROTATE
    assert s.event == FESTIVAL
    assert sorted(s.event_stack) == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert any("draws the Festival" in t for t in texts(events))


def test_event_bans_a_colour_and_raises_a_price_RON_V4():
    """RON-V4: event bans a colour and raises a price."""
    s = events_game()
    s.event = YELLOW_WORKS
    shop = tile_of("shop", "blue S +")
    give(s, 0, shop)
    at_action(s, 0, "shop")  # yellow
    assert GAME.legal_squares(s, 0, shop, "normal") == []
    assert ("place", shop) not in GAME.legal_actions(s, 0)
    rainbow = GAME.legal_squares(s, 0, shop, "rainbow")
    for q in rainbow:
        assert any(CITY.street_colours[st] != "yellow" for st in CITY.square_streets[q])
    only_yellow = [q for q in range(40) if all(
        CITY.street_colours[st] == "yellow" for st in CITY.square_streets[q])]
    assert not set(only_yellow) & set(rainbow)
    at_action(s, 0, "bank")
    assert GAME.price(s, 0) == GAME.market.prices[2][0] + 1


def amenity_game(players: int = 2, seed: int = 1):
    s = fresh(players, seed=seed, amenities="on")
    s.pieces[:] = far_spaces(2 * players)
    return s


def test_amenities_dealt_face_down_to_the_main_blocks_RON_V5():
    """RON-V5: amenities dealt face down to the main blocks."""
    s = amenity_game()
    j = CITY.block_names.index("J")
    assert s.block_amenity[j] == EMPTY
    assert sorted(a for a in s.block_amenity if a >= 0) == list(range(9))
    obs = GAME.observe(s, 0)
    assert obs["amenity_blocks"] == [True] * 9 + [False]
    d = GAME.determinize(s, 0, random.Random(3))
    assert GAME.observe(d, 0) == obs


def _place_in(s, seat, tile, label, building="bank"):
    give(s, seat, tile)
    at_action(s, seat, building)
    GAME.apply(s, seat, ("place", tile))
    return GAME.apply(s, seat, ("square", square(label)))


def test_first_placer_may_take_the_amenity_instead_of_scoring_RON_V6():
    """RON-V6: first placer may take the amenity instead of scoring."""
    s = amenity_game()
    church = tile_of("church", "red N o")
    block = CITY.square_block[square("F1")]
    a = s.block_amenity[block]
    _place_in(s, 0, church, "F1")
    assert s.step == TAKE
    before = (vp(s, 0), gold(s, 0))
    events = GAME.apply(s, 0, ("take",))
    assert s.held_amenities[0] == [a] and s.block_amenity[block] == EMPTY
    assert not any("scores" in t for t in texts(events))
    assert (vp(s, 0), gold(s, 0)) == before
    # declining: the tile scores and the Amenity leaves the game unseen
    s = amenity_game()
    a = s.block_amenity[block]
    _place_in(s, 0, church, "F1")
    events = GAME.apply(s, 0, ("score",))
    assert "Player 1 scores +6 VP from the Church." in texts(events)
    assert s.removed_amenities == [a] and s.block_amenity[block] == EMPTY
    # the second placer in that Block is not asked
    s.step, s.current, s.actor = ACTION, 1, 1
    bank = tile_of("bank", "red S +")
    _place_in(s, 1, bank, "F3", "bank")
    assert s.step != TAKE


def test_amenity_counts_toward_the_tile_limit_RON_V7():
    """RON-V7: amenity counts toward the tile limit."""
    s = amenity_game(3)
    for t in (0, 4):
        give(s, 0, t)
    at_action(s, 0, "bank")
    assert ("buy",) in GAME.legal_actions(s, 0)
    s.held_amenities[0].append(s.block_amenity[0])
    s.block_amenity[0] = EMPTY
    assert ("buy",) not in GAME.legal_actions(s, 0)


def _holding_amenity(players=3):
    s = amenity_game(players)
    a = s.block_amenity[0]
    s.block_amenity[0] = EMPTY
    s.held_amenities[0].append(a)
    return s, a


def test_amenity_buys_for_free_even_at_the_limit_RON_V8_RON_V10():
    """RON-V8, RON-V10: amenity buys for free even at the limit."""
    s, a = _holding_amenity()
    for t in (0, 4):
        give(s, 0, t)
    at_action(s, 0, "bank")
    assert ("buy",) not in GAME.legal_actions(s, 0)  # three held, the Amenity included
    face_up = s.lines[2][0]
    before = gold(s, 0)
    GAME.apply(s, 0, ("amenity_buy", a))
    assert face_up in s.held[0] and gold(s, 0) == before
    assert s.step == BONUS
    GAME.apply(s, 0, ("bonus", "gp"))
    settle(s)
    assert gold(s, 0) == before + 4
    assert s.step == SITE
    empty = [("site", q) for q in range(40) if s.board[q] == EMPTY]
    assert GAME.legal_actions(s, 0) == empty
    GAME.apply(s, 0, ("site", square("E1")))
    assert s.board[square("E1")] == 100 + a
    assert s.step == ROTATE


def test_amenity_places_anywhere_without_restriction_RON_V9_RON_V11():
    """RON-V9, RON-V11: amenity places anywhere without restriction."""
    s, a = _holding_amenity()
    block_i = CITY.square_block[square("I1")]
    s.removed_amenities.append(s.block_amenity[block_i])  # Block I's Amenity is gone
    s.block_amenity[block_i] = EMPTY
    put(s, tile_of("shop", "red N +"), "I1")
    shop = tile_of("shop", "blue S +")
    give(s, 0, shop)
    at_action(s, 0, "church")
    before_vp = vp(s, 0)
    GAME.apply(s, 0, ("amenity_place", a))
    assert s.step == PICK
    GAME.apply(s, 0, ("place", shop))
    assert s.step == SQUARE
    assert ("square", square("I4")) in GAME.legal_actions(s, 0)  # a second Shop in Block I
    GAME.apply(s, 0, ("square", square("I4")))
    settle(s)
    assert vp(s, 0) == before_vp  # no Rainbow payment, a Shop gives gold only
    assert s.step == BONUS
    GAME.apply(s, 0, ("bonus", "vp"))
    settle(s)
    assert vp(s, 0) == before_vp + 2
    # an Amenity may join other Amenities in any Block
    other = s.removed_amenities.pop()
    s.board[square("I2")] = 100 + other
    GAME.apply(s, 0, ("site", square("I3")))
    assert s.board[square("I3")] == 100 + a


def test_no_amenity_in_the_final_round_RON_V12():
    """RON-V12: no amenity in the final round."""
    s, _a = _holding_amenity()
    give(s, 0, tile_of("church", "red N o"))
    s.final_round, s.final_queue, s.step = True, [0, 1, 2], FINAL
    s.current = s.actor = 0
    s.rondel[0] = GAME.market.rondel_buildings.index(2)  # the Bank space
    acts = GAME.legal_actions(s, 0)
    assert not any(k[0].startswith("amenity") for k in acts)
    block = CITY.square_block[square("F1")]
    amenity_there = s.block_amenity[block]
    GAME.apply(s, 0, ("place", tile_of("church", "red N o")))
    GAME.apply(s, 0, ("square", square("F1")))
    settle(s)
    assert s.step != TAKE
    assert amenity_there in s.removed_amenities
    assert s.step == "over"  # Players 2 and 3 hold no tile: nothing left to place
