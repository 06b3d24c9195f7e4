"""Every card's effect, with the book's clarifications (ARC-C1..ARC-C19, ARC-20..ARC-31)."""

from __future__ import annotations

from borough.games.architectura import changes, city, scoring, turns
from borough.games.architectura.state import DOWN, EFFECT, EMPTY, GRAVE, LAB, PAY, PLAY, SPARE
from tests.games.architectura.helpers import (
    CARD,
    GAME,
    act,
    advanced,
    fresh,
    hand,
    play,
    put,
    space,
    turn,
)
from tests.games.architectura.helpers import value as val

A1, A2, A3, A4 = space(1, 1), space(1, 2), space(1, 3), space(1, 4)
B1, B2, B3 = space(2, 1), space(2, 2), space(2, 3)


def ready(state, seat, *keys):
    hand(state, seat, *keys)
    turn(state, seat)


# ------------------------------------------------------------------ Tavern
def test_arc_c1_tavern_protects_an_own_card_itself_included():
    """ARC-C1, ARC-21, ARC-24: the Tavern may protect itself; the Temple is never offered."""
    state = fresh(2)
    put(state, 0, "temple", B1)
    ready(state, 0, "tavern", "market", "park")
    play(state, 0, "tavern", A1)
    assert state.step == EFFECT
    choices = GAME.legal_actions(state, 0)
    assert ("target", A1) in choices and ("target", B1) not in choices and ("done",) in choices
    act(state, 0, ("target", A1))
    assert state.guard[A1] == 0 and state.seats[0].tokens == 1
    assert state.step == PLAY and state.current == 1


def test_arc24_two_tokens_only():
    """ARC-24: with both tokens in use the Tavern has nothing to do."""
    state = fresh(2)
    put(state, 0, "temple", B1)
    state.seats[0].tokens = 0
    ready(state, 0, "tavern", "market", "park")
    events = play(state, 0, "tavern", A1)
    assert state.current == 1 and "nothing to act on" in " ".join(e.text for e in events)


# ------------------------------------------------------------------ Market
def test_arc_c2_market_swaps_adjacent_cards_keeping_sides():
    """ARC-C2: Player 2's Statue (side 3) and the Market swap places."""
    state = fresh(2)
    put(state, 1, "statue", A1, side=3)
    ready(state, 0, "market", "park", "temple")
    play(state, 0, "market", B1)
    act(state, 0, ("target", A1))
    assert GAME.legal_actions(state, 0) == [("target", A2 - 1 + 8)]  # only the Market below
    act(state, 0, ("target", B1))
    assert state.cells[A1] == CARD["market"] and state.cells[B1] == 18 + CARD["statue"]
    assert state.face[B1] == 3


def test_arc_c2_market_cannot_swap_an_opponents_protected_card():
    """ARC-C2, ARC-23: a guarded opposing card is not offered."""
    state = fresh(2)
    put(state, 1, "statue", A1)
    state.guard[A1] = 1
    state.seats[1].tokens = 1
    ready(state, 0, "market", "park", "temple")
    play(state, 0, "market", B1)
    assert state.step == PLAY and state.current == 1  # nothing could be swapped


# ---------------------------------------------------------------- Fountain
def test_arc_c3_fountain_reserves_a_space_for_its_owner():
    """ARC-C3: the reserved space is occupied for the others, eligible for the owner."""
    state = fresh(2)
    ready(state, 0, "fountain", "park", "temple")
    play(state, 0, "fountain", A1)
    act(state, 0, ("target", A2))
    assert state.reserved[A2] == 0 and state.seats[0].tokens == 1
    assert city.can_place(state, 1, A3) and not city.can_place(state, 1, A2)
    assert city.can_place(state, 0, A2)
    hand(state, 1, "temple", "market", "park")
    assert ("play", CARD["temple"], A2) not in GAME.legal_actions(state, 1)
    play(state, 1, "temple", A3)
    assert state.step == PLAY and state.current == 0
    state.seats[0].swapped = True
    hand(state, 0, "park", "temple", "market")
    play(state, 0, "temple", A2)
    assert state.reserved[A2] == -1 and state.seats[0].tokens == 2


