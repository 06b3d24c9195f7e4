"""The expert level: `hard`'s search with learned position values at its leaves.

Everything but the judgement of positions is hard's: the same budget (1,000
iterations, capped at 1.8 s of CPU), the same settings, and the same greedy
completion of moves under way. Every game ships trained weights; one without
them would be played by expert exactly as by hard (`has_weights` tells whether
a game's expert differs from hard), and positions its weights do not cover are
judged by the hand values. Small City's hard improves its script by playouts
instead of this search (`borough.agents.rollout`): there expert tries hard's
moves but plays each out only a round, where `learned` judges the position
(`covered` says where it may), and so on more sampled states
(`registry.expert_level`).
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from borough.agents.base import SeatView
from borough.agents.evaluation import Evaluator, values
from borough.agents.expert import features, model
from borough.agents.hard import HardAgent
from borough.core.game import Action, Game


def learned_values(name: str) -> Evaluator | None:
    """Game `name`'s learned position values, or None where it has no weights;
    where they do not cover a position (`features.covers`: Ekopolis's basic
    version, Small City's solo table) it is judged by the hand values."""
    w = model.load(name)
    if w is None:
        return None
    return partial(_predict_covered if features.checks_cover(name) else _predict, w)


def _predict(w: tuple[float, ...], game: Game, state: Any) -> list[float]:
    return model.predict(w, game, state)


_HAND_RNG = random.Random(0)  # unused by games with hand values, as all with weights have


def _predict_covered(w: tuple[float, ...], game: Game, state: Any) -> list[float]:
    if features.covers(game, state):
        return model.predict(w, game, state)
    return values(game, state, _HAND_RNG)


def has_weights(name: str) -> bool:
    return model.load(name) is not None


def learned(game: Game, state: Any) -> list[float]:
    """Each seat's learned value of `state` (where `covered`)."""
    w = model.load(game.name)
    assert w is not None
    return model.predict(w, game, state)


def covered(game: Game, state: Any) -> bool:
    """Whether `learned` may judge `state`: the game has weights and they were
    trained on positions like it (`features.covers`)."""
    return has_weights(game.name) and features.covers(game, state)


class ExpertAgent(HardAgent):
    """Hard's search (and budget) judging positions by the game's learned values."""

    name = "expert"

    def choose(self, view: SeatView) -> Action:
        self.evaluator = learned_values(view.game.name)
        return super().choose(view)
