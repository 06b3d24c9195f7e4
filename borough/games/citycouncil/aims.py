"""What a City Council seat works toward, for the hints: the points that end the
term with a Mayor (CC-57), and the two tracks that, once full, make the
government take over and every member lose (CC-50)."""

from __future__ import annotations

from typing import Any

from borough.games.citycouncil.flow import end_points

POINTS = "your points toward the Mayor's election (CC-57)"
CRIME = "criminality cubes before the government takes over (CC-50)"
POLLUTION = "pollution cubes before the government takes over (CC-50)"
LOWER_IS_BETTER = frozenset({CRIME, POLLUTION})
SAME_AS_SCORE = POINTS


def goals(game: Any, state: Any, seat: int) -> dict[str, tuple[int, int | None]]:
    c = game.content
    return {
        POINTS: (state.scores[seat], end_points(c, state)),
        CRIME: (sum(state.red), c.supply["red"]),
        POLLUTION: (sum(state.grey), c.supply["grey"]),
    }
