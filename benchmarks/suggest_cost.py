"""Time of one move suggestion (the medium level's move with what it does and
why, as the server's POST /api/games/{id}/suggest computes it in its worker
process), per game, over positions of games played at random at every player
count: CPU time p50, p99 and the worst.

The worker computes one suggestion at a time; this is the time it is busy per
request (the answer's latency on an idle machine, less a few ms of serving).

    python benchmarks/suggest_cost.py [--games 1] [--every 5]
"""

from __future__ import annotations

import argparse
import random
import time

import borough
from borough.server.hints import advise


def measure(name: str, games: int, every: int) -> list[float]:
    game = borough.game(name)
    costs: list[float] = []
    for players in game.player_counts():
        for g in range(games):
            state = game.setup(players, seed=g, options=game.resolve_options(players, {}))
            rng = random.Random(g)
            step = 0
            while not game.is_over(state):
                seat = game.to_act(state)[0]
                legal = game.legal_actions(state, seat)
                if step % every == 0 and len(legal) > 1:
                    start = time.process_time()
                    advise(game, state, seat, step, [f"P{i}" for i in range(players)])
                    costs.append(time.process_time() - start)
                game.apply(state, seat, rng.choice(legal))
                step += 1
    return sorted(costs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="games per player count")
    parser.add_argument("--every", type=int, default=5, help="measure every n-th decision")
    args = parser.parse_args()
    print(f"{'game':<14}{'positions':>10}{'p50 ms':>9}{'p99 ms':>9}{'worst ms':>10}")
    for name in borough.games():
        costs = measure(name, args.games, args.every)
        p50, p99 = costs[len(costs) // 2], costs[int(0.99 * (len(costs) - 1))]
        print(f"{name:<14}{len(costs):>10}{p50 * 1000:>9.1f}{p99 * 1000:>9.1f}"
              f"{costs[-1] * 1000:>10.1f}", flush=True)


if __name__ == "__main__":
    main()
