"""Information-set Monte Carlo tree search (single observer).

Each iteration samples a full state from the seat's information, walks the
one shared tree choosing by UCB among the actions legal in that sample
(counting how often each was available), adds one node, plays on with a cheap
policy for a few decisions, and values the result for every seat. A node's
statistics are judged from the point of view of the seat that chose it, so
several opponents and cooperative play are handled alike.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from borough.agents.base import SeatView
from borough.agents.evaluation import _game_evaluator, finish, result_values, values
from borough.core.game import Action, Game


class Node:
    __slots__ = ("avail", "children", "totals", "visits")

    def __init__(self, seats: int) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 1
        self.totals = [0.0] * seats


class MCTSAgent:
    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = 400,
        seconds: float | None = None,
        depth: int = 0,
        exploration: float = 0.3,
        finish_width: int = 6,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("MCTS needs a budget: iterations, seconds or both")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.c = exploration
        self.finish_width = finish_width
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
        deadline = time.thread_time() + self.seconds if self.seconds else None
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.thread_time() >= deadline:
                break
            self._iterate(game, view.sample(self.rng), root)
            done += 1
        self.last_iterations = done

        def visits(a: Action) -> int:
            child = root.children.get(a)
            return child.visits if child else -1

        most = max(visits(a) for a in legal)
        return self.rng.choice([a for a in legal if visits(a) == most])

    def _iterate(self, game: Game, state: Any, root: Node) -> None:
        rng, c = self.rng, self.c
        node, path = root, [root]
        seats = len(root.totals)
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            actions = game.legal_actions(state, seat)
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
                # a move split into steps is judged once its steps are done
                state = finish(game, state, seat, rng, self.finish_width)
                break
            best, best_score = None, -math.inf
            low, span = self.low[seat], self.high[seat] - self.low[seat]
            scale = 1.0 / span if span > 1e-12 else 1.0
            for a in actions:
                child = children[a]
                mean = (child.totals[seat] / child.visits - low) * scale
                score = mean + c * math.sqrt(math.log(child.avail) / child.visits)
                if score > best_score:
                    best, best_score = a, score
            game.apply_trusted(state, seat, best)
            node = children[best]
            path.append(node)
        result = self._leaf_value(game, state)
        for s in range(seats):
            value = result[s]
            if value < self.low[s]:
                self.low[s] = value
            if value > self.high[s]:
                self.high[s] = value
        for n in path:
            n.visits += 1
            totals = n.totals
            for s in range(seats):
                totals[s] += result[s]

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
        return values(game, state, rng) if judged else result_values(game, state)
