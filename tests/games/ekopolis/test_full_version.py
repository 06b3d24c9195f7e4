"""Ekopolis rules of the full version (individual scores and Action cards,
EKO-F0 to EKO-F10) and the card effects (EKO-C1 to EKO-C7), a test or more per
rule id of RULES.md."""

import random

from borough.games.ekopolis import scoring
from borough.games.ekopolis.state import EMPTY, GREEN_ZONE, POLLUTION, step_now
from tests.games.ekopolis.helpers import (
    BASIC,
    CARD,
    FULL,
    GAME,
    LABEL,
    TILE,
    fresh,
    give,
    play_elsewhere,
    played_out,
    put_on_board,
    top_card,
)


def test_individual_scores_may_go_negative_EKO_F0():
    """EKO-F0: full version scores are kept per player."""
    s = fresh(options=FULL)
    give(s, 0, TILE["Steelworks"])
    put_on_board(s, "City park", "C4")
    GAME.apply(s, 0, ("place", TILE["Steelworks"], LABEL["D3"]))
    assert s.scores[1:] == [0, 0, 0]
    steel = GAME.tiles[TILE["Steelworks"]]
    assert s.scores[0] == steel.bonus + steel.values[1] + steel.values[2]
    s.scores[0] = -5
    assert GAME.result(s).scores[0] == -5


def test_card_decks_by_colour_EKO_F1():
    """EKO-F1: three shuffled decks of 20, one per colour."""
    s = fresh(options=FULL)
    assert [len(d) for d in s.card_decks] == [20, 20, 20]
    for colour, deck in enumerate(s.card_decks):
        assert all(GAME.cards[c].colour == colour for c in deck)
    assert fresh(options=FULL, seed=9).card_decks != s.card_decks


def test_card_of_the_placed_colour_EKO_F2():
    """EKO-F2: after building, the player takes a card of that Building's colour."""
    s = fresh(options=FULL)
    give(s, 0, TILE["Forest"])
    GAME.apply(s, 0, ("place", TILE["Forest"], LABEL["C4"]))
    if step_now(s) == "green":
        GAME.apply(s, 0, ("skip",))
    if step_now(s) == "effect":
        GAME.apply(s, 0, GAME.legal_actions(s, 0)[-1])
    assert len(s.seats[0].cards) == 1
    assert GAME.cards[s.seats[0].cards[0]].colour == 1


def test_now_cards_act_at_once_and_choices_EKO_F3():
    """EKO-F3: a now-card acts when taken; a green zone offer may be declined."""
    s = fresh(options=FULL)
    give(s, 0, TILE["Forest"])
    top_card(s, CARD["Tree planting"])
    GAME.apply(s, 0, ("place", TILE["Forest"], LABEL["C4"]))
    GAME.apply(s, 0, ("skip",))  # the Forest's own green zone
    assert step_now(s) == "effect"
    actions = GAME.legal_actions(s, 0)
    assert ("skip",) in actions and all(a[0] in ("green", "skip") for a in actions)
    GAME.apply(s, 0, ("skip",))
    assert step_now(s) == "discard" and s.seats[0].held == []


def test_end_cards_are_kept_hidden_and_act_at_the_end_EKO_F4():
    """EKO-F4: an end-card stays face down and scores only at the end."""
    s = fresh(options=FULL)
    give(s, 0, TILE["Forest"])
    top_card(s, CARD["Green belt"])
    GAME.apply(s, 0, ("place", TILE["Forest"], LABEL["C4"]))
    GAME.apply(s, 0, ("green", LABEL["D3"]))
    assert s.seats[0].held == [CARD["Green belt"]]
    assert GAME.observe(s, 1)["seats"][0]["held"] is None
    assert GAME.observe(s, 1)["seats"][0]["held_colours"] == [0, 1, 0]
    before = s.scores[0]
    events = []
    scoring.final(GAME.content, s, events)
    assert s.scores[0] - before == 1  # one green zone on the board; no triplet
    assert any("Green belt" in e.text for e in events)


