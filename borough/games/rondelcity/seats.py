"""What a seat has and may do now: its score, gold, rondel space, tile prices and
the squares open to its tiles (RON-9 to RON-17, RON-26)."""

from __future__ import annotations

from borough.core.game import Action
from borough.games.rondelcity import placing
from borough.games.rondelcity.data import Content
from borough.games.rondelcity.state import (
    FREE,
    GO,
    NORMAL,
    ORDER,
    OVER,
    RAINBOW,
    RonState,
)


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"


def to_act(state: RonState) -> tuple[int, ...]:
    """Who decides now: the head of the pending moves, else the actor."""
    if state.step == OVER:
        return ()
    if state.step in (ORDER, GO):
        return (state.pending[0][0],)
    return (state.actor,)


def vp(c: Content, state: RonState, seat: int) -> int:
    return c.city.numbers[state.pieces[2 * seat]]

def gold(c: Content, state: RonState, seat: int) -> int:
    return c.city.numbers[state.pieces[2 * seat + 1]]

def rondel_space(c: Content, state: RonState, seat: int) -> int:
    return state.rondel[seat]

def rondel_building(c: Content, state: RonState, seat: int) -> int:
    return c.market.rondel_buildings[state.rondel[seat]]

def rondel_colour(c: Content, state: RonState, seat: int) -> str:
    return c.market.rondel_colours[state.rondel[seat]]

def tile_limit(c: Content, state: RonState) -> int:
    return c.market.tile_limit[state.players]

def holding(c: Content, state: RonState, seat: int) -> int:
    """RON-14, RON-V7: unplaced tiles, Amenities included."""
    return len(state.held[seat]) + len(state.held_amenities[seat])

def price(c: Content, state: RonState, seat: int) -> int:
    """RON-12: the next visible price, +1 per other marker here, + the Event's surcharge."""
    b = rondel_building(c, state, seat)
    line = state.lines[b]
    bought = len(c.market.prices[b]) - len(line)
    here = state.rondel[seat]
    others = sum(1 for c, pos in enumerate(state.rondel) if c != seat and pos == here)
    extra = c.variants.events[state.event].surcharge[b] if state.event >= 0 else 0
    return c.market.prices[b][bought] + others + extra

def place_mode(c: Content, state: RonState, seat: int) -> str:
    return RAINBOW if rondel_colour(c, state, seat) == "rainbow" else NORMAL

def square_open(c: Content, state: RonState, seat: int, tile_id: int, q: int, mode: str) -> bool:
    """RON-15 to RON-17, RON-23: may the seat put `tile_id` on square `q` now?"""
    tile = c.market.tiles[tile_id]
    if not placing.square_allowed(c, state, tile, q, mode, rondel_colour(c, state, seat)):
        return False
    return placing.placement_cost(c, state, seat, tile, q, mode) <= gold(c, state, seat)


def legal_squares(c: Content, state: RonState, seat: int, tile_id: int, mode: str) -> list[int]:
    return [q for q in range(len(state.board)) if square_open(c, state, seat, tile_id, q, mode)]


def placeable(c: Content, state: RonState, seat: int, mode: str) -> list[int]:
    """Held tiles that have at least one legal square."""
    return [
        t for t in sorted(set(state.held[seat]))
        if legal_squares(c, state, seat, t, mode)
    ]


def action_choices(c: Content, state: RonState, seat: int) -> list[Action]:
    acts: list[Action] = []
    b = rondel_building(c, state, seat)
    line = state.lines[b]
    limit = tile_limit(c, state)
    if (
        line and holding(c, state, seat) < limit
        and price(c, state, seat) <= gold(c, state, seat)
    ):
        acts.append(("buy",))  # RON-12, RON-14, RON-15
    mode = place_mode(c, state, seat)
    acts.extend(("place", t) for t in placeable(c, state, seat, mode))
    acts.append(("pass",))  # RON-26
    amenities = sorted(set(state.held_amenities[seat]))
    if amenities:
        free_tiles = bool(placeable(c, state, seat, FREE))
        for a in amenities:
            if line:  # RON-V8
                acts.append(("amenity_buy", a))
            if free_tiles:  # RON-V9
                acts.append(("amenity_place", a))
    return acts


def mayors(c: Content, state: RonState) -> list[int]:
    """RON-29, RON-31: the seat that reached 50, else every seat furthest round the city."""
    if state.winner >= 0:
        return [state.winner]
    scores = [vp(c, state, s) for s in range(state.players)]
    best = max(scores)
    return [s for s in range(state.players) if scores[s] == best]