# -------------------------------------------------------------------- Park
def test_arc_c4_park_restores_an_adjacent_destroyed_card():
    """ARC-C4, ARC-28: the restored card shows its basic side and is not compared."""
    state = fresh(2)
    put(state, 1, "market", A1)
    put(state, 1, "statue", B2, side=0, down=True)
    ready(state, 0, "park", "temple", "library")
    play(state, 0, "park", A2)  # Park worth 1 on block 2: raises the Market 3 -> 5
    assert ("target", B2) in GAME.legal_actions(state, 0)
    act(state, 0, ("target", B2))
    assert state.face[B2] == GAME.cards[CARD["statue"]].basic and val(state, B2) == 2


def test_arc28_a_covered_card_cannot_be_restored():
    """ARC-28, ARC-6: a card played over a destroyed card covers it while it lies there."""
    state = fresh(2)
    put(state, 1, "smithy", A1)
    put(state, 1, "statue", B2, down=True)
    ready(state, 0, "temple", "park", "library")
    play(state, 0, "temple", B2)  # covers the Statue
    assert state.under[B2] == [18 + CARD["statue"]]
    state.seats[0].swapped = True
    turn(state, 0)
    hand(state, 0, "park", "library", "market")
    play(state, 0, "park", B3)  # 2 raises the own protected Temple 3: Player 1 declines
    act(state, 0, ("spare",))
    assert state.current == 1  # nothing to restore next to the Park


# ------------------------------------------------------------------ Statue
def test_arc_c5_statue_scores_three_next_to_any_park():
    """ARC-C5: next to a Park of another colour the Statue is worth 3 more."""
    state = fresh(2)
    put(state, 0, "statue", A1)
    put(state, 1, "park", B1)
    assert scoring.end_bonus(GAME.content, state, A1) == 3
    state.face[B1] = DOWN
    assert scoring.end_bonus(GAME.content, state, A1) == 0


# -------------------------------------------------------------- Greenhouse
def test_arc_c6_greenhouse_rotates_up_to_two_different_cards():
    """ARC-C6, ARC-30: one step each, two different cards, either direction."""
    state = fresh(2)
    put(state, 1, "market", A1)
    put(state, 1, "statue", B1)
    ready(state, 0, "greenhouse", "park", "temple")
    play(state, 0, "greenhouse", space(2, 2))  # 2 vs the Statue 2: equal
    act(state, 0, ("rotate", A1, 1))
    assert val(state, A1) == 5
    assert ("rotate", A1, 0) not in GAME.legal_actions(state, 0)
    act(state, 0, ("rotate", B1, 0))
    assert val(state, B1) == 1 and state.current == 1


def test_arc30_single_valued_cards_cannot_be_rotated():
    """ARC-30: the Park is never offered for rotation."""
    state = fresh(2)
    put(state, 1, "park", A1)
    ready(state, 0, "greenhouse", "market", "temple")
    play(state, 0, "greenhouse", B1)
    assert all(a[1] != A1 for a in GAME.legal_actions(state, 0) if a[0] == "rotate")


# ----------------------------------------------------------------- Library
def test_arc_c7_library_rotates_one_card_of_each_player():
    """ARC-C7: after a card of Player 2 no other card of Player 2; own cards allowed."""
    state = fresh(2)
    put(state, 1, "market", A1)
    put(state, 1, "statue", A2)
    put(state, 0, "temple", B1)
    ready(state, 0, "library", "park", "market")
    play(state, 0, "library", space(2, 2))
    act(state, 0, ("rotate", A1, 1))
    rotatable = {a[1] for a in GAME.legal_actions(state, 0) if a[0] == "rotate"}
    assert A2 not in rotatable and B1 in rotatable
    act(state, 0, ("done",))
    assert state.current == 1


# -------------------------------------------------------------- Guesthouse
def test_arc_c9_guesthouse_must_move_an_adjacent_card():
    """ARC-C9, ARC-22, ARC-29, ARC-20: obligatory; same side up; the moved card does nothing."""
    state = fresh(2)
    put(state, 1, "tavern", A1)
    ready(state, 0, "guesthouse", "park", "temple")
    play(state, 0, "guesthouse", A2)  # the Tavern (1) is destroyed? 2*1 <= 4: yes
    assert state.face[A1] == DOWN
    state2 = fresh(2)
    put(state2, 1, "market", A1, side=2)  # 5 is higher than 4: turns up to 6
    ready(state2, 0, "guesthouse", "park", "temple")
    play(state2, 0, "guesthouse", A2)
    actions = GAME.legal_actions(state2, 0)
    assert ("done",) not in actions and actions == [("target", A1)]
    act(state2, 0, ("target", A1))
    dests = [a[1] for a in GAME.legal_actions(state2, 0)]
    assert A3 in dests and B1 in dests and A1 not in dests
    act(state2, 0, ("to", B1))
    assert state2.cells[B1] == 18 + CARD["market"] and state2.face[B1] == 3
    assert state2.cells[A1] == EMPTY and state2.step == PLAY and state2.current == 1


