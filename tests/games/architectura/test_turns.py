"""Setup, turns, the end, scoring, the advanced setup and hidden information."""

from __future__ import annotations

import random

import pytest

from borough.core.errors import IllegalAction
from borough.games.architectura import changes, city, effects, scoring, turns
from borough.games.architectura.state import CHOOSE, DOWN, EMPTY, OVER, PLAY
from tests.games.architectura.helpers import (
    CARD,
    GAME,
    act,
    fresh,
    hand,
    play,
    put,
    space,
    turn,
)

A1, A2, A3 = space(1, 1), space(1, 2), space(1, 3)


def test_arc1_one_street_of_eight_spaces_per_player():
    """ARC-1: 2, 3 or 4 streets of 8 spaces."""
    for players in (2, 3, 4):
        state = fresh(players)
        assert len(state.cells) == 8 * players and all(c == EMPTY for c in state.cells)


def test_arc2_decks_tokens_and_opening_hands():
    """ARC-2, ARC-3: 12 cards of one's colour, 2 tokens, 3 cards in hand; Player 1 starts."""
    state = fresh(4, seed=3)
    for data in state.seats:
        assert sorted(data.hand + data.deck) == list(range(12))
        assert len(data.hand) == 3 and data.tokens == 2 and data.limit == 3
    assert state.current == 0 and state.step == PLAY and GAME.to_act(state) == (0,)
    other = fresh(4, seed=4)
    assert [d.deck for d in other.seats] != [d.deck for d in state.seats]


def test_arc4_arc8_a_turn_plays_one_card_then_draws_back_to_the_limit():
    """ARC-4, ARC-5, ARC-8: one card, basic side up; back to 3 cards; then the next player."""
    state = fresh(2)
    card = sorted(state.seats[0].hand)[0]
    deck = len(state.seats[0].deck)
    GAME.apply(state, 0, ("play", card, A1))
    while state.step != PLAY or state.current != 1:  # answer any effect by declining it
        seat = GAME.to_act(state)[0]
        act(state, seat, GAME.legal_actions(state, seat)[-1])
    assert state.cells[A1] == card and state.face[A1] == GAME.cards[card].basic
    assert len(state.seats[0].hand) == 3 and len(state.seats[0].deck) == deck - 1


def test_arc8_nothing_is_drawn_from_an_empty_deck():
    """ARC-8: with an empty deck the hand simply shrinks."""
    state = fresh(2)
    hand(state, 0, "temple", "statue", "market")
    state.seats[0].deck = []
    turn(state, 0)
    play(state, 0, "temple", A1)
    assert sorted(state.seats[0].hand) == [CARD["market"], CARD["statue"]]


def test_arc6_eligible_spaces():
    """ARC-6: right of an occupied space, first space of an empty street, a destroyed card."""
    state = fresh(3)
    put(state, 1, "market", A1)
    put(state, 1, "temple", space(2, 1), down=True)
    spaces = city.eligible(state, 0)
    assert spaces == [A2, space(2, 1), space(2, 2), space(3, 1)]


def test_arc7_no_third_card_in_a_row_with_three_or_four_players():
    """ARC-7: two own cards in a row forbid a third next to them; not with 2 players."""
    for players, allowed in ((3, False), (2, True)):
        state = fresh(players)
        put(state, 0, "market", A1)
        put(state, 0, "statue", A2)
        hand(state, 0, "temple", "park", "library")
        turn(state, 0)
        legal = GAME.legal_actions(state, 0)
        assert (("play", CARD["temple"], A3) in legal) is allowed
    reason = GAME.explain(state, 0, ("play", CARD["temple"], A3))
    assert reason is None
    state = fresh(3)
    put(state, 0, "market", A1)
    put(state, 0, "statue", A2)
    hand(state, 0, "temple", "park", "library")
    turn(state, 0)
    assert "third card" in GAME.explain(state, 0, ("play", CARD["temple"], A3))


