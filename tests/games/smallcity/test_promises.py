"""Every Promise and Special Promise (SC-D2) on positions built for it: each
condition is met by one position and missed by one just short of it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from borough.games.smallcity import scoring
from borough.games.smallcity.state import SmallCityState
from tests.games.smallcity.helpers import GAME, cells, citizen, clear_board, put, start

Build = Callable[[SmallCityState, bool], None]


def board() -> SmallCityState:
    """Two boroughs, each with only its City Hall; seat 0 has no money or pollution."""
    st = start(2)
    for s in (0, 1):
        clear_board(st, s)
        st.seats[s].built = []
        st.seats[s].money = st.seats[s].pollution = 0
        st.seats[s].hall_mats = []
        put(st, s, "city_hall", cells("A1", "A2", "B1", "B2"))
    return st


def parks(n: int, spaces: int = 1) -> Build:
    def build(st: SmallCityState, ok: bool) -> None:
        key = f"park{spaces}"
        for i in range(n if ok else n - 1):
            put(st, 0, key, [60 + 10 * (i // 2) + 4 * (i % 2) + k for k in range(spaces)])
    return build


def homes(n: int, full: bool = False, level: int = 1) -> Build:
    def build(st: SmallCityState, ok: bool) -> None:
        for i in range(n if ok or full else n - 1):
            where = [40 + 2 * i] if level == 1 else cells("E1", "E2", "F1", "F2", "G1")[:level]
            put(st, 0, f"res{level}", where)
            if full and (ok or i):  # short of the promise, the first home stays empty
                citizen(st, 0, where[0])
    return build


def money(n: int) -> Build:
    def build(st: SmallCityState, ok: bool) -> None:
        st.seats[0].money = n if ok else n - 1
    return build


def pollution_under(n: int) -> Build:
    def build(st: SmallCityState, ok: bool) -> None:
        st.seats[0].pollution = n - 1 if ok else n
    return build


def tiles(key: str, n: int) -> Build:
    def build(st: SmallCityState, ok: bool) -> None:
        for i in range(n if ok else n - 1):
            put(st, 0, key, [90 + i])
    return build


def has(key: str, where: list[int], short: str | None = None) -> Build:
    """The building itself, or (short of it) `short` on the same spaces."""
    def build(st: SmallCityState, ok: bool) -> None:
        if ok:
            put(st, 0, key, where)
        elif short is not None:
            put(st, 0, short, where[: GAME.types[GAME.content.by_key[short]].level])
    return build


def cultural(n: int) -> Build:
    def build(st: SmallCityState, ok: bool) -> None:
        put(st, 0, "school", cells("J1"))
        if n > 2 and ok:
            put(st, 0, "library", cells("J3", "J4"))
    return build


def residents(n: int) -> Build:
    def build(st: SmallCityState, ok: bool) -> None:
        for i in range(n):
            put(st, 0, "res1", [40 + 2 * i])
            if ok or i:
                citizen(st, 0, 40 + 2 * i)
        citizen(st, 1, 50, owner=0)  # a tourist abroad is not living at home
    return build


def in_play(n: int) -> Build:
    def build(st: SmallCityState, ok: bool) -> None:
        for i in range(n - 1):
            put(st, 0, "res1", [40 + 2 * i])
            citizen(st, 0, 40 + 2 * i)
        put(st, 1, "park1", cells("H9"))
        if ok:  # a tourist counts as in play
            citizen(st, 1, cells("H9")[0], owner=0)
    return build


def factories_clean(n: int, under: int) -> Build:
    def build(st: SmallCityState, ok: bool) -> None:
        tiles("fac1", n)(st, True)
        st.seats[0].pollution = under - 1 if ok else under
    return build


def covered(n: int) -> Build:
    def build(st: SmallCityState, ok: bool) -> None:
        left = n - 4 - (0 if ok else 1)  # City Hall covers 4
        for row in range(4, 10):
            for col in (0, 3, 6):
                size = min(3, left)
                if size > 0:
                    put(st, 0, f"park{size}", [row * 10 + col + k for k in range(size)])
                    left -= size
    return build


def citizens_and_cash(n: int, cash: int) -> Build:
    def build(st: SmallCityState, ok: bool) -> None:
        in_play(n)(st, True)
        st.seats[0].money = cash if ok else cash - 1
    return build


PROMISES: dict[int, Build] = {
    1: parks(3),
    2: money(3),
    3: cultural(3),
    4: tiles("com1", 2),
    5: pollution_under(1),
    6: homes(4),
    7: homes(5),
    8: tiles("fac1", 6),
    9: has("museum", cells("E5", "E6", "E7"), short="library"),
    10: parks(3, spaces=3),  # 9 spaces, or 6 when short
    11: citizens_and_cash(3, 2),
    12: has("res3", cells("E1", "E2", "E3"), short="res2"),
    13: has("com3", cells("E1", "E2", "E3"), short="com2"),
    14: factories_clean(3, 10),
    15: covered(27),
    16: homes(3, full=True),
}


@pytest.mark.parametrize("number", sorted(PROMISES))
def test_scd2_each_promise_met_and_missed(number):
    # Rules SC-D2, SC-88.
    card = GAME.content.promises[number - 1]
    for ok in (True, False):
        st = board()
        PROMISES[number](st, ok)
        assert scoring.kept(GAME.tables, st, 0, card) is ok, (number, ok, card.text)
        assert (scoring.progress(GAME.tables, st, 0, card) == 1.0) is ok


@pytest.mark.parametrize("number", [11, 14])
def test_scd2_two_part_promises_need_both_parts(number):
    # Rules SC-D2.
    card = GAME.content.promises[number - 1]
    st = board()
    PROMISES[number](st, True)
    st.seats[0].pollution, st.seats[0].money = 50, 50  # the first part alone
    assert scoring.kept(GAME.tables, st, 0, card) is (number == 11)
    st.seats[0].pollution, st.seats[0].money = 0, 0  # the second part alone
    st.seats[0].tiles[-1] = None
    assert not scoring.kept(GAME.tables, st, 0, card)
    assert 0 < scoring.progress(GAME.tables, st, 0, card) < 1


def test_scd2_full_homes_fail_on_any_empty_home_however_many():
    # Rules SC-D2: "every one of them full" (Promise #16).
    st = board()
    homes(6, full=True)(st, False)  # six homes, five of them full
    assert not scoring.kept(GAME.tables, st, 0, GAME.content.promises[15])


def test_scd2_progress_grows_toward_a_promise():
    # Rules SC-D2: the computer players' measure of the way to a Promise.
    st = board()
    card = GAME.content.promises[5]  # 4 Residential Zones
    seen = []
    for i in range(4):
        seen.append(scoring.progress(GAME.tables, st, 0, card))
        put(st, 0, "res1", [40 + 2 * i])
    assert seen == [0.0, 0.25, 0.5, 0.75] and scoring.progress(GAME.tables, st, 0, card) == 1.0
    home = GAME.content.promises[11]  # a home of level 3: Cultural influence counts
    before = scoring.progress(GAME.tables, st, 0, home)
    put(st, 0, "school", cells("F1"))  # beside the home on E1
    assert scoring.progress(GAME.tables, st, 0, home) > before
    assert scoring.progress(GAME.tables, st, 0, home) < 1.0
    st.seats[0].pollution = 3  # no pollution promised: three points over
    assert scoring.progress(GAME.tables, st, 0, GAME.content.promises[4]) == 0.0
    st.seats[0].pollution = 0
    assert scoring.progress(GAME.tables, st, 0, GAME.content.promises[4]) == 1.0


SPECIALS: dict[int, Build] = {
    1: has("fire", cells("E1", "E2", "E3")),
    2: has("police", cells("E1", "E2")),
    3: has("fac2", cells("E1", "E2"), short="fac1"),
    4: has("harbor", cells("J1", "J2", "J3", "I1")),
    5: has("refinery", cells("E1")),
    6: has("clinic", cells("E1", "E2", "E3", "E4", "E5")),
    7: has("university", cells("E1", "E2", "E3", "E4", "E5", "E6")),
    8: has("metro", cells("E1", "E2", "E3", "E4")),
    9: has("com2", cells("E1", "E2"), short="com1"),
    10: has("res2", cells("E1", "E2"), short="res1"),
    12: parks(2, spaces=3),  # 6 spaces, or 3 when short
    13: covered(30),
    14: money(5),
    16: has("university", cells("E1", "E2", "E3", "E4", "E5", "E6"), short="clinic"),
}


def materials(st: SmallCityState, ok: bool) -> None:
    put(st, 0, "warehouse", cells("E1", "E2"))
    st.seats[0].tiles[-1].stock = [0, 1]
    st.seats[0].hall_mats = [0, 2] + ([1] if ok else [])


def tourists(st: SmallCityState, ok: bool) -> None:
    put(st, 1, "park2", cells("H8", "H9"))
    citizen(st, 1, cells("H8")[0], owner=0)
    if ok:
        citizen(st, 1, cells("H9")[0], owner=0)


SPECIALS[11] = materials
SPECIALS[15] = tourists


@pytest.mark.parametrize("number", sorted(SPECIALS))
def test_scd2_each_special_promise_met_and_missed(number):
    # Rules SC-D2, SC-A4.
    card = GAME.content.specials[number - 1]
    for ok in (True, False):
        st = board()
        SPECIALS[number](st, ok)
        assert scoring.kept(GAME.tables, st, 0, card) is ok, (number, ok, card.text)
        assert scoring.special_kept(GAME.tables, st, 0, card) is ok


def test_scd2_the_numbering_hints_hold():
    # Rules SC-D2: #11 goes with the Citizens victory, Special #14 with the
    # Economic one (cash) and Special #16 with the Cultural one.
    assert GAME.content.promises[10].test[0][0] == "in_play"
    assert GAME.content.specials[13].test[0][0] == "money"
    assert GAME.content.specials[15].test[0][0] == "cultural_spaces"