def test_arc_c9_guesthouse_destroys_a_card_with_nowhere_to_go():
    """ARC-C9: in a full city the chosen card is destroyed instead."""
    state = fresh(2)
    keys0 = [k for k in CARD if CARD[k] < 12 and k != "guesthouse"]
    keys1 = [k for k in CARD if CARD[k] < 12]
    spots = [i for i in range(16) if i != space(2, 8)]
    for i, (seat, key) in enumerate([(0, k) for k in keys0] + [(1, k) for k in keys1[:4]]):
        put(state, seat, key, spots[i])
    ready(state, 0, "guesthouse")
    state.seats[0].deck = []
    play(state, 0, "guesthouse", space(2, 8))
    if state.step == SPARE:
        act(state, 0, ("spare",))
    target = space(1, 8)
    act(state, 0, ("target", target))
    assert state.face[target] == DOWN


def test_arc29_moves_are_judged_with_the_card_lifted_and_reserved_spaces_kept():
    """ARC-29: a street's last card cannot slide one step right; reserved spaces are the owner's."""
    state = fresh(2)
    put(state, 0, "market", A1)
    state.reserved[B1] = 1
    state.seats[1].tokens = 1
    dests = city.move_targets(state, 0, A1)
    assert A2 not in dests and B1 not in dests
    assert B1 in city.move_targets(state, 1, A1)


def test_arc26_a_token_travels_with_its_card():
    """ARC-26: a guarded card moved by a Guesthouse keeps its token."""
    state = fresh(2)
    put(state, 0, "market", A1, side=2)
    state.guard[A1] = 0
    state.seats[0].tokens = 1
    changes.move(GAME.content, state, 0, A1, B1, [])
    assert state.guard[B1] == 0 and state.guard[A1] == -1


# ----------------------------------------------------------------- Arsenal
def test_arc_c8_arsenal_destroys_low_cards_in_its_street():
    """ARC-C8: values 2 or less go, own cards too; opposing protected ones resist."""
    state = fresh(2)
    put(state, 1, "smithy", A1)  # 1
    put(state, 1, "statue", A2)  # 2, guarded
    state.guard[A2] = 1
    state.seats[1].tokens = 1
    put(state, 0, "market", A3, side=0)  # 2, own
    put(state, 1, "temple", A4)  # 3
    put(state, 1, "park", B1)  # 0, another street
    ready(state, 0, "arsenal", "park", "library")
    play(state, 0, "arsenal", space(1, 5))
    assert state.face[A1] == DOWN and state.face[A3] == DOWN
    assert state.face[A2] != DOWN and state.face[A4] != DOWN and state.face[B1] != DOWN


def test_arc_c8_arsenal_asks_about_own_protected_cards():
    """ARC-C8, ARC-25: the player may spare their own protected low card."""
    state = fresh(2)
    put(state, 0, "statue", A1, side=0)
    state.guard[A1] = 0
    state.seats[0].tokens = 1
    put(state, 1, "temple", A2)
    ready(state, 0, "arsenal", "park", "library")
    play(state, 0, "arsenal", A3)
    assert state.step == SPARE
    act(state, 0, ("spare",))
    assert state.face[A1] == 0 and state.current == 1


# ------------------------------------------------------------------ Smithy
def test_arc_c10_smithy_copies_an_adjacent_play_effect():
    """ARC-C10: the Smithy resolves a neighbouring Tavern's effect as its own."""
    state = fresh(2)
    put(state, 1, "tavern", B2)
    put(state, 1, "statue", A1)
    ready(state, 0, "smithy", "park", "temple")
    play(state, 0, "smithy", A2)
    assert GAME.legal_actions(state, 0) == [("target", B2), ("done",)]  # not the Statue
    act(state, 0, ("target", B2))
    assert state.effect == "protect"
    act(state, 0, ("target", A2))
    assert state.guard[A2] == 0


