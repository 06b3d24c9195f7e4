"""A Borough game as a PettingZoo parallel environment.

Each step takes one decision from every seat the game is waiting for: in a
sealed phase (Small City's screened building) that is several seats at once,
each choosing without seeing the others'; elsewhere it is the one seat whose
turn it is. Seats not waiting get an all-zero action mask and their entries in
the action dict are ignored. The step is all or nothing: if any waiting seat's
action is illegal, nothing is applied and `IllegalAction` says why.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from pettingzoo import ParallelEnv

from borough.core.errors import IllegalAction
from borough.rl.aec import BoroughAEC, agent_name
from borough.rl.rewards import final_rewards


class BoroughParallel(ParallelEnv):
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "borough_parallel"}

    def __init__(self, game: str, players: int, options: dict[str, Any] | None = None,
                 seed: int | None = None, reward: str = "win",
                 render_mode: str | None = None) -> None:
        # The AEC table holds the game, spaces, seeding and rewards; this class
        # only changes how decisions are gathered.
        self.table = BoroughAEC(game, players, options, seed, reward, render_mode)
        self.game = self.table.game
        self.possible_agents = self.table.possible_agents[:]
        self.agents: list[str] = []
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"borough_{game}_parallel"}

    def observation_space(self, agent: str):
        return self.table.observation_space(agent)

    def action_space(self, agent: str):
        return self.table.action_space(agent)

    @property
    def state(self) -> Any:
        return self.table.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None):
        self.table.reset(seed=seed, options=options)
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {a: self.table.observe(a, every_waiting_seat=True) for a in self.agents}

    def step(self, actions: dict[str, Any]):
        g, state = self.game, self.table.state
        movers = list(g.to_act(state))
        trial = g.clone(state)
        for seat in movers:
            agent = agent_name(seat)
            if actions.get(agent) is None:
                raise IllegalAction(f"{agent} must choose an action now")
            action = g.decode(int(actions[agent]))
            reason = g.explain(trial, seat, action)
            if reason is not None:
                raise IllegalAction(f"{agent}: {reason}")
            g.apply(trial, seat, action)
        self.table.state = trial
        self.table.decisions += len(movers)
        over = g.is_over(trial)
        truncated = not over and self.table.decisions >= self.table.limit
        rewards = dict.fromkeys(self.agents, 0.0)
        if over:
            values = final_rewards(g.result(trial), self.table.players, self.table.reward_kind)
            rewards = {a: values[self.table.seat_of[a]] for a in self.agents}
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, truncated)
        infos: dict[str, dict] = {a: {} for a in self.agents}
        if over or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return self.table.render()

    def close(self) -> None:
        self.table.close()


