"""The Build phase's quick lists against the rules written out plainly.

`tile_choices` tests money first, unpacks each tile type once and plans every
shape ahead, and `placements` tests all anchors of a shape in a few integer
operations. Here both are recomputed space by space from `available`,
`affordable` and the construction criteria, at every Build decision of random
games (SC-25 to SC-38, SC-44).
"""

from __future__ import annotations

import random

import pytest

from borough.games.smallcity import build, stacks
from borough.games.smallcity.data import UPGRADABLE, WATER, normalise
from borough.games.smallcity.geometry import BIT, NB4, influence, place_cells
from borough.games.smallcity.turns import behind_screen
from tests.games.smallcity.helpers import GAME


def plain_placements(st, s, t, face) -> list[tuple[int, int]]:
    """Every (orientation, anchor), one space at a time (SC-26, SC-31 to SC-36)."""
    mask, inf = build.survey(GAME.tables, st, s)
    waived = st.build_mode == "council" and bool(st.build_size[2])
    needs_warehouse = t.family == "factory" and not waived
    if needs_warehouse and stacks.stack(st, s, GAME.types[GAME.tables.warehouse]) <= 0:
        return []
    forbidden, need = (0, None) if st.build_mode == "setup" else build._criteria(t, inf, waived)
    out = []
    for o, shape in enumerate(t.faces[face]):
        for anchor in range(100):
            cells = place_cells(shape, anchor)
            if cells is None:
                continue
            ok = True
            for c, (_, _, mark) in zip(cells, shape, strict=True):
                wet = t.family == "harbor" and mark == WATER
                if not mask & BIT[c] or (not wet and forbidden & BIT[c]):
                    ok = False
            if need is not None and not any(need & BIT[c] for c in cells):
                ok = False
            if ok and needs_warehouse:
                free = mask & ~forbidden
                ok = bool(build.warehouse_spots(GAME.tables, cells, free, inf))
            if ok:
                out.append((o, anchor))
    return out


def plain_tile_choices(st, s) -> list[tuple[str, int, int]]:
    """Every type and face the seat may build now (SC-29, SC-30, SC-37, SC-38, SC-82)."""
    council = st.build_mode == "council"
    lo, hi, _ = st.build_size
    out = []
    for t in GAME.tables.buildable_types:
        if council and (t.cultural or not lo <= t.level <= hi):
            continue
        if not stacks.available(st, s, t):
            continue
        if not build.affordable(GAME.tables, st, st.seats[s], t, council):
            continue
        for face in GAME.tables.distinct_faces[t.id]:
            if plain_placements(st, s, t, face):
                out.append(("tile", t.id, face))
    return out


def build_points(players, options, seed, grow=False):
    """(state, seat) at every decision where a tile is chosen or placed, the
    seat's own Build step in place (random games that build often; with `grow`,
    games that upgrade whenever they can)."""
    rng = random.Random(seed)
    st = GAME.setup(players, seed, options)
    while not GAME.is_over(st):
        seat = rng.choice(GAME.to_act(st))
        step = st.seats[seat].bstep if st.phase == "build" else st.step
        if step in ("build", "tile", "place", "hall"):
            yield st, seat, step
        acts = GAME.legal_actions(st, seat)
        busy = [a for a in acts if a[0] not in ("done", "pass", "skip")]
        grown = [a for a in acts if a[0] in ("upgrade", "extend")] if grow else []
        GAME.apply(st, seat, rng.choice(
            grown or (busy if busy and rng.random() < 0.9 else acts)))


@pytest.mark.parametrize(("players", "options", "seed"), [
    (1, {"level": "president"}, 1),
    (2, {"mode": "cultural"}, 2),
    (3, {"council": "expert"}, 3),
    (4, {"side": "expert"}, 4),
])
def test_sc29_quick_build_lists_equal_the_plain_rules(players, options, seed):
    # Rules SC-26, SC-29, SC-30, SC-31, SC-34, SC-37, SC-38, SC-44.
    seen = set()
    for st, seat, step in build_points(players, options, seed):
        def check(st=st, seat=seat, step=step):
            if step in ("build", "tile"):
                assert build.tile_choices(GAME.tables, st, seat) == plain_tile_choices(st, seat)
            else:
                t = GAME.types[st.sel[0]]
                assert build.placements(GAME.tables, st, seat, t, st.sel[1]) == plain_placements(
                    st, seat, t, st.sel[1])
        if st.phase == "build":
            behind_screen(st, seat, check)
        else:
            check()
        seen.add(step)
    assert {"build", "place"} <= seen


