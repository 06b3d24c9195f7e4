"""MCTS iterations per CPU second, and CPU seconds per decision at each level,
for every game and player count.

Positions are spread over a random game. The search runs with hard's settings
on a CPU-time budget; its rate is the iterations it ran divided by the CPU time
the decision really took (not the nominal budget), so a busy machine changes
neither figure.

    python benchmarks/agent_speed.py [--decisions N] [--seconds S] [--levels] [GAME ...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import borough
from borough.agents import SeatView, make_agent
from borough.agents.mcts import MCTSAgent
from borough.agents.registry import LEVELS, hard_settings


def positions(name: str, players: int, count: int) -> list[SeatView]:
    """Seat views spread over a random game."""
    g = borough.game(name)
    state = g.setup(players, seed=3)
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
    parser.add_argument("--seconds", type=float, default=0.3, help="CPU seconds a search")
    parser.add_argument("--levels", action="store_true",
                        help="also time a decision of every level")
    args = parser.parse_args()
    print("| game | players | MCTS iterations per CPU second, median (min-max) |"
          + (" " + " | ".join(LEVELS) + " CPU s a decision, median (max) |" if args.levels else ""))
    for name in args.names or borough.games():
        for players in borough.game(name).player_counts():
            views = positions(name, players, args.decisions)
            agent = MCTSAgent(1, iterations=None, seconds=args.seconds, **hard_settings())
            rates = []
            for view in views:
                started = time.process_time()
                agent.choose(view)
                rates.append(agent.last_iterations / (time.process_time() - started))
            line = (f"| {name} | {players} | {statistics.median(rates):,.0f} "
                    f"({min(rates):,.0f}-{max(rates):,.0f}) |")
            if args.levels:
                for level in LEVELS:
                    times = []
                    for view in views:
                        started = time.process_time()
                        make_agent(level, 1).choose(view)
                        times.append(time.process_time() - started)
                    line += f" {statistics.median(times):.3f} ({max(times):.2f}) |"
            print(line, flush=True)


if __name__ == "__main__":
    main()
