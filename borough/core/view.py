"""One seat's window on a game in progress: what a player at that seat may know.

Whoever decides for a seat (a person's hints, a bot, a game's own scripted
player) gets a SeatView, never the true state: the seat's observation, its
legal actions, its moves in words, and full states consistent with what it
can see (determinisation).
"""

from __future__ import annotations

import random
from typing import Any

from borough.core.game import Action, Game


class SeatView:
    """One seat's window on a game in progress."""

    __slots__ = ("__state", "_legal", "_observation", "game", "seat")

    def __init__(self, game: Game, state: Any, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.__state = state
        self._legal: list[Action] | None = None
        self._observation: dict[str, Any] | None = None

    @property
    def observation(self) -> dict[str, Any]:
        if self._observation is None:
            self._observation = self.game.observe(self.__state, self.seat)
        return self._observation

    @property
    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self.game.legal_actions(self.__state, self.seat)
        return self._legal

    def describe(self, action: Action) -> str:
        """The move in words, as this seat may read it."""
        return self.game.describe_move(self.__state, self.seat, action)

    def prompt(self) -> str:
        """The decision this seat faces now, in a player's words."""
        return self.game.prompt(self.__state, self.seat)

    def explain(self, action: Any) -> str | None:
        """Why this seat may not take `action` now (None when it may)."""
        return self.game.explain(self.__state, self.seat, action)

    def sample(self, rng: random.Random) -> Any:
        """A full state agreeing with everything this seat can see."""
        return self.game.determinize(self.__state, self.seat, rng)
