"""What lies under a card, who may act on whom, the Smithy's copies, the full city
and the Magic Academy's payment (ARC-6, ARC-23, ARC-C10, ARC-32, ARC-C14).

Written from the book: a destroyed card stays on its space, which is "occupied,
though still eligible"; "your opponents' cards don't affect your protected card
in any way"; the Smithy copies "only an effect that is resolved right after
playing it"; the game ends "when no one can play a card anymore ... until there
is no space to play cards anymore"; the Magic Academy is paid with cards from
the hand or the Graveyard, as its owner likes.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from borough.games.architectura import changes, city
from borough.games.architectura.data import DEFAULT_FILE, load
from borough.games.architectura.state import DOWN, EMPTY, OVER, PAY
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

A1, A2, A3, A4 = space(1, 1), space(1, 2), space(1, 3), space(1, 4)
B1, B2, B3 = space(2, 1), space(2, 2), space(2, 3)
OPP = 18  # card ids of seat 1 start here


def covered(state, seat: int, top: str, below: str, where: int) -> None:
    """`below` of seat 1 lies destroyed on `where`, and `top` of `seat` was played over it."""
    put(state, 1, below, where, down=True)
    state.under[where].append(state.cells[where])
    put(state, seat, top, where)


# ------------------------------------------------------- ARC-6: per-space stacks
def test_arc6_a_card_moved_off_a_destroyed_card_uncovers_it():
    """ARC-6, ARC-29: the Guesthouse moves the top card away; the destroyed card under
    it is again on the space, which stays occupied and eligible."""
    state = fresh(2)
    covered(state, 0, "market", "statue", A1)
    hand(state, 0, "guesthouse", "park", "temple")
    turn(state, 0)
    play(state, 0, "guesthouse", A2)  # 4 against the Market's 3: it turns down to 2
    act(state, 0, ("target", A1))
    act(state, 0, ("to", B1))
    assert state.cells[B1] == CARD["market"]
    assert state.cells[A1] == OPP + CARD["statue"] and state.face[A1] == DOWN
    assert state.under[A1] == [] and city.can_place(state, 1, A1)
    assert A1 in city.eligible(state, 1)


def test_arc6_arc28_the_uncovered_card_can_be_restored_again():
    """ARC-6, ARC-28: once uncovered, the destroyed card may be restored by a Park."""
    state = fresh(2)
    covered(state, 0, "market", "statue", A2)
    changes.move(GAME.content, state, 0, A2, B3, [])
    assert state.cells[A2] == OPP + CARD["statue"] and state.face[A2] == DOWN
    hand(state, 0, "park", "temple", "library")
    turn(state, 0)
    play(state, 0, "park", A3)  # next to A2
    assert ("target", A2) in GAME.legal_actions(state, 0)
    act(state, 0, ("target", A2))
    assert state.face[A2] == GAME.cards[CARD["statue"]].basic


@pytest.mark.parametrize("how", ["taken back", "destroyed beside a Graveyard"])
def test_arc6_every_way_a_top_card_leaves_uncovers_what_is_under_it(how):
    """ARC-6, ARC-C18, ARC-C11: taken back by a Manufactory, or destroyed into its
    owner's Graveyard, the top card leaves the destroyed card under it in place."""
    state = advanced({"graveyard": "smithy", "manufactory": "statue"})
    put(state, 1, "park", A2, down=True)
    state.under[A2].append(state.cells[A2])
    put(state, 0, "market", A2)
    if how == "taken back":
        changes.take_back(GAME.content, state, 0, A2, [])
        assert CARD["market"] in state.seats[0].hand
    else:
        state.seats[0].grave = True
        state.seats[0].deck.remove(CARD["graveyard"])
        changes.destroy(GAME.content, state, A2, [])
        assert state.seats[0].pile == [CARD["market"]]
    assert state.cells[A2] == OPP + CARD["park"] and state.face[A2] == DOWN
    assert city.can_place(state, 1, A2)
    GAME.validate_state(state)


