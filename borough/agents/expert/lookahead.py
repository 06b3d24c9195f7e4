"""Expert by short scripted playouts judged by learned values.

Where a game offers a quick player (`quick_player` in its evaluation module,
`borough.agents.evaluation.quick_player`): a function deciding for a seat on
a full state, cheap enough to play every seat for a few turns hundreds of
times a decision. The agent ranks every legal move one turn ahead (the rest
of the seat's turn played by the quick player, on one sampled state) by the
game's learned values, keeps the best `candidates`, and plays each out on
`samples` sampled states (the game's own budget, `EXPERT`, where it sets
one), the same states for every move: the seat's turn
and `turns` - 1 more of its own, with every other seat's turns in between,
all by the quick player. The position there (or the finished game) is judged
by the learned values, and the move with the best mean is played. Like
hard, it stops at `seconds` of CPU a decision (hard's cap), after a whole
sampled state; the samples bind first at the shipped budget, so its play
stays reproducible for a seed.

Against a tree search at its leaves this trades breadth for realism: the
other seats answer with sensible moves instead of moves tried at random, and
each kept move is judged on many more sampled states.

Positions the learned values do not cover (`covered`), and games without a
quick player, are played by `fallback`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from borough.agents.base import Agent, SeatView
from borough.agents.evaluation import Evaluator, QuickPlayer, quick_player
from borough.agents.expert.agent import budget, covered, learned_values
from borough.agents.hard import HARD_SECONDS
from borough.core.game import Action, Game

# A turn runs at most this many decisions (a runaway script stops here).
TURN_LIMIT = 50


class ExpertLookahead:
    """The learned values' best moves, played out a few turns (see the module)."""

    name = "expert"

    def __init__(self, seed: int, fallback: Agent, *, candidates: int, samples: int,
                 turns: int, seconds: float = HARD_SECONDS,
                 clock: Callable[[], float] = time.thread_time) -> None:
        if candidates < 1 or samples < 1 or turns < 1:
            raise ValueError("a lookahead needs at least one candidate, one sample and one "
                             "turn")
        self.rng = random.Random(seed)
        self.fallback = fallback
        self.candidates = candidates
        self.samples = samples
        self.turns = turns
        self.seconds = seconds
        self.clock = clock  # CPU seconds of the deciding thread (a test may count instead)
        self.default = (candidates, samples, turns)  # where the game sets no budget (EXPERT)
        self.last_iterations = 0  # playouts of the last decision (for measurements)

    def choose(self, view: SeatView) -> Action:
        return self.rank(view)[0][0]

    def rank(self, view: SeatView) -> list[tuple[Action, float]]:
        """The move `choose` plays, then the other kept moves, best first, each
        with its mean judged value for the seat (NaN where there was one move);
        the fallback's ranking where the lookahead does not play."""
        started = self.clock()
        self.last_iterations = 0
        game, seat, legal = view.game, view.seat, view.legal_actions
        if len(legal) == 1:
            return [(legal[0], math.nan)]
        quick = quick_player(game.name)
        judge = learned_values(game.name) if quick else None
        world = view.sample(self.rng) if judge else None
        if quick is None or judge is None or world is None or not covered(game, world):
            ranked = getattr(self.fallback, "rank", None)
            return ranked(view) if ranked else [(self.fallback.choose(view), math.nan)]
        own = budget(game.name)
        self.candidates = own.get("candidates", self.default[0])
        self.samples = own.get("samples", self.default[1])
        self.turns = own.get("turns", self.default[2])
        tried = self.shortlist(game, world, seat, legal, quick, judge)
        totals = [0.0] * len(tried)
        done = 0
        while done < self.samples and (not done or self.clock() - started < self.seconds):
            done += 1
            world = view.sample(self.rng)
            for i, action in enumerate(tried):
                trial = game.clone(world)
                game.apply_trusted(trial, seat, action)
                totals[i] += judge(game, self.play(game, trial, seat, quick))[seat]
                self.last_iterations += 1
        order = sorted(range(len(tried)), key=lambda i: (-totals[i], i))
        return [(tried[i], totals[i] / done) for i in order]

    def shortlist(self, game: Game, world: Any, seat: int, legal: list[Action],
                  quick: QuickPlayer, judge: Evaluator) -> list[Action]:
        """The `candidates` moves best judged once the seat's turn is played on
        by the quick player, in the legal list's order among equals."""
        if len(legal) <= self.candidates:
            return list(legal)
        judged = []
        for i, action in enumerate(legal):
            trial = game.clone(world)
            game.apply_trusted(trial, seat, action)
            trial = _play_turn(game, trial, seat, quick)
            judged.append((-judge(game, trial)[seat], i))
        judged.sort()
        return [legal[i] for _, i in judged[:self.candidates]]

    def play(self, game: Game, state: Any, seat: int, quick: QuickPlayer) -> Any:
        """The rest of the seat's turn, `turns` - 1 more of its own and every
        other seat's turns in between, by the quick player; stops where the
        seat would begin another turn, or at the end of the game."""
        for _ in range(self.turns):
            state = _play_turn(game, state, seat, quick)  # the seat's own
            while not game.is_over(state) and game.to_act(state)[0] != seat:
                state = _play_turn(game, state, game.to_act(state)[0], quick)
        return state


def _play_turn(game: Game, state: Any, seat: int, quick: QuickPlayer) -> Any:
    """`seat`'s decisions by the quick player while it is the one to act."""
    for _ in range(TURN_LIMIT):
        if game.is_over(state) or game.to_act(state)[0] != seat:
            break
        legal = game.legal_actions(state, seat)
        game.apply_trusted(state, seat, legal[0] if len(legal) == 1
                           else quick(game, state, seat, legal))
    return state
