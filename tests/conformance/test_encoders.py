"""Observation encoders: a fixed shape, and nothing a seat may not see.

Two states a seat cannot tell apart (the true one and samples from
`determinize`) must give that seat the same vector.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import borough
from borough.rl.encoding import Encoder
from tests.conformance.test_conformance import CASES, SEEDS, states_along
from tests.conformance.trajectories import case_id, key, playout


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_encoder_does_not_leak_what_a_seat_cannot_see(case):
    _, players, options = case
    rng = random.Random(8)
    encoder = None
    for g, state, _ in states_along(case, SEEDS[0], 8):
        encoder = encoder or Encoder(g, players, options)
        for seat in range(players):
            vector = encoder.encode_state(state, seat)
            assert vector.shape == encoder.shape and vector.dtype == np.float32
            assert np.isfinite(vector).all()
            for _ in range(3):
                sample = g.determinize(state, seat, rng)
                assert np.array_equal(encoder.encode_state(sample, seat), vector), \
                    f"seat {seat}'s vector changed with what it cannot see"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_encoder_covers_every_observation_along_a_game(case):
    """Every state of a whole random game encodes, for every seat, at the fixed shape."""
    name, players, options = case
    g = borough.game(name)
    encoder = Encoder(g, players, options)
    traj = playout(name, players, key(options), SEEDS[1])
    for snapshot in traj.snapshots[:: max(1, len(traj.snapshots) // 40)] + traj.snapshots[-1:]:
        state = g.from_json(snapshot)
        for seat in range(players):
            assert encoder.encode_state(state, seat).shape == encoder.shape
