"""RON-15, RON-20, RON-23: what a Statue placed from the Rainbow costs.

The book: the Rainbow's 1 VP is paid before the icons are checked, so the payment
can bring the player's own piece onto the square's street or take it off; a
player may not place something that would take their Banker below 0. The tests
find the situations on the city they are given instead of naming spaces."""

from __future__ import annotations

import pytest
from rondelcity_helpers import CITY, GAME, at_action, fresh, give, settle, tile_of

from borough.games.rondelcity import placing
from borough.games.rondelcity.moves import destinations
from borough.games.rondelcity.state import GO

STATUE = tile_of("statue", "red S +")
TILE = GAME.tiles[STATUE]


def _streets(q: int) -> set[int]:
    return set(CITY.square_streets[q])


def _situation(kind: str):
    """A square, a Citizen space and where paying 1 VP leaves the Citizen, such that
    the payment brings the Citizen onto the square's street ("onto"), takes it off
    ("off"), or may end on and off it ("choice")."""
    s = fresh(3)
    for q in range(len(CITY.square_labels)):
        streets = _streets(q)
        if not streets or all(CITY.colours[x] == "none" for x in streets):
            continue
        for c in range(len(CITY.numbers)):
            if CITY.numbers[c] < 2 or CITY.numbers[c] > 48:
                continue
            s.pieces[:] = [c] + [CITY.zero] * 5
            dests = destinations(CITY, s, 0, -1)
            on = [CITY.street_of[d] in streets for d in dests]
            here = CITY.street_of[c] in streets
            if kind == "onto" and len(dests) == 1 and on[0] and not here:
                return q, c, dests
            if kind == "off" and len(dests) == 1 and here and not on[0]:
                return q, c, dests
            if kind == "choice" and not here and any(on) and not all(on):
                return q, c, dests
    raise AssertionError(f"the city has no {kind} situation")


def _state(q: int, citizen: int, gold: int):
    """Player 1 on the Rainbow with the Statue in hand; the Banker shows `gold` on a
    space off the square's streets; every other piece on 0."""
    s = fresh(3)
    banker = next(x for x in range(len(CITY.numbers))
                  if CITY.numbers[x] == gold and CITY.street_of[x] not in _streets(q)
                  and x != citizen)
    s.pieces[:] = [citizen, banker] + [CITY.zero] * 4
    give(s, 0, STATUE)
    at_action(s, 0, "statue")
    return s


def _icons(q: int) -> int:
    """The Statue's icon matches on `q`, the own-piece match left out."""
    s = fresh(3)
    s.pieces[:] = [CITY.zero] * 6
    return placing.matches(GAME.content, s, 0, TILE, q)


def test_a_statue_that_the_payment_makes_dearer_is_refused_RON_15_RON_23():
    """The payment moves the Citizen onto the square's street: one more match, one
    more gold. A Banker that could pay the cost before the payment cannot place."""
    q, citizen, _ = _situation("onto")
    icons = _icons(q)
    s = _state(q, citizen, icons)  # enough for the icons, not for the own piece too
    assert q not in GAME.legal_squares(s, 0, STATUE, "rainbow")
    GAME.apply(s, 0, ("place", STATUE))
    assert not GAME.is_legal(s, 0, ("square", q))
    s = _state(q, citizen, icons + 1)
    assert q in GAME.legal_squares(s, 0, STATUE, "rainbow")


@pytest.mark.parametrize("extra", [0, 1])
def test_a_statue_that_the_payment_makes_affordable_is_allowed_RON_15_RON_23(extra):
    """The payment takes the Citizen off the square's street: one match fewer. A
    Banker that can pay only the cost after the payment may place, and pays that."""
    q, citizen, _ = _situation("off")
    icons = _icons(q)
    assert icons > 0, "the situation needs a square whose icons the Statue matches"
    s = _state(q, citizen, icons + extra)
    assert q in GAME.legal_squares(s, 0, STATUE, "rainbow")
    GAME.apply(s, 0, ("place", STATUE))
    assert GAME.is_legal(s, 0, ("square", q))
    GAME.apply(s, 0, ("square", q))
    settle(s)
    assert GAME.gold(s, 0) == extra  # paid exactly the cost after the payment


def test_the_payments_route_keeps_the_statue_affordable_RON_4_RON_15_RON_23():
    """Where paying the VP can end on the square's street or off it, the Statue may be
    placed if one route leaves it affordable, and only such routes are offered."""
    q, citizen, dests = _situation("choice")
    icons = _icons(q)
    s = _state(q, citizen, icons)
    assert q in GAME.legal_squares(s, 0, STATUE, "rainbow")
    GAME.apply(s, 0, ("place", STATUE))
    GAME.apply(s, 0, ("square", q))
    cheap = [d for d in dests if CITY.street_of[d] not in _streets(q)]
    if s.step == GO:
        assert sorted(a[1] for a in GAME.legal_actions(s, 0)) == sorted(cheap)
        GAME.apply(s, 0, ("go", cheap[0]))
    else:  # one cheap space: the Citizen was moved there without asking
        assert len(cheap) == 1
    settle(s)
    assert GAME.gold(s, 0) == 0  # paid the icons only: the Citizen left the street