def test_later_cards_on_own_turn_only_EKO_F5():
    """EKO-F5: a later-card is played on its owner's turn, when it can act."""
    s = fresh(options=FULL)
    s.card_decks[0].remove(CARD["Filter upgrade"])
    s.seats[1].cards.append(CARD["Filter upgrade"])
    s.seats[1].held.append(CARD["Filter upgrade"])
    assert ("play", CARD["Filter upgrade"]) not in GAME.legal_actions(s, 0)
    assert GAME.legal_actions(s, 1) == []
    play_elsewhere(s)
    s.current = 1
    assert ("play", CARD["Filter upgrade"]) not in GAME.legal_actions(s, 1)  # no pollution yet
    s.board[LABEL["E5"]] = POLLUTION
    s.tokens_left[0] -= 1
    assert ("play", CARD["Filter upgrade"]) in GAME.legal_actions(s, 1)
    GAME.apply(s, 1, ("play", CARD["Filter upgrade"]))
    assert GAME.legal_actions(s, 1) == [("remove", LABEL["E5"])]
    GAME.apply(s, 1, ("remove", LABEL["E5"]))
    assert s.scores[1] == 2 and s.board[LABEL["E5"]] == EMPTY and step_now(s) == "place"
    assert s.tokens_left[0] == 14


def test_card_triplets_EKO_F6():
    """EKO-F6: 7 points per red-green-blue triplet of cards."""
    s = fresh(options=FULL)
    reds = [c.id for c in GAME.cards if c.colour == 0 and c.timing == "now"][:2]
    greens = [c.id for c in GAME.cards if c.colour == 1 and c.timing == "now"][:1]
    for c in reds + greens:
        s.card_decks[GAME.cards[c].colour].remove(c)
    s.seats[2].cards = reds + greens
    before = list(s.scores)
    scoring.final(GAME.content, s, [])
    assert s.scores == before  # no blue card, no triplet


def test_discard_and_draw_two_with_reshuffle_EKO_F7():
    """EKO-F7: discard one face up, draw two; an empty stack is rebuilt from discards."""
    s = fresh(options=FULL)
    GAME.apply(s, 0, GAME.legal_actions(s, 0)[0])
    while step_now(s) != "discard":
        GAME.apply(s, 0, GAME.legal_actions(s, 0)[-1])
    tile = s.seats[0].hand[0]
    GAME.apply(s, 0, ("discard", tile))
    assert s.discard == [tile] and len(s.seats[0].hand) == 3
    t = fresh(options=FULL)
    t.discard, t.deck = t.deck, []
    GAME.apply(t, 0, GAME.legal_actions(t, 0)[0])
    while step_now(t) != "discard":
        GAME.apply(t, 0, GAME.legal_actions(t, 0)[-1])
    GAME.apply(t, 0, ("keep",))
    assert len(t.seats[0].hand) == 3 and t.discard == [] and t.deck


def test_hidden_information_EKO_F8():
    """EKO-F8: hands and held cards are private in the full version, open in the basic."""
    s = fresh(options=FULL)
    view = GAME.observe(s, 0)
    assert view["seats"][0]["hand"] == sorted(s.seats[0].hand)
    assert view["seats"][1]["hand"] is None and view["seats"][1]["hand_size"] == 3
    assert "deck" not in view and view["deck_size"] == len(s.deck)
    assert GAME.observe(s, None)["seats"][0]["hand"] is None
    b = fresh(options=BASIC)
    assert GAME.observe(b, 0)["seats"][1]["hand"] == sorted(b.seats[1].hand)
    sample = GAME.determinize(s, 0, random.Random(1))
    assert sample.seats[0].hand == s.seats[0].hand
    assert [x.hand for x in sample.seats[1:]] != [x.hand for x in s.seats[1:]]


def test_tie_break_by_green_buildings_EKO_F9():
    """EKO-F9: the highest score wins; ties go to more green Buildings, then share."""
    s = played_out(fresh(options=FULL), seed=2)
    s.scores = [10, 10, 10, 4]
    for seat, greens in zip(s.seats, [2, 3, 3, 9], strict=False):
        seat.built[1] = greens
    assert GAME.result(s).winners == [1, 2]
    s.seats[2].built[1] = 1
    assert GAME.result(s).winners == [1]


