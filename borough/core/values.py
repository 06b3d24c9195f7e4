"""Position values: how good a state is for each seat, as a number in [0, 1].

The scale every game's position values and every agent share: a finished game
is valued by its result, a running one by each seat's lead in points over its
best rival, squashed onto (0, 1). A game's own heuristic
(`borough/games/<game>/evaluation.py`) builds on these; the agents read them.
"""

from __future__ import annotations

import math
from typing import Any

from borough.core.game import Game
from borough.core.results import Result


def squash(x: float) -> float:
    """A logistic curve: margins in points to a value in (0, 1)."""
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def result_values(game: Game, state: Any) -> list[float]:
    """A finished game: the winners share the win; the score margin breaks near-ties."""
    result = game.result(state)
    n = len(result.scores)
    share = 1.0 / len(result.winners) if result.winners else 0.0
    out = []
    for seat in range(n):
        others = [result.scores[s] for s in range(n) if s != seat]
        margin = result.scores[seat] - max(others) if others else 0.0
        win = share if seat in result.winners else 0.0
        out.append(0.85 * win + 0.15 * squash(margin / 5.0))
    return out


def final_margin(result: Result, seat: int) -> float:
    """`seat`'s final margin in points over its best rival, with the sign of
    the result: a winner at least a point ahead (a tie-break win counts as
    ahead), any other seat at least a point behind."""
    margin = result.scores[seat] - max(score for s, score in enumerate(result.scores)
                                       if s != seat)
    return max(margin, 1.0) if seat in result.winners else min(margin, -1.0)


def margin_values(scores: list[float], scale: float) -> list[float]:
    """Running scores (or estimates) to values: the lead over the best rival."""
    n = len(scores)
    if n == 1:  # solo: judged by the score itself
        return [squash(scores[0] / (4 * scale))]
    out = []
    for seat in range(n):
        best_other = max(scores[s] for s in range(n) if s != seat)
        out.append(squash((scores[seat] - best_other) / scale))
    return out