def test_arc_c10_smithy_cannot_copy_a_manufactory_or_a_smithy():
    """ARC-C10 (our design): no copying of the Manufactory or another Smithy."""
    assert not GAME.cards[CARD["manufactory"]].copyable
    assert not GAME.cards[CARD["smithy"]].copyable
    assert not GAME.cards[CARD["statue"]].copyable or GAME.cards[CARD["statue"]].timing != "play"


# ----------------------------------------------------------------- Museum
def test_arc_c12_museum_raises_the_hand_limit_to_four_for_good():
    """ARC-C12, ARC-8: draw up to 4 at the end of the turn; the limit stays after destruction."""
    state = fresh(2)
    ready(state, 0, "museum", "park", "temple")
    play(state, 0, "museum", A1)
    assert state.seats[0].limit == 4 and len(state.seats[0].hand) == 4
    changes.destroy(GAME.content, state, A1, [])
    assert state.seats[0].limit == 4


def test_arc_c19_the_higher_hand_limit_counts():
    """ARC-C19: a Museum after an Obelisk leaves the limit at 5."""
    state = fresh(2)
    state.seats[0].limit = 5
    ready(state, 0, "museum", "park", "temple")
    play(state, 0, "museum", A1)
    assert state.seats[0].limit == 5


# ---------------------------------------------------------- advanced cards
def test_arc_c13_obelisk_tutor_before_the_first_turn():
    """ARC-C13: put a hand card under the deck, take the Obelisk, shuffle."""
    for seed in range(1, 40):
        state = advanced({"obelisk": "market"}, seed=seed)
        if CARD["obelisk"] in state.seats[0].deck:
            break
    assert state.step == "tutor" and GAME.to_act(state) == (0,)
    given = sorted(state.seats[0].hand)[0]
    act(state, 0, ("tutor", given))
    data = state.seats[0]
    assert CARD["obelisk"] in data.hand and given in data.deck and data.shown == [CARD["obelisk"]]
    assert len(data.hand) == 3 and state.step == PLAY
    ob = next(a for a in GAME.legal_actions(state, 0) if a[:2] == ("play", CARD["obelisk"]))
    act(state, 0, ob)
    assert data.limit == 5 and len(data.hand) == 5


def test_arc_c11_graveyard_takes_its_owners_destroyed_cards():
    """ARC-C11: played beside the city; later destroyed cards lie beside it and count 1 each."""
    state = advanced({"graveyard": "smithy"})
    ready(state, 1, "graveyard", "temple", "market")
    state.current = 1
    put(state, 1, "statue", A1)
    put(state, 0, "statue", B1, down=True)
    assert ("play", CARD["graveyard"], GRAVE) in GAME.legal_actions(state, 1)
    act(state, 1, ("play", CARD["graveyard"], GRAVE))
    assert state.seats[1].grave and state.current == 0
    ready(state, 0, "temple", "park", "library")
    play(state, 0, "temple", A2)  # destroys nothing: 2 vs 3 lowers the Statue
    changes.destroy(GAME.content, state, A1, [])
    assert state.cells[A1] == EMPTY and state.seats[1].pile == [CARD["statue"]]
    detail = scoring.breakdown(GAME.content, state)
    assert detail["graveyard"][1] == 1
    assert all(a[0] != "target" or a[1] != A1 for a in GAME.legal_actions(state, 1))


def test_arc_c14_magic_academy_costs_two_cards():
    """ARC-C14, ARC-38: remove two cards from hand or Graveyard; they are out of the game."""
    state = advanced({"academy": "temple", "graveyard": "smithy"})
    ready(state, 0, "academy", "park", "market")
    state.seats[0].grave = True
    state.seats[0].deck.remove(CARD["graveyard"])
    state.seats[0].pile.append(CARD["statue"])
    state.seats[0].deck.remove(CARD["statue"])
    play(state, 0, "academy", A1)
    assert state.step == PAY
    assert GAME.legal_actions(state, 0) == [
        ("pay", CARD["market"]), ("pay", CARD["park"]), ("pay_grave", CARD["statue"])
    ]
    act(state, 0, ("pay_grave", CARD["statue"]))
    act(state, 0, ("pay", CARD["park"]))
    assert state.seats[0].removed == [CARD["statue"], CARD["park"]]
    assert val(state, A1) == 7
    assert GAME.observe(state, 1)["seats"][0]["removed"] == [CARD["statue"], CARD["park"]]


