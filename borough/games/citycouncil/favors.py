"""Favor cards: when a card's condition holds and what it is worth.

Rule ids (CC-*) refer to RULES.md in this folder.
"""

from __future__ import annotations

from collections.abc import Callable

from borough.games.citycouncil.data import SHAPES, TILE_COUNT, ZONES, Building, Content, Favor
from borough.games.citycouncil.state import PRODUCE, CCState


def building_points(c: Content, s: CCState, card: Favor) -> int:
    """CC-53: points for every matching building standing in the city now."""
    return sum(p for bid, p in card.points.items() if s.site_of[bid] >= 0)


def _activated(c: Content, s: CCState, test: Callable[[Building], bool]) -> int:
    # act_log lists each activated building once, then again for a second action
    buildings = c.buildings
    return sum(1 for bid in set(s.act_log) if test(buildings[bid]))


def _calm(c: Content, s: CCState, card: Favor) -> bool:
    if sum(s.red) + sum(s.grey) > card.n:
        return False
    site_of = s.site_of
    return sum(1 for bid in range(TILE_COUNT) if site_of[bid] >= 0) >= int(card.target)


def _activated_shape(c: Content, s: CCState, card: Favor) -> bool:
    shape = SHAPES.index(card.target)
    return _activated(c, s, lambda b: b.shape == shape) >= card.n


def _activated_zone(c: Content, s: CCState, card: Favor) -> bool:
    zone = ZONES.index(card.target)
    return _activated(c, s, lambda b: b.zone == zone) >= card.n


def _buildings_zone(c: Content, s: CCState, card: Favor) -> bool:
    site_of = s.site_of
    return sum(1 for bid in c.zone_ids[ZONES.index(card.target)] if site_of[bid] >= 0) >= card.n


# CC-54: one test per kind of condition, looked up rather than tried in turn, since
# the game asks after every change of the city (CC-62)
_CONDITIONS: dict[str, Callable[[Content, CCState, Favor], bool]] = {
    "budget_min": lambda c, s, card: s.budget >= card.n,
    "power_min": lambda c, s, card: s.power >= card.n,
    "goods_min": lambda c, s, card: s.goods >= card.n,
    "calm": _calm,
    "activated_shape": _activated_shape,
    "activated_zone": _activated_zone,
    "zones_activated": lambda c, s, card: sum(s.zones_on) >= card.n,
    "full_employment": lambda c, s, card: (
        s.unemployed == 0 and len(set(s.act_log)) >= card.n
    ),
    "buildings_zone": _buildings_zone,
    "built": lambda c, s, card: s.site_of[c.by_name(card.target)] >= 0,
    "workers_min": lambda c, s, card: s.blue >= card.n,
    "pink_min": lambda c, s, card: sum(s.pink) >= card.n,
    "boosts": lambda c, s, card: len(s.act_log) - len(set(s.act_log)) >= card.n,
}


def condition(c: Content, s: CCState, card: Favor) -> bool:
    """CC-54: whether a general card's condition holds at this moment."""
    test = _CONDITIONS.get(card.kind)
    if test is None:
        raise ValueError(f"unknown Favor condition {card.kind!r}")
    return test(c, s, card)


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
    out = []
    for cid in s.hands[seat]:  # asked after every change of the city: no call per card
        if cid in general:
            card = cards[cid]
            test = _CONDITIONS.get(card.kind)
            if test(c, s, card) if test is not None else condition(c, s, card):
                out.append(cid)
    return out


def scorable(c: Content, s: CCState, cid: int, turn_end: bool) -> bool:
    """CC-52: nothing scores in round 1; CC-53 building cards only at turn end."""
    if s.round < 2:
        return False
    card = c.cards[cid]
    if card.building and not turn_end:
        return False
    return value(c, s, card) > 0


# CC-62: where the round stood when a Favor chance stopped it, by the part of the
# round that goes on afterwards
_MOMENTS = {
    "committees": "the start of the round, before the committee changes",
    "council": "the Favor draw, just before the council meeting",
    "plans": "the carrying out of the plans, just after a plan",
    "production": "the end of the council meeting, just before production",
    "resolve": "the resolution of production (the unemployment report or a building's outputs)",
    "turn_end": "monitoring, just before the turn end",
}


def chance_moment(step: str, then: str) -> str:
    """CC-62: the moment of the round a Favor chance interrupts (at `step`, going on
    with `then`), in words."""
    if then in _MOMENTS:
        return _MOMENTS[then]
    if step == PRODUCE:
        return "production, just after an activation"
    return f"the {step.replace('_', ' ')} step"
