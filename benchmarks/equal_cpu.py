"""Hard and expert at equal CPU time per decision, for `borough arena`.

Both search with hard's settings until their thread has spent the same CPU
seconds on the decision (no iteration budget), so a dearer leaf costs its
side iterations: expert beats hard here only if its learned values are worth
what they cost. Run from the repository (PYTHONPATH=.):

    borough arena --format ladder --game architectura --players 2 --games 50 \\
        --workers 1 --resume arc.jsonl \\
        --agents benchmarks.equal_cpu:Expert50ms,benchmarks.equal_cpu:Hard50ms

`Expert100ms` and `Hard100ms` give both 0.1 s. In Small City, where hard
improves the script by playouts (`borough.agents.rollout`), `RolloutHard40ms`
and `RolloutExpert40ms` give hard's shortlist and playouts 0.04 s a decision,
expert screening the moves first by playouts cut a round on and judged by
the learned values, then playing out whole only the moves kept (with
EQUAL_CPU_LOG=FILE set, each decision's playouts and CPU seconds are
appended there, a JSON line each):

    EQUAL_CPU_LOG=sc-decisions.jsonl borough arena --format ladder \
        --game smallcity --players 2 --games 120 --workers 1 --resume sc.jsonl \
        --agents benchmarks.equal_cpu:RolloutExpert40ms,benchmarks.equal_cpu:RolloutHard40ms

`measure` times the leaf
itself: python benchmarks/equal_cpu.py [GAME ...] prints, over positions of
self-play games, the hand-made and the learned values' CPU microseconds a
position and the search's iterations per CPU second with each.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from typing import Any

import borough
from borough.agents.base import SeatView
from borough.agents.evaluation import values
from borough.agents.expert.agent import covered, learned, learned_values
from borough.agents.greedy import GreedyAgent
from borough.agents.mcts import MCTSAgent
from borough.agents.registry import (
    EXPERT_CUT_ROUNDS,
    EXPERT_SCREEN,
    HARD_ROLLOUT,
    ROLLOUT_MARGIN,
    hard,
    hard_settings,
)
from borough.agents.rollout import RolloutAgent
from borough.core.game import Action

ROUNDS = 7


class _Timed(MCTSAgent):
    seconds_each = 0.05
    learned = False

    def __init__(self, seed: int) -> None:
        super().__init__(seed, iterations=None, seconds=self.seconds_each, **hard_settings())

    def choose(self, view: SeatView) -> Action:
        name = view.game.name
        self.turn_steps = hard_settings(name)["turn_steps"]
        self.evaluator = learned_values(name) if self.learned else None
        if self.learned and self.evaluator is None:
            raise ValueError(f"expert has no weights for {name}")
        return super().choose(view)


class Hard50ms(_Timed):
    seconds_each = 0.05


class Expert50ms(_Timed):
    seconds_each = 0.05
    learned = True


class Hard100ms(_Timed):
    seconds_each = 0.1


class Expert100ms(_Timed):
    seconds_each = 0.1
    learned = True


class _TimedRollout(RolloutAgent):
    """Hard's rollout settings (shortlist, margin) on a CPU budget a decision."""

    seconds_each = 0.04
    learned = False

    def __init__(self, seed: int) -> None:
        super().__init__(seed, hard(seed), margin=ROLLOUT_MARGIN,
                         candidates=HARD_ROLLOUT["candidates"], seconds=self.seconds_each,
                         evaluator=learned if self.learned else None,
                         cut_rounds=EXPERT_CUT_ROUNDS, covers=covered,
                         screen=EXPERT_SCREEN)
        self.log = os.environ.get("EQUAL_CPU_LOG")

    def choose(self, view: SeatView) -> Action:
        action = super().choose(view)
        if self.log:
            spent = self.clock() - self.started
            with open(self.log, "a") as out:
                out.write(json.dumps({"agent": type(self).__name__, "seat": view.seat,
                                      "playouts": self.last_iterations,
                                      "screened": self.last_screened,
                                      "cpu": round(spent, 6)}) + "\n")
        return action


class RolloutHard40ms(_TimedRollout):
    seconds_each = 0.04


class RolloutExpert40ms(_TimedRollout):
    seconds_each = 0.04
    learned = True


def positions(name: str, games: int) -> list[tuple[Any, int]]:
    """Positions (state, seat to act) of greedy two-player games."""
    g = borough.game(name)
    out = []
    for seed in range(games):
        state = g.setup(2, seed=seed)
        agents = [GreedyAgent(seed * 2 + s, samples=1, noise=0.2) for s in range(2)]
        while not g.is_over(state):
            seat = g.to_act(state)[0]
            out.append((g.clone(state), seat))
            g.apply(state, seat, agents[seat].choose(SeatView(g, state, seat)))
    return out


def measure(name: str, games: int, searches: int, seconds: float) -> None:
    g = borough.game(name)
    learned = learned_values(name)
    if learned is None:
        raise SystemExit(f"expert has no weights for {name}")
    found = positions(name, games)
    rng = random.Random(0)
    judges = (("hand", lambda s: values(g, s, rng)), ("learned", lambda s: learned(g, s)))
    # the two in turn, several rounds, the median kept: a busy machine
    # slows one round, not one of the two
    costs: dict[str, list[float]] = {label: [] for label, _ in judges}
    for _ in range(ROUNDS):
        for label, judge in judges:
            started = time.process_time()
            for state, _ in found:
                judge(state)
            costs[label].append((time.process_time() - started) / len(found) * 1e6)
    for label, each in costs.items():
        print(f"{name}: {label} values {statistics.median(each):.1f} µs a position "
              f"(median of {ROUNDS} rounds over {len(found)} positions)")
    picks = [p for p in found if len(g.legal_actions(p[0], p[1])) > 1]
    picks = picks[:: max(1, len(picks) // searches)][:searches]
    for label, evaluator in (("hard", None), ("expert", learned)):
        rates = []
        for state, seat in picks:
            agent = MCTSAgent(1, iterations=None, seconds=seconds, **hard_settings(name),
                              evaluator=evaluator)
            started = time.process_time()
            agent.choose(SeatView(g, state, seat))
            rates.append(agent.last_iterations / (time.process_time() - started))
        print(f"{name}: {label} search {statistics.median(rates):,.0f} iterations per CPU s, "
              f"median of {len(rates)} ({min(rates):,.0f}-{max(rates):,.0f})")


def main() -> None:
    parser = argparse.ArgumentParser(description="The learned leaf's cost against the hand one's.")
    parser.add_argument("names", nargs="*", metavar="GAME")
    parser.add_argument("--games", type=int, default=5, help="greedy games giving positions")
    parser.add_argument("--searches", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=0.2, help="CPU seconds a search")
    args = parser.parse_args()
    for name in args.names or ["architectura", "rondelcity"]:
        measure(name, args.games, args.searches, args.seconds)


if __name__ == "__main__":
    main()
