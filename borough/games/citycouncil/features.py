"""What the expert's learned position values look at in City Council
(`borough.agents.expert.features` reads NAMES, TABLE_NAMES, `features` and
`table`): per seat, the parts of the hand values' estimate (`evaluation.py`)
kept apart, and for the whole table the danger of the government's takeover
(CC-50), which lowers every seat's value alike and so is no seat's lead."""

from __future__ import annotations

from borough.core.values import final_margin, squash
from borough.games.citycouncil import evaluation, favors
from borough.games.citycouncil.flow import end_points
from borough.games.citycouncil.rules import CityCouncil
from borough.games.citycouncil.state import CCState

# Self-play games to train on: a City Council game of the training players
# costs about 2 s of CPU, five times an Architectura one, and 100 give some
# 30,000 positions for the model's 17 weights.
TRAINING_GAMES = 100
# Every seat is hard's search at the training budget: values learned from the
# usual mix of weak and strong players lost to hard; learned from the search's
# own games they beat it (docs/measurements/expert.md).
TRAINING_PLAYERS = {"search": 1.0}

NAMES = (
    "points",
    "Favor cards' worth now",
    "Favor cards' later worth",
    "pending plans' worth",
    "Favor cards held",
    "private funds",
)
TABLE_NAMES = ("danger", "danger squared")
# Points of final margin that make the target about three times likelier a win,
# as in the hand values.
TARGET_SCALE = evaluation.MARGIN_SCALE


def features(game: CityCouncil, state: CCState) -> tuple[list[list[float]], float]:
    c = game.content
    plans = evaluation.pending_plans(game, state)
    rows = []
    for seat in range(state.players):
        now = later = planned = 0.0
        for cid in state.hands[seat]:
            card = c.cards[cid]
            worth = favors.value(c, state, card)
            now += worth
            printed = card.value if not card.building else max(card.points.values())
            later += max(0.0, evaluation.LATER * printed - worth)
            for share, city in plans:
                planned += share * (favors.value(c, city, card) - worth)
        rows.append([float(state.scores[seat]), now, later, planned,
                     float(len(state.hands[seat])), float(state.funds[seat])])
    goal = end_points(c, state)
    left = 1.0 - min(1.0, max(state.scores) / goal) if goal else 0.0
    return rows, left


def table(game: CityCouncil, state: CCState) -> list[float]:
    danger = evaluation.projected_danger(game, state)
    return [danger, danger * danger]


def target(game: CityCouncil, state: CCState) -> list[float]:
    """What a finished self-play game teaches each seat: nothing for anyone when
    the council lost the city (CC-50, CC-58), else its final margin over the
    rival on a curve, a mayor at least a point ahead. Taught the bare result
    instead (on games of the mixed training players), the search lost to hard
    by 5.6 points a game, and as the second seat it barely scored; taught
    this, by 1.6 (docs/measurements/expert.md)."""
    result = game.result(state)
    if not result.winners:
        return [0.0] * len(result.scores)
    return [squash(final_margin(result, seat) / TARGET_SCALE)
            for seat in range(len(result.scores))]
