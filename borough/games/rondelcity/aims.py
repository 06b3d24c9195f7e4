"""What a Rondel City seat works toward, for the hints: the 50 space (RON-29)."""

from __future__ import annotations

from typing import Any

from borough.games.rondelcity.data import TOP

LOWER_IS_BETTER: frozenset[str] = frozenset()
RACE = "your Citizen on the way to the 50 space (RON-29)"


def goals(game: Any, state: Any, seat: int) -> dict[str, tuple[int, int | None]]:
    """The seat's Citizen against the space that makes it Mayor at once."""
    return {RACE: (game.vp(state, seat), TOP)}


# The race is counted in victory points: the score says the same thing.
SAME_AS_SCORE = RACE
