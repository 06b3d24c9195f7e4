"""Corner cases of the designed cards, clear refusals, the text view and a short simulation."""

from __future__ import annotations

import json
import random

import pytest

import borough
from borough.core.errors import IllegalAction
from borough.games.architectura import wording
from borough.games.architectura.render import render
from borough.games.architectura.state import DOWN, GRAVE, LAB
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

A1, A2, A3 = space(1, 1), space(1, 2), space(1, 3)
B1 = space(2, 1)


def test_arc7_laboratory_face_down_plays_ignore_the_third_card_rule():
    """ARC-7, ARC-C17: an opponent may lay a face-down card next to two of their own."""
    state = advanced({"laboratory": "statue"}, players=3)
    put(state, 1, "market", A1)
    put(state, 1, "temple", A2)
    hand(state, 1, "park", "library", "museum")
    hand(state, 0, "laboratory", "park", "market")
    turn(state, 0)
    play(state, 0, "laboratory", B1)
    assert ("lab", CARD["park"], A3) in GAME.legal_actions(state, 1)


def test_arc_c17_an_opponent_with_a_graveyard_lays_the_card_beside_it():
    """ARC-C17, ARC-C11: the card goes straight beside the Graveyard."""
    state = advanced({"laboratory": "statue", "graveyard": "smithy"})
    hand(state, 1, "park", "library", "museum")
    state.seats[1].grave = True
    state.seats[1].deck.remove(CARD["graveyard"])
    hand(state, 0, "laboratory", "park", "market")
    turn(state, 0)
    play(state, 0, "laboratory", A1)
    assert state.step == LAB
    assert {a[2] for a in GAME.legal_actions(state, 1)} == {GRAVE}
    act(state, 1, ("lab", CARD["park"], GRAVE))
    assert state.seats[1].pile == [CARD["park"]]


def test_arc_c18_manufactory_never_takes_itself_back():
    """ARC-C18: only the player's other face-up cards are offered; declining is allowed."""
    state = advanced({"manufactory": "statue"})
    put(state, 0, "market", A1)
    put(state, 1, "temple", A2)
    hand(state, 0, "manufactory", "park", "library")
    turn(state, 0)
    play(state, 0, "manufactory", B1)
    assert GAME.legal_actions(state, 0) == [("target", A1), ("done",)]


def test_arc_c10_smithy_copying_an_arsenal_acts_on_the_smithys_street():
    """ARC-C10, ARC-C8: the copied Arsenal destroys low cards in the Smithy's street."""
    state = fresh(2)
    put(state, 1, "arsenal", space(2, 2))
    put(state, 1, "museum", B1)  # No.-2 on block 1: -1, but in the other street
    put(state, 1, "statue", A1, side=0)  # 1
    hand(state, 0, "smithy", "park", "temple")
    turn(state, 0)
    play(state, 0, "smithy", A2)  # Smithy 1 vs Statue 1: equal
    act(state, 0, ("target", space(2, 2)))
    assert state.face[A1] == DOWN and state.face[B1] != DOWN and state.face[A2] != DOWN


def test_bad_input_is_refused_with_a_reason_and_changes_nothing():
    """ARC-6, ARC-7: the refusal names the broken rule; the state is untouched."""
    state = fresh(3)
    put(state, 0, "market", A1)
    put(state, 0, "statue", A2)
    hand(state, 0, "temple", "park", "library")
    turn(state, 0)
    before = json.dumps(GAME.to_json(state), sort_keys=True)
    cases = {
        ("play", CARD["temple"], space(1, 5)): "not an eligible space",
        ("play", CARD["temple"], A3): "third card",
        ("play", CARD["arsenal"], A3): "not in your hand",
        ("rotate", A1, 1): "play a card",
    }
    for action, words in cases.items():
        with pytest.raises(IllegalAction, match=words):
            GAME.apply(state, 0, action)
    assert json.dumps(GAME.to_json(state), sort_keys=True) == before


def test_render_shows_the_city_and_the_hands_a_seat_may_see():
    state = fresh(2, seed=3)
    put(state, 1, "market", A1)
    text = render(GAME, GAME.observe(state, 0))
    assert "G:Market=3" in text and "hidden cards" in text and "block 8" in text


def test_short_simulation_ends_and_exercises_every_effect():
    """ARC-32 and every card effect (ARC-C1..ARC-C18) occur in a few random advanced games."""
    kinds: set[str] = set()
    for seed in range(40):
        players = 2 + seed % 3
        state = fresh(players, seed=seed, replacements=6)
        rng = random.Random(seed)
        decisions = 0
        while not GAME.is_over(state):
            seat = rng.choice(GAME.to_act(state))
            for event in act(state, seat, rng.choice(GAME.legal_actions(state, seat))):
                kinds.add(event.kind)
            decisions += 1
        assert decisions <= GAME.max_decisions(players, {"replacements": 6})
        assert GAME.result(state).winners
    expected = {"protect", "swap", "reserve", "restore", "rotate", "move", "destroy", "copy",
                "limit", "lab", "manufactory", "tutor", "remove", "compare", "skip"}
    assert expected <= kinds


def test_descriptions_name_the_card_its_basic_value_and_the_space():
    """ARC-17, ARC-18: basic values are shown as printed (4, X+1, No.-2)."""
    text = GAME.describe(("play", CARD["tavern"], A2))
    assert text == "Play the Tavern (X+1) on street 1, block 2"
    assert GAME.describe(("play", CARD["museum"], A1)).startswith("Play the Museum (No.-2)")
    assert GAME.describe(("play", CARD["graveyard"], GRAVE)).endswith("beside the city")


def test_inconsistent_saved_states_are_refused():
    """ARC-2, ARC-24: a save whose cards or tokens do not add up is refused."""
    from borough.core.errors import CorruptData

    state = fresh(2, seed=6)
    good = GAME.to_json(state)
    assert GAME.to_json(GAME.from_json(good)) == good
    broken = json.loads(json.dumps(good))
    broken["state"]["seats"][0]["deck"].append(broken["state"]["seats"][0]["hand"][0])
    with pytest.raises(CorruptData, match="do not add up"):
        GAME.from_json(broken)
    broken = json.loads(json.dumps(good))
    broken["state"]["seats"][1]["tokens"] = 3
    with pytest.raises(CorruptData, match="tokens"):
        GAME.from_json(broken)
    broken = json.loads(json.dumps(good))
    broken["state"]["cells"][0] = 99
    with pytest.raises(CorruptData, match="unknown card"):
        GAME.from_json(broken)


def test_kept_words_are_the_words_of_the_move_now():
    """Words kept per action (all but a target's, which depend on the effect being
    answered) are the words `wording.describe` gives in every state."""
    g = borough.game("architectura")
    said = 0
    for seed in range(3):
        state = g.setup(2, seed=seed)
        rng = random.Random(seed)
        while not g.is_over(state):
            seat = g.to_act(state)[0]
            actions = g.legal_actions(state, seat)
            for action in actions:
                assert g.describe(action, state) == wording.describe(g.content, action, state)
                assert g.describe_move(state, seat, action) == g.describe(action, state)
                said += 1
            g.apply(state, seat, rng.choice(actions))
    assert said and g._said
