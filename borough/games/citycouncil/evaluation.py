"""City Council position values for the computer opponents.

A seat's estimate is its score plus half of what its Favor cards would score
now. The city's danger weighs on everyone alike: when crime or pollution
nears the top of its track, every seat's value falls, since a takeover by the
government (CC-50) is a loss for the whole council.
"""

from __future__ import annotations

from borough.agents.evaluation import margin_values, result_values
from borough.games.citycouncil import favors
from borough.games.citycouncil.rules import CityCouncil
from borough.games.citycouncil.state import OVER, CCState

MARGIN_SCALE = 4.0  # points of lead that make a win about three times likelier
HOPE = 0.5  # the share of a card's present worth counted before it is scored
TREND = 1.0  # the share of the standing city's yearly crime and pollution foreseen
LATER = 0.3  # the share of its printed worth a card not scorable now is counted at


def estimates(game: CityCouncil, state: CCState) -> list[float]:
    c = game.content
    out = []
    for seat in range(state.players):
        hope = 0.0
        for cid in state.hands[seat]:
            card = c.cards[cid]
            now = favors.value(c, state, card)
            # a card that cannot score yet still has a future: never discard it for free
            later = card.value if not card.building else max(card.points.values())
            hope += max(now, LATER * later)
        out.append(state.scores[seat] + HOPE * hope)
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
    red, grey = sum(state.red), sum(state.grey)
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
