"""Favor cards: when a card's condition holds and what it is worth.

Rule ids (CC-*) refer to RULES.md in this folder.
"""

from __future__ import annotations

from borough.games.citycouncil.data import SHAPES, TILE_COUNT, ZONES, Content, Favor
from borough.games.citycouncil.state import CCState


def building_points(c: Content, s: CCState, card: Favor) -> int:
    """CC-53: points for every matching building standing in the city now."""
    return sum(p for bid, p in card.points.items() if s.site_of[bid] >= 0)


def _activated(c: Content, s: CCState, test) -> int:
    return sum(1 for bid, a in enumerate(s.activated) if a and test(c.buildings[bid]))


def condition(c: Content, s: CCState, card: Favor) -> bool:
    """CC-54: whether a general card's condition holds at this moment."""
    kind, n, t = card.kind, card.n, card.target
    if kind == "budget_min":
        return s.budget >= n
    if kind == "power_min":
        return s.power >= n
    if kind == "goods_min":
        return s.goods >= n
    if kind == "calm":
        tiles = sum(1 for bid in range(TILE_COUNT) if s.site_of[bid] >= 0)
        return sum(s.red) + sum(s.grey) <= n and tiles >= int(t)
    if kind == "activated_shape":
        shape = SHAPES.index(t)
        return _activated(c, s, lambda b: b.shape == shape) >= n
    if kind == "activated_zone":
        zone = ZONES.index(t)
        return _activated(c, s, lambda b: b.zone == zone) >= n
    if kind == "zones_activated":
        return sum(s.zones_on) >= n
    if kind == "full_employment":
        return s.unemployed == 0 and _activated(c, s, lambda b: True) >= n
    if kind == "buildings_zone":
        zone = ZONES.index(t)
        return sum(
            1 for bid, pid in enumerate(s.site_of) if pid >= 0 and c.buildings[bid].zone == zone
        ) >= n
    if kind == "built":
        return s.site_of[c.by_name(t)] >= 0
    if kind == "workers_min":
        return s.blue >= n
    if kind == "pink_min":
        return sum(s.pink) >= n
    if kind == "boosts":
        return sum(1 for a in s.activated if a == 2) >= n
    raise ValueError(f"unknown Favor condition {kind!r}")


def value(c: Content, s: CCState, card: Favor) -> int:
    """Points the card would score now (0 if it cannot score)."""
    if card.building:
        return building_points(c, s, card)
    return card.value if condition(c, s, card) else 0


def scorable(c: Content, s: CCState, cid: int, turn_end: bool) -> bool:
    """CC-52: nothing scores in round 1; CC-53 building cards only at turn end."""
    if s.round < 2:
        return False
    card = c.cards[cid]
    if card.building and not turn_end:
        return False
    return value(c, s, card) > 0
