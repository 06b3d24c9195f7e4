"""Rondel City: the decision a seat faces now, in one line a player would say."""

from __future__ import annotations

from borough.games.rondelcity import seats
from borough.games.rondelcity.data import BUILDINGS, Content
from borough.games.rondelcity.state import (
    ACTION,
    BONUS,
    EMPTY,
    EVENT,
    FINAL,
    FREE,
    GO,
    ORDER,
    OVER,
    PICK,
    RAINBOW,
    ROTATE,
    SITE,
    SQUARE,
    TAKE,
    RonState,
)


def prompt(c: Content, state: RonState, seat: int) -> str:
    step = state.step
    if step == OVER:
        return "The game is over."
    if seat not in seats.to_act(state):
        return "Wait: another player is deciding."
    if step == ROTATE:
        return ("Move your Action marker on the rondel: one space for free, "
                "or further by paying gold")
    if step == ACTION:
        return _action(c, state, seat)
    if step == PICK:
        return "Choose the tile you hold to place anywhere with the Amenity"
    if step == SQUARE:
        building = BUILDINGS[c.market.tiles[state.tile].building].title()
        if state.mode == FREE:
            where = "any empty square"
        elif state.mode == RAINBOW:
            where = "an empty square beside any street (it costs 1 VP)"
        else:
            where = f"an empty square beside a {seats.rondel_colour(c, state, seat)} street"
        return f"Choose the square for your {building}: {where}"
    if step == TAKE:
        return "Take this Block's Civic Amenity instead of scoring the tile, or score it"
    if step == ORDER:
        return "Both your Citizen and your Banker move: choose which goes first"
    if step == GO:
        _, vp, gp = state.pending[0]
        piece, count = ("Citizen", vp) if vp else ("Banker", gp)
        way = "forward" if count > 0 else "back"
        return (f"Choose the street space where your {piece} stops after moving "
                f"{abs(count)} {way}")
    if step == EVENT:
        return "Choose the new Event from the three drawn"
    if step == BONUS:
        return "You used an Amenity: take 2 VP or 4 gp"
    if step == SITE:
        name = c.variants.amenities[state.amenity] if state.amenity != EMPTY else "Amenity"
        return f"Choose the empty square where the used {name} goes"
    if step == FINAL:
        return "Final placement: place one tile you hold, or make none"
    raise ValueError(f"no prompt for the step {step!r}")


def _action(c: Content, state: RonState, seat: int) -> str:
    kinds = {a[0] for a in seats.action_choices(c, state, seat)}
    building = BUILDINGS[seats.rondel_building(c, state, seat)].title()
    options = []
    if "buy" in kinds:
        options.append(f"buy the face-up {building} ({seats.price(c, state, seat)} gp)")
    if "place" in kinds:
        options.append("place a tile you hold")
    if kinds & {"amenity_buy", "amenity_place"}:
        options.append("use an Amenity")
    options.append(f"pass for {c.market.pass_gold} gp")
    head = ", ".join(options[:-1])
    return f"Your marker is on the {building} space: {head + ' or ' if head else ''}{options[-1]}"
