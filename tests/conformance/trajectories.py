"""Seeded random playouts shared by the conformance tests."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any

import borough


@dataclass
class Trajectory:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    moves: list[tuple[int, Any]]
    snapshots: list[dict]  # to_json before each move, then the final state


def cases() -> list[tuple[str, int, dict[str, Any]]]:
    """Every registered game, player count and option set."""
    out = []
    for name in borough.games():
        g = borough.game(name)
        for players in g.player_counts():
            for options in g.option_sets():
                out.append((name, players, options))
    return out


def case_id(case: tuple[str, int, dict[str, Any]]) -> str:
    name, players, options = case
    opts = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{name}-{players}p" + (f"-{opts}" if opts else "")


def choose_seat(g: borough.Game, state: Any, rng: random.Random) -> int:
    return rng.choice(g.to_act(state))


@cache
def playout(name: str, players: int, options_key: tuple, seed: int) -> Trajectory:
    g = borough.game(name)
    options = dict(options_key)
    state = g.setup(players, seed=seed, options=options)
    rng = random.Random(seed)
    moves: list[tuple[int, Any]] = []
    snapshots = []
    limit = g.max_decisions(players, g.resolve_options(players, options))
    while not g.is_over(state):
        assert len(moves) <= limit, f"{name} did not end within {limit} decisions"
        snapshots.append(g.to_json(state))
        seat = choose_seat(g, state, rng)
        actions = g.legal_actions(state, seat)
        assert actions, f"seat {seat} must act but has no legal action"
        action = rng.choice(actions)
        g.apply(state, seat, action)
        moves.append((seat, action))
    snapshots.append(g.to_json(state))
    return Trajectory(name, players, options, seed, moves, snapshots)


def key(options: dict[str, Any]) -> tuple:
    return tuple(sorted(options.items()))


def sample_points(traj: Trajectory, count: int) -> list[int]:
    """Indices of move points spread over the game, always including the first and last."""
    n = len(traj.moves)
    if n <= count:
        return list(range(n))
    step = n / count
    return sorted({int(i * step) for i in range(count)} | {0, n - 1})
