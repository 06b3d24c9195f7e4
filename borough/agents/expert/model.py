"""The expert's model: a logistic curve over a weighted sum of the inputs.

For each seat, value = 1 / (1 + exp(-w . x)) with x the seat's inputs
(`features.inputs`); it predicts the seat's final result value
(`borough.agents.evaluation.result_values`: the win, and a little of the
final margin), or the game's own target where it sets one
(`features.target`), and the search judges a finished game on that same
scale (`borough.agents.expert.agent.finished`), so learned leaves and
finished ones are judged alike.

Training fits w by Newton's method on the cross-entropy to those targets,
with a small ridge on every weight but the constant: plain numpy, no random
start, so the same positions always give the same weights.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from borough.agents.expert import features
from borough.core.game import Game

WEIGHTS = Path(__file__).parent / "weights"
RIDGE = 1e-3  # per position, on every weight but the constant
NEWTON_STEPS = 30


def weights_path(name: str) -> Path:
    return WEIGHTS / f"{name}.npz"


@cache
def load(name: str) -> tuple[float, ...] | None:
    """Game `name`'s shipped weights (plain floats: a leaf's sum is cheaper
    in Python than through numpy for a dozen numbers), or None without them."""
    path = weights_path(name)
    if not features.has(name) or not path.exists():
        return None
    with np.load(path, allow_pickle=False) as data:
        w = data["weights"]
        names = tuple(str(x) for x in data["features"])
    if names != trained_on(name) or len(w) != features.width(name):
        raise ValueError(f"{path} was trained on other features ({', '.join(names)}); "
                         f"train it again: python -m borough.agents.expert.train {name}")
    return tuple(float(x) for x in w)


def trained_on(name: str) -> tuple[str, ...]:
    """The names a weights file of game `name` records: its seats' features,
    then the table's numbers."""
    return features.names(name) + features.table_names(name)


def predict(w: tuple[float, ...], game: Game, state: Any) -> list[float]:
    """Each seat's sigmoid(w . x), x its `features.inputs`, summed without
    building x: a lead's two weights (alone and scaled by what is left)
    become one, and a seat's lead in a weighted sum is its own sum less the
    mean of its rivals' (about half the leaf's cost saved)."""
    rows, left = features.of(game.name)(game, state)
    k = len(rows[0])
    weight = [w[1 + i] + w[1 + k + i] * left for i in range(k)]
    base = w[0] + w[1 + 2 * k] * left
    base += sum(a * b for a, b in zip(w[2 + 2 * k:], features.table(game, state), strict=True))
    own = [sum(a * b for a, b in zip(weight, row, strict=True)) for row in rows]
    total, rivals = sum(own), max(1, len(rows) - 1)
    out = []
    for mine in own:
        z = base + mine - (total - mine) / rivals
        out.append(0.0 if z < -40 else 1.0 if z > 40 else 1.0 / (1.0 + math.exp(-z)))
    return out


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Weights minimising the cross-entropy of sigmoid(x @ w) to targets y in
    [0, 1], with RIDGE (times the number of rows) on all but the first weight."""
    n, k = x.shape
    penalty = np.full(k, RIDGE * n)
    penalty[0] = 0.0
    w = np.zeros(k)
    for _ in range(NEWTON_STEPS):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -40, 40)))
        grad = x.T @ (p - y) + penalty * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.max(np.abs(step))) < 1e-10:
            break
    return w


def save(name: str, w: np.ndarray, path: Path, **meta: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez(path, weights=w, features=np.array(trained_on(name)),
             **{k: np.array(v) for k, v in meta.items()})
