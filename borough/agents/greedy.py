"""One decision of lookahead: try each legal action, keep the best valued."""

from __future__ import annotations

import math
import random

from borough.agents.base import SeatView
from borough.agents.evaluation import finish, sampled_totals
from borough.core.game import Action


class GreedyAgent:
    """Values every action on sampled full states (never on the true state).

    `samples` determinisations average out hidden information; `noise` is the
    chance of a random move instead, for a weaker, more human opponent. A move
    the game splits into steps (a tile, then its place) is judged once its
    steps are finished greedily.
    """

    name = "greedy"

    def __init__(self, seed: int = 0, samples: int = 2, noise: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.noise = noise

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if self.noise and self.rng.random() < self.noise:
            return self.rng.choice(legal)
        return self.rank(view)[0][0]

    def rank(self, view: SeatView) -> list[tuple[Action, float]]:
        """Every legal action with its mean value for the seat (in [0, 1]): the
        move `choose` plays first (ties between the best broken at random, so
        equal moves do not always favour the first), then the others best first,
        equal values in the order of the legal list. Noise plays no part."""
        legal = view.legal_actions
        if len(legal) == 1:
            return [(legal[0], math.nan)]
        totals = self._totals(view)
        best = max(totals)
        chosen = self.rng.choice([i for i, t in enumerate(totals) if t >= best - 1e-9])
        order = sorted(range(len(legal)), key=lambda i: (i != chosen, -totals[i]))
        return [(legal[i], totals[i] / self.samples) for i in order]

    def _totals(self, view: SeatView) -> list[float]:
        """Each legal action's value for the seat, summed over sampled full states."""
        game, seat, rng = view.game, view.seat, self.rng
        return sampled_totals(view, view.legal_actions, self.samples, rng,
                              lambda trial: finish(game, trial, seat, rng))
