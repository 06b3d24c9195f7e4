"""What the expert's learned position values look at in Rondel City
(`borough.agents.expert.features` reads NAMES and `features`): per seat, the
quantities the hand-made values count (`evaluation.py`), kept apart, and how
much of the game is left (1 at the start, 0 at the end)."""

from __future__ import annotations

from borough.games.rondelcity import evaluation
from borough.games.rondelcity.rules import RondelCity
from borough.games.rondelcity.state import RonState

NAMES = ("VP", "useful gold", "spare gold", "held tiles' worth", "held tiles", "Amenities")


def features(game: RondelCity, state: RonState) -> tuple[list[list[float]], float]:
    vp = [float(game.vp(state, s)) for s in range(state.players)]
    gold = [game.gold(state, s) for s in range(state.players)]
    for seat, dvp, dgp in state.pending:  # a placement's moves not yet walked
        vp[seat] += dvp
        gold[seat] = max(0, min(int(evaluation.WIN_AT), gold[seat] + dgp))
    rows = []
    for s in range(state.players):
        useful = min(gold[s], evaluation.USEFUL_GOLD)
        held = state.held[s]
        rows.append(
            [
                vp[s],
                float(useful),
                float(gold[s] - useful),
                sum(evaluation.tile_worth(game, t) for t in held),
                float(len(held)),
                float(len(state.held_amenities[s])),
            ]
        )
    return rows, 1.0 - evaluation.nearness(game, state)
