"""Rondel City actions in words: what an action does, and why one is refused."""

from __future__ import annotations

from typing import Any

from borough.core.game import Action
from borough.core.refusals import Refusal
from borough.games.rondelcity import placing, seats
from borough.games.rondelcity.data import BUILDINGS, Content
from borough.games.rondelcity.refusals import STEP_RULES, WORDS
from borough.games.rondelcity.state import (
    ACTION,
    AMENITY,
    BONUS,
    EMPTY,
    EVENT,
    FINAL,
    GO,
    ORDER,
    PICK,
    ROTATE,
    SITE,
    SQUARE,
    TAKE,
    RonState,
)


def describe(c: Content, action: Action, state: Any = None) -> str:
    kind = action[0]
    labels = c.city.square_labels
    if kind == "rondel":
        k = action[1]
        if k == 0:
            return "Move your Action marker one space on the rondel"
        return (f"Pay {c.market.extra_costs[k - 1]} gp to move your Action marker "
                f"{1 + k} spaces on the rondel")
    if kind == "buy":
        return "Buy the face-up tile of your rondel space's line"
    if kind == "pass":
        return f"Pass and earn {c.market.pass_gold} gp"
    if kind == "skip":
        return "Make no final placement"
    if kind == "place":
        t = c.market.tiles[action[1]]
        return f"Place your {BUILDINGS[t.building].title()} ({t.icon_text()})"
    if kind == "square":
        return f"Put the tile on square {labels[action[1]]}"
    if kind == "take":
        return "Take the Block's Civic Amenity instead of scoring"
    if kind == "score":
        return "Score the tile and leave the Block's Amenity out of the game"
    if kind == "first":
        return f"Move your {action[1].title()} first"
    if kind == "go":
        return f"End the move on {c.city.describe_space(action[1])}"
    if kind == "event":
        e = c.variants.events[action[1]]
        return f"Choose the Event {e.name}: {e.text}"
    if kind == "amenity_buy":
        return (f"Use the {c.variants.amenities[action[1]]} to take the face-up tile "
                "of your rondel space for free")
    if kind == "amenity_place":
        return (f"Use the {c.variants.amenities[action[1]]} to place a tile anywhere "
                "without restriction")
    if kind == "bonus":
        return ("Take 2 VP for the Amenity" if action[1] == "vp"
                else "Take 4 gp for the Amenity")
    if kind == "site":
        return f"Put the used Amenity on square {labels[action[1]]}"
    return repr(action)


def why_illegal(c: Content, state: RonState, seat: int, action: Action) -> Refusal:
    refuse = WORDS.refuse
    kind, step = action[0], state.step
    if kind == "rondel" and step == ROTATE:
        return refuse("RON-9", f"You have {seats.gold(c, state, seat)} gp and cannot pay "
                      f"{c.market.extra_costs[action[1] - 1]} gp for the extra steps.")
    if kind == "buy" and step == ACTION:
        b = seats.rondel_building(c, state, seat)
        if not state.lines[b]:
            return refuse("RON-12", f"The {BUILDINGS[b].title()} line is empty.")
        if seats.holding(c, state, seat) >= seats.tile_limit(c, state):
            return refuse("RON-14", f"You already hold {seats.tile_limit(c, state)} unplaced "
                          "tiles: place or pass instead.")
        return refuse("RON-15", f"The tile costs {seats.price(c, state, seat)} gp and you have "
                      f"{seats.gold(c, state, seat)} gp.")
    if kind == "place" and step in (ACTION, FINAL, PICK):
        if action[1] not in state.held[seat]:
            return refuse("RON-16", "You do not hold that tile.")
        return refuse("RON-16", "That tile has no square it may go on now.")
    if kind == "square" and step == SQUARE:
        q = action[1]
        city = c.city
        if state.board[q] != EMPTY:
            return refuse("RON-16", f"Square {city.square_labels[q]} is not empty.")
        t = c.market.tiles[state.tile]
        colour = seats.rondel_colour(c, state, seat)
        if not placing.square_allowed(c, state, t, q, state.mode, colour):
            block = city.block_squares[city.square_block[q]]
            if any(0 <= state.board[p] < AMENITY and c.market.tiles[state.board[p]].building
                   == t.building for p in block):
                return refuse("RON-17", f"The Block of square {city.square_labels[q]} "
                              f"already has a {BUILDINGS[t.building].title()}.")
            return refuse("RON-16", f"Square {city.square_labels[q]} is not beside an "
                          f"allowed {colour} street.")
        return refuse("RON-15", "Placing the tile there would take your Banker below 0 gp.")
    if kind in ("amenity_buy", "amenity_place") and step == ACTION:
        return refuse("RON-V8", "You do not hold that Amenity, or it has nothing to act "
                      "on now.")
    words = {
        ROTATE: "move your Action marker", ACTION: "buy, place or pass",
        PICK: "choose the tile to place", SQUARE: "choose a square",
        TAKE: "take the Amenity or score", ORDER: "choose which piece moves first",
        GO: "choose where the piece ends its move", EVENT: "choose an Event",
        BONUS: "choose 2 VP or 4 gp", SITE: "choose a square for the Amenity",
        FINAL: "place a final tile or skip",
    }
    return refuse(STEP_RULES.get(step, "RON-11"), f"Now you must {words.get(step, 'wait')}: "
                  f"{describe(c, action)} is not possible.")