def _plain_survey(st, s):
    mask, inf = build.buildable(GAME.tables, st, s), influence(GAME.content, st.seats[s])
    return _flat(mask, inf)


def _flat(mask, inf):
    return (int(mask), inf.cultural.ge, inf.residential.ge, int(inf.industrial),
            int(inf.by_residential), int(inf.refinery), int(inf.harbor), inf.own, inf.reach)


@pytest.mark.parametrize(("players", "seed"), [(1, 5), (2, 6), (4, 7)])
def test_sc20_the_remembered_survey_is_never_stale(players, seed):
    # Rules SC-7, SC-20, SC-21, SC-40, SC-42: the survey remembered on a seat (tiles
    # told apart by identity) equals a fresh one at every decision, upgrades,
    # demolitions, Cemeteries and clones included.
    rng = random.Random(seed)
    st = GAME.setup(players, seed)
    while not GAME.is_over(st):
        for s in range(players):
            assert _flat(*build.survey(GAME.tables, st, s)) == _plain_survey(st, s)
        if rng.random() < 0.2:
            st = GAME.clone(st)  # a clone carries the remembered survey along
        seat = rng.choice(GAME.to_act(st))
        acts = GAME.legal_actions(st, seat)
        busy = [a for a in acts if a[0] not in ("done", "pass", "skip")]
        GAME.apply(st, seat, rng.choice(busy if busy and rng.random() < 0.9 else acts))


def plain_extensions(st, s, index) -> list[tuple]:
    """SC-40, SC-41: every ("extend", space, mark) of a one-level upgrade, each grown
    footprint looked up in the printed footprints afresh."""
    seat = st.seats[s]
    tile = seat.tiles[index]
    t = GAME.types[tile.type]
    nxt = GAME.tables.next_level.get(t.id)
    if tile.fresh or nxt is None or stacks.stack(st, s, GAME.types[nxt]) <= 0:
        return []
    mask, inf = build.survey(GAME.tables, st, s)
    others = [GAME.types[o.type] for j, o in enumerate(seat.tiles)
              if o is not None and j != index and inf.reach[j] & inf.own[index]]
    lvl = t.level + 1
    if t.family == "residential":
        ok = sum(k.cultural for k in others) >= lvl
    elif t.family == "commercial":
        ok = sum(k.family == "residential" for k in others) >= lvl
    else:
        kinds = {k.family for k in others}
        ok = bool(kinds & {"refinery", "harbor"}) if lvl == 2 else {"refinery",
                                                                   "harbor"} <= kinds
    if not ok:
        return []
    table = GAME.content.footprints[(t.family, lvl)]
    cells = [(c // 10, c % 10, m) for c, m in zip(tile.cells, tile.marks, strict=True)]
    marks = {"commercial": range(4), "factory": range(3)}.get(t.family, (0,))
    out, seen = [], set()
    for c in tile.cells:
        for n in NB4[c]:
            if n in seen or not mask & BIT[n]:
                continue
            seen.add(n)
            if (t.family == "residential" and inf.industrial & BIT[n]) or (
                    t.family == "factory" and inf.by_residential & BIT[n]):
                continue
            out += [("extend", n, m) for m in marks
                    if frozenset(normalise([*cells, (n // 10, n % 10, m)])) in table]
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 9), (3, 5), (4, 27)])
def test_sc40_remembered_footprints_give_the_plain_upgrades(players, seed):
    # Rules SC-40, SC-41: upgrades judged with the footprints remembered on the game
    # equal the ones looked up afresh, for every tile at every Build decision.
    checked = 0
    for st, seat, step in build_points(players, {}, seed, grow=True):
        if step != "build":
            continue
        def check(st=st, seat=seat):
            nonlocal checked
            for i, tile in enumerate(st.seats[seat].tiles):
                if tile is not None and GAME.types[tile.type].family in UPGRADABLE:
                    plain = plain_extensions(st, seat, i)
                    assert build.upgrade_extensions(GAME.tables, st, seat, i) == plain
                    checked += bool(plain)
        behind_screen(st, seat, check)
    assert checked
