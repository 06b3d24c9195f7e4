"""An Action card's choice interrupts the turn as a frame on the state's stack."""

from __future__ import annotations

import random

import borough
from borough.games.ekopolis.state import EFFECT, pending, step_now

GAME = borough.game("ekopolis")


def test_card_choices_push_a_frame_and_the_choice_pops_it():
    """Along random full games: an EFFECT step is always a frame about a card, over the
    step the turn goes back to, and the states round-trip through their saves."""
    seen = 0
    for seed in range(6):
        s = GAME.setup(3, seed=seed, options={"version": "full"})
        rng = random.Random(seed)
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            if step_now(s) == EFFECT:
                seen += 1
                assert len(s.frames) == 1 and s.step != EFFECT
                assert s.frames[0].seat == seat and pending(s) >= 0
                before = s.step
                GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
                assert not s.frames and step_now(s) == before  # back where it stood
                assert GAME.from_json(GAME.to_json(s)).frames == s.frames
                continue
            assert not s.frames and pending(s) == -1
            GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    assert seen > 0
