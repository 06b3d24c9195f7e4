"""Information-set Monte Carlo tree search (single observer).

Each iteration samples a full state from the seat's information, walks the
one shared tree choosing by UCB among the actions legal in that sample
(counting how often each was available), adds one node, and values the result
for every seat with the game's position values. A node's statistics are judged
from the point of view of the seat that chose it, so several opponents and
cooperative play are handled alike.

A move the game splits into steps (a tile, then its square) is one node: when
the node is made its remaining steps are chosen greedily by the position
values and kept, and later visits take the same steps. A placement is thus
judged by its best square, as `medium` judges it, instead of by the mean of
every square the search happens to try.

The search departs from the move its position values judge best one step
ahead only when it is confident: with `confidence` z, the most visited move is
played when its mean beats the judged move's by more than z standard errors,
and the judged move otherwise. Where moves differ by less than the noise of
leaves judged at different points of later turns (Rondel City's paid rondel
steps), the search would otherwise pick among them by chance.

With `turn_steps`, a new leaf is judged once the seat that made its move has
played the rest of its turn greedily (up to that many decisions): a Rondel
City rondel step is judged by what its seat then best does on the space, not
by the position before it acts, so the first layer of the tree compares whole
turns. With `spread="deviation"` UCB's exploration term is counted in standard
deviations of the leaves below the node (see `_select`).

With `halving`, the root's moves are chosen by sequential halving instead of
UCB: the budget is split into rounds, the moves still in play get equal
visits in each, and the better half by mean goes on to the next; the best mean
of the last round is played. Leaves deeper in the game are valued on another
footing than shallow ones (more turns scored, more choices of the searching
seat maximised over), so under UCB the most visited move, having the deepest
subtree, stays ahead once it got ahead by chance; equal visits compare moves
on subtrees searched alike.

With `finish_width=0` no move is completed: each step of a split move is a
node of its own, as in a plain IS-MCTS (for measuring the search against
one; the levels complete moves).

With `evaluator`, positions are judged by it instead of the game's position
values wherever the search values a position (its leaves, finished games
among them, and the root's moves judged one step ahead); a move under way and
a turn played on are still completed greedily by the game's values, so the
moves the tree holds are the same. The expert level gives learned values
here (`borough.agents.expert`).

Moves are taken from the legal list of the sampled state, so they are applied
with `apply_trusted` (no legality re-check).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from borough.agents.base import SeatView
from borough.agents.evaluation import (
    Evaluator,
    _game_evaluator,
    completion,
    finish,
    midway,
    result_values,
    sampled_totals,
    values,
)
from borough.core.game import Action, Game

# Choices tried at each step when a move is completed greedily: as many as
# `medium` tries, so a placement node stands for as good a square as medium finds.
FINISH_WIDTH = 12
JUDGE_SAMPLES = 2  # sampled states on which the moves are judged one step ahead
# How UCB's exploration term is scaled to the values (see `MCTSAgent._select`).
SPREADS = ("leaves", "children", "deviation")
# The least standard deviation the exploration term uses: where every leaf
# below a node has had one value, the search still tries the other moves.
MIN_DEVIATION = 0.005


class Node:
    __slots__ = ("avail", "children", "squares", "then", "totals", "visits")

    def __init__(self, seats: int) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 1
        self.totals = [0.0] * seats
        self.squares = [0.0] * seats  # sums of squared values: the spread of the leaves below
        # The steps that completed the chooser's move when this node was made
        # (a tile's square after the tile): the node stands for the whole move.
        self.then: tuple[Action, ...] = ()


class MCTSAgent:
    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = 400,
        seconds: float | None = None,
        depth: int = 0,
        exploration: float = 0.3,
        finish_width: int = FINISH_WIDTH,
        spread: str = "leaves",
        confidence: float = 0.0,
        turn_steps: int = 0,
        halving: bool = False,
        evaluator: Evaluator | None = None,
    ) -> None:
        if spread not in SPREADS:
            raise ValueError(f"spread must be one of {', '.join(SPREADS)}, not {spread!r}")
        if finish_width < 0 or (finish_width == 0 and (confidence or turn_steps)):
            raise ValueError("finish_width must be positive to judge moves one step ahead "
                             "or play turns on (0: steps are nodes of their own)")
        if iterations is None and seconds is None:
            raise ValueError("MCTS needs a budget: iterations, seconds or both")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.c = exploration
        self.finish_width = finish_width
        self.spread = spread
        self.confidence = confidence
        self.turn_steps = turn_steps
        self.halving = halving
        self.evaluator = evaluator
        self.seat = 0
        self.last_iterations = 0

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        game = view.game
        seats = game.num_seats(view.sample(self.rng))
        root = Node(seats)
        # Leaf values seen so far, per seat: UCB compares means on this range, so
        # search stays sharp whether values differ by 0.5 or by 0.005.
        self.low, self.high = [math.inf] * seats, [-math.inf] * seats
        # CPU time of this thread: a busy machine or a busy server does not cut
        # the search short, and other threads' work is not counted against it.
        started = time.thread_time()
        self.seat = view.seat
        self.last_iterations = 0
        # judged before the search and within its time: equal CPU stays equal
        judged = self._judge(view) if self.confidence else None
        if self.halving:
            remaining = self._halve(view, root, started)
        else:
            self._search(view, root, started, 1.0, None)
            remaining = legal

        def visits(a: Action) -> int:
            child = root.children.get(a)
            return child.visits if child else -1

        def mean(a: Action) -> float:
            child = root.children.get(a)
            return child.totals[self.seat] / child.visits if child else -math.inf

        if self.halving:
            chosen = max(remaining, key=mean)
        else:
            most = max(visits(a) for a in legal)
            chosen = self.rng.choice([a for a in legal if visits(a) == most])
        if judged is None:
            return chosen
        top = max(judged)
        # among equally judged moves, the one the search visited most
        default = max((a for a, v in zip(legal, judged, strict=True) if v >= top - 1e-9),
                      key=visits)
        if default not in remaining:  # it lost a comparison on equal visits
            return chosen
        return chosen if self._beats(root, chosen, default) else default

    def _search(self, view: SeatView, root: Node, started: float, share: float,
                first: list[Action] | None) -> None:
        """Iterate until `share` of the budget (iterations and CPU time) has
        been spent since `started`; with `first`, the root's move is taken from
        it in turn, each as often as the others."""
        game, rng = view.game, self.rng
        limit = None if self.iterations is None else round(self.iterations * share)
        deadline = started + self.seconds * share if self.seconds else None
        turn = 0
        while True:
            if limit is not None and self.last_iterations >= limit:
                break
            if deadline is not None and time.thread_time() >= deadline:
                break
            forced = first[turn % len(first)] if first else None
            self._iterate(game, view.sample(rng), root, forced)
            turn += 1
            self.last_iterations += 1

    def _halve(self, view: SeatView, root: Node, started: float) -> list[Action]:
        """Sequential halving at the root: the budget is split into rounds; in
        each the moves still in play get equal visits, and the better half by
        mean goes on. Moves are thus compared on subtrees searched alike: UCB's
        most visited move has the deepest subtree, and the values of leaves
        deeper in the game are not comparable with shallower ones, so a move
        that once got ahead by chance stays ahead."""
        remaining = list(view.legal_actions)
        rounds = max(1, math.ceil(math.log2(len(remaining))))
        seat = self.seat

        def mean(a: Action) -> float:
            child = root.children.get(a)
            return child.totals[seat] / child.visits if child else -math.inf

        for r in range(rounds):
            self._search(view, root, started, (r + 1) / rounds, remaining)
            if r < rounds - 1:
                remaining.sort(key=mean, reverse=True)
                remaining = remaining[: max(2, (len(remaining) + 1) // 2)]
        return remaining

    def _judge(self, view: SeatView) -> list[float]:
        """Each legal move's value for the seat one step ahead (a split move
        completed greedily), averaged over sampled states, as `medium` judges."""
        game, seat, rng = view.game, view.seat, self.rng
        return sampled_totals(view, view.legal_actions, JUDGE_SAMPLES, rng,
                              lambda trial: finish(game, trial, seat, rng, self.finish_width),
                              lambda state: self._values(game, state)[seat])

    def _beats(self, root: Node, chosen: Action, default: Action) -> bool:
        """Is the search's move better than the judged one by more than
        `confidence` standard errors of the difference of their means?"""
        if chosen == default or default not in root.children:
            return True
        a, b = root.children[chosen], root.children[default]
        seat = self.seat

        def mean_var(n: Node) -> tuple[float, float]:
            mean = n.totals[seat] / n.visits
            return mean, max(0.0, n.squares[seat] / n.visits - mean * mean) / n.visits

        (ma, va), (mb, vb) = mean_var(a), mean_var(b)
        return ma - mb > self.confidence * math.sqrt(va + vb)

    def _iterate(self, game: Game, state: Any, root: Node, first: Action | None = None) -> None:
        rng = self.rng
        node, path = root, [root]
        seats = len(root.totals)
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            actions = game.legal_actions(state, seat)
            if first is not None:  # the root's move is given (legal in every sample)
                if first in actions:
                    actions = [first]
                first = None
            children = node.children
            untried = []
            for a in actions:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                action = rng.choice(untried)
                child = Node(seats)
                children[action] = child
                game.apply_trusted(state, seat, action)
                path.append(child)
                # a move split into steps is judged once its steps are done, and
                # the node keeps those steps: later visits take them again
                if self.finish_width:
                    state, child.then = completion(game, state, seat, rng,
                                                   self.finish_width)
                if self.turn_steps:
                    state = self._finish_turn(game, state, seat)
                break
            best = self._select(node, actions, seat)
            game.apply_trusted(state, seat, best)
            node = children[best]
            path.append(node)
            if node.then:
                state = self._complete(game, state, seat, node.then)
        result = self._leaf_value(game, state)
        for s in range(seats):
            value = result[s]
            if value < self.low[s]:
                self.low[s] = value
            if value > self.high[s]:
                self.high[s] = value
        squared = [v * v for v in result]
        for n in path:
            n.visits += 1
            totals, squares = n.totals, n.squares
            for s in range(seats):
                totals[s] += result[s]
                squares[s] += squared[s]

    def _select(self, node: Node, actions: list[Action], seat: int) -> Action:
        """The child UCB chooses, every action having been tried at `node`."""
        children, c = node.children, self.c
        if self.spread == "deviation":
            # the exploration term in standard deviations of the leaves below
            # the node: moves whose means differ by less than the noise of their
            # leaves keep being compared, and a clear difference is exploited,
            # whether the leaves vary by 0.5 or by 0.005
            mean = node.totals[seat] / node.visits
            var = node.squares[seat] / node.visits - mean * mean
            width = c * max(MIN_DEVIATION, math.sqrt(max(0.0, var)))
            low, scale = 0.0, 1.0
        elif self.spread == "children":
            # the children's means on their own range: sharp when moves differ
            # by 0.03 and leaves by 0.9, but it also stretches mere noise
            means = [children[a].totals[seat] / children[a].visits for a in actions]
            low = min(means)
            span = max(means) - low
            scale, width = (1.0 / span if span > 1e-12 else 1.0), c
        else:
            # leaf values seen so far for this seat
            low, span = self.low[seat], self.high[seat] - self.low[seat]
            scale, width = (1.0 / span if span > 1e-12 else 1.0), c
        best, best_score = actions[0], -math.inf
        for a in actions:
            child = children[a]
            score = ((child.totals[seat] / child.visits - low) * scale
                     + width * math.sqrt(math.log(child.avail) / child.visits))
            if score > best_score:
                best, best_score = a, score
        return best

    def _finish_turn(self, game: Game, state: Any, seat: int) -> Any:
        """The seat's turn played on greedily, up to `turn_steps` decisions,
        before a new leaf is judged: a rondel step is judged by what the seat
        best does on its space, not by the position before it acts."""
        rng, width = self.rng, self.finish_width
        for _ in range(self.turn_steps):
            if game.is_over(state) or game.to_act(state)[0] != seat:
                break
            legal = game.legal_actions(state, seat)
            if len(legal) > width:
                legal = rng.sample(legal, width)
            best, best_value = state, -math.inf
            for action in legal:
                trial = game.clone(state)
                game.apply_trusted(trial, seat, action)
                trial = finish(game, trial, seat, rng, width)
                value = values(game, trial, rng)[seat]
                if value > best_value:
                    best, best_value = trial, value
            state = best
        return state

    def _complete(self, game: Game, state: Any, seat: int, steps: tuple[Action, ...]) -> Any:
        """Take a node's completing steps again; in a sample where one is not
        open, complete the move greedily from there instead."""
        for step in steps:
            if not midway(game, state, seat):
                return state
            if step not in game.legal_actions(state, seat):
                break
            game.apply_trusted(state, seat, step)
        else:
            return state
        return finish(game, state, seat, self.rng, self.finish_width)

    def _leaf_value(self, game: Game, state: Any) -> list[float]:
        """Judge a new leaf: with a game heuristic, after `depth` random moves;
        without one, by playing the game out at random."""
        rng = self.rng
        judged = _game_evaluator(game.name) is not None
        limit = self.depth if judged else 10**9
        steps = 0
        while steps < limit and not game.is_over(state):
            seat = game.to_act(state)[0]
            game.apply_trusted(state, seat, rng.choice(game.legal_actions(state, seat)))
            steps += 1
        return self._values(game, state) if judged else result_values(game, state)

    def _values(self, game: Game, state: Any) -> list[float]:
        """Each seat's value of a position: the `evaluator`'s where given, a
        finished game included (it judges those on its own scale)."""
        if self.evaluator is None:
            return values(game, state, self.rng)
        return self.evaluator(game, state)
