"""Designed content (SC-D1 to SC-D3) and a short simulation of whole games."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from borough.games.smallcity.data import UPGRADABLE, normalise
from borough.games.smallcity.render import render
from tests.games.smallcity.helpers import GAME, KEY


def test_scd1_every_level_fits_a_face_of_the_next_with_the_same_kinds():
    # Rules SC-D1.
    by_family: dict[str, dict[int, object]] = {}
    for t in GAME.types:
        assert t.source
        if t.family in UPGRADABLE:
            by_family.setdefault(t.family, {})[t.level] = t
    for family, levels in by_family.items():
        for level, t in levels.items():
            if level + 1 not in levels:
                continue
            bigger = GAME.content.footprints[(family, level + 1)]
            for face in t.faces:
                shape = face[0]
                grows = [
                    frozenset(normalise([*shape, (r, c, m)])) in bigger
                    for r in range(-1, 5) for c in range(-1, 5) for m in range(4)
                    if (r, c) not in {(a, b) for a, b, _ in shape}
                ]
                assert any(grows), f"{t.name} face cannot grow"
    assert sum(GAME.types[KEY[f"res{i}"]].supply for i in range(1, 6)) == 78
    assert sum(GAME.types[KEY[f"com{i}"]].supply for i in range(1, 5)) == 40
    assert sum(GAME.types[KEY[f"fac{i}"]].supply for i in range(1, 4)) == 37
    assert sum(GAME.types[KEY[f"park{i}"]].supply for i in range(1, 4)) == 55


def test_scd2_promise_decks_and_numbering():
    # Rules SC-D2.
    decks = Counter(p.deck for p in GAME.content.promises)
    assert decks == {0: 6, 1: 5, 2: 5}
    assert "citizens" in GAME.content.promises[10].text
    assert "$" in GAME.content.specials[13].text
    assert "Cultural" in GAME.content.specials[15].text
    assert all(p.source for p in GAME.content.promises + GAME.content.specials)


def test_scd3_cultural_sizes_differ_and_book_costs_hold():
    # Rules SC-D3.
    sizes = [GAME.types[KEY[k]].level for k in
             ("school", "library", "museum", "metro", "clinic", "university")]
    assert sizes == [1, 2, 3, 4, 5, 6]
    assert GAME.types[KEY["school"]].materials == (1, 0, 0)
    assert GAME.types[KEY["museum"]].materials == (2, 1, 0)


def test_scd3_designed_materials_climb_with_size():
    # Rules SC-D3: the designed Cultural buildings cost more the larger they
    # are; the Clinic's extra stone (version 3) keeps it below the University.
    cost = {k: GAME.types[KEY[k]].materials
            for k in ("library", "metro", "clinic", "university")}
    assert cost == {"library": (1, 1, 0), "metro": (0, 2, 1), "clinic": (1, 2, 1),
                    "university": (1, 2, 2)}
    totals = [sum(cost[k]) for k in ("library", "metro", "clinic", "university")]
    assert totals == sorted(totals) and totals[2] < totals[3]


def busy_game(players: int, seed: int):
    rng = random.Random(seed)
    st = GAME.setup(players, seed)
    kinds: Counter = Counter()
    decisions = 0
    while not GAME.is_over(st):
        s = rng.choice(GAME.to_act(st))
        acts = GAME.legal_actions(st, s)
        busy = [a for a in acts if a[0] not in ("done", "pass", "skip")]
        a = rng.choice(busy) if busy and rng.random() < 0.9 else rng.choice(acts)
        kinds[a[0]] += 1
        GAME._apply(st, s, a)
        decisions += 1
    return st, decisions, kinds


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_simulated_games_end_and_exercise_the_phases(players):
    kinds: Counter = Counter()
    for seed in range(3):
        st, decisions, k = busy_game(players, seed)
        kinds += k
        assert GAME.is_over(st) and decisions <= GAME.max_decisions(players, {})
        assert GAME.result(st).winners
    verbs = ("card", "tile", "place") + (("pick", "to") if players > 1 else ())
    for verb in verbs:
        assert kinds[verb] > 0, verb
    text = render(GAME, GAME.observe(st, 0))
    assert "Player 1" in text and "round 8/8" in text
