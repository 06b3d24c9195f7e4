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

Three options change how the candidates are judged, never which are tried:

- `seconds`: instead of `samples` states for every candidate, states are
  drawn and the candidates played out on each in turn (the script's move
  first) until the deciding thread has spent that much CPU time on the
  decision, shortlist included; each candidate is then judged by the mean of
  the playouts it got. Two agents given the same seconds spend the same CPU.
- `evaluator` with `cut_rounds`: a playout stops once the game has gone
  `cut_rounds` rounds past the decision's (at the start of that round, the
  same point for every candidate) and the position there is judged by the
  evaluator for the seat, where `covers(game, state)` says it knows such
  positions. A playout that reaches the end first is judged as before; near
  the end every candidate's does, so one decision never mixes the two. A
  cut playout costs a fraction of a whole one, so a budget in seconds buys
  more of them, and what a whole one would add after the cut (the script's
  play, and chance) is the evaluator's to predict.
- `screen` (with an evaluator): the cut playouts only screen the moves, on
  one sampled state; a move judged worse than the script's by more than
  `screen` is dropped, and the moves kept are played out to the end and
  judged as without an evaluator. Cut playouts forecast a move's worth less
  well than whole ones, but well enough to tell the moves not worth whole
  playouts, which then go to the others.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from borough.agents.base import Agent, SeatView
from borough.agents.evaluation import (
    Evaluator,
    midway,
    playout_policy,
    squash,
    values,
)
from borough.core.game import Action, Game
from borough.core.values import final_margin

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
    return squash(final_margin(game.result(state), seat) / scale)


