"""Comparing values, card values and protection (ARC-9, ARC-12..ARC-19, ARC-23..ARC-26)."""

from __future__ import annotations

import pytest

from borough.games.architectura import changes, city
from borough.games.architectura.data import DEFAULT_FILE as GAME_FILE
from borough.games.architectura.data import load
from borough.games.architectura.state import SPARE
from tests.games.architectura.helpers import CARD, GAME, act, fresh, hand, play, put, space, turn
from tests.games.architectura.helpers import value as val

A1, A2, A3 = space(1, 1), space(1, 2), space(1, 3)


def _setup(left_key: str, left_side: int | None = None, left_seat: int = 1, played: str = "temple"):
    state = fresh(2)
    put(state, left_seat, left_key, A1, left_side)
    hand(state, 0, played, "library", "park")
    turn(state, 0)
    return state


def test_arc13_left_value_at_most_half_is_destroyed():
    """ARC-13: Smithy 1 on the left of a played Temple 3 is destroyed."""
    state = _setup("smithy")
    events = play(state, 0, "temple", A2)
    assert state.face[A1] == -1
    assert "destroyed" in " ".join(e.text for e in events)


def test_arc13_exactly_half_destroys():
    """ARC-13: 2 is exactly half of 4 (destroyed); 3 is more than half (lowered)."""
    assert city.compare(4, 2) == city.DESTROY
    assert city.compare(5, 2) == city.DESTROY
    assert city.compare(3, 2) == city.LOWER


def test_arc13_zero_and_negative_values_follow_plain_arithmetic():
    """ARC-13, ARC-19: 0 left of 1 and -3 left of -2 are destroyed; 0 left of 0 is equal."""
    assert city.compare(1, 0) == city.DESTROY
    assert city.compare(-2, -3) == city.DESTROY
    assert city.compare(0, 0) == city.SAME
    assert city.compare(-1, 0) == city.RAISE


def test_arc14_lower_value_turns_one_step_down():
    """ARC-14: Statue 2 left of a Temple 3 turns down to 1."""
    state = _setup("statue")
    play(state, 0, "temple", A2)
    assert state.face[A1] == 0 and val(state, A1) == 1


def test_arc14_lowest_value_does_not_turn_further():
    """ARC-14: a Market already showing its lowest value 2 stays at 2."""
    state = _setup("market", left_side=0)
    play(state, 0, "temple", A2)
    assert state.face[A1] == 0 and val(state, A1) == 2


def test_arc15_higher_value_turns_one_step_up():
    """ARC-15: Market 3 left of a Statue 2 turns up to 5."""
    state = _setup("market", played="statue")
    play(state, 0, "statue", A2)
    assert val(state, A1) == 5


def test_arc15_highest_value_does_not_wrap():
    """ARC-15, ARC-9: a Market at its highest (6) is not turned round to its lowest."""
    state = _setup("market", left_side=3, played="statue")
    play(state, 0, "statue", A2)
    assert val(state, A1) == 6


def test_arc16_equal_values_change_nothing():
    """ARC-16: Market 3 next to Temple 3."""
    state = _setup("market")
    events = play(state, 0, "temple", A2)
    assert state.face[A1] == 1
    assert "does not change" in " ".join(e.text for e in events)


def test_arc16_single_valued_card_is_never_turned():
    """ARC-16: a Park (one value) worth 4 on block 5 next to a Statue 2 stays."""
    state = fresh(2)
    put(state, 1, "market", space(1, 4))
    put(state, 1, "park", space(1, 5))
    hand(state, 0, "statue", "market", "temple")
    turn(state, 0)
    play(state, 0, "statue", space(1, 6))
    assert state.face[space(1, 5)] == 0 and val(state, space(1, 5)) == 4


def test_arc12_no_comparison_on_block_one_or_next_to_a_destroyed_card():
    """ARC-12: a destroyed left card or no left card means no comparison."""
    state = fresh(2)
    put(state, 1, "smithy", A1, down=True)
    hand(state, 0, "temple", "statue", "market")
    turn(state, 0)
    play(state, 0, "temple", A2)
    assert state.face[A1] == -1  # still down, not turned or re-destroyed
    state2 = fresh(2)
    hand(state2, 0, "temple", "statue", "market")
    turn(state2, 0)
    events = play(state2, 0, "temple", space(2, 1))
    assert not [e for e in events if e.kind == "compare"]


def test_arc17_x_card_follows_its_left_neighbour_live():
    """ARC-17: Tavern X+1 right of a Market 3 is worth 4, and 3 once the Market turns down."""
    state = fresh(2)
    put(state, 1, "market", A1)
    hand(state, 0, "tavern", "statue", "temple")
    turn(state, 0)
    play(state, 0, "tavern", A2)
    # the Tavern (4) lowers the Market (3 -> 2); the Tavern follows at once
    assert val(state, A1) == 2 and val(state, A2) == 3


