"""SC-25 behind the screen: once the other seats have finished building, a seat's
build moves may be taken back one at a time; while another seat still builds,
none may (it could move unseen meanwhile)."""

from __future__ import annotations

import random

import borough
from borough.games.smallcity.state import BUILD


def test_build_moves_step_back_one_at_a_time_once_the_others_are_done():
    g = borough.game("smallcity")
    allowed = together = longest = 0
    for seed in range(3):
        state = g.setup(2, seed=seed)
        rng = random.Random(seed)
        run = 0
        while not g.is_over(state):
            acting = g.to_act(state)
            seat = 1 if 1 in acting else acting[0]  # seat 1 finishes its build first
            action = rng.choice(g.legal_actions(state, seat))
            after = g.clone(state)
            g.apply(after, seat, action)
            if state.phase == BUILD:
                why = g.undo_refusal(state, seat, action, after)
                if 1 in g.to_act(after) and seat == 1:
                    assert why == g.together_words, action
                    together += 1
                if seat == 0:
                    allowed += why is None
                    run = run + 1 if why is None else 0
                    longest = max(longest, run)
            state = after
    assert together and allowed and longest >= 3, (together, allowed, longest)
