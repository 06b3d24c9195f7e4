"""Random-play speed of every registered game engine, on one core.

Measures decisions per second (legal_actions + apply), games per second and
the time of one clone, over seeded random games. Times are CPU time of this
process, so the figures hold on a busy machine too.

    python benchmarks/engine_speed.py [--games N] [--players P] [--option K=V ...]
                                      [--json] [GAME ...]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import borough


def measure(name: str, games: int, players: int | None,
            options: dict[str, str] | None = None) -> dict:
    g = borough.game(name)
    n = players or max(g.player_counts())
    decisions = 0
    game_times = []
    clone_times = []
    for seed in range(games):
        rng = random.Random(seed)
        state = g.setup(n, seed=seed, options=options)
        started = time.process_time()
        while not g.is_over(state):
            seat = g.to_act(state)[0]
            g.apply(state, seat, rng.choice(g.legal_actions(state, seat)))
            decisions += 1
        game_times.append(time.process_time() - started)
        # clone cost on a mid-game state
        mid = g.setup(n, seed=seed, options=options)
        for _ in range(decisions // games // 2):
            if g.is_over(mid):
                break
            seat = g.to_act(mid)[0]
            g.apply(mid, seat, rng.choice(g.legal_actions(mid, seat)))
        t0 = time.process_time()
        for _ in range(200):
            g.clone(mid)
        clone_times.append((time.process_time() - t0) / 200)
    total = sum(game_times)
    return {
        "game": name,
        "players": n,
        "options": options or {},
        "games": games,
        "decisions_per_second": decisions / total,
        "games_per_second": games / total,
        "median_game_seconds": statistics.median(game_times),
        "clone_microseconds": statistics.median(clone_times) * 1e6,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="GAME", help="games to measure (default: all)")
    parser.add_argument("--games", type=int, default=200, help="games per engine")
    parser.add_argument("--players", type=int, default=None, help="default: the most allowed")
    parser.add_argument("--option", action="append", default=[], metavar="K=V",
                        help="a game option, e.g. mode=basic (repeatable)")
    parser.add_argument("--json", action="store_true", help="print JSON lines")
    args = parser.parse_args()
    bad = [o for o in args.option if "=" not in o]
    if bad:
        parser.error(f"options are written K=V, not {bad[0]!r}")
    options = dict(o.split("=", 1) for o in args.option) or None
    for name in args.names or borough.games():
        row = measure(name, args.games, args.players, options)
        if args.json:
            print(json.dumps(row))
        else:
            print(
                f"{name:>14} {row['players']}p: {row['decisions_per_second']:>9,.0f} decisions/s"
                f"  {row['games_per_second']:>8.1f} games/s"
                f"  median game {row['median_game_seconds'] * 1000:7.1f} ms"
                f"  clone {row['clone_microseconds']:6.1f} µs"
            )


if __name__ == "__main__":
    main()
