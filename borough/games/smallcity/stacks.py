"""The tile stacks (SC-25, SC-45): which tiles a seat may take now.

The stacks lie in the middle of the table, outside the screens. In the Build
phase a scarce tile goes in turn order among the seats that could still take
it; everything here reads only what every seat sees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from borough.games.smallcity.data import UPGRADABLE
from borough.games.smallcity.state import SmallCityState

if TYPE_CHECKING:
    from borough.games.smallcity.data import TileType


def personal(st: SmallCityState, t: TileType) -> bool:
    """Per-player buildings (SC-3), and every Cultural building in the Cultural victory."""
    return t.per_player or (st.mode == "cultural" and t.cultural)


def available(st: SmallCityState, s: int, t: TileType) -> bool:
    seat = st.seats[s]
    if t.family in ("city_hall", "warehouse"):
        return False  # City Hall comes at setup (SC-44); Warehouses only with a Factory (SC-34)
    if t.unique and t.id in seat.built:
        return False  # SC-37: one of each, never rebuilt
    if personal(st, t):
        return True
    return stack(st, s, t) > 0


def stack(st: SmallCityState, s: int, t: TileType) -> int:
    """Tiles of `t`'s stack that seat `s` may take now (SC-25, SC-45).

    The stacks lie outside the screens, so they are always counted as they are.
    In the Build phase a scarce tile goes in turn order: every seat ahead of `s`
    that is still building and could take a tile of the stack is held one, so a
    later seat is refused the last copies before it builds, never refunded
    afterwards."""
    return st.supply[t.id] - held_for(st, ahead_building(st, s), t)


def ahead_building(st: SmallCityState, s: int) -> list[int]:
    """The seats ahead of `s` in turn order still building behind their screens."""
    if st.phase != "build":
        return []
    out = []
    for o in st.order:
        if o == s:
            break
        if st.seats[o].bstep != "done":
            out.append(o)
    return out


def may_claim(st: SmallCityState, o: int, t: TileType) -> bool:
    """SC-45: whether seat `o` could still take a tile of `t`'s stack, judged on what
    every seat sees: a unique building it had before the screens went up (SC-37),
    and a spent seat, which takes tiles only by upgrading (SC-40)."""
    if t.unique and t.id in st.snapshot[o].built:
        return False
    return not st.seats[o].builds_spent() or (t.family in UPGRADABLE and t.level > 1)


def held_for(st: SmallCityState, ahead: list[int], t: TileType) -> int:
    """How many tiles of `t`'s stack are held for the seats `ahead` (see `stack`)."""
    return sum(1 for o in ahead if may_claim(st, o, t))


def holder(st: SmallCityState, s: int, t: TileType) -> int:
    """The first seat ahead of `s` for whom a scarce tile of `t` is held (SC-45), or -1."""
    if st.phase != "build" or st.supply[t.id] <= 0:
        return -1
    ahead = [o for o in ahead_building(st, s) if may_claim(st, o, t)]
    return ahead[0] if ahead and stack(st, s, t) <= 0 else -1
