"""Ekopolis geometry: a seat's city and the spaces next to it, read from the board."""

from __future__ import annotations

from borough.games.ekopolis.data import Board
from borough.games.ekopolis.state import EMPTY, EkoState


def city(board: Board, state: EkoState, seat: int) -> set[int]:
    """The Buildings joined to `seat`'s City hall (EKO-5): tokens never connect."""
    codes, nbrs = state.board, board.neighbours
    start = state.seats[seat].city_hall
    seen = {start}
    stack = [start]
    while stack:
        for n in nbrs[stack.pop()]:
            if n not in seen and codes[n] >= 0:
                seen.add(n)
                stack.append(n)
    return seen


def open_spaces(board: Board, state: EkoState, seat: int, tokens_ok: bool,
                only: int | None = None) -> list[int]:
    """Spaces next to the seat's city where something may go, in board order; with
    `only`, that space if it is one of them (judged without listing the others)."""
    codes, nbrs, blocked = state.board, board.neighbours, board.blocked

    def free(n: int) -> bool:
        return n not in blocked and (codes[n] == EMPTY or (tokens_ok and codes[n] < EMPTY))

    if only is not None:  # the space itself first: cheaper than finding the city
        if not free(only):
            return []
        joined = city(board, state, seat)
        return [only] if any(n in joined for n in nbrs[only]) else []
    return sorted(n for n in {n for h in city(board, state, seat) for n in nbrs[h]} if free(n))


def empty_neighbours(board: Board, state: EkoState, hex_: int) -> list[int]:
    codes, blocked = state.board, board.blocked
    return [n for n in board.neighbours[hex_] if codes[n] == EMPTY and n not in blocked]


def pollution_spaces(board: Board, state: EkoState, seat: int) -> list[int]:
    """EKO-10: next to the new Building, else anywhere next to the city."""
    near = empty_neighbours(board, state, state.last)
    return sorted(near) if near else open_spaces(board, state, seat, tokens_ok=False)
