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


def estimates(game: CityCouncil, state: CCState) -> list[float]:
    c = game.content
    out = []
    for seat in range(state.players):
        hope = sum(favors.value(c, state, c.cards[cid]) for cid in state.hands[seat])
        out.append(state.scores[seat] + HOPE * hope)
    return out


def values(game: CityCouncil, state: CCState) -> list[float]:
    if state.step == OVER:
        if state.outcome == "government":
            return [0.0] * state.players  # nobody wins
        return result_values(game, state)
    danger = max(sum(state.red), sum(state.grey)) / game.content.supply["red"]
    survival = 1.0 - 0.9 * danger**3
    return [v * survival for v in margin_values(estimates(game, state), MARGIN_SCALE)]
