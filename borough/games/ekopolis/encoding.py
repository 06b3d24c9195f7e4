"""Ekopolis: the observation, field by field (see borough/core/encoding.py for the rules)."""

from __future__ import annotations

from borough.core.encoding import Category, Context, IdSet, Num, Rows, Seat, Seats, Skip, Vector

STEPS = ("place", "pollute", "green", "discard", "effect", "over")


def _tiles(ctx: Context) -> int:
    return len(ctx.game.tiles)


def _cards(ctx: Context) -> int:
    return len(ctx.game.cards)


SEAT = {
    "seat": Skip("the entry's position in the list says it"),
    "city_hall": Num(),
    "hand": IdSet(_tiles, nullable=True),
    "hand_size": Num(),
    "revealed_cards": IdSet(_cards),
    "held": IdSet(_cards, nullable=True),
    "held_colours": Vector(),
    "built": Vector(),
}

SPEC = {
    "game": Skip("always this game"),
    "version": Skip("fixed by the option set"),
    "players": Skip("fixed for the encoder"),
    "round": Num(),
    "rounds": Num(),
    "current": Seat(),
    "step": Category(STEPS),
    "to_act": Seats(),
    "board": Vector(),
    "scores": Vector(),
    "deck_size": Num(),
    "discard": IdSet(_tiles),
    "card_deck_sizes": Vector(),
    "tokens_left": Vector(),
    "last": Num(),
    "pending": Num(),
    "seats": Rows(SEAT, "players"),
    "viewer": Seat(),
}
