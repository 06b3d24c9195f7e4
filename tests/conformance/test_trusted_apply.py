"""`apply_trusted` (the search's path, without the legality re-check) must do
exactly what `apply` does for every legal move: the same state afterwards and
the same events, on every game, player count and option set."""

from __future__ import annotations

import random

import pytest

import borough
from borough.core.serial import to_plain
from tests.conformance.trajectories import case_id, cases

CASES = cases()


def events_plain(events):
    return [e.to_json() for e in events]


@pytest.mark.parametrize("case", CASES, ids=case_id)
@pytest.mark.parametrize("seed", (21,))
def test_trusted_apply_equals_apply_on_legal_moves(case, seed):
    name, players, options = case
    g = borough.game(name)
    rng = random.Random(seed)
    state = g.setup(players, seed=seed, options=options)
    limit = g.max_decisions(players, g.resolve_options(players, options))
    steps = 0
    while not g.is_over(state):
        assert steps <= limit
        seat = rng.choice(g.to_act(state))
        actions = g.legal_actions(state, seat)
        # many legal moves at a few points; one at random along the way
        many = steps % 40 == 0
        tried = rng.sample(actions, min(12, len(actions))) if many else [rng.choice(actions)]
        for action in tried:
            checked, trusted = g.clone(state), g.clone(state)
            expected = g.apply(checked, seat, action)
            got = g.apply_trusted(trusted, seat, action)
            assert events_plain(got) == events_plain(expected), (steps, action)
            assert to_plain(trusted) == to_plain(checked), (steps, action)
        action = tried[-1]
        g.apply_trusted(state, seat, action)
        steps += 1
