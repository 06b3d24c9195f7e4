"""A Borough game as a PettingZoo AEC environment.

Agents are "player_0" ... "player_<n-1>" (seat numbers). Each observation is
`{"observation": the game's encoder vector for that seat, "action_mask": 1 for
each legal action index}` over the game's fixed action index space
(`Game.encode`/`decode`). Rewards come only at the end (borough/rl/rewards.py).

Sealed choices, where several seats decide at once, are collected one seat at a
time in the game's order: `agent_selection` is the first seat the game waits
for, and the others' observations keep the choice hidden until it is revealed,
which is how the AEC model handles simultaneous moves.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import borough
from borough.core.errors import IllegalAction
from borough.rl.encoding import Encoder
from borough.rl.rewards import REWARDS, final_rewards


def next_seed(given: int | None, first: int | None, last: int | None) -> int:
    """The seed of the next game: `given`; else the constructor's for the first game;
    else one drawn from the last game's (a seeded table replays exactly); else fresh."""
    for seed in (given, first):
        if seed is not None:
            return int(seed)
    if last is None:
        return int(np.random.SeedSequence().generate_state(1)[0])
    return int(np.random.default_rng(abs(last)).integers(2**31))


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class BoroughAEC(AECEnv):
    """One table of a Borough game; `reset(seed=...)` deals a new game."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"], "name": "borough", "is_parallelizable": False,
    }

    def __init__(self, game: str, players: int, options: dict[str, Any] | None = None,
                 seed: int | None = None, reward: str = "win",
                 render_mode: str | None = None) -> None:
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"unknown reward {reward!r}; choose one of {', '.join(REWARDS)}")
        if render_mode not in (None, "ansi"):
            raise ValueError("the only render mode is 'ansi' (text)")
        self.game = borough.game(game)
        self.players = players
        self.options = self.game.resolve_options(players, options, unattended=True)
        self.encoder = Encoder(self.game, players, self.options)
        self.reward_kind = reward
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"borough_{game}"}
        self.possible_agents = [agent_name(s) for s in range(players)]
        self.seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        size = self.game.num_actions(players)
        self.limit = self.game.max_decisions(players, self.options)
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(-np.inf, np.inf, self.encoder.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._first_seed, self._seed = seed, None
        self.state: Any = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ---------------------------------------------------------------- cycle
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game from `seed`; without one, from the constructor's seed the first
        time and from a seed drawn from the last one after that (a seeded table
        replays exactly), or from fresh entropy when no seed was ever given."""
        self._seed = next_seed(seed, self._first_seed, self._seed)
        self._first_seed = None
        self.state = self.game.setup(self.players, seed=self._seed, options=self.options)
        self.decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = agent_name(self.game.to_act(self.state)[0])

    def observe(self, agent: str, every_waiting_seat: bool = False) -> dict[str, np.ndarray]:
        seat = self.seat_of[agent]
        return {"observation": self.encoder.encode_state(self.state, seat),
                "action_mask": self.action_mask(seat, every_waiting_seat)}

    def action_mask(self, seat: int, every_waiting_seat: bool = False) -> np.ndarray:
        """The legal actions of `seat` if it acts now: the first seat the game waits
        for, or (`every_waiting_seat`, for the parallel API) any seat it waits for."""
        mask = np.zeros(self.game.num_actions(self.players), np.int8)
        waiting = self.game.to_act(self.state)
        if seat in (waiting if every_waiting_seat else waiting[:1]):
            for action in self.game.legal_actions(self.state, seat):
                mask[self.game.encode(action)] = 1
        return mask

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.seat_of[agent]
        if action is None:
            raise IllegalAction(f"{agent} must choose an action index, not None")
        self.game.apply(self.state, seat, self.game.decode(int(action)))
        self.decisions += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if self.game.is_over(self.state):
            values = final_rewards(self.game.result(self.state), self.players, self.reward_kind)
            self.rewards = {a: values[self.seat_of[a]] for a in self.agents}
            self.terminations = {a: True for a in self.agents}
        elif self.decisions >= self.limit:
            self.truncations = {a: True for a in self.agents}
        if self.game.is_over(self.state) or self.decisions >= self.limit:
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = agent_name(self.game.to_act(self.state)[0])
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return borough.games.render(self.game.name, self.game.observe(self.state, None))

    def close(self) -> None:
        self.state = None

    def __str__(self) -> str:
        return self.metadata["name"]
