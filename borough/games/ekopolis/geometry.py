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


def open_spaces(board: Board, state: EkoState, seat: int, tokens_ok: bool) -> list[int]:
    """Spaces next to the seat's city where something may go, in board order."""
    codes, nbrs = state.board, board.neighbours
    out = set()
    for h in city(board, state, seat):
        for n in nbrs[h]:
            v = codes[n]
            if v == EMPTY or (tokens_ok and v < EMPTY):
                out.add(n)
    return sorted(out - board.blocked)


def empty_neighbours(board: Board, state: EkoState, hex_: int) -> list[int]:
    codes, blocked = state.board, board.blocked
    return [n for n in board.neighbours[hex_] if codes[n] == EMPTY and n not in blocked]


def pollution_spaces(board: Board, state: EkoState, seat: int) -> list[int]:
    """EKO-10: next to the new Building, else anywhere next to the city."""
    near = empty_neighbours(board, state, state.last)
    return sorted(near) if near else open_spaces(board, state, seat, tokens_ok=False)
