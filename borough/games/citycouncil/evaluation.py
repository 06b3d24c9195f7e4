"""City Council position values for the computer opponents.

A seat's estimate is its score plus half of what its Favor cards would score
now. The plans before the council count for the cards too, each at a share that
grows with the delegates on it (a construction plan is a building that may
stand by the turn end, a sale one that may go), so a member proposes and votes
for the buildings its cards pay for; without them every proposal and nearly
every vote looked alike to it. The city's danger weighs on everyone alike:
when crime or pollution nears the top of its track, every seat's value falls,
since a takeover by the government (CC-50) is a loss for the whole council.
"""

from __future__ import annotations

import copy

from borough.core.values import margin_values, result_values
from borough.games.citycouncil import favors
from borough.games.citycouncil.rules import CityCouncil
from borough.games.citycouncil.state import OVER, PENDING, CCState

MARGIN_SCALE = 4.0  # points of lead that make a win about three times likelier
HOPE = 0.5  # the share of a card's present worth counted before it is scored
TREND = 1.0  # the share of the standing city's yearly crime and pollution foreseen
LATER = 0.3  # the share of its printed worth a card not scorable now is counted at
PLAN_BASE = 0.2  # the share of a pending plan's effect on the cards counted with no delegate
PLAN_VOTE = 0.3  # the share added for each delegate on the plan (at most the whole)


def estimates(game: CityCouncil, state: CCState) -> list[float]:
    c = game.content
    plans = pending_plans(game, state)
    out = []
    for seat in range(state.players):
        hope = 0.0
        for cid in state.hands[seat]:
            card = c.cards[cid]
            now = favors.value(c, state, card)
            # a card that cannot score yet still has a future: never discard it for free
            later = card.value if not card.building else max(card.points.values())
            hope += max(now, LATER * later)
            for share, city in plans:
                hope += share * (favors.value(c, city, card) - now)
        out.append(state.scores[seat] + HOPE * hope)
    return out


def pending_plans(game: CityCouncil, state: CCState) -> list[tuple[float, CCState]]:
    """Each construction or sale plan not yet decided, with its share (by the
    delegates on it) and the city as it would stand once the plan is carried out:
    only which buildings stand, all the Favor cards read of it (CC-53, CC-54)."""
    c = game.content
    out = []
    for p in state.proposals:
        if p.status != PENDING or p.kind == "relocate":
            continue
        city = copy.copy(state)
        city.site_of = site_of = state.site_of[:]
        if p.kind == "sell":
            site_of[p.building] = -1
        else:
            old = c.buildings[p.building].upgrade_of
            if old >= 0 and p.site >= 0 and site_of[old] == p.site:
                site_of[old] = -1  # CC-33: built over the building it upgrades
            site_of[p.building] = max(p.site, 0)  # standing (before its site is chosen too)
        out.append((min(1.0, PLAN_BASE + PLAN_VOTE * len(p.voters)), city))
    return out


def values(game: CityCouncil, state: CCState) -> list[float]:
    if state.step == OVER:
        if state.outcome == "government":
            return [0.0] * state.players  # nobody wins
        return result_values(game, state)
    danger = projected_danger(game, state)
    survival = max(0.0, 1.0 - 0.9 * danger**2)
    return [v * survival for v in margin_values(estimates(game, state), MARGIN_SCALE)]


def projected_danger(game: CityCouncil, state: CCState) -> float:
    """The fuller of the crime and pollution tracks, counting the cubes that the
    activations not yet resolved will add or clear this round (CC-46)."""
    c = game.content
    red: float = sum(state.red)
    grey: float = sum(state.grey)
    for bid in state.act_log[state.resolved:]:
        out = c.buildings[bid].out
        red += out.get("red", 0) - out.get("clear_red", 0)
        grey += out.get("grey", 0) - out.get("clear_grey", 0)
    # what the standing city adds each round once put to work (CC-44 makes it work)
    trend_red = trend_grey = 0
    for bid, pid in enumerate(state.site_of):
        if pid >= 0:
            out = c.buildings[bid].out
            trend_red += out.get("red", 0) - out.get("clear_red", 0)
            trend_grey += out.get("grey", 0) - out.get("clear_grey", 0)
    red += TREND * max(0, trend_red)
    grey += TREND * max(0, trend_grey)
    return max(0, red, grey) / c.supply["red"]