def test_arc7_a_destroyed_card_breaks_the_run_and_moves_may_make_one():
    """ARC-7: face-down cards break a run; a moved card may complete one."""
    state = fresh(3)
    put(state, 0, "market", A1)
    put(state, 0, "statue", A2, down=True)
    put(state, 0, "park", A3)
    assert city.run_ok(state, 0, space(1, 4))
    state.face[A2] = 1
    put(state, 0, "temple", space(2, 1))
    # a fourth in a row: allowed by a move
    changes.move(GAME.content, state, 0, space(2, 1), space(1, 4), [])
    assert state.cells[space(1, 4)] == CARD["temple"]


def test_arc10_once_per_game_hand_swap():
    """ARC-10: the hand goes under the deck, as many cards are drawn; only once."""
    state = fresh(2, seed=5)
    data = state.seats[0]
    old = sorted(data.hand)
    assert ("swap_hand",) in GAME.legal_actions(state, 0)
    act(state, 0, ("swap_hand",))
    assert sorted(data.deck[:3]) == old and len(data.hand) == 3 and data.bottom == 3
    assert ("swap_hand",) not in GAME.legal_actions(state, 0)
    assert state.step == PLAY and state.current == 0


def test_arc11_turns_are_skipped_without_cards():
    """ARC-11: a player with no cards at all is passed over."""
    state = fresh(2)
    state.seats[1].deck, state.seats[1].hand = [], []
    hand(state, 0, "temple", "statue", "market")
    turn(state, 0)
    events = play(state, 0, "temple", A1)
    assert state.current == 0 and "skips" in " ".join(e.text for e in events)


def test_arc11_a_blocked_hand_may_swap_or_pass():
    """ARC-11: cards that fit nowhere: the player passes (or swaps the hand first)."""
    state = fresh(3)
    put(state, 0, "market", A1)
    put(state, 0, "statue", A2)
    for i in range(8, 24):
        state.reserved[i] = 1  # every other space is someone else's
    state.seats[1].tokens = -14  # the test city has more reserve tokens than the game
    hand(state, 0, "temple", "park", "library")
    turn(state, 0)
    state.seats[0].swapped = False
    assert GAME.legal_actions(state, 0) == [("swap_hand",), ("pass",)]
    act(state, 0, ("pass",))
    assert state.current != 0 or state.step == OVER


def test_arc32_the_game_ends_when_no_one_can_play():
    """ARC-32: empty hands and decks everywhere end the game after the last card."""
    state = fresh(2)
    hand(state, 0, "temple")
    for data in state.seats:
        data.deck = []
    state.seats[1].hand = []
    turn(state, 0)
    events = play(state, 0, "temple", A1)
    assert state.step == OVER and GAME.to_act(state) == ()
    assert "game is over" in events[-1].text
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, ("pass",))


def test_arc32_a_full_city_ends_the_game():
    """ARC-32: with no eligible space left, cards in hand do not keep the game going."""
    state = fresh(2)
    keys = [k for k in CARD if CARD[k] < 12]
    for i, key in enumerate(keys[:8]):
        put(state, 0, key, i)
    for i, key in enumerate(keys[:7]):
        put(state, 1, key, 8 + i)
    hand(state, 0, keys[8])
    state.seats[0].deck = []
    turn(state, 0)
    GAME.apply(state, 0, ("play", CARD[keys[8]], space(2, 8)))
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        act(state, seat, GAME.legal_actions(state, seat)[-1])
    assert state.step == OVER


def test_arc33_final_score_sums_values_and_end_effects():
    """ARC-33: card values plus end-of-game points; destroyed cards count nothing."""
    state = fresh(2)
    put(state, 0, "market", A1)  # 3
    put(state, 0, "statue", A2)  # 2 + 3 next to the Park below
    put(state, 1, "park", space(2, 2))  # 1
    put(state, 1, "temple", space(2, 3), down=True)
    detail = scoring.breakdown(GAME.content, state)
    assert detail["totals"] == [8, 1] and detail["end_effects"] == [3, 0]


def test_arc34_ties_go_to_most_cards_then_the_lowest_card():
    """ARC-34: same score: more cards wins; then the owner of the lowest card wins."""
    detail = {"totals": [6, 6], "cards": [3, 2], "lowest": [1, 2]}
    assert scoring.winners(detail) == [0]
    detail = {"totals": [6, 6], "cards": [2, 2], "lowest": [3, 1]}
    assert scoring.winners(detail) == [1]
    detail = {"totals": [6, 6], "cards": [2, 2], "lowest": [1, 1]}
    assert scoring.winners(detail) == [0, 1]
    detail = {"totals": [7, 6], "cards": [1, 4], "lowest": [7, 0]}
    assert scoring.winners(detail) == [0]


