"""What each seat may see of a Rondel City game, and sampling what it cannot."""

from __future__ import annotations

import random
from math import factorial
from typing import Any

from borough.core.rng import Rng
from borough.games.rondelcity import seats
from borough.games.rondelcity.data import BUILDINGS, NAME, Content
from borough.games.rondelcity.state import EVENT, OVER, RonState

MANY_WAYS = 24


def observe(c: Content, state: RonState, seat: int | None) -> dict[str, Any]:
    city = c.city
    per_seat = []
    for s in range(state.players):
        per_seat.append({
            "seat": s,
            "colour": c.market.colour_names[s],
            "citizen": state.pieces[2 * s],
            "banker": state.pieces[2 * s + 1],
            "vp": seats.vp(c, state, s),
            "gold": seats.gold(c, state, s),
            "rondel": state.rondel[s],
            "tiles": list(state.held[s]),
            "amenities": list(state.held_amenities[s]),
        })
    lines = []
    for b, line in enumerate(state.lines):
        bought = len(c.market.prices[b]) - len(line)
        lines.append({
            "building": BUILDINGS[b],
            "face_up": line[0] if line else None,
            "left": len(line),
            "price": c.market.prices[b][bought] if line else None,
        })
    see_drawn = state.step == EVENT and seat == state.actor
    return {
        "game": NAME,
        "players": state.players,
        "events": state.events_on,
        "amenities": state.amenities_on,
        "current": state.current,
        "actor": state.actor,
        "step": state.step,
        "to_act": list(seats.to_act(state)),
        "rondel": list(state.rondel),
        "neutral": list(range(state.players, 4)),
        "seats": per_seat,
        "lines": lines,
        "board": list(state.board),
        "amenity_blocks": [a >= 0 for a in state.block_amenity],
        "removed_amenities": len(state.removed_amenities),
        "event": state.event,
        "event_stack": len(state.event_stack),
        "event_drawn": sorted(state.event_drawn) if see_drawn else len(state.event_drawn),
        "pending": [list(p) for p in state.pending],
        "tile": state.tile,
        "square": state.square,
        "mode": state.mode,
        "amenity": state.amenity,
        "final_round": state.final_round,
        "final_queue": list(state.final_queue),
        "winner": state.winner,
        "turns": state.turns,
        "spaces": {str(p): city.numbers[p] for p in sorted(set(state.pieces))},
        "viewer": seat,
    }


def has_hidden_information(c: Content, state: RonState, seat: int) -> bool:
    """True when what `seat` cannot see may be arranged in at least MANY_WAYS ways.

    Hidden parts: the order of each line's face-down tiles, the Event stack (and
    the three drawn Events, for everyone but the one looking at them) and which
    face-down Amenity lies in which Block. A pool with only a couple of possible
    arrangements is not counted, so that a handful of samples surely shows the
    difference the leak check looks for.
    """
    if state.step == OVER:
        return False
    ways = 1
    for line in state.lines:
        ways *= factorial(max(0, len(line) - 1))
    if state.events_on:
        looking = state.step == EVENT and seat == state.actor
        ways *= factorial(len(state.event_stack) + (0 if looking else len(state.event_drawn)))
    slots = sum(1 for a in state.block_amenity if a >= 0)
    pool = slots + len(state.removed_amenities)
    ways *= factorial(pool) // factorial(pool - slots)
    return ways >= MANY_WAYS


def determinize(c: Content, state: RonState, seat: int, rng: random.Random) -> RonState:
    """Reshuffle what `seat` cannot see: face-down tiles, Events and Amenities.

    Each hidden pool is sorted before it is shuffled, so two states the seat
    cannot tell apart give the same sample for the same generator.
    """
    out = state.copy()
    for line in out.lines:
        if len(line) > 2:
            rest = sorted(line[1:])
            rng.shuffle(rest)
            line[1:] = rest
    if out.events_on:
        knows_drawn = out.step == EVENT and seat == out.actor
        pool = sorted(out.event_stack + ([] if knows_drawn else out.event_drawn))
        rng.shuffle(pool)
        if knows_drawn:
            out.event_stack = pool
        else:
            n = len(out.event_drawn)
            out.event_drawn, out.event_stack = sorted(pool[:n]), pool[n:]
    if out.amenities_on:
        slots = [b for b, a in enumerate(out.block_amenity) if a >= 0]
        pool = sorted([out.block_amenity[b] for b in slots] + out.removed_amenities)
        rng.shuffle(pool)
        for b, a in zip(slots, pool[: len(slots)], strict=True):
            out.block_amenity[b] = a
        out.removed_amenities = sorted(pool[len(slots):])
    out.rng = Rng(rng.getrandbits(64))
    return out

