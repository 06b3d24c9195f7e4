"""The quick answers the engine gives must match the plain rules they stand for.

Sites, activations, legality and forced choices are worked out with shortcuts
(tables of open sites, blocks as bits, early stops); each is compared here with
a direct reading of the rules on states from random games of both modes
(CC-7, CC-21, CC-22, CC-34, CC-41..CC-43).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from cc_helpers import GAME, clear_city, hood, new, put

from borough.core.errors import IllegalAction
from borough.games.citycouncil import city, steps
from borough.games.citycouncil.data import TILE_COUNT
from borough.games.citycouncil.rules import CityCouncil
from borough.games.citycouncil.state import PRODUCE, PROPOSE, SITE, CCState, seat_now, step_now

C = GAME.content
BOARD = GAME.board
SEEDS = range(6)


def states(mode: str, players: int, seed: int, every: int = 3) -> Iterator[CCState]:
    """States along a random game, one in `every` decisions."""
    rng = random.Random(seed)
    s = new(players, mode, seed)
    n = 0
    while not GAME.is_over(s):
        if n % every == 0:
            yield s
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        n += 1


def plain_build_sites(s: CCState, bid: int, limit: int) -> list[int]:
    """CC-21, CC-30, CC-33: every footprint of the shape whose cost the limit covers."""
    shape = GAME.buildings[bid].shape
    return sorted(p for p in BOARD.by_shape[shape] if 0 <= city.build_cost(C, s, bid, p) <= limit)


def plain_move_sites(s: CCState, bid: int, limit: int) -> list[int]:
    shape = GAME.buildings[bid].shape
    return sorted(p for p in BOARD.by_shape[shape] if 0 <= city.move_cost(C, s, bid, p) <= limit)


def wholly_open(s: CCState, p: int) -> bool:
    return all(s.open_hoods[h] for h in BOARD.place_hoods[p])


@pytest.mark.parametrize("mode", ["basic", "advanced"])
def test_cc_7_site_searches_match_every_footprint_tried_one_by_one(mode):
    """CC-7, CC-21, CC-34: the site tables give exactly the sites a plain search finds,
    and none of them touches a closed neighbourhood."""
    checked = 0
    for seed in SEEDS:
        for s in states(mode, 2 + seed % 4, seed, every=20):
            free = city.FreeSites(C, s)
            for b in range(TILE_COUNT):
                shape = GAME.buildings[b].shape
                costs = {p: city.build_cost(C, s, b, p) for p in BOARD.by_shape[shape]}
                moving = city.movable(C, s, b)
                moves = {p: city.move_cost(C, s, b, p) for p in BOARD.by_shape[shape]} if moving \
                    else {}
                for limit in (0, 3, s.budget):
                    sites = city.build_sites(C, s, b, limit)
                    assert sites == sorted(p for p, v in costs.items() if 0 <= v <= limit)
                    assert city.can_build_any(C, s, b, limit) == bool(sites)
                    assert city.can_build_any(C, s, b, limit, free) == bool(sites)
                    assert city.build_sites(C, s, b, limit, 2) == sorted(_first(s, b, sites, 2))
                    assert all(wholly_open(s, p) or BOARD.in_centre[p] for p in sites)
                    if moving:
                        there = city.move_sites(C, s, b, limit)
                        assert there == sorted(p for p, v in moves.items() if 0 <= v <= limit)
                        assert city.can_move_any(C, s, b, limit) == bool(there)
                        assert all(wholly_open(s, p) for p in there)
                    checked += 1
    assert checked > 1000


def _first(s: CCState, b: int, sites: list[int], most: int) -> list[int]:
    """The sites a search that stops after `most` finds: the upgrade site, then the
    cheapest of the others (lowest footprint first among equals)."""
    bld = GAME.buildings[b]
    old = bld.upgrade_of
    out = [s.site_of[old]] if old >= 0 and s.site_of[old] in sites else []
    ordered = sorted((BOARD.surcharge[p][bld.zone], p) for p in sites if p not in out)
    return out + [p for _, p in ordered][: most - len(out)]


def test_cc_7_the_open_site_table_follows_the_city_as_it_grows():
    """CC-7, CC-64: opening a neighbourhood in place opens its sites at once."""
    s = new(4, "basic")
    clear_city(s)
    post = GAME.content.by_name("Police Post")
    r2 = hood("R2")
    before = city.build_sites(C, s, post, 99)
    assert not any(r2 in BOARD.place_hoods[p] for p in before)
    s.open_hoods[r2] = 1
    after = city.build_sites(C, s, post, 99)
    assert any(r2 in BOARD.place_hoods[p] for p in after)
    assert after == plain_build_sites(s, post, 99)
    s.open_hoods[r2] = 0
    assert city.build_sites(C, s, post, 99) == before


def test_cc_34_a_building_may_move_onto_blocks_it_covers_itself():
    """CC-34: the blocks a tile stands on count as free for its own move."""
    s = new(4, "advanced")
    clear_city(s)
    rows = put(s, "Row Houses", ["A1", "A2"])
    moves = city.move_sites(C, s, rows, 99)
    assert moves == plain_move_sites(s, rows, 99)
    assert any(set(BOARD.place_cells[p]) & set(BOARD.place_cells[s.site_of[rows]])
               for p in moves)


@pytest.mark.parametrize("mode", ["basic", "advanced"])
def test_cc_41_activations_match_the_single_checks(mode):
    """CC-41..CC-43: the one-pass list of activations equals the rule-by-rule checks."""
    seen = 0
    for seed in SEEDS:
        for s in states(mode, 2 + seed % 4, seed, every=1):
            if step_now(s) != PRODUCE:
                continue
            plain = [("activate", b) for b in range(len(GAME.buildings))
                     if city.can_activate(C, s, b)]
            plain += [("boost", b) for b in range(len(GAME.buildings))
                      if s.site_of[b] >= 0 and city.can_boost(C, s, b)]
            plain += [("zone", h) for h in range(len(BOARD.hood_names)) if city.can_zone(C, s, h)]
            assert sorted(city.activations(C, s)) == sorted(plain)
            seen += 1
    assert seen > 50


def refused(s, seat, action) -> bool:
    """Not legal: answered False, or not an action of the game at all."""
    try:
        return not GAME.is_legal(s, seat, action)
    except IllegalAction:
        return True


@pytest.mark.parametrize("mode", ["basic", "advanced"])
def test_cc_21_quick_legality_agrees_with_the_legal_list(mode):
    """CC-21, CC-22, CC-34, CC-41: the quick legality test answers as the legal list does
    for every action of the game at the steps it shortens."""
    every = list(GAME.all_actions())
    seen = set()
    for seed in SEEDS[:4]:
        for s in states(mode, 2 + seed % 4, seed, every=2):
            if step_now(s) not in (PROPOSE, SITE, PRODUCE):
                continue
            seat = seat_now(s)
            legal = set(GAME.legal_actions(s, seat))
            for action in every:
                assert GAME.is_legal(s, seat, action) == (action in legal), (step_now(s), action)
            for kind in ("activate", "boost", "zone", "construct", "relocate", "sell", "site"):
                for arg in ("x", 1.5, -1, 10_000):  # outside the action space: refused
                    assert refused(s, seat, (kind, arg)), (step_now(s), kind, arg)
            other = (seat + 1) % s.players
            assert not any(GAME.is_legal(s, other, a) for a in legal)
            seen.add(step_now(s))
    assert seen == {PROPOSE, SITE, PRODUCE}


@pytest.mark.parametrize("mode", ["basic", "advanced"])
def test_cc_20_forced_choices_are_found_as_the_legal_list_shows(mode, monkeypatch):
    """CC-20, CC-21: a step is played for a seat exactly when it offers one choice; every
    quick answer during whole games is checked against the full list of choices."""
    game = CityCouncil()
    quick = steps.forced
    asked: list[bool] = []

    def checked(c, s, m, known):
        got = quick(c, s, m, known)
        options = steps.choices(c, s, m)
        assert got == (options[0] if len(options) == 1 else None), (step_now(s), options)
        if known is not None:
            assert known == options
        asked.append(got is not None)
        return got

    monkeypatch.setattr(steps, "forced", checked)
    for seed in SEEDS:
        rng = random.Random(seed)
        s = game.setup(2 + seed % 4, seed, {"mode": mode})
        while not game.is_over(s):
            seat = game.to_act(s)[0]
            game.apply(s, seat, rng.choice(game.legal_actions(s, seat)))
    assert len(asked) > 500 and any(asked) and not all(asked)
