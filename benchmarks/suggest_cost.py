"""Time of one move suggestion (the medium level's move with what it does and
why, as the server's POST /api/games/{id}/suggest computes it in its worker
process), per game, over positions of games played at random at every player
count: CPU time p50, p99 and the worst, and the wall-clock time p50 and p99.

The worker computes one suggestion at a time; its CPU time is the time it is
busy per request (the answer's latency on an idle machine, less a few ms of
serving); the wall-clock time is that latency on this machine as loaded now.

    python benchmarks/suggest_cost.py [--games 1] [--every 5]
"""

from __future__ import annotations

import argparse
import random
import time

import borough
from borough.server.hints import advise


def measure(name: str, games: int, every: int) -> tuple[list[float], list[float]]:
    """The CPU and the wall-clock seconds of each suggestion, each sorted."""
    game = borough.game(name)
    costs: list[float] = []
    walls: list[float] = []
    for players in game.player_counts():
        for g in range(games):
            state = game.setup(players, seed=g, options=game.resolve_options(players, {}))
            rng = random.Random(g)
            step = 0
            while not game.is_over(state):
                seat = game.to_act(state)[0]
                legal = game.legal_actions(state, seat)
                if step % every == 0 and len(legal) > 1:
                    start, wall = time.process_time(), time.perf_counter()
                    advise(game, state, seat, step, [f"P{i}" for i in range(players)])
                    costs.append(time.process_time() - start)
                    walls.append(time.perf_counter() - wall)
                game.apply(state, seat, rng.choice(legal))
                step += 1
    return sorted(costs), sorted(walls)


def quantile(sorted_values: list[float], q: float) -> float:
    return sorted_values[int(q * (len(sorted_values) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="games per player count")
    parser.add_argument("--every", type=int, default=5, help="measure every n-th decision")
    args = parser.parse_args()
    print(
        f"{'game':<14}{'positions':>10}{'CPU p50 ms':>12}{'CPU p99 ms':>12}{'worst ms':>10}"
        f"{'wall p50 ms':>13}{'wall p99 ms':>13}"
    )
    for name in borough.games():
        costs, walls = measure(name, args.games, args.every)
        print(
            f"{name:<14}{len(costs):>10}{quantile(costs, 0.5) * 1000:>12.1f}"
            f"{quantile(costs, 0.99) * 1000:>12.1f}{costs[-1] * 1000:>10.1f}"
            f"{quantile(walls, 0.5) * 1000:>13.1f}{quantile(walls, 0.99) * 1000:>13.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
