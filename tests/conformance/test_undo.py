"""An action the engine calls undoable reveals nothing and uses no randomness,
and the plain moves within a turn are undoable.

A server takes such an action back on request, so a player must not be able to
learn anything by making it and undoing it. The claim is checked where it can
fail: the action is replayed on many states each seat cannot tell apart from
the real one, and what that seat sees afterwards must be the same in all. For
another seat than the mover, those states are the ones the mover cannot tell
apart from the real one either when the move changed what only its mover sees:
it may show the others what its mover knew (a card played from its own hand),
which is the mover's to show. (Where every sample differs in what the mover
holds, City Council's Favor hands and Small City's Promises, such moves rest on
the mover's own check and `hidden_from`; every other move is checked in full.)
"""

from __future__ import annotations

import random

import pytest

import borough
from borough.core.generators import generator_positions
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
        mover_sees = g.observe(state, actor)
        # a move that changed what only its mover sees (its own hand, its screened
        # borough) may show the others that; any other move must show them nothing
        own = g.hidden_parts(state) != g.hidden_parts(after)
        for viewer in range(g.num_seats(state)):
            seen = g.observe(after, viewer)
            for _ in range(SAMPLES):
                world = g.determinize(state, viewer, rng)
                if viewer != actor and own and g.observe(world, actor) != mover_sees:
                    continue  # the mover may show the others what it knows
                assert g.is_legal(world, actor, action), (viewer, action)
                g.apply(world, actor, action)
                assert g.observe(world, viewer) == seen, (viewer, actor, action)
        checked += 1
    name = case[0]
    if borough.game(name).hidden_parts(borough.game(name).setup(case[1])) is not None:
        assert checked, "a game that declares its hidden parts allows some undo"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_game_names_every_generator_in_its_state(case):
    """`Game.generators`, where a game says where its generators are, finds what a
    walk over the whole state finds, along a playout and in the states a seat
    cannot tell apart from it."""
    rng = random.Random(5)
    for g, state, _ in states_along(case, 13, POINTS):
        assert g.generators(state) == generator_positions(state)
        after = g.clone(state)
        seat = g.to_act(state)[0] if g.to_act(state) else None
        if seat is not None:
            g.apply(after, seat, rng.choice(g.legal_actions(state, seat)))
            assert g.generators(after) == generator_positions(after)
            world = g.determinize(state, seat, rng)
            assert g.generators(world) == generator_positions(world)


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
        hidden = g.hidden_from(state, seat)
        touched = hidden is not None and hidden != g.hidden_from(after, seat)
        if g.is_over(after) or generator_positions(state) != generator_positions(after) or touched:
            assert not g.undoable(state, seat, action, after), action
            stands += 1
        state = after
    assert stands


# The least share of the moves within a turn that a take-back may undo, per game, on
# random playouts (what random play reaches; a person's turn is much the same):
# draws and uncovered cards stand, the rest may be taken back.
WITHIN_TURN_SHARE = {"architectura": 0.8, "citycouncil": 0.6, "ekopolis": 0.3,
                     "rondelcity": 0.9, "smallcity": 0.3}


@pytest.mark.parametrize("name", borough.games())
def test_plain_moves_within_a_turn_are_undoable(name):
    """A move after which its seat alone is still to decide is undoable unless it
    drew or uncovered something, or (City Council) a Favor card the seat cannot see
    could have come into play (CC-62); the share that is undoable is printed."""
    g = borough.game(name)
    within = plain = undoable = 0
    for seed in (1, 2):
        state = g.setup(g.player_counts()[0], seed=seed)
        rng = random.Random(seed)
        while not g.is_over(state):
            seat = rng.choice(g.to_act(state))
            action = rng.choice(g.legal_actions(state, seat))
            after = g.clone(state)
            g.apply(after, seat, action)
            why = g.undo_refusal(state, seat, action, after)
            if not g.is_over(after) and g.to_act(after) == (seat,):
                within += 1
                undoable += why is None
                if (generator_positions(state) == generator_positions(after)
                        and g.hidden_from(state, seat) == g.hidden_from(after, seat)):
                    plain += 1
                    assert why in (None, g.reveal_words), (action, why)
            else:
                assert why is not None, action
            state = after
    share = undoable / within
    print(f"{name}: {undoable} of {within} moves within a turn undoable ({share:.0%}); "
          f"{plain} moves drew and uncovered nothing")
    assert share >= WITHIN_TURN_SHARE[name], share
