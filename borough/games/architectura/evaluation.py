"""Architectura position values for the computer opponents.

A seat's estimate is its score if the game ended now (card values, end
effects, the Graveyard) plus what its unplayed cards will probably add: a
card placed later is worth about its average value, less the risk of being
turned down or destroyed. Protection tokens still in hand keep a card safe.
"""

from __future__ import annotations

from borough.agents.evaluation import margin_values, result_values
from borough.games.architectura import scoring
from borough.games.architectura.rules import Architectura
from borough.games.architectura.state import OVER, ArcState

MARGIN_SCALE = 4.0  # points of lead that make a win about three times likelier
CARD_TO_COME = 2.0  # what an unplayed card adds on average, net of losses
TOKEN = 0.5


def values(game: Architectura, state: ArcState) -> list[float]:
    if state.step == OVER:
        return result_values(game, state)
    totals = scoring.breakdown(game, state)["totals"]
    estimates = [
        totals[s] + CARD_TO_COME * (len(seat.hand) + len(seat.deck)) + TOKEN * seat.tokens
        for s, seat in enumerate(state.seats)
    ]
    return margin_values(estimates, MARGIN_SCALE)
