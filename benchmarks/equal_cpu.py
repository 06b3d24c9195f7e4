"""Hard and expert at equal CPU time per decision, for `borough arena`.

Both search with hard's settings until their thread has spent the same CPU
seconds on the decision (no iteration budget), so a dearer leaf costs its
side iterations: expert beats hard here only if its learned values are worth
what they cost. Run from the repository (PYTHONPATH=.):

    borough arena --format ladder --game architectura --players 2 --games 50 \\
        --workers 1 --resume arc.jsonl \\
        --agents benchmarks.equal_cpu:Expert50ms,benchmarks.equal_cpu:Hard50ms

`Expert100ms` and `Hard100ms` give both 0.1 s. `measure` times the leaf
itself: python benchmarks/equal_cpu.py [GAME ...] prints, over positions of
self-play games, the hand-made and the learned values' CPU microseconds a
position and the search's iterations per CPU second with each.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import borough
from borough.agents.base import SeatView
from borough.agents.evaluation import values
from borough.agents.expert.agent import learned_values
from borough.agents.greedy import GreedyAgent
from borough.agents.mcts import MCTSAgent
from borough.agents.registry import hard_settings
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
