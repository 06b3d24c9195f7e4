"""MCTS iterations per CPU second and CPU seconds per decision at each level, per game.

    python benchmarks/agent_speed.py [--decisions N] [GAME ...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import borough
from borough.agents import SeatView, make_agent
from borough.agents.mcts import MCTSAgent
from borough.agents.registry import LEVELS


def positions(name: str, count: int) -> list:
    """Seat views spread over a random game."""
    g = borough.game(name)
    state = g.setup(g.player_counts()[0], seed=3)
    rng = random.Random(3)
    states = []
    while not g.is_over(state):
        seat = g.to_act(state)[0]
        if len(g.legal_actions(state, seat)) > 1:
            states.append((g.clone(state), seat))
        g.apply(state, seat, rng.choice(g.legal_actions(state, seat)))
    step = max(1, len(states) // count)
    return [SeatView(g, s, seat) for s, seat in states[::step][:count]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="GAME")
    parser.add_argument("--decisions", type=int, default=10)
    args = parser.parse_args()
    for name in args.names or borough.games():
        views = positions(name, args.decisions)
        agent = MCTSAgent(1, iterations=None, seconds=0.5)  # CPU seconds
        rates = []
        for view in views:
            agent.choose(view)
            rates.append(agent.last_iterations / 0.5)
        line = f"{name:>14}: MCTS {statistics.median(rates):8.0f} iterations/s;"
        for level in LEVELS:
            times = []
            for view in views:
                started = time.process_time()
                make_agent(level, 1).choose(view)
                times.append(time.process_time() - started)
            line += f"  {level} {statistics.median(times):.3f}s (max {max(times):.2f}s)"
        print(line, flush=True)


if __name__ == "__main__":
    main()
