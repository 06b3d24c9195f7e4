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

At a table a finished playout is judged by the final margin over the best
rival on a wide curve (`scale` points), not by who won: with a sample or two
per move, a win-or-lose judgement turns on chance and would move the agent
off the script's move for nothing, while the margin says by how much a move
helps. Solo, the game's values already follow the score.

A game without a script is played by `fallback` (the level's usual agent).
"""

from __future__ import annotations

import random
from typing import Any

from borough.agents.base import Agent, SeatView
from borough.agents.evaluation import midway, playout_policy, sampled_totals, squash, values
from borough.core.game import Action, Game

# Playouts longer than this many decisions are cut and the position judged by
# the game's values (a script that loops would otherwise never end).
PLAYOUT_LIMIT = 5000
# Final margin, in points, that a finished playout at a table maps to about
# 0.27 / 0.73: nearly a straight line over the margins a game shows, so a
# value difference of 0.01 is about two points, as solo.
PLAYOUT_SCALE = 50.0


def outcome(game: Game, state: Any, seat: int, rng: random.Random,
            scale: float = PLAYOUT_SCALE) -> float:
    """A finished playout's worth to `seat`: solo the game's values, at a table
    the final margin over the best rival on a curve of `scale` points (see the
    module); the sign follows the result, so a win on a tie-break counts as
    ahead."""
    if not game.is_over(state) or game.num_seats(state) == 1:
        return values(game, state, rng)[seat]
    result = game.result(state)
    margin = result.scores[seat] - max(score for s, score in enumerate(result.scores)
                                       if s != seat)
    margin = max(margin, 1.0) if seat in result.winners else min(margin, -1.0)
    return squash(margin / scale)


class RolloutAgent:
    """The game's script improved by one step of playouts (see the module)."""

    name = "rollout"

    def __init__(self, seed: int, fallback: Agent, candidates: int = 4, samples: int = 2,
                 margin: float = 0.0, scale: float = PLAYOUT_SCALE) -> None:
        if candidates < 1 or samples < 1:
            raise ValueError("a rollout agent needs at least one candidate and one sample")
        self.seed = seed
        self.rng = random.Random(seed)
        self.fallback = fallback
        self.candidates = candidates
        self.samples = samples
        self.margin = margin
        self.scale = scale
        self.last_iterations = 0  # playouts of the last decision (for measurements)
        self.scripts: dict[str, Agent | None] = {}

    def script(self, game: Game) -> Agent | None:
        """The game's scripted player, made once per game with this agent's seed."""
        if game.name not in self.scripts:
            self.scripts[game.name] = playout_policy(game, self.seed)
        return self.scripts[game.name]

    def choose(self, view: SeatView) -> Action:
        self.last_iterations = 0
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
        game, seat = view.game, view.seat
        totals = sampled_totals(view, tried, self.samples, self.rng,
                                lambda trial: self.play(game, trial, script,
                                                        lambda s: not game.is_over(s)),
                                lambda end: outcome(game, end, seat, self.rng, self.scale))
        self.last_iterations += len(tried) * self.samples
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
