"""The remembered legal list (`borough.core.game._LAST_LEGAL`): `apply` judges a move taken
from the list a seat was just given by that list. These tests hold it to the
plain check along random games of every engine: it must never outlive a move,
whichever way the move was made, nor be spoiled by what a caller does to the
list it was given."""

from __future__ import annotations

import random

import pytest

import borough
from borough.core.errors import IllegalAction
from borough.core.game import _LAST_LEGAL

NAMES = borough.games.names()


def _fresh(name: str) -> borough.Game:
    """A second engine object: its own memory, so its answers are the plain check."""
    return type(borough.game(name))()


def _random_game(name: str, seed: int, limit: int = 400):
    """(state, seat, legal list) along one random game, at most `limit` decisions."""
    g = borough.game(name)
    players = g.player_counts()[seed % len(g.player_counts())]
    rng = random.Random(seed)
    state = g.setup(players, seed=seed)
    for _ in range(limit):
        if g.is_over(state):
            return
        seat = rng.choice(g.to_act(state))
        yield state, seat, g.legal_actions(state, seat), rng


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", (1, 2))
def test_a_move_forgets_the_list_it_was_taken_from(name, seed):
    g, plain = borough.game(name), _fresh(name)
    for way, (state, seat, before, rng) in enumerate(_random_game(name, seed)):
        action = rng.choice(before)
        # every way a state moves forgets the list: checked, trusted and the rules' own
        (g.apply, g.apply_trusted, g._apply)[way % 3](state, seat, action)
        assert _LAST_LEGAL[0] is None
        for old in rng.sample(before, min(8, len(before))):
            assert (g.explain(state, seat, old) is None) == (
                plain.explain(state, seat, old) is None), (way, old)


@pytest.mark.parametrize("name", NAMES)
def test_the_caller_cannot_spoil_the_remembered_list(name):
    g = borough.game(name)
    for state, seat, acts, rng in _random_game(name, 3, limit=60):
        action = rng.choice(acts)
        acts.clear()  # the caller's list is its own: the memory keeps a copy
        assert g.explain(state, seat, action) is None
        g.apply(state, seat, action)


@pytest.mark.parametrize("name", NAMES)
def test_a_list_is_only_the_check_for_its_own_state_and_seat(name):
    g = borough.game(name)
    plain = _fresh(name)
    for state, seat, acts, rng in _random_game(name, 4, limit=80):
        twin = g.clone(state)
        others = [s for s in range(g.num_seats(state)) if s != seat]
        for other in others:  # another seat is judged in full
            for action in acts[:5]:
                assert (g.explain(state, other, action) is None) == (
                    plain.explain(state, other, action) is None)
        g.legal_actions(state, seat)
        g.apply(twin, seat, rng.choice(acts))  # a clone's move forgets it too
        assert _LAST_LEGAL[0] is None
        g.apply(state, seat, rng.choice(acts))


def test_a_refused_move_keeps_the_list_and_a_failing_move_drops_it():
    g = borough.game(NAMES[0])
    state = g.setup(g.player_counts()[0], seed=5)
    seat = g.to_act(state)[0]
    acts = g.legal_actions(state, seat)
    with pytest.raises(IllegalAction):
        g.apply(state, seat, ("no such action",))
    assert _LAST_LEGAL[0] is not None  # a refusal leaves the state, so its list holds

    class Failing(type(g)):  # rules that break halfway through a move
        def _apply(self, state, seat, action):
            raise RuntimeError("halfway")

    failing = Failing()
    failing.legal_actions(state, seat)
    with pytest.raises(RuntimeError):
        failing.apply(state, seat, acts[0])
    assert _LAST_LEGAL[0] is None
