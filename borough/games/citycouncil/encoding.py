"""City Council: the observation, field by field (see borough/core/encoding.py for the rules)."""

from __future__ import annotations

from borough.core.encoding import (
    Category,
    Context,
    Flag,
    IdSet,
    Num,
    Rows,
    Seat,
    Seats,
    Skip,
    Vector,
)

STEPS = ("assign", "elect", "embezzle", "exec_vote", "execute", "favor", "keep", "move",
         "over", "produce", "propose", "regard", "site", "swap", "turn_end", "vote")
KINDS = ("construct", "relocate", "sell")


def _buildings(ctx: Context) -> int:
    return len(ctx.game.buildings)


def _cards(ctx: Context) -> int:
    return len(ctx.game.cards)


def _members(ctx: Context) -> int:
    """Council members: one per player, the automated ones making three (CC-2)."""
    return max(ctx.players, 3)


def _plans(ctx: Context) -> int:
    """Our bound on the plans of one council meeting: two per member."""
    return 2 * _members(ctx)


SEAT = {
    "seat": Skip("the entry's position in the list says it"),
    "hand": IdSet(_cards, nullable=True),
    "hand_size": Num(),
    "dealt": IdSet(_cards, nullable=True),
    "dealt_size": Num(),
    "passed": IdSet(_cards, nullable=True),
}

PROPOSAL = {
    "member": Num(),
    "kind": Category(KINDS),
    "building": Num(),
    "site": Num(),
    "voters": Rows(Num(), _members),
    "funds": Seats(),
    "status": Num(),
}

SPEC = {
    "game": Skip("always this game"),
    "mode": Skip("fixed by the option set"),
    "players": Skip("fixed for the encoder"),
    "members": Num(),
    "round": Num(),
    "term": Skip("fixed by the option set"),
    "step": Category(STEPS),
    "current": Num(),
    "to_act": Seats(),
    "chair": Num(),
    "office": Vector(),
    "spot": Vector(),
    "marked": Vector(),
    "vacant_start": Rows(Num(), _members),
    "scores": Vector(),
    "funds": Vector(),
    "seats": Rows(SEAT, "players"),
    "deck_size": Num(),
    "discard_size": Num(),
    "discards_seen": IdSet(_cards),
    "removed": IdSet(_buildings),
    "budget": Num(),
    "power": Num(),
    "goods": Num(),
    "blue": Num(),
    "white": Num(),
    "blue_free": Num(),
    "white_free": Num(),
    "red": Vector(),
    "grey": Vector(),
    "pink": Vector(),
    "board": Vector(),
    "site_of": Vector(),
    "display": IdSet(_buildings),
    "stack_sizes": Vector(),
    "gone": IdSet(_buildings),
    "proposals": Rows(PROPOSAL, _plans),
    "pending": Num(),
    "queue": Rows(Num(), _plans),
    "sells_left": Num(),
    "relocates_left": Num(),
    "executed": Num(),
    "zones_on": Vector(),
    "activated": Vector(),
    "act_log": IdSet(_buildings),
    "acts_left": Num(),
    "unemployed": Num(),
    "reached": Flag(),
    "outcome": Category(("", "government")),
    "open_hoods": Vector(),
    "interrupted": Category(("", "exec_vote", "execute", "keep", "produce", "vote")),
    "interruption": Skip("the moment 'interrupted' names, in words"),
    "key_holder": Num(),
    "viewer": Seat(),
}
