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
    # act_log lists each activated building once, then again for a second action
    return sum(1 for bid in set(s.act_log) if test(c.buildings[bid]))


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
        if sum(s.red) + sum(s.grey) > n:
            return False
        site_of = s.site_of
        return sum(1 for bid in range(TILE_COUNT) if site_of[bid] >= 0) >= int(t)
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
        site_of = s.site_of
        return sum(1 for bid in c.zone_ids[ZONES.index(t)] if site_of[bid] >= 0) >= n
    if kind == "built":
        return s.site_of[c.by_name(t)] >= 0
    if kind == "workers_min":
        return s.blue >= n
    if kind == "pink_min":
        return sum(s.pink) >= n
    if kind == "boosts":
        return len(s.act_log) - len(set(s.act_log)) >= n
    raise ValueError(f"unknown Favor condition {kind!r}")


def value(c: Content, s: CCState, card: Favor) -> int:
    """Points the card would score now (0 if it cannot score)."""
    if card.building:
        return building_points(c, s, card)
    return card.value if condition(c, s, card) else 0


def holding(c: Content, s: CCState, seat: int) -> list[int]:
    """CC-62: the general cards in a seat's hand whose condition holds now (from round 2)."""
    if s.round < 2:
        return []
    general = c.general
    cards = c.cards
    return [cid for cid in s.hands[seat] if cid in general and condition(c, s, cards[cid])]


def scorable(c: Content, s: CCState, cid: int, turn_end: bool) -> bool:
    """CC-52: nothing scores in round 1; CC-53 building cards only at turn end."""
    if s.round < 2:
        return False
    card = c.cards[cid]
    if card.building and not turn_end:
        return False
    return value(c, s, card) > 0
