"""The automated third council member of the two-player game (CC-60).

It follows fixed rules: it proposes the most expensive building the budget can
pay for, votes for the largest building proposal of someone else, never
embezzles, never activates, never draws or scores Favor cards, and when it
chairs (seating, committee changes, ordering tied plans) it draws among the
allowed choices with the game's own generator, so that no seat is favoured.
"""

from __future__ import annotations

from borough.core.game import Action
from borough.games.citycouncil import city
from borough.games.citycouncil.data import Content
from borough.games.citycouncil.state import CCState


def proposal(c: Content, s: CCState, taken: set[int]) -> Action:
    """The most expensive affordable face-up building (ties: lowest id)."""
    best = None
    free = city.FreeSites(c, s)
    for bid in sorted(s.display):
        if bid in taken or not city.can_build_any(c, s, bid, s.budget, free):
            continue
        if best is None or c.buildings[bid].cost > c.buildings[best].cost:
            best = bid
    return ("construct", best) if best is not None else ("no_proposal",)


def site(c: Content, s: CCState, options: list[Action]) -> Action:
    """The cheapest site; ties go to the first footprint."""
    prop = s.proposals[s.pending]
    if prop.kind == "construct":
        return min(options, key=lambda a: (city.build_cost(c, s, prop.building, a[1]), a[1]))
    return min(options, key=lambda a: (city.move_cost(c, s, prop.building, a[1]), a[1]))


def vote(c: Content, s: CCState, options: list[Action]) -> Action:
    """The largest building under construction, then the most expensive, then the first."""
    def rank(a: Action) -> tuple[int, int, int]:
        if a[0] != "vote":
            return (1, 0, 0)
        p = s.proposals[a[1]]
        if p.kind != "construct":
            return (0, 0, -a[1])
        b = c.buildings[p.building]
        return (2 + len(c.board.place_cells[p.site]), b.cost, -a[1])

    plain = [a for a in options if a[0] != "vote" or a[2] == 0]
    return max(plain, key=rank)
