"""The expert level: `hard`'s search with learned position values at its leaves.

Everything but the judgement of positions and the budget is hard's: the same
settings and the same greedy completion of moves under way. The expert level
is the top one and may think longer than hard: a game may set expert's own
budget beside hard's (`EXPERT` in its evaluation module, read by
`borough.agents.evaluation.expert`), still capped at hard's 1.8 s of CPU a
decision; a game that sets none gives expert hard's 1,000 iterations. Every
game ships trained weights; one without them, or whose evaluation module sets
its learned values aside (`EXPERT_LEARNED = False`: they were measured to play
worse than hard), is played by expert exactly as by hard, budget included
(`uses_learned` tells whether a game's expert differs from hard), and
positions its weights do not cover are judged by the hand values. Small
City's hard improves its script by playouts instead of this search
(`borough.agents.rollout`): there expert tries hard's moves but plays each
out only a round, where `learned` judges the position (`covered` says where
it may), and so on more sampled states (`ExpertRollout`,
`registry.expert_level`).
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from borough.agents.base import Agent, SeatView
from borough.agents.evaluation import (
    Evaluator,
    expert,
    expert_learned,
    result_values,
    values,
)
from borough.agents.expert import features, model
from borough.agents.hard import HardAgent
from borough.agents.rollout import RolloutAgent
from borough.core.game import Action, Game


def learned_values(name: str) -> Evaluator | None:
    """Game `name`'s learned position values, or None where it has no weights;
    where they do not cover a position (`features.covers`: Ekopolis's basic
    version, Small City's solo table) it is judged by the hand values, finished
    or not; a finished game they cover, as they were taught (`finished`)."""
    w = model.load(name)
    if w is None:
        return None
    return partial(_predict_covered if features.checks_cover(name) else _predict, w)


def finished(game: Game, state: Any) -> list[float]:
    """A finished game as the learned values were taught to see it: the game's
    own training target where it sets one (`features.target`), else its result
    values. On one scale with the model's forecasts, a leaf where the game
    ends is not worth more or less than the same lead a move before it."""
    return features.target(game, state) or result_values(game, state)


def _predict(w: tuple[float, ...], game: Game, state: Any) -> list[float]:
    if game.is_over(state):
        return finished(game, state)
    return model.predict(w, game, state)


_HAND_RNG = random.Random(0)  # unused by games with hand values, as all with weights have


def _predict_covered(w: tuple[float, ...], game: Game, state: Any) -> list[float]:
    if not features.covers(game, state):  # finished or not, as hard judges it
        return values(game, state, _HAND_RNG)
    if game.is_over(state):
        return finished(game, state)
    return model.predict(w, game, state)


def has_weights(name: str) -> bool:
    return model.load(name) is not None


def uses_learned(name: str) -> bool:
    """Whether expert judges game `name` by learned values: it has weights and
    has not set them aside (`EXPERT_LEARNED`)."""
    return has_weights(name) and expert_learned(name)


def learned(game: Game, state: Any) -> list[float]:
    """Each seat's learned value of `state` (where `covered`)."""
    w = model.load(game.name)
    assert w is not None
    return model.predict(w, game, state)


def covered(game: Game, state: Any) -> bool:
    """Whether `learned` may judge `state`: expert uses the game's weights and
    they were trained on positions like it (`features.covers`)."""
    return uses_learned(game.name) and features.covers(game, state)


def budget(name: str) -> dict[str, int]:
    """Expert's own budget in game `name` (its `EXPERT`, see
    `borough.agents.evaluation.expert`) where it uses learned values; empty
    (hard's budget) where it does not, since it then plays as hard."""
    return expert(name) if uses_learned(name) else {}


class ExpertAgent(HardAgent):
    """Hard's search judging positions by the game's learned values, at the
    game's own expert budget (`EXPERT`) where it sets one, else at hard's."""

    name = "expert"

    def budget(self, name: str) -> int:
        return budget(name).get("iterations", super().budget(name))

    def choose(self, view: SeatView) -> Action:
        name = view.game.name
        self.evaluator = learned_values(name) if uses_learned(name) else None
        return super().choose(view)


class ExpertRollout(RolloutAgent):
    """Small City's expert (see the module): hard's playouts behind a screen by
    the learned values, with the game's own candidates and samples (`EXPERT`)
    where it sets them, else `candidates` and `samples` as given."""

    def rank(self, view: SeatView) -> list[tuple[Action, float]]:
        own = budget(view.game.name)
        self.candidates = own.get("candidates", self.default[0])
        self.samples = own.get("samples", self.default[1])
        return super().rank(view)

    def __init__(self, seed: int, fallback: Agent, **settings: Any) -> None:
        super().__init__(seed, fallback, **settings)
        self.default = (self.candidates, self.samples)
