"""Moving Citizens and Bankers along the streets of the City (RON-4 to RON-8)."""

from __future__ import annotations

from borough.games.rondelcity.data import City
from borough.games.rondelcity.state import RonState


def destinations(city: City, state: RonState, piece: int, steps: int) -> list[int]:
    """Every space where `piece` may end a move of `steps` (negative: backward).

    A walk branches at corners (the owner picks the street, RON-4); a piece that
    would stop on an occupied space goes on in the same direction (RON-5). The 0
    and 50 spaces hold any number of pieces, and the track ends there (RON-7).
    """
    nbrs = city.up if steps > 0 else city.down
    frontier: list[int] = [state.pieces[piece]]
    for _ in range(abs(steps)):
        if len(frontier) == 1:  # the common case: one street, no branching
            ahead = nbrs[frontier[0]]
            if ahead:  # otherwise the end of the track: the piece stops there
                frontier = list(ahead)
            continue
        nxt: set[int] = set()
        for s in frontier:
            nxt.update(nbrs[s] or (s,))
        frontier = list(nxt)
    pieces = state.pieces
    taken = {pieces[i] for i in range(len(pieces)) if i != piece}
    taken.discard(city.zero)
    taken.discard(city.top)
    if len(frontier) == 1 and frontier[0] not in taken:
        return frontier
    out: set[int] = set()
    stack = list(frontier)
    seen = set(stack)
    while stack:
        s = stack.pop()
        if s not in taken:
            out.add(s)
            continue
        for n in nbrs[s]:
            if n not in seen:
                seen.add(n)
                stack.append(n)
    return sorted(out)


def on_streets(city: City, state: RonState, seat: int, streets: tuple[int, ...]) -> bool:
    """True when one of the seat's pieces is on one of `streets` (corners never are)."""
    street_of = city.street_of
    return (
        street_of[state.pieces[2 * seat]] in streets
        or street_of[state.pieces[2 * seat + 1]] in streets
    )
