"""Seats around the table."""

from __future__ import annotations

from collections.abc import Container


def next_seat(seat: int, players: int, out: Container[int] = ()) -> int:
    """The next seat clockwise after `seat` that is not `out`, or -1 if every seat is."""
    for step in range(1, players + 1):
        other = (seat + step) % players
        if other not in out:
            return other
    return -1
