"""A clone is copied field by field from the instance dict (for speed): it must
equal its original and share nothing that can change, at every point of random
games, so a clone played on never alters the state it came from."""

from __future__ import annotations

import json
import random

from cc_helpers import GAME


def _shared_mutables(a, b, path="state"):
    """Paths of lists (or objects holding lists) that `a` and `b` share."""
    if isinstance(a, list):
        if a is b:
            yield path
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            yield from _shared_mutables(x, y, f"{path}[{i}]")
    elif hasattr(a, "__dict__"):
        if a is b and any(isinstance(v, list) for v in vars(a).values()):
            yield path
        for name, value in vars(a).items():
            yield from _shared_mutables(value, vars(b)[name], f"{path}.{name}")


def test_a_clone_equals_its_original_and_shares_nothing_mutable():
    for players, seed in ((2, 1), (3, 2), (5, 3)):
        rng = random.Random(seed)
        state = GAME.setup(players, seed=seed)
        while not GAME.is_over(state):
            twin = GAME.clone(state)
            assert json.dumps(GAME.to_json(twin)) == json.dumps(GAME.to_json(state))
            assert not list(_shared_mutables(state, twin))
            assert twin.rng is not state.rng and twin.rng.state == state.rng.state
            seat = GAME.to_act(state)[0]
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
