"""How long a player waits for hard and for expert: CPU seconds a decision.

Each level as a player meets it (`make_agent`: its own budget, capped at
HARD_SECONDS of CPU) decides positions of greedy games at the given table;
the deciding thread's CPU time is timed for each decision with more than one
legal move, and the median and maximum printed, with how many decisions
reached the cap. Run from the repository:

    PYTHONPATH=. python benchmarks/expert_wait.py architectura ekopolis:3 \\
        --games 2 --decisions 20
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import borough
from borough.agents.base import SeatView
from borough.agents.greedy import GreedyAgent
from borough.agents.registry import HARD_SECONDS, make_agent

SEED = 200000  # deals no training and no final measurement uses


def positions(name: str, players: int, games: int) -> list[tuple[Any, int]]:
    """Positions (state, seat to act, with a choice) of greedy games."""
    g = borough.game(name)
    out = []
    for k in range(games):
        seed = SEED + k
        state = g.setup(players, seed=seed)
        agents = [GreedyAgent(seed * 7 + s, samples=1, noise=0.2) for s in range(players)]
        while not g.is_over(state):
            seat = g.to_act(state)[0]
            if len(g.legal_actions(state, seat)) > 1:
                out.append((g.clone(state), seat))
            g.apply(state, seat, agents[seat].choose(SeatView(g, state, seat)))
    return out


def wait(name: str, players: int, games: int, decisions: int, levels: list[str]) -> None:
    g = borough.game(name)
    found = positions(name, players, games)
    picks = found[:: max(1, len(found) // decisions)][:decisions]
    for level in levels:
        spent = []
        for i, (state, seat) in enumerate(picks):
            agent = make_agent(level, i)
            started = time.thread_time()
            agent.choose(SeatView(g, state, seat))
            spent.append(time.thread_time() - started)
        capped = sum(s >= HARD_SECONDS for s in spent)
        print(f"{name} {players}p {level}: median {statistics.median(spent):.2f} s, "
              f"max {max(spent):.2f} s of CPU a decision over {len(spent)} decisions "
              f"({capped} at the {HARD_SECONDS} s cap)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description="CPU seconds a decision of hard and expert.")
    parser.add_argument("names", nargs="+", metavar="GAME[:PLAYERS]")
    parser.add_argument("--games", type=int, default=2, help="greedy games giving positions")
    parser.add_argument("--decisions", type=int, default=20)
    parser.add_argument("--levels", default="hard,expert")
    args = parser.parse_args()
    for spec in args.names:
        name, _, n = spec.partition(":")
        wait(name, int(n or 2), args.games, args.decisions, args.levels.split(","))


if __name__ == "__main__":
    main()
