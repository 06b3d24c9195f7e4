"""CPU time of one move suggestion (the medium bot's top two, as the server's
POST /api/games/{id}/suggest computes it), per game, over positions of games
played at random: the mean and the worst.

The server computes suggestions one at a time in a thread of its own; this is
the time that thread is busy per request.

    python benchmarks/suggest_cost.py [--games 3] [--every 5]
"""

from __future__ import annotations

import argparse
import random
import time

import borough
from borough.server.hints import advise


def measure(name: str, games: int, every: int) -> tuple[int, float, float]:
    game = borough.game(name)
    players = max(game.player_counts())
    costs: list[float] = []
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
    return len(costs), sum(costs) / len(costs), max(costs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=5, help="measure every n-th decision")
    args = parser.parse_args()
    print(f"{'game':<14}{'positions':>10}{'mean ms':>10}{'worst ms':>10}")
    for name in borough.games():
        n, mean, worst = measure(name, args.games, args.every)
        print(f"{name:<14}{n:>10}{mean * 1000:>10.1f}{worst * 1000:>10.1f}")


if __name__ == "__main__":
    main()
