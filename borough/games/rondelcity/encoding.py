"""Rondel City: the observation, field by field (see borough/core/encoding.py for the rules)."""

from __future__ import annotations

from borough.core.encoding import (
    Category,
    Context,
    Either,
    Flag,
    IdSet,
    Num,
    Pairs,
    Rows,
    Seat,
    Seats,
    Skip,
    Vector,
)
from borough.games.rondelcity.data import BUILDINGS

STEPS = ("rotate", "action", "take", "site", "square", "pick", "go", "order", "bonus",
         "event", "final", "over")
MODES = ("normal", "free", "rainbow")


def _tiles(ctx: Context) -> int:
    return len(ctx.game.market.tiles)


def _amenities(ctx: Context) -> int:
    return len(ctx.game.variants.amenities)


def _events(ctx: Context) -> int:
    return len(ctx.game.variants.events)


def _most_seats(ctx: Context) -> int:
    """Every colour is on the rondel (unused ones as neutral pieces)."""
    return int(max(ctx.game.seats))


def _queued(ctx: Context) -> int:
    """Queued moves: an effect moves every colour once, beside the mover's own
    gain and cost still waiting (five seen at four players)."""
    return 2 * int(max(ctx.game.seats))


def _pieces(ctx: Context) -> int:
    """A citizen and a banker per colour."""
    return 2 * int(max(ctx.game.seats))


SEAT = {
    "seat": Skip("the entry's position in the list says it"),
    "colour": Skip("fixed by the seat"),
    "citizen": Num(),
    "banker": Num(),
    "vp": Num(),
    "gold": Num(),
    "rondel": Num(),
    "tiles": IdSet(_tiles),
    "amenities": IdSet(_amenities),
}

LINE = {
    "building": Category(BUILDINGS),
    "face_up": Num(nullable=True),
    "left": Num(),
    "price": Num(nullable=True),
}

SPEC = {
    "game": Skip("always this game"),
    "players": Skip("fixed for the encoder"),
    "events": Skip("fixed by the option set"),
    "amenities": Skip("fixed by the option set"),
    "current": Seat(),
    "actor": Seat(),
    "step": Category(STEPS),
    "to_act": Seats(),
    "rondel": Vector(),
    "neutral": Rows(Num(), _most_seats),
    "seats": Rows(SEAT, "players"),
    "lines": Rows(LINE, len(BUILDINGS)),
    "board": Vector(),
    "amenity_blocks": Vector(),
    "removed_amenities": Num(),
    "event": Num(),
    "event_stack": Num(),
    "event_drawn": Either(Num(), IdSet(_events)),
    "pending": Rows(Vector(3), _queued),
    "tile": Num(),
    "square": Num(),
    "mode": Category(MODES),
    "amenity": Num(),
    "final_round": Flag(),
    "final_queue": Rows(Num(), _most_seats),
    "winner": Num(),
    "turns": Num(),
    "spaces": Pairs(_pieces),
    "viewer": Seat(),
}
