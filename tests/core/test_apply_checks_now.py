"""`apply` judges a move by the state as it is when the move is made.

No list handed out earlier stands in for the check: a state edited or restored
in place between `legal_actions` and `apply` refuses a move its new position
does not allow, whoever asked for a list last.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

import borough
from borough.core.errors import IllegalAction


def _restore_in_place(state, source) -> None:
    """Make `state` (the same object) hold what `source` holds."""
    for f in dataclasses.fields(state):
        setattr(state, f.name, getattr(source, f.name))


@pytest.mark.parametrize("name", borough.games.names())
def test_a_state_edited_in_place_refuses_a_move_it_no_longer_allows(name):
    g = borough.game(name)
    rng = random.Random(11)
    state = g.setup(g.player_counts()[0], seed=11)
    refused = 0
    for _ in range(300):
        if g.is_over(state):
            break
        seat = rng.choice(g.to_act(state))
        later = g.clone(state)
        g.apply(later, seat, rng.choice(g.legal_actions(later, seat)))
        probe = g.clone(later)
        allowed_later = (set(g.legal_actions(probe, seat))
                         if not g.is_over(probe) and seat in g.to_act(probe) else set())
        offered = g.legal_actions(state, seat)  # the list a seat is given...
        _restore_in_place(state, g.clone(later))  # ...then the state moves on in place
        stale = [a for a in offered if a not in allowed_later]
        if stale:
            before = g.to_json(state)
            with pytest.raises(IllegalAction):
                g.apply(state, seat, rng.choice(stale))
            assert g.to_json(state) == before
            refused += 1
    assert refused >= 10, f"only {refused} stale moves were tried"


@pytest.mark.parametrize("name", borough.games.names())
def test_a_restored_state_accepts_its_own_moves_again(name):
    """The other way round: a state put back in place to an earlier position allows
    that position's moves, whatever list was handed out in between."""
    g = borough.game(name)
    rng = random.Random(12)
    state = g.setup(g.player_counts()[-1], seed=12)
    for _ in range(100):
        if g.is_over(state):
            break
        seat = rng.choice(g.to_act(state))
        earlier = g.clone(state)
        action = rng.choice(g.legal_actions(state, seat))
        g.apply(state, seat, action)
        if not g.is_over(state):
            g.legal_actions(state, g.to_act(state)[0])
        _restore_in_place(state, g.clone(earlier))
        g.apply(state, seat, action)  # legal again in the restored position