def test_arc6_a_move_may_not_put_the_card_back_where_it_lifted_from():
    """ARC-29, ARC-6: with the top card lifted the space holds the destroyed card, so the
    space to its right stays eligible, and the card must go to another space."""
    state = fresh(2)
    covered(state, 0, "market", "statue", A1)
    targets = city.move_targets(state, 0, A1)
    assert A1 not in targets and A2 in targets
    assert state.cells[A1] == CARD["market"] and state.under[A1] == [OPP + CARD["statue"]]


# ------------------------------------------------- ARC-23: one protection check
def test_arc23_the_smithy_cannot_copy_an_opponents_protected_card():
    """ARC-23, ARC-C10: copying is affecting; an opponent's protected card cannot be
    copied, while the player's own protected card can."""
    state = fresh(2)
    put(state, 1, "tavern", B2)
    state.guard[B2] = 1
    state.seats[1].tokens -= 1
    put(state, 0, "guesthouse", A1)
    state.guard[A1] = 0
    state.seats[0].tokens -= 1
    hand(state, 0, "smithy", "park", "temple")
    turn(state, 0)
    play(state, 0, "smithy", A2)
    act(state, 0, ("spare",))  # the Smithy (1) would turn the own protected Guesthouse up
    choices = GAME.legal_actions(state, 0)
    assert ("target", B2) not in choices
    assert ("target", A1) in choices


def test_arc23_every_effect_uses_the_same_check():
    """ARC-23: swap, move, rotate, destroy and copy all skip an opponent's protected card
    and may act on the player's own (ARC-25)."""
    state = fresh(2)
    put(state, 1, "market", A1)
    put(state, 1, "library", A2)
    state.guard[A1] = 1
    for i in range(16):
        mine = state.cells[i] != EMPTY and state.cells[i] // 18 == 0
        expected = state.cells[i] != EMPTY and (mine or state.guard[i] == -1)
        assert city.affectable(GAME.cards, state, 0, i) == expected
    hand(state, 0, "greenhouse", "park", "temple")
    turn(state, 0)
    play(state, 0, "greenhouse", A3)
    rotatable = {a[1] for a in GAME.legal_actions(state, 0) if a[0] == "rotate"}
    assert A1 not in rotatable and A2 in rotatable and A3 in rotatable


# ----------------------------------------------------- ARC-C10: copyable in data
def test_arc_c10_whether_a_card_can_be_copied_is_said_per_card(tmp_path: Path):
    """ARC-C10: every card says whether the Smithy may copy it; the hand-limit raises of
    the Museum and the Obelisk are not copied; an end-of-game effect cannot be."""
    cards = {c.key: c for c in GAME.cards}
    assert not cards["museum"].copyable and not cards["obelisk"].copyable
    assert not cards["statue"].copyable and not cards["city_hall"].copyable
    assert cards["tavern"].copyable and cards["laboratory"].copyable
    text = DEFAULT_FILE.read_text()
    raw = tomllib.loads(text)
    assert all(isinstance(c.get("copyable"), bool) for c in raw["card"])
    broken = tmp_path / "cards.toml"
    broken.write_text(text.replace('copyable = false\n', '', 1))
    with pytest.raises(ValueError, match="copyable"):
        load(broken)
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(text.replace('effect = "statue"\ncopyable = false',
                                  'effect = "statue"\ncopyable = true'))
    with pytest.raises(ValueError, match="resolved when played"):
        load(wrong)


def test_arc_c10_the_smithy_beside_a_museum_has_nothing_to_copy():
    """ARC-C10, ARC-C12: the Museum's limit is not copied, so the Smithy does nothing."""
    state = fresh(2)
    put(state, 0, "museum", A1)
    hand(state, 0, "smithy", "park", "temple")
    turn(state, 0)
    events = play(state, 0, "smithy", A2)
    assert state.seats[0].limit == 3
    assert any("nothing to act on" in e.text for e in events)


