"""Terrace: the observation, field by field (see borough/core/encoding.py for the rules)."""

from __future__ import annotations

from borough.core.encoding import Category, IdSet, Num, Seat, Seats, Skip, Vector

TILES = 5  # values 1-4, as ids below 5

SPEC = {
    "game": Skip("always this game"),
    "players": Skip("fixed for the encoder"),
    "current": Seat(),
    "step": Category(("pick", "build", "refill", "over")),
    "to_act": Seats(),
    "owners": Vector(),
    "values": Vector(scale=4),
    "market": IdSet(TILES),
    "bag_size": Num(scale=12),
    "hand_sizes": Vector(),
    "hand": IdSet(TILES, nullable=True),
    "picked": Num(scale=4),
    "scores": Vector(scale=10),
    "viewer": Seat(),
}
