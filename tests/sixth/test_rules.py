"""Terrace's rules, by their ids in tests/sixth/RULES.md."""

from __future__ import annotations

import pytest

from borough.core.errors import IllegalAction
from tests.sixth.rules import PLOTS, Terrace, scores

G = Terrace()


def test_the_deal_hides_two_tiles_a_seat_and_opens_two():  # TE-1
    state = G.setup(2, seed=5)
    assert [len(h) for h in state.hands] == [2, 2] and len(state.market) == 2
    assert len(state.bag) == 6 and G.to_act(state) == (0,)
    assert G.observe(state, 1)["hand"] == state.hands[1] and "hands" not in G.observe(state, 1)


def test_a_turn_is_pick_build_refill_then_the_other_seat():  # TE-2, TE-3, TE-4
    state = G.setup(2, seed=5)
    tile = state.hands[0][0]
    assert G.legal_actions(state, 0) == [("pick", v) for v in sorted(set(state.hands[0]))]
    G.apply(state, 0, ("pick", tile))
    assert state.picked == tile and len(state.hands[0]) == 1
    assert G.legal_actions(state, 0) == [("build", p) for p in range(PLOTS)]
    G.apply(state, 0, ("build", 5))
    assert state.owners[5] == 0 and state.values[5] == tile
    with pytest.raises(IllegalAction):
        G.apply(state, 0, ("build", 6))  # one building a turn
    opened, top = state.market[0], state.bag[0]
    G.apply(state, 0, ("take", opened))
    assert opened in state.hands[0] and top in state.market and len(state.bag) == 5
    assert G.to_act(state) == (1,)
    G.apply(state, 1, ("pick", state.hands[1][0]))
    with pytest.raises(IllegalAction):
        G.apply(state, 1, ("build", 5))  # built already
    G.apply(state, 1, ("build", 0))
    top = state.bag[0]
    events = G.apply(state, 1, ("draw",))
    assert top in state.hands[1] and [e.private_to for e in events] == [None, (1,)]


def test_the_last_plot_ends_the_game_and_neighbours_score_two():  # TE-5, TE-6
    state = G.setup(2, seed=5)
    state.owners = [0, 0, 1, 1, 1, 0, 1, -1]
    state.values = [1, 2, 3, 4, 1, 2, 3, 0]
    state.hands[0], state.picked, state.step = [4], 0, "pick"
    # seat 0: A1 A2 B2, pairs A1-A2 and A2-B2; seat 1: A3 A4 B1 B3, pairs A3-A4, A3-B3
    assert scores(state) == [1 + 2 + 2 + 2 * 2, 3 + 4 + 1 + 3 + 2 * 2]
    G.apply(state, 0, ("pick", 4))
    G.apply(state, 0, ("build", 7))
    assert G.is_over(state) and G.to_act(state) == ()
    assert G.result(state).scores == [9 + 4, 15] and G.result(state).winners == [1]
