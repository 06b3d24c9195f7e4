"""Rondel City position values for the computer opponents.

A seat's estimate is its Citizen's number (the score that decides the game) plus
what it holds toward more, each counted below what using it brings, so that a
short search prefers using it to keeping it:

- gold is worth what it buys: a VP for every four gp up to the price of a few
  tiles, far less beyond (the Banker stops at 50, and gold only buys tiles);
- an unplaced tile is worth half of what a placement of it typically scores
  (two icon matches), so placing it well gains more than holding it;
- an Amenity is worth a little more than a tile;
- the VP and gold a placement has earned count at once, before the pieces
  have walked them.

An action is judged once the seat has completed it (`midway`): a tile once its
square is chosen, and with Civic Amenities once the Amenity is taken or the tile
scored, or an Amenity's bonus and square chosen.

The game ends only when a Citizen reaches 50 or three lines are empty (RON-29);
passing is allowed for ever, so the values weigh the end conditions: a lead
counts more as the end comes nearer (the margin scale shrinks), so a leader
gains by hastening the end, and each seat's own progress toward 50 counts a
little, so that among equal margins moving on beats waiting.
"""

from __future__ import annotations

from borough.core.values import margin_values, result_values
from borough.games.rondelcity.data import PARK
from borough.games.rondelcity.rules import RondelCity
from borough.games.rondelcity.state import BONUS, OVER, PICK, SITE, SQUARE, TAKE, RonState

MARGIN_SCALE = 5.0  # VP of lead that make a win about three times likelier
GOLD_PER_VP = 4.0
USEFUL_GOLD = 24  # about three tiles' price: gold beyond this mostly waits
SPARE_GOLD_PER_VP = 12.0
TYPICAL_MATCHES = 2.0
HELD_SHARE = 0.5  # a held tile counts half of a typical placement
PARK_VP = 3.0  # a typical Park placement (it scores the Block's buildings)
AMENITY_VP = 3.0
LATE_SCALE = 0.3  # the share of the margin scale left when the end is at hand
LINES_TO_END = 3
START_VP = 25
PROGRESS = 0.1  # weight of the seat's own progress toward the winning 50
WIN_AT = 50.0


# The seat's own steps that complete an action: a tile's square; with Civic
# Amenities, taking the Block's Amenity or scoring the tile, and an Amenity's
# bonus and the square it then blocks. Judged before them, a placement in a Block
# with an Amenity would be a tile given up for nothing, and the bots would pass
# for ever rather than place.
COMPLETING = (PICK, SQUARE, TAKE, BONUS, SITE)


def midway(game: RondelCity, state: RonState, seat: int) -> bool:
    """The seat's action is under way (see COMPLETING): judge it once complete."""
    return state.step in COMPLETING and seat in game.to_act(state)


def gold_worth(gold: int) -> float:
    useful = min(gold, USEFUL_GOLD)
    return useful / GOLD_PER_VP + (gold - useful) / SPARE_GOLD_PER_VP


def tile_worth(game: RondelCity, tile_id: int) -> float:
    """Half of what placing the tile typically scores, in VP."""
    market = game.market
    b = game.tiles[tile_id].building
    if b == PARK:
        return HELD_SHARE * PARK_VP
    per_match = market.effect_vp[b] + market.effect_gp[b] / GOLD_PER_VP
    return HELD_SHARE * TYPICAL_MATCHES * per_match


def estimates(game: RondelCity, state: RonState) -> list[float]:
    vp = [game.vp(state, seat) for seat in range(state.players)]
    gold = [game.gold(state, seat) for seat in range(state.players)]
    for seat, dvp, dgp in state.pending:  # a placement's moves not yet walked
        vp[seat] += dvp
        gold[seat] = max(0, min(int(WIN_AT), gold[seat] + dgp))
    out = []
    for seat in range(state.players):
        value = float(vp[seat]) + gold_worth(gold[seat])
        value += sum(tile_worth(game, t) for t in state.held[seat])
        value += AMENITY_VP * len(state.held_amenities[seat])
        out.append(value)
    return out


def nearness(game: RondelCity, state: RonState) -> float:
    """How close the game is to its end, 0 at the start to 1: by the emptied
    lines, or by the leading Citizen's way from the start space to 50."""
    empty = sum(1 for line in state.lines if not line)
    best = max(game.vp(state, seat) for seat in range(state.players))
    by_vp = (best - START_VP) / (WIN_AT - START_VP)
    return min(1.0, max(0.0, empty / LINES_TO_END, by_vp))


def values(game: RondelCity, state: RonState) -> list[float]:
    if state.step == OVER:
        return result_values(game, state)
    scale = MARGIN_SCALE * (LATE_SCALE + (1 - LATE_SCALE) * (1 - nearness(game, state)))
    margins = margin_values(estimates(game, state), scale)
    return [
        (1 - PROGRESS) * m + PROGRESS * min(1.0, game.vp(state, seat) / WIN_AT)
        for seat, m in enumerate(margins)
    ]
