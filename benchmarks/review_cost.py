"""CPU time of a game review (`borough review`, and the end screen's), per game:
one game of random play per player count, every seat reviewed, no budget.

    python benchmarks/review_cost.py [--games 1]
"""

from __future__ import annotations

import argparse
import time

import borough
from borough.agents.base import SeatView
from borough.agents.random_agent import RandomAgent
from borough.agents.review import review
from borough.core.record import Record


def record_of(name: str, players: int, seed: int) -> Record:
    game = borough.game(name)
    options = game.resolve_options(players, {})
    state = game.setup(players, seed=seed, options=options)
    record = Record.start(game, players, seed, options)
    agent = RandomAgent(seed)
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        action = agent.choose(SeatView(game, state, seat))
        record.moves.append((seat, action))
        game.apply(state, seat, action)
    return record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="games per player count")
    args = parser.parse_args()
    print(f"{'game':<14}{'players':>8}{'decisions':>10}{'CPU s':>8}{'ms/decision':>12}")
    for name in borough.games():
        game = borough.game(name)
        for players in game.player_counts():
            for g in range(args.games):
                record = record_of(name, players, g)
                start = time.process_time()
                found = review(game, record, seconds=1e9)
                spent = time.process_time() - start
                judged = sum(found.judged.values())
                print(f"{name:<14}{players:>8}{judged:>10}{spent:>8.1f}"
                      f"{1000 * spent / max(judged, 1):>12.1f}", flush=True)


if __name__ == "__main__":
    main()
