"""Reinforcement learning on Borough's games (the optional extra `borough[rl]`).

    from borough import rl
    aec = rl.env("architectura", players=2)                  # PettingZoo AEC
    single = rl.gym_env("architectura", 2, opponents="easy")  # Gymnasium, one seat learns
    import borough.rl.openspiel                               # pyspiel.load_game("borough_...")

Observation encoders (borough/rl/encoding.py, one spec per game in its
package's encoding.py) turn what a seat may see into a fixed-shape vector;
every adapter uses them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def env(game: str, players: int, options: dict[str, Any] | None = None,
        seed: int | None = None, reward: str = "win", render_mode: str | None = None):
    """A PettingZoo AEC environment for one table of `game`."""
    from borough.rl.aec import BoroughAEC

    return BoroughAEC(game, players, options, seed, reward, render_mode)


def parallel_env(game: str, players: int, options: dict[str, Any] | None = None,
                 seed: int | None = None, reward: str = "win", render_mode: str | None = None):
    """A PettingZoo parallel environment: every waiting seat decides in each step."""
    from borough.rl.parallel import BoroughParallel

    return BoroughParallel(game, players, options, seed, reward, render_mode)


def gym_env(game: str, players: int, seat: int = 0,
            opponents: str | Sequence[str] = "medium", options: dict[str, Any] | None = None,
            seed: int | None = None, reward: str = "win", render_mode: str | None = None):
    """A Gymnasium environment where `seat` learns against Borough agents."""
    from borough.rl.gym import BoroughGym

    return BoroughGym(game, players, seat, opponents, options, seed, reward, render_mode)


def encoder(game: str, players: int, options: dict[str, Any] | None = None):
    """The observation encoder of `game` for a player count and option set."""
    import borough
    from borough.rl.encoding import Encoder

    return Encoder(borough.game(game), players, options)
