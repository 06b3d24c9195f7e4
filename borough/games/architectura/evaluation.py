"""Architectura position values for the computer opponents.

A seat's estimate is its score if the game ended now (card values, end
effects, the Graveyard) plus what its unplayed cards will probably add: a
card placed later is worth about its average value, less the risk of being
turned down or destroyed. Protection tokens still in hand keep a card safe;
a token already guarding a card counts a little more, as its use is settled.
An effect that takes two choices (a card to swap or move, then where) is
judged once both are made (`midway`).
"""

from __future__ import annotations

from borough.core.values import margin_values, result_values
from borough.games.architectura import scoring
from borough.games.architectura.rules import Architectura
from borough.games.architectura.state import EFFECT, EMPTY, OVER, ArcState

MARGIN_SCALE = 4.0  # points of lead that make a win about three times likelier
CARD_TO_COME = 2.0  # what an unplayed card adds on average, net of losses
TOKEN = 0.5
GUARD = 0.6  # a token put on a card: a little more than one kept, so it gets used
# The expert level (the top one) searches twice hard's 1,000 iterations: about
# 1 s of CPU a decision, within hard's 1.8 s cap (borough.agents.evaluation.expert).
EXPERT = {"iterations": 2000}


def midway(game: Architectura, state: ArcState, seat: int) -> bool:
    """A card chosen for a swap or a move still waits for its partner or place."""
    return state.step == EFFECT and state.target >= 0 and seat in game.to_act(state)


def values(game: Architectura, state: ArcState) -> list[float]:
    if state.step == OVER:
        return result_values(game, state)
    totals = scoring.breakdown(game.content, state)["totals"]
    guarded = [0] * len(state.seats)
    for i, owner in enumerate(state.guard):
        if owner >= 0 and state.cells[i] != EMPTY:
            guarded[owner] += 1
    estimates = [
        totals[s] + CARD_TO_COME * (len(seat.hand) + len(seat.deck)) + TOKEN * seat.tokens
        + GUARD * guarded[s]
        for s, seat in enumerate(state.seats)
    ]
    return margin_values(estimates, MARGIN_SCALE)
