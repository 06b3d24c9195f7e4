"""The expert level: `hard`'s search with learned position values at its leaves.

Everything but the judgement of positions is hard's: the same budget (1,000
iterations, capped at 1.8 s of CPU), the same settings, and the same greedy
completion of moves under way. Where a game has no trained weights (City
Council, Ekopolis, and Small City, whose hard plays by playouts of its
script), expert plays exactly as hard does, so the level can be offered for
every game; `has_weights` tells whether a game's expert differs from hard.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from borough.agents.base import SeatView
from borough.agents.evaluation import Evaluator
from borough.agents.expert import model
from borough.agents.registry import HardAgent
from borough.core.game import Action, Game


def learned_values(name: str) -> Evaluator | None:
    """Game `name`'s learned position values, or None where it has no weights."""
    w = model.load(name)
    return None if w is None else partial(_predict, w)


def _predict(w: tuple[float, ...], game: Game, state: Any) -> list[float]:
    return model.predict(w, game, state)


def has_weights(name: str) -> bool:
    return model.load(name) is not None


class ExpertAgent(HardAgent):
    """Hard's search (and budget) judging positions by the game's learned values."""

    name = "expert"

    def choose(self, view: SeatView) -> Action:
        self.evaluator = learned_values(view.game.name)
        return super().choose(view)
