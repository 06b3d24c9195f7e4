"""Our designed content under play: games end in a sensible number of turns, both
ways of winning happen, and every rule gets exercised. The players here are
simple: they buy and place when they can (mostly), and choose squares by icon
matches, which is closer to real play than picking uniformly at random."""

from __future__ import annotations

import random
import shutil
from collections import Counter

import pytest
from rondelcity_helpers import GAME

from borough.games.rondelcity import placing
from borough.games.rondelcity.data import DEFAULT_DIR, PARK
from borough.games.rondelcity.rules import RondelCity


def sensible(state, acts, rng):
    step = state.step
    if step == "rotate":
        cheap = [a for a in acts if a[1] <= 2]
        return rng.choice(cheap) if rng.random() < 0.5 else acts[0]
    if step == "action":
        kinds = {}
        for a in acts:
            kinds.setdefault(a[0], []).append(a)
        for kind, chance in (("amenity_buy", 0.5), ("amenity_place", 0.3), ("place", 0.8),
                             ("buy", 0.85)):
            if kind in kinds and rng.random() < chance:
                return rng.choice(kinds[kind])
        return ("pass",)
    if step == "square":
        tile = GAME.tiles[state.tile]

        def worth(a):
            if tile.building == PARK:
                vp, gp = placing.park_score(GAME.content, state, tile, a[1])
                return 1.5 * vp + 0.5 * gp + rng.random()
            return placing.matches(GAME.content, state, state.actor, tile, a[1]) + rng.random()

        return max(acts, key=worth)
    return rng.choice(acts)


def play(players, options, games, seed0=0):
    seen = Counter()
    turns = []
    for seed in range(seed0, seed0 + games):
        state = GAME.setup(players, seed, options)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            acts = GAME.legal_actions(state, seat)
            action = sensible(state, acts, rng)
            seen[action[0] if action[0] != "rondel" else f"rondel {action[1]}"] += 1
            for e in GAME.apply(state, seat, action):
                seen["event " + e.kind] += 1
        turns.append(state.turns)
        result = GAME.result(state)
        seen["by 50" if state.winner >= 0 else "by market"] += 1
        for w in result.winners:
            seen[f"seat {w} wins"] += 1
        seen["empty lines at end"] += sum(1 for line in state.lines if not line)
    return seen, turns


def test_games_end_both_ways_in_sensible_time_RON_29_RON_30():
    """RON-29 and RON-30 both happen; games take tens of turns, not hundreds."""
    total = Counter()
    all_turns = []
    for players in (2, 3, 4):
        seen, turns = play(players, {}, 30, seed0=100 * players)
        total += seen
        all_turns += turns
        for seat in range(players):
            assert seen[f"seat {seat} wins"] > 0, (players, seat)
    assert total["by 50"] >= 10 and total["by market"] >= 10
    assert 25 <= sum(all_turns) / len(all_turns) <= 90
    assert max(all_turns) <= 160


def test_every_rule_is_exercised_with_both_variants_RON_V2_RON_V3_RON_V6_RON_V8_RON_V9():
    """RON-V2, RON-V3, RON-V6, RON-V8, RON-V9, RON-V10, RON-27 and the corner choice
    of RON-4 all occur in a short run with both variants."""
    seen = Counter()
    for players in (2, 3, 4):
        s, _ = play(players, {"events": "on", "amenities": "on"}, 12, seed0=7 * players)
        seen += s
    for kind in ("buy", "place", "pass", "square", "go", "first", "event", "take", "score",
                 "amenity_buy", "amenity_place", "bonus", "site", "rondel 0", "rondel 1",
                 "rondel 2", "event neutral", "event rainbow", "event end"):
        assert seen[kind] > 0, kind
    assert seen["skip"] + seen["event skip"] > 0


def test_data_items_say_where_they_come_from():
    """Every designed or published item carries its source (design, rulebook, reference)."""
    for tile in GAME.tiles:
        assert tile.source.split(":")[0] in ("design", "rulebook", "reference")
    for event in GAME.variants.events:
        assert event.source.split(":")[0] in ("design", "rulebook", "reference")
    lines = [len(t) for t in GAME.market.line_tiles]
    assert lines == [4, 4, 4, 4, 4]
    # each line spreads its icons over the four colours and both N/S and +/o
    for b in range(4):
        tiles = [GAME.tiles[t] for t in GAME.market.line_tiles[b]]
        assert {t.colour for t in tiles} == {"red", "yellow", "green", "blue"}
        assert {t.ns for t in tiles} == {"N", "S"} and {t.ring for t in tiles} == {"+", "o"}
    for t in GAME.market.line_tiles[PARK]:
        assert sorted(n for n in GAME.tiles[t].park if n) == [1, 2]


def test_another_data_directory_is_checked(tmp_path):
    """A replacement data set is read, and refused when it breaks a fact of the book."""
    for name in ("city.toml", "market.toml", "variants.toml"):
        shutil.copy(DEFAULT_DIR / name, tmp_path / name)
    assert len(RondelCity(tmp_path).tiles) == len(GAME.tiles)
    city = (tmp_path / "city.toml").read_text()
    broken = city.replace("links = [\n  [0, 19]", "links = [\n  [0, 20]")
    (tmp_path / "city.toml").write_text(broken)
    with pytest.raises(ValueError, match="not one number apart"):
        RondelCity(tmp_path)
    shutil.copy(DEFAULT_DIR / "city.toml", tmp_path / "city.toml")
    variants = (tmp_path / "variants.toml").read_text()
    one_fewer = variants.replace('[[amenity]]\nname = "Library"\nsource = "design"\n', "")
    assert one_fewer != variants
    (tmp_path / "variants.toml").write_text(one_fewer)
    with pytest.raises(ValueError, match="nine Civic Amenities"):
        RondelCity(tmp_path)


def test_every_street_borders_squares_and_the_rules_reach_the_whole_board_RON_2():
    """RON-2 (our design): every street space borders a square, every main square lies
    between two streets of different colours, and the streets above 25 are as much a
    part of the city as those below: corners with a choice of street, squares by
    them and two-street squares on both halves of the track."""
    city = GAME.city
    for s in range(len(city.numbers)):
        street = city.street_of[s]
        if street >= 0:
            assert any(street in sts for sts in city.square_streets), city.numbers[s]
    for q, sts in enumerate(city.square_streets):
        if city.square_block[q] in city.main_blocks:
            assert len(sts) == 2 and len({city.street_colours[x] for x in sts}) == 2
    upper = [s for s in range(len(city.numbers)) if 25 < city.numbers[s] < 50]
    choices = [s for s in upper if city.colours[s] == "white" and len(city.up[s]) > 1]
    assert choices  # corner picks above 25
    streets_up = {city.street_of[s] for s in upper if city.street_of[s] >= 0}
    two_street = [q for q, sts in enumerate(city.square_streets)
                  if len(sts) == 2 and set(sts) <= streets_up]
    assert two_street  # squares whose two streets both lie above 25
    assert len(streets_up) >= 10
