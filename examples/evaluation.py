"""What the training examples share: one game played out in a learning environment,
and the record of an evaluation over paired deals.

The examples are scripts run from examples/ (`python examples/train_ppo.py`), so
this module is imported by its plain name from beside them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


def outcome(reward: float) -> float:
    """1 for a win, 0.5 for a shared win, 0 otherwise (the gym's 'win' reward)."""
    return {1.0: 1.0, 0.0: 0.5}.get(reward, 0.0)


def play_out(env: Any, seed: int, choose: Callable[[Any], int]) -> float:
    """One game of `env` on deal `seed`, the learning seat playing `choose(observation)`;
    its outcome. An illegal choice ends the run rather than the game quietly."""
    obs, _ = env.reset(seed=seed)
    while True:
        obs, reward, over, cut, info = env.step(choose(obs))
        if over or cut:
            if "illegal_action" in info:
                raise RuntimeError(f"the policy chose an illegal action: {info['illegal_action']}")
            return outcome(reward)


@dataclass
class Evaluation:
    opponent: str
    pairs: int
    games: int
    win_share: float
    low: float
    high: float
