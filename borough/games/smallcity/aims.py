"""What a Small City seat works toward, for the hints: its Promise (SC-88)."""

from __future__ import annotations

from typing import Any

from borough.games.smallcity import scoring

# Of these tallied things, less is better.
LOWER_IS_BETTER = frozenset({"pollution (%)"})


def goals(game: Any, state: Any, seat: int) -> dict[str, tuple[int, int | None]]:
    """The seat's own Promise, one entry per condition: (has, needs) (SC-88)."""
    number = state.seats[seat].promise
    if number <= 0:
        return {}
    card = game.content.promises[number - 1]
    found: dict[str, tuple[int, int | None]] = {}
    for k, test in enumerate(card.test):
        part = f", part {k + 1}" if len(card.test) > 1 else ""
        found[f'your Promise ("{card.text}"{part})'] = scoring.measure(
            game.tables, state, seat, test)
    return found
