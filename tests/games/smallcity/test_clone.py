"""Clones share placed tiles until one of them changes a tile (copy-on-write): a
clone played on must never change the state it came from, whatever it does to
its tiles (upgrades, Warehouse stock, the end of a tile's first Build phase)."""

from __future__ import annotations

import dataclasses
import json
import random

import borough
from borough.games.smallcity.state import Seat, SmallCityState


def frozen(g, state) -> str:
    return json.dumps(g.to_json(state), sort_keys=True)


def test_a_clone_played_to_the_end_leaves_its_original_untouched():
    g = borough.game("smallcity")
    for players, seed in ((1, 5), (2, 6), (4, 7)):
        rng = random.Random(seed)
        state = g.setup(players, seed=seed)
        while not g.is_over(state):
            if rng.random() < 0.15:
                before = frozen(g, state)
                twin = g.clone(state)
                while not g.is_over(twin):  # every kind of tile change happens on the way
                    s = g.to_act(twin)[0]
                    g.apply(twin, s, rng.choice(g.legal_actions(twin, s)))
                assert frozen(g, state) == before
            s = g.to_act(state)[0]
            g.apply(state, s, rng.choice(g.legal_actions(state, s)))


def test_a_copy_shares_no_list_but_the_tiles_themselves():
    g = borough.game("smallcity")
    state = g.setup(3, seed=1)
    twin = state.copy()
    for obj, copy, kind in [(state, twin, SmallCityState),
                            *((a, b, Seat) for a, b in zip(state.seats, twin.seats, strict=True))]:
        for f in dataclasses.fields(kind):
            value = getattr(obj, f.name)
            if isinstance(value, list):
                assert getattr(copy, f.name) is not value, f"{kind.__name__}.{f.name} is shared"
                assert getattr(copy, f.name) == value
