"""Who acts now in Small City, read from the state alone (rule ids: RULES.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from borough.games.smallcity.state import BUILD, OVER, SmallCityState

T = TypeVar("T")


def to_act(state: SmallCityState) -> tuple[int, ...]:
    if state.phase == OVER:
        return ()
    if state.step == "promise":
        return tuple(s for s in range(state.players) if not state.chosen[s])
    if state.phase == BUILD:  # SC-25: everyone builds at once behind a screen
        return tuple(s for s in state.order if state.seats[s].bstep != "done")
    return (state.current,)


def alive_order(st: SmallCityState, first: int) -> list[int]:
    """The seats still in the game, from `first` on around the table."""
    n = st.players
    return [(first + i) % n for i in range(n) if not st.seats[(first + i) % n].eliminated]


DUE = "due"
"""The step of a state whose phase is due to begin: a phase that ends leaves the
next one due instead of calling it, and the step table begins it (`steps.go_on`)
before the move returns. So the phases, which follow each other round after
round, never call one another in a circle. No state outside a move is due."""


def leave_due(st: SmallCityState, phase: str) -> None:
    st.phase, st.step = phase, DUE


def behind_screen(st: SmallCityState, s: int, fn: Callable[..., T], *args: Any) -> T:
    """Run `fn(*args)` with the seat's own Build step in place of the shared one
    (SC-25: each seat builds behind its screen, on a step of its own)."""
    seat = st.seats[s]
    shared = st.step, st.sel
    st.step, st.sel = seat.bstep, seat.bsel
    try:
        return fn(*args)
    finally:
        if st.phase == BUILD:
            seat.bstep, seat.bsel = st.step, st.sel
            st.step, st.sel = shared