# ------------------------------------------------------- ARC-32: the full city
def test_arc32_a_full_city_ends_the_game_at_once():
    """ARC-32: when the last eligible space is taken the game is over at once; a player
    with cards and an unused hand swap is not asked to swap or pass."""
    state = fresh(2)
    keys = [k for k in CARD if CARD[k] < 12 and k != "temple"]
    for i, key in enumerate(keys[:8]):
        put(state, 0, key, i)
    for i, key in enumerate(keys[:7]):
        put(state, 1, key, 8 + i)
    hand(state, 0, "temple")
    turn(state, 0)
    hand(state, 1, "museum", "arsenal")
    state.seats[1].swapped = False
    events = play(state, 0, "temple", space(2, 8))
    assert state.step == OVER and GAME.to_act(state) == ()
    assert not any(e.kind in ("skip", "pass", "swap") for e in events)
    assert "No space of the city is eligible" in " ".join(e.text for e in events)


def test_arc32_a_reserved_space_keeps_the_city_open():
    """ARC-32, ARC-C3: a space reserved by a Fountain can still take its owner's card."""
    state = fresh(2)
    for i in range(16):
        state.cells[i], state.face[i] = 0 if i < 8 else OPP, 0
    assert city.full(state)
    state.cells[5], state.face[5] = EMPTY, 0
    state.reserved[5] = 1
    assert not city.full(state)
    assert 5 in city.eligible(state, 1) and 5 not in city.eligible(state, 0)


# --------------------------------------------- ARC-C14: the owner picks the card
def test_arc_c14_the_owner_chooses_which_graveyard_card_pays():
    """ARC-C14, ARC-C11: with several cards beside the Graveyard, the owner picks."""
    state = advanced({"academy": "temple", "graveyard": "smithy"})
    hand(state, 0, "academy", "market")
    turn(state, 0)
    data = state.seats[0]
    data.grave = True
    data.deck.remove(CARD["graveyard"])
    for key in ("statue", "park"):
        data.deck.remove(CARD[key])
        data.pile.append(CARD[key])
    play(state, 0, "academy", A1)
    assert state.step == PAY
    assert ("pay_grave", CARD["park"]) in GAME.legal_actions(state, 0)
    assert ("pay_grave", CARD["statue"]) in GAME.legal_actions(state, 0)
    act(state, 0, ("pay_grave", CARD["park"]))
    assert data.pile == [CARD["statue"]] and data.removed == [CARD["park"]]
    assert ("pay_grave", CARD["park"]) not in GAME.legal_actions(state, 0)
    assert "Park" in GAME.describe(("pay_grave", CARD["park"]))


def test_arc_c14_the_prompt_offers_the_graveyard_only_while_a_card_lies_beside_it():
    """ARC-C14: the Magic Academy's prompt names paying from beside the Graveyard while
    that is legal, and stops naming it once the last card there is spent."""
    state = advanced({"academy": "temple", "graveyard": "smithy"})
    hand(state, 0, "academy", "market", "park")
    turn(state, 0)
    data = state.seats[0]
    data.grave = True
    data.deck.remove(CARD["graveyard"])
    data.deck.remove(CARD["statue"])
    data.pile.append(CARD["statue"])
    play(state, 0, "academy", A1)
    assert state.step == PAY
    assert ("pay_grave", CARD["statue"]) in GAME.legal_actions(state, 0)
    assert "beside your Graveyard" in GAME.prompt(state, 0)
    act(state, 0, ("pay_grave", CARD["statue"]))
    assert state.step == PAY and not data.pile
    assert all(a[0] == "pay" for a in GAME.legal_actions(state, 0))
    line = GAME.prompt(state, 0)
    assert "Graveyard" not in line and "(1 of 2 removed)" in line
