"""Agents by name, as the CLI, the simulator and the server name them.

The strength levels people choose from map onto the agents:
easy is a greedy player that often plays at random, medium is greedy with
hidden information sampled, hard is information-set MCTS.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from borough.agents.base import Agent
from borough.agents.greedy import GreedyAgent
from borough.agents.mcts import MCTSAgent
from borough.agents.random_agent import RandomAgent

# People wait for hard at most this long (CPU seconds of the deciding thread);
# the iteration budget binds first on every current game, so its play stays
# reproducible for a given seed.
HARD_SECONDS = 1.8
HARD_ITERATIONS = 1000
HARD_EXPLORATION = 0.7
# UCB compares the children's means on their own range: in City Council, Rondel
# City and Small City moves differ by 0.03-0.06 while leaf values span 0.9.
HARD_SPREAD = "children"
# The search plays another move than the one judged best one step ahead only
# when its mean is better by more than this many standard errors.
HARD_CONFIDENCE = 1.0


def hard_settings() -> dict[str, Any]:
    """Hard's search apart from its budget (for measurements at other budgets)."""
    return {"exploration": HARD_EXPLORATION, "spread": HARD_SPREAD,
            "confidence": HARD_CONFIDENCE}


def hard(seed: int, iterations: int = HARD_ITERATIONS) -> MCTSAgent:
    """The hard level; a smaller `iterations` keeps its settings at a lower budget."""
    return MCTSAgent(seed, iterations=iterations, seconds=HARD_SECONDS, **hard_settings())


_FACTORIES: dict[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
    "greedy": lambda seed: GreedyAgent(seed, samples=2),
    "mcts": lambda seed: MCTSAgent(seed, iterations=400, seconds=HARD_SECONDS),
    "easy": lambda seed: GreedyAgent(seed, samples=1, noise=0.5),
    "medium": lambda seed: GreedyAgent(seed, samples=2),
    "hard": hard,
}
AGENT_NAMES: tuple[str, ...] = tuple(_FACTORIES)
LEVELS: tuple[str, ...] = ("easy", "medium", "hard")


def make_agent(name: str, seed: int = 0) -> Agent:
    if name not in _FACTORIES:
        raise ValueError(f"unknown agent {name!r}; choose from {', '.join(AGENT_NAMES)}")
    return _FACTORIES[name](seed)