class RolloutAgent:
    """The game's script improved by one step of playouts (see the module)."""

    name = "rollout"

    def __init__(self, seed: int, fallback: Agent, candidates: int = 4, samples: int = 2,
                 margin: float = 0.0, scale: float = PLAYOUT_SCALE,
                 seconds: float | None = None, evaluator: Evaluator | None = None,
                 cut_rounds: int = 1, covers: Callable[[Game, Any], bool] | None = None,
                 screen: float | None = None,
                 clock: Callable[[], float] = time.thread_time) -> None:
        if candidates < 1 or samples < 1 or cut_rounds < 1:
            raise ValueError("a rollout agent needs at least one candidate, one sample "
                             "and one round before a cut")
        if seconds is not None and seconds <= 0:
            raise ValueError("a budget in seconds must be positive")
        self.seconds = seconds
        self.evaluator = evaluator
        self.cut_rounds = cut_rounds
        self.covers = covers
        self.screen = screen
        self.clock = clock  # CPU seconds of the deciding thread (a test may count instead)
        self.started = 0.0
        self.seed = seed
        self.rng = random.Random(seed)
        self.fallback = fallback
        self.candidates = candidates
        self.samples = samples
        self.margin = margin
        self.scale = scale
        self.last_iterations = 0  # playouts of the last decision (for measurements)
        self.last_screened = 0
        self.scripts: dict[str, Agent | None] = {}

    def script(self, game: Game) -> Agent | None:
        """The game's scripted player, made once per game with this agent's seed."""
        if game.name not in self.scripts:
            self.scripts[game.name] = playout_policy(game, self.seed)
        return self.scripts[game.name]

    def choose(self, view: SeatView) -> Action:
        return self.rank(view)[0][0]

    def rank(self, view: SeatView) -> list[tuple[Action, float]]:
        """The move `choose` plays, then the other moves it weighed, best first,
        each with its judged value for the seat (NaN where a move was taken
        without weighing: the only one, or the script's when no other was tried;
        without a script, the fallback's ranking where it has one)."""
        self.last_iterations = 0
        self.last_screened = 0  # of them, cut playouts of a screen
        self.started = self.clock()
        script = self.script(view.game)
        if script is None:
            ranked = getattr(self.fallback, "rank", None)
            return ranked(view) if ranked else [(self.fallback.choose(view), math.nan)]
        legal = view.legal_actions
        if len(legal) == 1:
            return [(legal[0], math.nan)]
        own = script.choose(view)
        if self.candidates == 1:
            return [(own, math.nan)]
        tried = self.shortlist(view, script, own)
        if len(tried) == 1:
            return [(own, math.nan)]
        means = self.judge(view, script, tried)
        best = max(range(len(tried)), key=lambda i: means[i])
        # the script's move unless another is better by more than the margin
        pick = best if means[best] > means[0] + self.margin else 0
        order = sorted(range(len(tried)), key=lambda i: (i != pick, -means[i]))
        return [(tried[i], means[i]) for i in order]

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
        game out (or on to the cut), on the same sampled states for every move;
        in seconds, on as many states as the budget allows; with a `screen`,
        only the moves the cut playouts keep are played out whole (see the
        module)."""
        going, judged, cut = self.playout(view)
        keep = list(range(len(tried)))
        if cut and self.screen is not None:
            self.last_screened = len(tried)
            first = self.sampled(view, script, tried, keep, going, judged, 1, timed=False)
            keep = [0] + [i for i in keep[1:] if first[i] >= first[0] - self.screen]
            going, judged = self.whole(view)
        return self.sampled(view, script, tried, keep, going, judged, self.samples,
                            timed=self.seconds is not None)

    def sampled(self, view: SeatView, script: Agent, tried: list[Action], keep: list[int],
                going: Callable[[Any], bool], judged: Callable[[Any], float],
                samples: int, timed: bool) -> list[float]:
        """The mean judgement of the moves in `keep` (by index into `tried`),
        played out on `samples` sampled states, the same for every move, or
        `timed`, on as many as the `seconds` allow; the others -inf."""
        game, seat = view.game, view.seat
        totals, counts = [0.0] * len(tried), [0] * len(tried)
        budget = self.seconds or 0.0
        for k in range(PLAYOUT_LIMIT):
            if (self.clock() - self.started >= budget) if timed else k >= samples:
                break
            world = view.sample(self.rng)
            for n, i in enumerate(keep):
                if timed and n and self.clock() - self.started >= budget:
                    break
                trial = game.clone(world)
                game.apply_trusted(trial, seat, tried[i])
                totals[i] += judged(self.play(game, trial, script, going))
                counts[i] += 1
                self.last_iterations += 1
        # a move not kept, or that the budget never reached, is not chosen
        return [t / c if c else -math.inf for t, c in zip(totals, counts, strict=True)]

    def whole(self, view: SeatView) -> tuple[Callable[[Any], bool], Callable[[Any], float]]:
        """Playouts to the end, judged by `outcome`."""
        game, seat = view.game, view.seat

        def finished(end: Any) -> float:
            return outcome(game, end, seat, self.rng, self.scale)

        def to_end(s: Any) -> bool:
            return not game.is_over(s)

        return to_end, finished

    def playout(self, view: SeatView) -> tuple[Callable[[Any], bool],
                                                Callable[[Any], float], bool]:
        """When a playout goes on, how its last position is judged for the
        seat, and whether it is cut: to the end and by `outcome`, or to the
        cut and by the evaluator (see the module)."""
        game, seat = view.game, view.seat
        to_end, finished = self.whole(view)
        evaluator = self.evaluator
        if evaluator is None:  # no sample drawn: the playouts' states stay as they were
            return to_end, finished, False
        state = view.sample(self.rng)  # the round is public: any sample tells it
        if self.covers is not None and not self.covers(game, state):
            return to_end, finished, False
        cut = state.round + self.cut_rounds

        def to_cut(s: Any) -> bool:
            return s.round < cut and not game.is_over(s)

        def cut_or_finished(end: Any) -> float:
            return finished(end) if game.is_over(end) else evaluator(game, end)[seat]

        return to_cut, cut_or_finished, True

    @staticmethod
    def play(game: Game, state: Any, script: Agent, going: Any) -> Any:
        """The script's moves for every seat while `going(state)` holds."""
        for _ in range(PLAYOUT_LIMIT):
            if not going(state):
                break
            seat = game.to_act(state)[0]
            game.apply_trusted(state, seat, script.choose(SeatView(game, state, seat)))
        return state
