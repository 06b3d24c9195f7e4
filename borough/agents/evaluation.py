"""How good a position is for each seat, as a value in [0, 1].

The shared scale (`squash`, `result_values`, `margin_values`) lives in
`borough.core.values`, where the games' own heuristics find it too.

A game may ship its own heuristic as `borough/games/<game>/evaluation.py`
with `values(game, state) -> list[float]`. A game without one still gets
agents: finished games are valued by their result, unfinished ones by a few
random playouts (slower, but an honest estimate).

A game whose values cost much more than the others' may set the hard
search's budget in it, `SEARCH = {"iterations": ..., "turn_steps": ...}`
(`borough.agents.hard`). The expert level, the top one, may think longer than
hard: a game sets its budget beside SEARCH, `EXPERT = {"iterations": ...}` for
the search, or `{"candidates": ..., "samples": ...}` (and "turns") for the
playouts of a game with a script or a quick player (`expert`); a game without
one gives expert hard's budget.

A game may also offer a scripted player, `policy(seed) -> Agent`: the
rollout agent (`borough.agents.rollout`) then values a move by that player's
playout of the game to its end (`playout_policy`).

A game may offer a quick player for the expert level alone,
`quick_player(game, state, seat, legal) -> Action`: it decides on a full
state (a sample the agent drew), so a few turns of every seat can be played
out hundreds of times a decision (`borough.agents.expert.lookahead`).

Where a game splits one move into several decisions of the same seat (a tile,
then its place), values in between say little. Such a game's module may also
offer `midway(game, state, seat) -> bool`; `finish` then completes the seat's
move greedily before the position is judged.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from borough.core.game import Action, Game
from borough.core.values import margin_values, result_values, squash
from borough.games.registry import part

if TYPE_CHECKING:
    from borough.agents.base import SeatView

__all__ = [
    "Evaluator",
    "QuickPlayer",
    "completion",
    "expert",
    "finish",
    "margin_values",
    "midway",
    "playout_policy",
    "quick_player",
    "result_values",
    "rollout_values",
    "sampled_totals",
    "search",
    "squash",
    "values",
]


class Evaluator(Protocol):
    def __call__(self, game: Game, state: Any) -> list[float]: ...


class QuickPlayer(Protocol):
    def __call__(self, game: Game, state: Any, seat: int, legal: list[Action]) -> Action: ...


def rollout_values(game: Game, state: Any, rng: random.Random, playouts: int = 2) -> list[float]:
    totals = [0.0] * game.num_seats(state)
    for _ in range(playouts):
        trial = game.clone(state)
        while not game.is_over(trial):
            seat = game.to_act(trial)[0]
            game.apply_trusted(trial, seat, rng.choice(game.legal_actions(trial, seat)))
        for seat, v in enumerate(result_values(game, trial)):
            totals[seat] += v / playouts
    return totals


@cache
def _game_module(name: str) -> Any:
    return part(name, "evaluation")


def _game_evaluator(name: str) -> Evaluator | None:
    module = _game_module(name)
    return None if module is None else module.values


def search(name: str) -> dict[str, int]:
    """Game `name`'s own budget for the hard search (`SEARCH` in its evaluation
    module: "iterations", "turn_steps"); empty where it keeps hard's."""
    own: dict[str, int] = getattr(_game_module(name), "SEARCH", {})
    return own


def expert(name: str) -> dict[str, int]:
    """Game `name`'s own budget for the expert level (`EXPERT` in its evaluation
    module: "iterations" of the search, or where the game has a script or a
    quick player, the "candidates" and "samples" of its playouts, and for a
    quick player the "turns" they last); empty where expert keeps hard's."""
    own: dict[str, int] = getattr(_game_module(name), "EXPERT", {})
    return own


def expert_learned(name: str) -> bool:
    """Whether the expert level of game `name` judges positions by its learned
    values: yes unless its evaluation module sets `EXPERT_LEARNED = False`,
    which a game does while its learned values were measured to play worse
    than hard's own judgement (expert then plays as hard)."""
    return bool(getattr(_game_module(name), "EXPERT_LEARNED", True))


def playout_policy(game: Game, seed: int) -> Any:
    """The game's own scripted player for playouts, or None when it has none."""
    make = getattr(_game_module(game.name), "policy", None)
    return None if make is None else make(seed)


def quick_player(name: str) -> QuickPlayer | None:
    """Game `name`'s quick player for expert's short playouts, or None."""
    quick: QuickPlayer | None = getattr(_game_module(name), "quick_player", None)
    return quick


def midway(game: Game, state: Any, seat: int) -> bool:
    """Is `seat` to act in the middle of a move it has begun?"""
    module = _game_module(game.name)
    check = getattr(module, "midway", None)
    return bool(check and not game.is_over(state) and check(game, state, seat))


def finish(game: Game, state: Any, seat: int, rng: random.Random, width: int = 12) -> Any:
    """The state once `seat` has completed the move under way, each step taken
    by the best valued of up to `width` of its choices (`state` itself when no
    move is under way; never changed)."""
    return completion(game, state, seat, rng, width)[0]


def completion(
    game: Game, state: Any, seat: int, rng: random.Random, width: int = 12
) -> tuple[Any, tuple[Action, ...]]:
    """`finish`, also naming the steps it took, so a search can take them again."""
    steps: list[Action] = []
    while midway(game, state, seat):
        legal = game.legal_actions(state, seat)
        if len(legal) > width:
            legal = rng.sample(legal, width)
        best, best_value, best_step = None, -math.inf, legal[0]
        for action in legal:
            trial = game.clone(state)
            game.apply_trusted(trial, seat, action)
            value = values(game, trial, rng)[seat]
            if value > best_value:
                best, best_value, best_step = trial, value, action
        state = best
        steps.append(best_step)
    return state, tuple(steps)


def values(game: Game, state: Any, rng: random.Random) -> list[float]:
    """Each seat's value of `state` in [0, 1]: the game's heuristic, or playouts."""
    own = _game_evaluator(game.name)
    if own is not None:
        return own(game, state)
    if game.is_over(state):
        return result_values(game, state)
    return rollout_values(game, state, rng)


def sampled_totals(view: SeatView, actions: list[Action], samples: int, rng: random.Random,
                   complete: Callable[[Any], Any],
                   judge: Callable[[Any], float] | None = None) -> list[float]:
    """Each action's value for the seat summed over `samples` full states sampled
    from its information (never the true state), the same states for every
    action; `complete` plays on from the action before the position is valued,
    by `judge` where given, else by the game's values for the seat."""
    game, seat = view.game, view.seat
    if judge is None:
        def judge(state: Any) -> float:
            return values(game, state, rng)[seat]
    totals = [0.0] * len(actions)
    for _ in range(samples):
        world = view.sample(rng)
        for i, action in enumerate(actions):
            trial = game.clone(world)
            game.apply_trusted(trial, seat, action)
            totals[i] += judge(complete(trial))
    return totals
