"""Agents by name, as the CLI, the simulator and the server name them.

The strength levels people choose from map onto the agents:
easy is a greedy player that often plays at random, medium is greedy with
hidden information sampled, hard is information-set MCTS.
"""

from __future__ import annotations

from collections.abc import Callable

from borough.agents.base import Agent
from borough.agents.greedy import GreedyAgent
from borough.agents.mcts import MCTSAgent
from borough.agents.random_agent import RandomAgent

# People wait for hard at most this long; the iteration budget binds first on
# every current game, so its play stays reproducible for a given seed.
HARD_SECONDS = 1.8

_FACTORIES: dict[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
    "greedy": lambda seed: GreedyAgent(seed, samples=2),
    "mcts": lambda seed: MCTSAgent(seed, iterations=400, seconds=HARD_SECONDS),
    "easy": lambda seed: GreedyAgent(seed, samples=1, noise=0.5),
    "medium": lambda seed: GreedyAgent(seed, samples=2),
    "hard": lambda seed: MCTSAgent(seed, iterations=1000, exploration=0.7,
                                   seconds=HARD_SECONDS),
}
AGENT_NAMES: tuple[str, ...] = tuple(_FACTORIES)
LEVELS: tuple[str, ...] = ("easy", "medium", "hard")


def make_agent(name: str, seed: int = 0) -> Agent:
    if name not in _FACTORIES:
        raise ValueError(f"unknown agent {name!r}; choose from {', '.join(AGENT_NAMES)}")
    return _FACTORIES[name](seed)
