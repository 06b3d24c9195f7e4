"""Legality in one place: every quick answer agrees with the full legal list.

`is_legal` answers some steps without listing every action, and the Build phase
asks `tile_choices`, `placements` and `upgrade_extensions` for one item or for
the first one only. Along random games of several kinds, each quick answer must
match the full list (SC-9, SC-25 to SC-45, SC-52 to SC-60).
"""

from __future__ import annotations

import random

import pytest

from borough.games.smallcity import build, citizens
from borough.games.smallcity.turns import behind_screen
from tests.games.smallcity.helpers import GAME

CASES = [
    (1, {"level": "president"}),
    (2, {"side": "choose"}),
    (3, {"mode": "economic"}),
    (4, {}),
]


def fast_verbs(state, seat) -> list[tuple]:
    """Every action of the verbs `is_legal` answers quickly in this step."""
    step = state.seats[seat].bstep if state.phase == "build" else state.step
    n = state.players
    if step == "card":
        return [("card", p) for p in range(8)]
    if step == "pick":
        return [("pick", b, c) for b in range(n) for c in range(100)] + [("done",)]
    if step == "to":
        return [("to", b, c) for b in range(n) for c in range(100)] + [("home",)]
    if step in ("place", "tile"):
        return [a for a in GAME.action_space.actions if a[0] in ("place", "tile", "pass")]
    if step == "build":
        return [a for a in GAME.action_space.actions
                if a[0] in ("tile", "upgrade", "demolish", "expand", "done")]
    return []


def states(players, options, seed, every):
    rng = random.Random(seed)
    state = GAME.setup(players, seed, options)
    count = 0
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        if count % every == 0:
            yield state, seat
        count += 1
        acts = GAME.legal_actions(state, seat)
        busy = [a for a in acts if a[0] not in ("done", "pass", "skip")]
        GAME.apply(state, seat, rng.choice(busy if busy and rng.random() < 0.8 else acts))


@pytest.mark.parametrize(("players", "options"), CASES, ids=lambda x: str(x))
def test_sc25_is_legal_agrees_with_the_legal_list(players, options):
    # Rules SC-9, SC-25, SC-45, SC-52, SC-58, SC-60.
    seen = set()
    for state, seat in states(players, options, 7, every=3):
        legal = set(GAME.legal_actions(state, seat))
        for action in fast_verbs(state, seat):
            assert GAME.is_legal(state, seat, action) == (action in legal), action
        seen.add(state.seats[seat].bstep if state.phase == "build" else state.step)
    assert {"card", "build"} <= seen


@pytest.mark.parametrize(("players", "options"), CASES[1:], ids=lambda x: str(x))
def test_sc26_sc40_one_item_and_first_item_answers_agree_with_the_lists(players, options):
    # Rules SC-26, SC-34, SC-40, SC-45.
    checked = 0
    for state, seat in states(players, options, 3, every=5):
        if state.phase != "build" or state.seats[seat].bstep != "build":
            continue
        behind_screen(state, seat, lambda st=state, s=seat: _compare(st, s))
        checked += 1
    assert checked


def _compare(state, seat) -> None:
    every = build.tile_choices(GAME.tables, state, seat)
    for t in GAME.types:
        assert build.tile_choices(GAME.tables, state, seat, only=t.id) == [
            a for a in every if a[1] == t.id]
    for _, t_id, face in every[:6]:
        t = GAME.types[t_id]
        full = build.placements(GAME.tables, state, seat, t, face)
        assert full, (t.key, face)
        assert build.placements(GAME.tables, state, seat, t, face, first=True) == full[:1]
        assert build.placements(GAME.tables, state, seat, t, face, actions=True) == [
            ("place", o, a) for o, a in full]
        for o, a in full[:4]:
            assert build.placements(GAME.tables, state, seat, t, face, only=(o, a)) == [(o, a)]
    for i, tile in enumerate(state.seats[seat].tiles):
        if tile is not None:
            full = build.upgrade_extensions(GAME.tables, state, seat, i)
            first = build.upgrade_extensions(GAME.tables, state, seat, i, first=True)
            assert first == full[:1]


@pytest.mark.parametrize(("players", "options"), CASES, ids=lambda x: str(x))
def test_sc52_whether_a_citizen_may_move_agrees_with_the_pick_list(players, options):
    # Rules SC-52, SC-56, SC-58: `can_pick_any`, which stops at the first citizen
    # found, says yes exactly when the pick list offers more than "done", for
    # every seat at every point of the Move phases of random games.
    checked = 0
    for seed in range(11, 15):
        for state, _ in states(players, options, seed, every=1):
            if state.phase != "move":
                continue
            for s in range(players):
                listed = citizens.pick_choices(GAME.tables, state, s) != [("done",)]
                assert citizens.can_pick_any(GAME.tables, state, s) == listed
                checked += listed
    assert checked


@pytest.mark.parametrize(("players", "options"), CASES[:2], ids=lambda x: str(x))
def test_sc31_influence_counts_agree_with_each_space(players, options):
    # Rules SC-31, SC-32: the whole-borough counts the reference player reads
    # (Cultural buildings reaching each space) equal the per-space answers.
    from borough.games.smallcity.geometry import influence

    seen = 0
    for state, _seat in states(players, options, 7, 5):
        for s in state.seats:
            inf = influence(GAME.content, s)
            for levels in (inf.cultural, inf.residential):
                counts = levels.counts()
                assert counts == [levels[c] for c in range(100)]
                seen += sum(counts)
    assert seen > 0


@pytest.mark.parametrize(("players", "options"), [CASES[1], CASES[3]], ids=lambda x: str(x))
def test_sc60_a_citizen_at_home_has_the_same_destinations_as_its_neighbours(players, options):
    # Rule SC-60: a held space is never a destination, so every citizen of a seat
    # standing in its own borough has one list, which the reference player reads once.
    compared = 0
    for state, seat in states(players, options, 11, 1):
        if state.phase != "move" or state.step != "pick":
            continue
        own = [c for c in range(100) if state.seats[seat].occ[c] == seat]
        lists = [citizens.destinations(GAME.tables, state, seat, seat, c) for c in own]
        assert all(x == lists[0] for x in lists)
        compared += len(own)
    assert compared > 20
