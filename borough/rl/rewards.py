"""End-of-game rewards shared by the PettingZoo, Gymnasium and OpenSpiel adapters."""

from __future__ import annotations

from borough.core.results import Result

REWARDS = ("win", "score")


def final_rewards(result: Result, players: int, kind: str = "win") -> list[float]:
    """One number per seat in [-1, 1].

    "win": +1 for a sole winner, 0 for each seat sharing a win (a draw), -1 for
    every other seat (also when everyone loses together).
    "score": each score's distance from the table's mean, divided by the spread
    between the best and worst score (0 for all when every score is equal).
    """
    if kind == "win":
        winners = set(result.winners)
        sole = len(winners) == 1
        return [(1.0 if sole else 0.0) if s in winners else -1.0 for s in range(players)]
    if kind == "score":
        scores = [float(x) for x in result.scores]
        spread = max(scores) - min(scores)
        if spread == 0:
            return [0.0] * players
        mean = sum(scores) / players
        return [(x - mean) / spread for x in scores]
    raise ValueError(f"unknown reward {kind!r}; choose one of {', '.join(REWARDS)}")
