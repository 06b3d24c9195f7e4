"""Rondel City position values for the computer opponents.

A seat's estimate is its Citizen's number (the score that decides the game) plus
what it holds toward more: gold buys and places tiles (about a VP for every
four gp), an unplaced tile is worth a few VP once placed, an Amenity a little
more. A Citizen close to 50 is close to winning outright, which the margin
scale reflects.
"""

from __future__ import annotations

from borough.agents.evaluation import margin_values, result_values
from borough.games.rondelcity.rules import RondelCity
from borough.games.rondelcity.state import OVER, RonState

MARGIN_SCALE = 5.0  # VP of lead that make a win about three times likelier
GOLD_PER_VP = 4.0
TILE_VP = 3.0
AMENITY_VP = 4.0


def estimates(game: RondelCity, state: RonState) -> list[float]:
    out = []
    for seat in range(state.players):
        value = float(game.vp(state, seat))
        value += game.gold(state, seat) / GOLD_PER_VP
        value += TILE_VP * len(state.held[seat]) + AMENITY_VP * len(state.held_amenities[seat])
        out.append(value)
    return out


def values(game: RondelCity, state: RonState) -> list[float]:
    if state.step == OVER:
        return result_values(game, state)
    return margin_values(estimates(game, state), MARGIN_SCALE)
