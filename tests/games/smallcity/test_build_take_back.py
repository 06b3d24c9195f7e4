"""SC-25 behind the screen: once the other seats have finished building, a seat's
build moves may be taken back one at a time; while another seat still builds,
none may (it could move unseen meanwhile)."""

from __future__ import annotations

import random

import borough
from borough.core.serial import to_plain
from borough.games.smallcity.information import Screened
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


def test_screened_boroughs_compare_as_plain_data():
    """The undo check compares the boroughs behind the screens as `to_plain` does,
    whichever way the quick comparison goes."""
    g = borough.game("smallcity")
    state = g.setup(4, seed=5)
    rng = random.Random(5)
    compared = differ = 0
    while not g.is_over(state):
        seat = rng.choice(g.to_act(state))
        after = g.clone(state)
        g.apply(after, seat, rng.choice(g.legal_actions(state, seat)))
        if state.phase == BUILD:
            for a in state.seats:
                for b in after.seats:
                    same = to_plain(a) == to_plain(b)
                    assert (Screened(a) == Screened(b)) is same
                    assert (Screened(a) != Screened(b)) is not same
                    compared += 1
                    differ += not same
            # equal as plain data, not as dataclasses: a list against a tuple
            twin = after.seats[seat].copy()
            twin.bsel = tuple(twin.bsel)  # type: ignore[assignment]
            assert Screened(twin) == Screened(after.seats[seat])
            assert twin != after.seats[seat]
        state = after
    assert compared and differ
