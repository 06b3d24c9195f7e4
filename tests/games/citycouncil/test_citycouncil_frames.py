"""CC-62: a Favor window is a FAVOR frame on the state's stack (window.py)."""

from __future__ import annotations

import random

import pytest

from borough.core.errors import CorruptData
from borough.core.frames import Frame
from borough.games.citycouncil import window
from borough.games.citycouncil.state import FAVOR, OVER, seat_now, step_now
from tests.games.citycouncil.cc_helpers import GAME, new


def test_a_window_is_one_frame_over_the_interrupted_step_and_saves_with_the_state():
    """Along random games: a Favor chance is a frame asking a seat holding a card, over
    the round's own step; no part of the round is left due between moves; and the
    states come back whole from their saves."""
    windows = 0
    for seed in range(3):
        s = new(4, seed=seed)
        rng = random.Random(seed)
        while step_now(s) != OVER and s.moves < 1500:
            assert s.due == "" and len(s.frames) <= 1
            if s.frames:
                windows += 1
                f = s.frames[0]
                assert f.step == FAVOR and f.then in ("", *window.POINTS)
                assert seat_now(s) == f.seat and f.seat not in f.asks
                assert GAME.observe(s, None)["interrupted"] == s.step
                back = GAME.from_json(GAME.to_json(s))
                assert back.frames == s.frames and GAME.observe(back, 0) == GAME.observe(s, 0)
            seat = GAME.to_act(s)[0]
            GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    assert windows > 0


@pytest.mark.parametrize("spoil", ["due", "then", "seat"])
def test_a_save_with_a_broken_window_is_refused(spoil):
    s = new(4, seed=0)
    data = GAME.to_json(s)
    if spoil == "due":
        data["state"]["due"] = "plans"
    elif spoil == "then":
        data["state"]["frames"] = [vars(Frame(FAVOR, 0, then="lunch"))]
    else:
        data["state"]["frames"] = [vars(Frame(FAVOR, 0, asks=[7]))]
    with pytest.raises(CorruptData):
        GAME.from_json(data)
