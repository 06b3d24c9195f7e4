"""Small City: the observation, field by field (see borough/core/encoding.py for the rules)."""

from __future__ import annotations

from borough.core.encoding import (
    Category,
    Context,
    Either,
    Flag,
    IdSet,
    Num,
    Optional,
    Rows,
    Seat,
    Seats,
    Skip,
    Tally,
    Vector,
)
from borough.games.smallcity.data import CELLS

PHASES = ("setup", "income", "actions", "build", "council", "move", "pollution", "over")
STEPS = ("benefit", "build", "bury", "card", "council", "councilor", "done", "extend", "hall",
         "house", "income", "keep", "kill", "mayor", "over", "pick", "place", "planner",
         "promise", "side", "spend", "staff", "store", "supporter", "tile", "to", "waive",
         "warehouse")
BUILD_MODES = ("build", "council", "setup")


def _types(ctx: Context) -> tuple[str, ...]:
    return tuple(t.key for t in ctx.game.types)


def _type_count(ctx: Context) -> int:
    return len(ctx.game.types)


def _promise_ids(ctx: Context) -> int:
    """Promises are numbered from 1 (0 and below mean none)."""
    return len(ctx.game.content.promises) + 1


def _special_ids(ctx: Context) -> int:
    return len(ctx.game.content.specials) + 1


def _hall(ctx: Context) -> int:
    return int(ctx.game.tables.hall_capacity)


def _seats(ctx: Context) -> int:
    return ctx.players


SEAT = {
    "seat": Skip("the entry's position in the list says it"),
    "money": Num(),
    "votes": Num(),
    "pollution": Num(),
    "career": Num(),
    "reserve": Num(),
    "hall_citizens": Num(),
    "hall_mats": Rows(Num(), _hall),
    "side": Category(("easy", "expert")),
    "zone": Num(),
    "zone_size": Num(),
    "disc_row": Vector(),
    "disc_col": Vector(),
    "card": Num(),
    "built": IdSet(_type_count),
    "tiles": Tally("type", _types, "each tile's spaces, marks and stored materials "
                   "(grid and occ give the city space by space)"),
    "grid": Vector(CELLS),
    "occ": Vector(CELLS),
    "down": IdSet(CELLS),
    "cemeteries": IdSet(CELLS),
    "generated": Num(),
    "produced": Num(),
    "eliminated": Flag(),
    "revenue": Num(),
    "in_play_total": Num(),
    "special_count": Num(),
    "promise_deck": Num(),
    "promise": Num(nullable=True),
    "offered": IdSet(_promise_ids, nullable=True),
    "specials": IdSet(_special_ids, nullable=True),
    "built_now": Num(),
    "demolished": Flag(),
    "expanded": Flag(),
    "finished": Flag(),
    "builds_spent": Flag(),
    "log": Skip("this seat's own build sentences, said again by the other fields"),
    "owe": Vector(3, nullable=True),
    "pending": Rows(Num(), 6),
    "standing": Optional({
        "promise": Skip("each Promise condition's progress, worked out from the city"),
        "specials": Skip("each Special Promise condition's progress, likewise"),
        "promise_delta": Num(),
        "score": Num(),
    }),
}

SPEC = {
    "game": Skip("always this game"),
    "players": Skip("fixed for the encoder"),
    "side": Skip("fixed by the option set; each seat's own side is in its entry"),
    "council_side": Skip("fixed by the option set"),
    "mode": Skip("fixed by the option set"),
    "level": Skip("fixed by the option set"),
    "round": Num(),
    "phase": Category(PHASES),
    "step": Category(STEPS),
    "current": Seat(),
    "to_act": Seats(),
    "order": Rows(Num(), _seats),
    "turn": Num(),
    "host": Seat(),
    "prev_host": Seat(),
    "mayor": Num(),
    "next_host": Seat(),
    "circle": Vector(),
    "taken": Vector(),
    "last_pos": Num(),
    "supply": Vector(),
    "mats": Vector(),
    "deck_sizes": Vector(),
    "special_deck_size": Num(),
    "sel": Vector(),
    "build_mode": Category(BUILD_MODES),
    "build_size": Vector(),
    "council": Vector(),
    "draw": Either(Num(), IdSet(_special_ids)),
    "killers": Rows(Num(), _seats),
    "kills_left": Num(),
    "picked": Vector(),
    "start_occ": Rows(Vector(CELLS), _seats),
    "chosen": Vector(),
    "seats": Rows(SEAT, "players"),
    "viewer": Seat(),
}
