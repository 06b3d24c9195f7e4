"""Helpers that arrange Small City states for rule tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from borough.core.game import Event
from borough.games.smallcity.phases import construction
from borough.games.smallcity.rules import SmallCity
from borough.games.smallcity.state import EMPTY, NOBODY, SmallCityState, Tile
from borough.games.smallcity.steps import go_on

GAME = SmallCity()
KEY = GAME.content.by_key


def begin(fn: Callable[..., None], st: SmallCityState, *args: Any, **kwargs: Any) -> None:
    """Run a phase function on `st`, then begin the phases it leaves due, as a move would."""
    events: list[Event] = args[-1] if args and isinstance(args[-1], list) else []
    fn(GAME.tables, st, *args, **kwargs)
    go_on(GAME.tables, st, events)


def cell(name: str) -> int:
    """'C7' -> the index of row C, column 7."""
    return (ord(name[0]) - ord("A")) * 10 + int(name[1:]) - 1


def cells(*names: str) -> list[int]:
    return [cell(n) for n in names]


def start(players: int = 2, seed: int = 1, hall: str = "A1", **options: str) -> SmallCityState:
    """A game set up with every City Hall on `hall` and the first Promise kept."""
    st = GAME.setup(players, seed, options)
    while st.step == "hall":
        GAME.apply(st, st.current, ("place", 0, cell(hall)))
    for s in range(players):
        GAME.apply(st, s, ("promise", 0))
    return st


def put(st: SmallCityState, s: int, key: str, where: list[int], marks: list[int] | None = None,
        fresh: bool = False) -> int:
    """Lay a tile directly on a borough (no cost, no checks); return its index."""
    seat = st.seats[s]
    t = GAME.types[KEY[key]]
    stock = [-1] * len(where) if t.family == "warehouse" else []
    seat.tiles.append(Tile(t.id, list(where), list(marks or [0] * len(where)), fresh, stock))
    index = len(seat.tiles) - 1
    for c in where:
        assert seat.grid[c] == EMPTY
        seat.grid[c] = index
    if t.unique:
        seat.built.append(t.id)
    return index


def citizen(st: SmallCityState, borough: int, where: int, owner: int | None = None) -> None:
    st.seats[borough].occ[where] = borough if owner is None else owner


def clear_board(st: SmallCityState, s: int) -> None:
    seat = st.seats[s]
    seat.tiles = []
    seat.grid = [EMPTY] * 100
    seat.occ = [NOBODY] * 100


def enter_build(st: SmallCityState, order: list[int] | None = None) -> list[Event]:
    """Jump to the Build phase of the current round with the given turn order."""
    ev: list[Event] = []
    if order is not None:
        st.order = order
    begin(construction.start_build, st, ev)
    return ev


def finish(st: SmallCityState, s: int) -> None:
    GAME.apply(st, s, ("done",))


def who(st: SmallCityState) -> int:
    """The first seat that has to decide now."""
    return GAME.to_act(st)[0]


def legal(st: SmallCityState, s: int | None = None) -> list[tuple]:
    return GAME.legal_actions(st, who(st) if s is None else s)


def act(st: SmallCityState, action: tuple, s: int | None = None) -> list[Event]:
    return GAME.apply(st, who(st) if s is None else s, action)


def texts(events: list[Event]) -> list[str]:
    return [e.text for e in events]


def town(players: int = 2) -> SmallCityState:
    """Every borough cleared down to its City Hall in the corner, seats in order."""
    st = start(players)
    for s in range(players):
        clear_board(st, s)
        st.seats[s].built = []
        put(st, s, "city_hall", cells("A1", "A2", "B1", "B2"))
    st.order = list(range(players))
    return st