def test_arc17_x_is_zero_without_a_face_up_left_neighbour():
    """ARC-17: a Tavern on block 1, or right of a destroyed card, is worth 0 + 1."""
    state = fresh(2)
    put(state, 0, "tavern", A1)
    put(state, 1, "smithy", space(2, 1), down=True)
    put(state, 1, "tavern", space(2, 2))
    assert val(state, A1) == 1 and val(state, space(2, 2)) == 1


def test_arc18_column_cards_take_the_block_number():
    """ARC-18: Museum No.-2 on block 6 is worth 4; Park No.-1 on block 3 is worth 2."""
    state = fresh(2)
    put(state, 0, "museum", space(1, 6))
    put(state, 1, "park", space(2, 3))
    assert val(state, space(1, 6)) == 4 and val(state, space(2, 3)) == 2


def test_arc19_values_can_be_negative():
    """ARC-19: a Tavern showing X-1 on block 1 is worth -1; a Statue 2 destroys it."""
    state = fresh(2)
    put(state, 1, "tavern", A1, side=0)
    assert val(state, A1) == -1
    hand(state, 0, "statue", "market", "temple")
    turn(state, 0)
    play(state, 0, "statue", A2)
    assert state.face[A1] == -1


def test_arc9_sides_must_rise_clockwise(tmp_path):
    """ARC-9: a card file with values that do not rise in a cycle is refused."""
    text = GAME_FILE.read_text().replace("sides = [2, 3, 5, 6]", "sides = [2, 5, 3, 6]", 1)
    bad = tmp_path / "cards.toml"
    bad.write_text(text)
    with pytest.raises(ValueError, match="rise clockwise"):
        load(bad)


def test_arc9_rotation_by_comparison_stops_but_effects_wrap():
    """ARC-9, ARC-30: comparison stops at the ends; an effect turns from 6 round to 2."""
    market = GAME.cards[CARD["market"]]
    assert city.turn_side(market, 3, city.RAISE) == 3
    assert city.turn_side(market, 0, city.LOWER) == 0
    state = fresh(2)
    put(state, 0, "market", A1, side=3)
    changes.rotate(GAME.content, state, A1, 1, [])
    assert val(state, A1) == 2


def test_arc23_opponents_cannot_affect_a_protected_card():
    """ARC-23: a guarded Smithy of Player 2 survives Player 1's Temple."""
    state = _setup("smithy")
    state.guard[A1] = 1
    state.seats[1].tokens = 1
    events = play(state, 0, "temple", A2)
    assert state.face[A1] == 0
    assert "protected" in " ".join(e.text for e in events)


def test_arc23_pre_protected_temple_is_not_turned_by_an_opponent():
    """ARC-23, ARC-24, ARC-C15: Player 2's Temple 3 is not raised by Player 1's Statue 2."""
    state = _setup("temple", played="statue")
    play(state, 0, "statue", A2)
    assert val(state, A1) == 3


def test_arc25_owner_decides_for_their_own_protected_card():
    """ARC-25, ARC-26: Player 1 may destroy their own guarded Smithy; the token comes back."""
    for answer, face in (("affect", -1), ("spare", 0)):
        state = _setup("smithy", left_seat=0)
        state.guard[A1] = 0
        state.seats[0].tokens = 1
        play(state, 0, "temple", A2)
        assert state.step == SPARE and GAME.to_act(state) == (0,)
        act(state, 0, (answer,))
        assert state.face[A1] == face
        assert state.seats[0].tokens == (2 if answer == "affect" else 1)


def test_arc25_no_question_when_nothing_would_change():
    """ARC-25: an own protected card at its lowest side is not asked about."""
    state = _setup("market", left_side=0, left_seat=0)
    state.guard[A1] = 0
    state.seats[0].tokens = 1
    play(state, 0, "temple", A2)
    assert state.step != SPARE


@pytest.mark.parametrize("players", [2, 3, 4])
def test_values_of_the_city_match_each_space_alone(players):
    """`city.values`, the observation's one pass, gives `city.value` on every face-up
    space (an X card's left neighbour included) and None elsewhere."""
    import random

    rng = random.Random(players)
    for seed in range(6):
        state = GAME.setup(players, seed, {"replacements": 6 if seed % 2 else 0})
        for _ in range(150):
            if GAME.is_over(state):
                break
            expected = [
                city.value(GAME.cards, state, i) if city.is_up(state, i) else None
                for i in range(len(state.cells))
            ]
            assert city.values(GAME.cards, state) == expected
            seat = GAME.to_act(state)[0]
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
