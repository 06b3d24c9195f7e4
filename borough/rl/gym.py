"""One seat of a Borough game as a Gymnasium environment; the other seats are Borough agents.

The observation is the game's encoder vector for the learning seat, the action
an index of the game's fixed action space. Masked algorithms read the legal
actions from `action_masks()` (the name sb3-contrib's MaskablePPO looks for)
or from `info["action_mask"]`. The reward is 0 until the game ends, then the
learning seat's final reward (borough/rl/rewards.py). An illegal action
leaves the game untouched and ends the episode as a loss (reward -1), with the
reason in `info["illegal_action"]`, so unmasked algorithms learn to avoid them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

import borough
from borough.agents.base import Agent, SeatView
from borough.agents.registry import make_agent
from borough.match import seat_seed
from borough.rl.aec import next_seed
from borough.rl.encoding import Encoder
from borough.rl.rewards import REWARDS, final_rewards


class BoroughGym(gymnasium.Env):
    """`seat` learns; `opponents` (one agent name for all, or one per other seat) play the rest."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, game: str, players: int, seat: int = 0,
                 opponents: str | Sequence[str] = "medium",
                 options: dict[str, Any] | None = None, seed: int | None = None,
                 reward: str = "win", render_mode: str | None = None) -> None:
        if reward not in REWARDS:
            raise ValueError(f"unknown reward {reward!r}; choose one of {', '.join(REWARDS)}")
        if render_mode not in (None, "ansi"):
            raise ValueError("the only render mode is 'ansi' (text)")
        self.game = borough.game(game)
        self.options = self.game.resolve_options(players, options, unattended=True)
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"seat must be one of 0..{players - 1}, not {seat!r}")
        self.players, self.seat, self.reward_kind = players, seat, reward
        self.set_opponents(opponents)
        self.render_mode = render_mode
        self.encoder = Encoder(self.game, players, self.options)
        self.observation_space = spaces.Box(-np.inf, np.inf, self.encoder.shape, np.float32)
        self.action_space = spaces.Discrete(self.game.num_actions(players))
        self.limit = self.game.max_decisions(players, self.options)
        self._first_seed, self._seed = seed, None
        self.state: Any = None
        self.ended = False
        self.opponents: dict[int, Agent] = {}

    def set_opponents(self, opponents: str | Sequence[str]) -> None:
        """Change who plays the other seats, from the next reset on (for curricula)."""
        others = [s for s in range(self.players) if s != self.seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ValueError(f"give one opponent name, or {len(others)} (one per other seat)")
        for name in names:
            make_agent(name)  # refuses an unknown name now, not mid-game
        self.opponent_names = dict(zip(others, names, strict=True))

    # ------------------------------------------------------------ gymnasium
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        super().reset(seed=seed)
        self._seed = next_seed(seed, self._first_seed, self._seed)
        self._first_seed = None
        self.state = self.game.setup(self.players, seed=self._seed, options=self.options)
        self.opponents = {s: make_agent(n, seat_seed(self._seed, s))
                          for s, n in self.opponent_names.items()}
        self.decisions = 0
        self.ended = False
        self._play_opponents()
        return self._observation(), self._info()

    def step(self, action: int):
        if self.state is None or self.ended:
            raise RuntimeError("the episode is over: call reset() first")
        index = int(action)
        reason = (self.game.explain(self.state, self.seat, self.game.decode(index))
                  if 0 <= index < self.action_space.n else f"{index} is not an action index")
        if reason is not None:
            self.ended = True
            return self._observation(), -1.0, True, False, {**self._info(),
                                                            "illegal_action": reason}
        self.game.apply(self.state, self.seat, self.game.decode(index))
        self.decisions += 1
        self._play_opponents()
        over = self.game.is_over(self.state)
        reward = 0.0
        if over:
            result = self.game.result(self.state)
            reward = final_rewards(result, self.players, self.reward_kind)[self.seat]
        truncated = not over and self.decisions >= self.limit
        self.ended = over or truncated
        return self._observation(), reward, over, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """True for each legal action index of the learning seat now."""
        mask = np.zeros(self.action_space.n, dtype=bool)
        if not self.game.is_over(self.state) and self.game.to_act(self.state)[0] == self.seat:
            for action in self.game.legal_actions(self.state, self.seat):
                mask[self.game.encode(action)] = True
        return mask

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return borough.games.render(self.game.name, self.game.observe(self.state, self.seat))

    # --------------------------------------------------------------- helpers
    def _play_opponents(self) -> None:
        g, state = self.game, self.state
        while not g.is_over(state) and self.decisions < self.limit:
            seat = g.to_act(state)[0]
            if seat == self.seat:
                return
            g.apply(state, seat, self.opponents[seat].choose(SeatView(g, state, seat)))
            self.decisions += 1

    def _observation(self) -> np.ndarray:
        return self.encoder.encode_state(self.state, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks().astype(np.int8), "seed": self._seed}
