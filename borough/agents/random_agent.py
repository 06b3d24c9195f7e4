"""The baseline: a uniformly random legal action."""

from __future__ import annotations

import random

from borough.agents.base import SeatView
from borough.core.game import Action


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal_actions)
