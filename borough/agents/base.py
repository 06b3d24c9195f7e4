"""What an agent is, and what it may know.

An agent never holds the true state: it gets a SeatView (`borough.core.view`),
which offers the seat's observation, its legal actions, and sampling of full
states consistent with that seat's information (determinisation).
"""

from __future__ import annotations

from typing import Protocol

from borough.core.game import Action
from borough.core.view import SeatView

__all__ = ["Agent", "SeatView"]


class Agent(Protocol):
    name: str

    def choose(self, view: SeatView) -> Action: ...
