"""Where a tile may go and what placing it scores (RON-16 to RON-24)."""

from __future__ import annotations

from borough.games.rondelcity.data import PARK, STATUE, Content, Tile
from borough.games.rondelcity.moves import destinations, on_streets
from borough.games.rondelcity.state import AMENITY, EMPTY, FREE, NORMAL, RAINBOW, RonState


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


def matches(
    content: Content, state: RonState, seat: int, tile: Tile, square: int, citizen: int = -1
) -> int:
    """RON-18: icon matches of a building tile on a square, plus the own-piece match.

    `citizen` puts the seat's Citizen on that space instead of where it stands (to
    count a placement as it will be once the Rainbow's 1 VP is paid, RON-23)."""
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
    if citizen < 0:
        if on_streets(city, state, seat, streets):
            count += 1
    elif city.street_of[citizen] in streets or city.street_of[state.pieces[2 * seat + 1]] in (
        streets
    ):
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


def rainbow_due(content: Content, state: RonState, seat: int, mode: str) -> bool:
    """RON-23: a Rainbow placement still owes its 1 VP (a Citizen on 0 owes nothing)."""
    return mode == RAINBOW and state.pieces[2 * seat] != content.city.zero


def citizen_after_payment(content: Content, state: RonState, seat: int) -> list[int]:
    """RON-23, RON-4: every space where paying the Rainbow's VP can leave the Citizen."""
    return destinations(content.city, state, 2 * seat, -content.market.rainbow_vp)


def statue_cost(
    content: Content, state: RonState, seat: int, tile: Tile, square: int, citizen: int = -1
) -> int:
    """RON-20: a Statue costs 1 gp per match, with the Citizen on `citizen` if given."""
    return matches(content, state, seat, tile, square, citizen)


def placement_cost(
    content: Content, state: RonState, seat: int, tile: Tile, square: int, mode: str
) -> int:
    """The gold the placer pays for `tile` on `square` (RON-15, RON-20, RON-22, RON-23).

    The one place a placement's cost is worked out: the legal list, the quick
    legality check and the payment all ask here. A Rainbow placement counts the
    own-piece match after the compulsory 1 VP has moved the Citizen; where that
    move can end on several spaces (RON-4) the cheapest counts, and the player is
    then offered only the spaces the Banker can pay from (`payment_spots`)."""
    if tile.building == STATUE:
        if rainbow_due(content, state, seat, mode):
            return min(statue_cost(content, state, seat, tile, square, at)
                       for at in citizen_after_payment(content, state, seat))
        return statue_cost(content, state, seat, tile, square)
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
    gp = eg * m
    if b == STATUE:  # the payment: what placement_cost gives, never more than the Banker has
        have = content.city.numbers[state.pieces[2 * seat + 1]]
        # NORMAL: any Rainbow VP is paid by now, so the pieces stand where they count
        gp = -min(placement_cost(content, state, seat, tile, square, NORMAL), have)
    out = [[seat, ev * m, gp]] if m else []
    streets = content.city.square_streets[square]
    n = state.players
    for k in range(1, n):  # RON-19: every other player with a piece on the street
        other = (seat + k) % n
        if on_streets(content.city, state, other, streets):
            out.append([other, ev, eg])
    return out
