"""One step of policy improvement over a game's own scripted player.

Where a game offers a scripted player (`policy` in its evaluation module, see
`borough.agents.evaluation.playout_policy`), a position is worth what that
player would score from it: the game is played out to its end by the script
for every seat, on a full state sampled from the seat's information. The agent
tries the script's own move and a few others, plays each out on the same
sampled states, and departs from the script's move only when another one
scores better by more than `margin`. So it plays at least as well as the
script wherever the playouts judge truly, and better where the script's rule
of thumb misses a move the playouts show to pay.

The other candidates are the moves best valued one step ahead by the game's
position values (a split move finished by the script), so a handful of
playouts covers the moves that matter among a hundred placements.

A game without a script is played by `fallback` (the level's usual agent).
"""

from __future__ import annotations

import random
from typing import Any

from borough.agents.base import Agent, SeatView
from borough.agents.evaluation import midway, playout_policy, sampled_totals, values
from borough.core.game import Action, Game

# Playouts longer than this many decisions are cut and the position judged by
# the game's values (a script that loops would otherwise never end).
PLAYOUT_LIMIT = 5000


class RolloutAgent:
    """The game's script improved by one step of playouts (see the module)."""

    name = "rollout"

    def __init__(self, seed: int, fallback: Agent, candidates: int = 4, samples: int = 2,
                 margin: float = 0.0) -> None:
        if candidates < 1 or samples < 1:
            raise ValueError("a rollout agent needs at least one candidate and one sample")
        self.seed = seed
        self.rng = random.Random(seed)
        self.fallback = fallback
        self.candidates = candidates
        self.samples = samples
        self.margin = margin
        self.scripts: dict[str, Agent | None] = {}

    def script(self, game: Game) -> Agent | None:
        """The game's scripted player, made once per game with this agent's seed."""
        if game.name not in self.scripts:
            self.scripts[game.name] = playout_policy(game, self.seed)
        return self.scripts[game.name]

    def choose(self, view: SeatView) -> Action:
        script = self.script(view.game)
        if script is None:
            return self.fallback.choose(view)
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        own = script.choose(view)
        if self.candidates == 1:
            return own
        tried = self.shortlist(view, script, own)
        if len(tried) == 1:
            return own
        means = self.judge(view, script, tried)
        best = max(range(len(tried)), key=lambda i: means[i])
        # the script's move unless another is better by more than the margin
        return tried[best] if means[best] > means[0] + self.margin else own

    def shortlist(self, view: SeatView, script: Agent, own: Action) -> list[Action]:
        """The script's move first, then the others best valued one step ahead
        (a split move finished by the script), up to `candidates` in all."""
        game, seat = view.game, view.seat
        world = view.sample(self.rng)
        ranked: list[tuple[float, int, Action]] = []
        for i, action in enumerate(view.legal_actions):
            if action == own:
                continue
            trial = game.clone(world)
            game.apply_trusted(trial, seat, action)
            trial = self.play(game, trial, script, lambda s: midway(game, s, seat))
            ranked.append((-values(game, trial, self.rng)[seat], i, action))
        ranked.sort()
        return [own] + [a for _, _, a in ranked[:self.candidates - 1]]

    def judge(self, view: SeatView, script: Agent, tried: list[Action]) -> list[float]:
        """Each move's mean value for the seat once the script has played the
        game out, on the same sampled states for every move."""
        game = view.game
        totals = sampled_totals(view, tried, self.samples, self.rng,
                                lambda trial: self.play(game, trial, script,
                                                        lambda s: not game.is_over(s)))
        return [t / self.samples for t in totals]

    @staticmethod
    def play(game: Game, state: Any, script: Agent, going: Any) -> Any:
        """The script's moves for every seat while `going(state)` holds."""
        for _ in range(PLAYOUT_LIMIT):
            if not going(state):
                break
            seat = game.to_act(state)[0]
            game.apply_trusted(state, seat, script.choose(SeatView(game, state, seat)))
        return state
