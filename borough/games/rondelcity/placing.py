"""Where a tile may go and what placing it scores (RON-16 to RON-24)."""

from __future__ import annotations

from borough.games.rondelcity.data import PARK, STATUE, Content, Tile
from borough.games.rondelcity.moves import on_streets
from borough.games.rondelcity.state import AMENITY, EMPTY, FREE, RAINBOW, RonState


def banned_colour(content: Content, state: RonState) -> str:
    """The street colour the Event in effect forbids (RON-V4), or "" for none."""
    if state.event < 0:
        return ""
    ban = content.variants.events[state.event].ban
    return "" if ban == "none" else ban


def square_allowed(
    content: Content, state: RonState, tile: Tile, square: int, mode: str, colour: str
) -> bool:
    """RON-16, RON-17, RON-23, RON-24, RON-V9: may `tile` go on `square` now?"""
    if state.board[square] != EMPTY:
        return False
    if mode == FREE:
        return True
    city = content.city
    ban = banned_colour(content, state)
    scolours = city.street_colours
    ok = False
    for st in city.square_streets[square]:
        c = scolours[st]
        if c == ban:
            continue
        if mode == RAINBOW or c == colour:
            ok = True
            break
    if not ok:
        return False
    tiles = content.market.tiles
    board = state.board
    for q in city.block_squares[city.square_block[square]]:
        code = board[q]
        if 0 <= code < AMENITY and tiles[code].building == tile.building:
            return False
    return True


def matches(content: Content, state: RonState, seat: int, tile: Tile, square: int) -> int:
    """RON-18: icon matches of a building tile on a square, plus the own-piece match."""
    city = content.city
    streets = city.square_streets[square]
    count = 0
    scolours = city.street_colours
    if any(scolours[st] == tile.colour for st in streets):
        count += 1
    if city.square_ns[square] == tile.ns:
        count += 1
    if city.square_ring[square] == tile.ring:
        count += 1
    if on_streets(city, state, seat, streets):
        count += 1
    return count


def park_score(content: Content, state: RonState, tile: Tile, square: int) -> tuple[int, int]:
    """RON-22: a Park scores each building of its Block once per matching icon."""
    city, market = content.city, content.market
    vp = gp = 0
    for q in city.block_squares[city.square_block[square]]:
        code = state.board[q]
        if q == square or not 0 <= code < AMENITY:
            continue
        b = market.tiles[code].building
        n = tile.park[b]
        vp += n * market.effect_vp[b]
        gp += n * market.effect_gp[b]
    return vp, gp


def own_gold_cost(content: Content, state: RonState, seat: int, tile: Tile, square: int) -> int:
    """The gold the placer would lose (RON-15): Statues cost 1 gp per match."""
    if tile.building == STATUE:
        return matches(content, state, seat, tile, square)
    if tile.building == PARK:
        _, gp = park_score(content, state, tile, square)
        return max(0, -gp)
    return 0


def score(
    content: Content, state: RonState, seat: int, tile: Tile, square: int
) -> list[list[int]]:
    """The moves a placement causes, clockwise from the placer: [seat, vp, gp]."""
    market = content.market
    if tile.building == PARK:
        vp, gp = park_score(content, state, tile, square)
        return [[seat, vp, gp]] if vp or gp else []
    b = tile.building
    ev, eg = market.effect_vp[b], market.effect_gp[b]
    m = matches(content, state, seat, tile, square)
    out = [[seat, ev * m, eg * m]] if m else []
    streets = content.city.square_streets[square]
    n = state.players
    for k in range(1, n):  # RON-19: every other player with a piece on the street
        other = (seat + k) % n
        if on_streets(content.city, state, other, streets):
            out.append([other, ev, eg])
    return out