def test_arc_c14_an_unplayable_academy_waits_then_is_removed():
    """ARC-C14, ARC-11: it waits while other cards can be played, and goes when none can."""
    state = advanced({"academy": "temple"})
    hand(state, 0, "academy", "park")
    turn(state, 0)
    assert GAME.legal_actions(state, 0) == [("play", CARD["park"], A1), ("play", CARD["park"], B1)]
    hand(state, 0, "academy")
    events = []
    assert not turns.open_play(GAME.content, state, 0, events)
    assert CARD["academy"] in state.seats[0].removed and not state.seats[0].hand
    assert "removes it from the game" in " ".join(e.text for e in events)


def test_arc_c16_city_hall_goes_right_of_an_own_card_and_counts_the_street():
    """ARC-C16: only right of its owner's face-up card; +1 per own face-up card in the street."""
    state = advanced({"city_hall": "arsenal"})
    put(state, 1, "market", A1)
    put(state, 0, "temple", B1)
    ready(state, 0, "city_hall", "park", "market")
    legal = {a[2] for a in GAME.legal_actions(state, 0) if a[:2] == ("play", CARD["city_hall"])}
    assert legal == {B2}
    play(state, 0, "city_hall", B2)
    assert scoring.end_bonus(GAME.content, state, B2) == 2


def test_arc_c17_laboratory_makes_each_opponent_play_face_down():
    """ARC-C17: opponents from the left in turn; their cards count as destroyed."""
    state = advanced({"laboratory": "statue"}, players=3)
    ready(state, 0, "laboratory", "park", "market")
    hand(state, 1, "temple", "market", "park")
    hand(state, 2, "temple", "market", "park")
    play(state, 0, "laboratory", A1)
    assert state.step == LAB and GAME.to_act(state) == (1,)
    lab = GAME.legal_actions(state, 1)
    assert ("lab", CARD["temple"], A2) in lab and all(a[0] == "lab" for a in lab)
    act(state, 1, ("lab", CARD["temple"], A2))
    assert GAME.to_act(state) == (2,)
    act(state, 2, ("lab", CARD["market"], A3))
    assert state.face[A2] == DOWN and state.face[A3] == DOWN
    assert state.step == PLAY and state.current == 1
    assert GAME.observe(state, 0)["cells"][A2] == 18 + CARD["temple"]  # ARC-31: open


def test_arc_c18_manufactory_takes_back_and_replays_on_the_freed_space():
    """ARC-C18: the card comes back to the hand; a card must be played there, compared."""
    state = advanced({"manufactory": "statue"})
    put(state, 1, "smithy", A1)
    put(state, 0, "market", A2, side=0)
    ready(state, 0, "manufactory", "temple", "park")
    play(state, 0, "manufactory", B1)
    act(state, 0, ("target", A2))
    assert state.step == PLAY and state.forced == A2
    legal = GAME.legal_actions(state, 0)
    assert ("swap_hand",) not in legal and ("pass",) not in legal
    assert {a[2] for a in legal} == {A2}
    assert ("play", CARD["market"], A2) in legal
    play(state, 0, "temple", A2)  # Temple 3 destroys the Smithy 1
    assert state.face[A1] == DOWN and CARD["market"] in state.seats[0].hand


def test_arc20_moved_and_restored_cards_resolve_no_effect():
    """ARC-20: restoring a Tavern does not ask for its protection."""
    state = fresh(2)
    put(state, 0, "tavern", B2, down=True)
    ready(state, 0, "park", "temple", "market")
    play(state, 0, "park", B3)
    assert GAME.legal_actions(state, 0) == [("target", B2), ("done",)]
    act(state, 0, ("target", B2))
    assert state.face[B2] != DOWN and state.step == PLAY and state.current == 1


def test_arc27_adjacency_is_orthogonal():
    """ARC-27: left, right, above, below; no diagonals, nothing past the city's edge."""
    state = fresh(3)
    assert sorted(city.neighbours(state, space(2, 1))) == sorted([space(1, 1), space(3, 1),
                                                                  space(2, 2)])
    assert sorted(city.neighbours(state, space(1, 8))) == sorted([space(1, 7), space(2, 8)])


def test_arc31_destroyed_cards_are_eligible_and_have_no_value():
    """ARC-31, ARC-6: a destroyed card's space takes a new card; it scores nothing."""
    state = fresh(2)
    put(state, 1, "guesthouse", A1, down=True)
    assert city.can_place(state, 0, A1)
    assert scoring.breakdown(GAME.content, state)["totals"][1] == 0
