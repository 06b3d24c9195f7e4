"""Small City position values for the computer opponents.

A seat's estimate is the score it would have if the game ended now, in the
chosen victory mode (promises judged on the current position, pollution
subtracted), plus a little for money, which the City Council turns into
votes or buildings in later rounds.
"""

from __future__ import annotations

from borough.agents.evaluation import margin_values, result_values
from borough.games.smallcity import scoring
from borough.games.smallcity.rules import SmallCity
from borough.games.smallcity.state import SmallCityState

MARGIN_SCALE = 6.0  # points of lead that make a win about three times likelier
MONEY_WORTH = 0.2  # points per dollar still to spend


def values(game: SmallCity, state: SmallCityState) -> list[float]:
    if game.is_over(state):
        return result_values(game, state)
    rows = scoring.final(game, state)["rows"]
    estimates = [
        row["score"] + MONEY_WORTH * state.seats[row["seat"]].money for row in rows
    ]
    return margin_values(estimates, MARGIN_SCALE)