def test_most_and_fewest_include_ties_and_new_card_EKO_F10():
    """EKO-F10: every tied player counts; the card just taken counts; when nobody has a
    card of the colour, everyone is tied for the most (zero)."""
    s = fresh(options=FULL)
    smog = GAME.cards[CARD["Smog alert"]]
    reds = [c.id for c in GAME.cards if c.colour == 0 and c.id != smog.id][:2]
    s.seats[1].cards = [reds[0]]
    s.seats[2].cards = [reds[1]]
    s.seats[0].cards = [smog.id]
    gains = scoring.card_points(GAME.content, s, 0, smog)
    assert gains == {0: smog.points, 1: smog.points, 2: smog.points}
    fund = GAME.cards[CARD["Compensation fund"]]
    assert scoring.card_points(GAME.content, s, 0, fund) == {3: 1}
    s.seats[0].cards = []
    eco = GAME.cards[CARD["Eco award"]]
    assert all(_count_colour(s, seat, eco.target) == 0 for seat in range(4))
    assert scoring.card_points(GAME.content, s, 0, eco) == {seat: eco.points for seat in range(4)}


def _count_colour(s, seat, colour):
    return sum(1 for c in s.seats[seat].cards if GAME.cards[c].colour == colour)


def test_effect_kinds_EKO_C1_to_C6():
    """EKO-C1 EKO-C2 EKO-C3 EKO-C4 EKO-C5 EKO-C6: the automatic effects."""
    s = fresh(options=FULL)
    s.seats[0].cards = [CARD["Social housing"], CARD["Fair trade"], CARD["Jobs boom"]]
    s.seats[0].built = [1, 2, 3]
    s.board[LABEL["E5"]] = POLLUTION
    s.board[LABEL["E6"]] = POLLUTION
    s.board[LABEL["D2"]] = GREEN_ZONE
    cases = {
        "Export contract": {0: 4},  # EKO-C1
        "Social housing": {0: 2},  # EKO-C2: two blue cards
        "Town twinning": {0: 3},  # EKO-C3: three blue Buildings
        "Health centre": {0: 2},  # EKO-C4
        "Lobbying": {1: -1, 2: -1, 3: -1},  # EKO-C5
        "Air monitoring": {0: -2},  # EKO-C6
        "Bird count": {0: 1},  # EKO-C6
    }
    for name, expected in cases.items():
        assert scoring.card_points(GAME.content, s, 0, GAME.cards[CARD[name]]) == expected, name


def test_choice_effects_EKO_C7():
    """EKO-C7: place a green zone, remove pollution, or draw a new hand."""
    s = fresh(options=FULL)
    s.board[LABEL["E5"]] = POLLUTION
    s.tokens_left[0] -= 1
    give(s, 0, TILE["Fire station"])
    top_card(s, CARD["River clean-up"])
    fire = GAME.tiles[TILE["Fire station"]]
    # Fire station is blue: its card is blue, so use a green tile for the green card.
    give(s, 0, TILE["Meadow"])
    GAME.apply(s, 0, ("place", TILE["Meadow"], LABEL["C4"]))
    GAME.apply(s, 0, ("skip",))
    assert GAME.legal_actions(s, 0) == [("remove", LABEL["E5"])]
    before = s.scores[0]
    GAME.apply(s, 0, ("remove", LABEL["E5"]))
    assert s.scores[0] - before == 2 and POLLUTION not in s.board
    assert fire.colour == 2
    # new_hand: a kept Relocation plan swaps the whole hand.
    s.card_decks[0].remove(CARD["Relocation plan"])
    s.seats[0].cards.append(CARD["Relocation plan"])
    s.seats[0].held.append(CARD["Relocation plan"])
    old = list(s.seats[0].hand)
    GAME.apply(s, 0, ("play", CARD["Relocation plan"]))
    assert len(s.seats[0].hand) == len(old) and set(old) <= set(s.discard)
    # place_green from a later card must be placed once played.
    s.card_decks[1].remove(CARD["Volunteer day"])
    s.seats[0].cards.append(CARD["Volunteer day"])
    s.seats[0].held.append(CARD["Volunteer day"])
    GAME.apply(s, 0, ("play", CARD["Volunteer day"]))
    actions = GAME.legal_actions(s, 0)
    assert actions and all(a[0] == "green" for a in actions)
