"""What an Architectura seat works toward, for the hints: cards of its colour
standing face up, the only ones that score (ARC-33)."""

from __future__ import annotations

from typing import Any

from borough.games.architectura.city import owner
from borough.games.architectura.state import DOWN, EMPTY

LOWER_IS_BETTER: frozenset[str] = frozenset()
STANDING = "your face-up cards (only they score, ARC-33)"


def goals(game: Any, state: Any, seat: int) -> dict[str, tuple[int, int | None]]:
    up = sum(
        1
        for card, face in zip(state.cells, state.face, strict=True)
        if card != EMPTY and face != DOWN and owner(card) == seat
    )
    return {STANDING: (up, None)}
