"""An action the engine calls undoable reveals nothing and uses no randomness.

A server takes such an action back on request, so a player must not be able to
learn anything by making it and undoing it. The claim is checked where it can
fail: the action is replayed on many states each seat cannot tell apart from
the real one, and what that seat sees afterwards must be the same in all.
"""

from __future__ import annotations

import random

import pytest

import borough
from borough.core.game import _generators
from tests.conformance.test_conformance import states_along
from tests.conformance.trajectories import case_id, cases

CASES = cases()
SAMPLES = 12  # indistinguishable states per seat and action
POINTS = 30  # moments of a playout
ACTIONS = 12  # legal actions tried at each moment


def undoable_moves(case, seed):
    """(game, state, seat, action, after) for each sampled action the engine would take back."""
    for g, state, _ in states_along(case, seed, POINTS):
        for seat in g.to_act(state):
            actions = g.legal_actions(state, seat)
            for action in random.Random(seed).sample(actions, min(ACTIONS, len(actions))):
                after = g.clone(state)
                g.apply(after, seat, action)
                if g.undoable(state, seat, action, after):
                    yield g, state, seat, action, after


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_an_undoable_action_shows_no_seat_anything_new(case):
    rng = random.Random(7)
    checked = 0
    for g, state, actor, action, after in undoable_moves(case, 11):
        for viewer in range(g.num_seats(state)):
            seen = g.observe(after, viewer)
            for _ in range(SAMPLES):
                world = g.determinize(state, viewer, rng)
                assert g.is_legal(world, actor, action), (viewer, action)
                g.apply(world, actor, action)
                assert g.observe(world, viewer) == seen, (viewer, actor, action)
        checked += 1
    name = case[0]
    if borough.game(name).hidden_parts(borough.game(name).setup(case[1])) is not None:
        assert checked, "a game that declares its hidden parts allows some undo"


@pytest.mark.parametrize("name", borough.games())
def test_an_action_that_draws_or_ends_the_game_is_never_undoable(name):
    """Randomness used, a hidden part touched, or the game over: the move stands."""
    g = borough.game(name)
    state = g.setup(g.player_counts()[0], seed=3)
    rng = random.Random(3)
    stands = 0
    while not g.is_over(state):
        seat = g.to_act(state)[0]
        action = rng.choice(g.legal_actions(state, seat))
        after = g.clone(state)
        g.apply(after, seat, action)
        hidden = g.hidden_parts(state)
        touched = hidden is not None and hidden != g.hidden_parts(after)
        if g.is_over(after) or _generators(state) != _generators(after) or touched:
            assert not g.undoable(state, seat, action, after), action
            stands += 1
        state = after
    assert stands
