"""The expert's model: a logistic curve over a weighted sum of the inputs.

For each seat, value = 1 / (1 + exp(-w . x)) with x the seat's inputs
(`inputs`: its lead over its strongest rival, as the hand values
judge a lead); it predicts the seat's final result value
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
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from borough.agents.expert import features
from borough.core.game import Game

WEIGHTS = Path(__file__).parent / "weights"
RIDGE = 1e-3  # per position, on every weight but the constant
NEWTON_STEPS = 30
RIVAL_ROUNDS = 10  # refits on the rivals the weights rank strongest (see fit_rivals)


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
    """Each seat's sigmoid(w . x), x its `inputs` by these weights,
    summed without building x: a lead's two weights (alone and scaled by what
    is left) become one, and a seat's lead in a weighted sum is its own sum
    less its strongest rival's (about half the leaf's cost saved)."""
    rows, left = features.of(game.name)(game, state)
    k = len(rows[0])
    weight = [w[1 + i] + w[1 + k + i] * left for i in range(k)]
    base = w[0] + w[1 + 2 * k] * left
    base += sum(a * b for a, b in zip(w[2 + 2 * k:], features.table(game, state), strict=True))
    own = [sum(a * b for a, b in zip(weight, row, strict=True)) for row in rows]
    if len(own) == 1:  # solo: no rival, the seat's own sum
        rivals = [0.0]
    else:
        top = max(own)
        second = max(own[:own.index(top)] + own[own.index(top) + 1:])
        rivals = [second if mine == top else top for mine in own]
    out = []
    for mine, rival in zip(own, rivals, strict=True):
        z = base + mine - rival
        out.append(0.0 if z < -40 else 1.0 if z > 40 else 1.0 / (1.0 + math.exp(-z)))
    return out


def inputs(game: Game, state: Any, w: Sequence[float] | None = None) -> list[list[float]]:
    """The model's input for every seat of `state` (see `features`): constant,
    its lead, its lead scaled by what is left, what is left, the table's
    numbers. The lead is over the seat's strongest rival by the weights `w`
    (the one whose own weighted sum is highest), as `predict` judges; without
    `w`, over the rivals' mean (the start of training, before there are
    weights)."""
    raw, shared = features.parts(game, state)
    weights = None if w is None else np.array(w)
    return leads(np.array([raw]), np.array([shared]), weights).tolist()


def fit_rivals(raw: np.ndarray, shared: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Weights for leads over each seat's strongest rival (`inputs`),
    from `raw` (positions x seats x own numbers, `features.parts`), `shared`
    (positions x shared numbers) and targets `y` (positions x seats). Who is
    strongest depends on the weights, so the fit starts from leads over the
    rivals' mean and refits on the rivals the last weights rank strongest,
    until they rank the same ones (at most RIVAL_ROUNDS fits); with two
    seats the first fit is the last."""
    w = fit(leads(raw, shared), y.reshape(-1))
    if raw.shape[1] < 3:
        return w
    chosen = None
    for _ in range(RIVAL_ROUNDS):
        ranked = strongest(raw, w)
        if chosen is not None and np.array_equal(ranked, chosen):
            break
        chosen = ranked
        w = fit(leads(raw, shared, w), y.reshape(-1))
    return w


def strongest(raw: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Each seat's strongest rival by `w` (positions x seats)."""
    n = raw.shape[1]
    own = raw @ w[1:1 + raw.shape[2]]
    return np.stack([np.argmax(np.where(np.arange(n) == s, -np.inf, own), axis=1)
                     for s in range(n)], axis=1)


def leads(raw: np.ndarray, shared: np.ndarray, w: np.ndarray | None = None) -> np.ndarray:
    """The model's inputs (`inputs`), a row per position and seat,
    positions first: leads over each seat's strongest rival by `w`, or
    without `w` over the rivals' mean."""
    p, n, _ = raw.shape
    if n == 1:
        lead = raw
    elif w is None:
        lead = raw - (raw.sum(axis=1, keepdims=True) - raw) / (n - 1)
    else:
        lead = raw - raw[np.arange(p)[:, None], strongest(raw, w)]
    ones = np.ones((p, n, 1))
    tail = np.broadcast_to(shared[:, None, :], (p, n, shared.shape[1]))
    return np.concatenate([ones, lead, tail], axis=2).reshape(p * n, -1)


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
