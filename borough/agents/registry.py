"""Agents by name, as the CLI, the simulator and the server name them."""

from __future__ import annotations

from collections.abc import Callable

from borough.agents.base import Agent
from borough.agents.random_agent import RandomAgent

_FACTORIES: dict[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
}
AGENT_NAMES: tuple[str, ...] = tuple(_FACTORIES)


def make_agent(name: str, seed: int = 0) -> Agent:
    if name not in _FACTORIES:
        raise ValueError(f"unknown agent {name!r}; choose from {', '.join(AGENT_NAMES)}")
    return _FACTORIES[name](seed)
