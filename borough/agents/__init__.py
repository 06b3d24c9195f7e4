"""Computer opponents, all written once against the common game interface."""

from borough.agents.base import Agent, SeatView
from borough.agents.registry import AGENT_NAMES, make_agent

__all__ = ["AGENT_NAMES", "Agent", "SeatView", "make_agent"]