def test_arc35_replacements_need_the_same_basic_value_or_the_named_card():
    """ARC-35: the Obelisk (3) may replace any basic 3; the Graveyard only the Smithy."""
    state = fresh(2, replacements=2)
    assert state.step == CHOOSE and GAME.to_act(state) == (0, 1)
    legal = GAME.legal_actions(state, 0)
    obelisk = {a[2] for a in legal if a[:2] == ("replace", CARD["obelisk"])}
    assert obelisk == {CARD[k] for k in ("market", "temple", "fountain", "library")}
    assert {a[2] for a in legal if a[:2] == ("replace", CARD["graveyard"])} == {CARD["smithy"]}
    for card in GAME.cards[12:]:
        for j in card.replaces:
            basic = GAME.cards[j]
            same = (basic.kind, basic.sides[basic.basic]) == (card.kind, card.sides[card.basic])
            assert same or card.key in ("graveyard", "academy")
    act(state, 0, ("replace", CARD["obelisk"], CARD["market"]))
    act(state, 0, ("replace", CARD["graveyard"], CARD["smithy"]))
    assert GAME.legal_actions(state, 0) == [("ready",)]  # at most 2 swaps


def test_arc36_choices_are_sealed_then_revealed():
    """ARC-36: others cannot see a choice until everyone is ready; then all see it."""
    state = fresh(2, replacements=1)
    act(state, 0, ("replace", CARD["obelisk"], CARD["market"]))
    assert GAME.observe(state, 1)["seats"][0]["swaps"] is None
    act(state, 0, ("ready",))
    assert GAME.to_act(state) == (1,)
    events = act(state, 1, ("ready",))
    assert GAME.observe(state, 1)["seats"][0]["swaps"][CARD["market"]] == CARD["obelisk"]
    assert any("replaces the Market with the Obelisk" in e.text for e in events)
    data = state.seats[0]
    assert CARD["obelisk"] in data.hand + data.deck and CARD["market"] not in data.hand + data.deck


def test_arc37_hands_and_deck_order_are_private():
    """ARC-37: another seat sees the hand size only; determinisation redeals the rest."""
    state = fresh(3, seed=8)
    view = GAME.observe(state, 1)
    assert view["seats"][0]["hand"] is None and view["seats"][0]["hand_size"] == 3
    assert view["seats"][1]["hand"] == sorted(state.seats[1].hand)
    assert "deck" not in view["seats"][1]
    rng = random.Random(1)
    samples = [GAME.determinize(state, 1, rng) for _ in range(10)]
    assert any(s.seats[0].hand != state.seats[0].hand for s in samples)
    assert all(sorted(s.seats[1].hand) == sorted(state.seats[1].hand) for s in samples)
    assert all(GAME.observe(s, 1) == view for s in samples)


def test_arc37_cards_taken_back_stay_known_and_destroyed_cards_are_open():
    """ARC-37, ARC-31: a shown card stays in the hand in every determinisation."""
    state = fresh(2, seed=2)
    state.seats[0].shown = [state.seats[0].hand[0]]
    put(state, 0, "temple", A1, down=True)
    rng = random.Random(4)
    for _ in range(5):
        sample = GAME.determinize(state, 1, rng)
        assert state.seats[0].shown[0] in sample.seats[0].hand
    assert GAME.observe(state, 1)["cells"][A1] == CARD["temple"]
    assert GAME.observe(state, 1)["face"][A1] == DOWN


def test_arc38_removed_cards_leave_the_game_for_everyone_to_see():
    """ARC-38: removed cards are listed openly and never come back."""
    state = fresh(2)
    state.seats[0].removed.append(state.seats[0].deck.pop())
    GAME.validate_state(state)
    assert GAME.observe(state, 1)["seats"][0]["removed"] == state.seats[0].removed


