"""Architectura: the observation, field by field (see borough/core/encoding.py for the rules)."""

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
from borough.games.architectura import data
from borough.games.architectura.city import PER_COLOUR

STEPS = ("choose", "tutor", "play", "pay", "spare", "effect", "lab", "over")


def _all_cards(ctx: Context) -> int:
    """Card ids in the city: seat * PER_COLOUR + the card's index in its colour."""
    return PER_COLOUR * ctx.players


def _spaces(ctx: Context) -> int:
    """One street of 8 spaces per player (ARC-1)."""
    return 8 * ctx.players


SEAT = {
    "seat": Skip("the entry's position in the list says it"),
    "colour": Skip("fixed by the seat"),
    "hand": IdSet(PER_COLOUR, nullable=True),
    "shown": IdSet(PER_COLOUR),
    "hand_size": Num(),
    "deck_size": Num(),
    "known_bottom": Num(nullable=True),
    "swaps": Vector(data.BASIC_CARDS, nullable=True),
    "ready": Flag(),
    "started": Flag(),
    "swapped": Flag(),
    "tokens": Num(),
    "hand_limit": Num(),
    "graveyard": Flag(),
    "pile": IdSet(PER_COLOUR),
    "removed": IdSet(PER_COLOUR),
}

SPEC = {
    "game": Skip("always this game"),
    "players": Skip("fixed for the encoder"),
    "replacements": Num(),
    "step": Category(STEPS),
    "current": Seat(),
    "to_act": Seats(),
    "cells": Vector(),
    "face": Vector(),
    "values": Vector(fill=0.0),
    "guard": Vector(),
    "reserved": Vector(),
    "under": Rows(IdSet(_all_cards), _spaces),  # per space, the destroyed cards it covers
    "effect": Category(("", *data.EFFECTS)),
    "src": Num(),
    "target": Num(),
    "picks": Rows(Num(), 3),
    "forced": Num(),
    "pending": Num(),
    "paid": Num(),
    "spare": Category(("", "compare")),
    "idle": Num(),
    "seats": Rows(SEAT, "players"),
    "viewer": Seat(),
}