def test_arc22_optional_effects_can_be_declined():
    """ARC-22: "may" effects offer "done"; the Guesthouse does not (see ARC-C9)."""
    state = fresh(2)
    put(state, 1, "market", A1)
    hand(state, 0, "greenhouse", "park", "temple")
    turn(state, 0)
    play(state, 0, "greenhouse", space(2, 1))
    assert ("done",) in GAME.legal_actions(state, 0)
    act(state, 0, ("done",))
    assert state.current == 1


def test_arc21_an_effect_may_act_on_its_own_card():
    """ARC-21: the Greenhouse may rotate itself."""
    state = fresh(2)
    hand(state, 0, "greenhouse", "park", "temple")
    turn(state, 0)
    play(state, 0, "greenhouse", A1)
    act(state, 0, ("rotate", A1, 1))
    assert state.face[A1] == 2


def test_arc6_fast_eligibility_agrees_with_the_rule_along_random_games():
    """ARC-6, ARC-32: the one-pass `eligible` matches `can_place` space by space, and
    `full` matches "no space is eligible for anybody"."""
    for state, players, _ in along_random_games(6, with_replacements=True):
        for seat in range(players):
            slow = [i for i in range(8 * players) if city.can_place(state, seat, i)]
            assert city.eligible(state, seat) == slow
        # ARC-32: the quick full-city test agrees with every seat's eligible spaces
        assert city.full(state) == (not any(city.eligible(state, s) for s in range(players)))
        GAME.validate_state(state)


def along_random_games(games: int, with_replacements: bool = False):
    """Every position, the last included, of `games` random games of 2, 3 and 4
    players in turn (with replacement cards in every other game if asked):
    (state, players, rng)."""
    for seed in range(games):
        players = 2 + seed % 3
        replacements = (0, 6)[seed % 2] if with_replacements else 0
        state = fresh(players, seed=seed, replacements=replacements)
        rng = random.Random(seed)
        yield state, players, rng
        while not GAME.is_over(state):
            seat = rng.choice(GAME.to_act(state))
            act(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            yield state, players, rng


def test_arc20_whether_an_effect_has_a_target_agrees_with_its_list_along_random_games():
    """ARC-20, ARC-22, ARC-23: `has_answer`, which stops at the first target, says
    yes exactly when the effect's full list offers more than "done", for every
    choosing effect and every seat, at every point of random games."""
    for state, players, rng in along_random_games(4):
        for name in CHOOSING:
            probe = GAME.clone(state)
            probe.effect, probe.target, probe.picks = name, -1, []
            probe.src = rng.randrange(len(probe.cells))
            for seat in range(players):
                full = [a for a in effects.choices(GAME.content, probe, seat) if a[0] != "done"]
                assert effects.has_answer(GAME.content, probe, seat) == bool(full), name


CHOOSING = ("protect", "swap", "restore", "reserve", "rotate_two", "rotate_each", "move",
            "copy", "manufactory")


def test_arc4_whether_a_seat_can_play_agrees_with_its_plays_along_random_games():
    """ARC-4..ARC-7, ARC-C14, ARC-C16: `_can_play`, which stops at the first play,
    says yes exactly when `_plays` lists one, for every seat at every point of
    random games (forced spaces and reserved ones included)."""
    for state, players, _ in along_random_games(6, with_replacements=True):
        for seat in range(players):
            assert turns.can_play(GAME.content, state, seat) == bool(
                turns.plays(GAME.content, state, seat))


def test_arc32_a_round_of_passes_ends_the_game():
    """ARC-32, ARC-11: a blocked player who passes instead of swapping, in a round where
    nobody else can play, ends the game."""
    state = fresh(3)
    put(state, 0, "market", A1)
    put(state, 0, "statue", A2)
    state.reserved[8:24] = [2] * 16  # streets 2 and 3 are kept by Player 3...
    for seat in (1, 2):  # ...and Players 2 and 3 have no cards left
        state.seats[seat].hand, state.seats[seat].deck = [], []
    hand(state, 0, "temple", "park", "library")
    turn(state, 0)
    state.seats[0].swapped = False
    assert GAME.legal_actions(state, 0) == [("swap_hand",), ("pass",)]
    events = act(state, 0, ("pass",))
    assert state.step == OVER and "game is over" in events[-1].text
