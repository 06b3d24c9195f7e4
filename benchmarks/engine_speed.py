"""Random-play speed of every game engine, on one core, at every player count.

For each game and player count: decisions per second (to_act + legal_actions +
apply, as a random player makes them), games per second, and the cost of one
clone at the real middle (half of that game's decisions) and late stage (nine
tenths) of each game. Each game is played once and its actions replayed to
reach those stages, so the stages are the game's own and not a share of a
running total. Times are CPU time of this process, so the figures hold on a
busy machine too.

    python benchmarks/engine_speed.py [--games N] [--players P] [--option K=V ...]
                                      [--json] [GAME ...]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

import borough

CLONES = 200  # clones timed per stage and game


def play(g: borough.Game, players: int, seed: int, options: dict[str, str] | None
         ) -> tuple[float, list[tuple[int, Any]]]:
    """One random game: its CPU seconds and its moves."""
    rng = random.Random(seed)
    state = g.setup(players, seed=seed, options=options)
    moves: list[tuple[int, Any]] = []
    started = time.process_time()
    while not g.is_over(state):
        seat = g.to_act(state)[0]
        action = rng.choice(g.legal_actions(state, seat))
        g.apply(state, seat, action)
        moves.append((seat, action))
    return time.process_time() - started, moves


def clone_cost(g: borough.Game, players: int, seed: int, options: dict[str, str] | None,
               moves: list[tuple[int, Any]], upto: int) -> float:
    """Seconds of one clone of the position after the first `upto` moves."""
    state = g.setup(players, seed=seed, options=options)
    for seat, action in moves[:upto]:
        g.apply(state, seat, action)
    started = time.process_time()
    for _ in range(CLONES):
        g.clone(state)
    return (time.process_time() - started) / CLONES


def measure(name: str, games: int, players: int,
            options: dict[str, str] | None = None) -> dict:
    g = borough.game(name)
    decisions = 0
    game_times: list[float] = []
    mid: list[float] = []
    late: list[float] = []
    for seed in range(games):
        seconds, moves = play(g, players, seed, options)
        game_times.append(seconds)
        decisions += len(moves)
        mid.append(clone_cost(g, players, seed, options, moves, len(moves) // 2))
        late.append(clone_cost(g, players, seed, options, moves, len(moves) * 9 // 10))
    total = sum(game_times)
    return {
        "game": name,
        "players": players,
        "options": options or {},
        "games": games,
        "decisions_per_second": decisions / total,
        "games_per_second": games / total,
        "decisions_per_game": decisions / games,
        "median_game_seconds": statistics.median(game_times),
        "clone_mid_microseconds": statistics.median(mid) * 1e6,
        "clone_late_microseconds": statistics.median(late) * 1e6,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="GAME", help="games to measure (default: all)")
    parser.add_argument("--games", type=int, default=100, help="games per engine and player count")
    parser.add_argument("--players", type=int, default=None,
                        help="one player count (default: every count the game allows)")
    parser.add_argument("--option", action="append", default=[], metavar="K=V",
                        help="a game option, e.g. version=basic (repeatable)")
    parser.add_argument("--json", action="store_true", help="print JSON lines")
    args = parser.parse_args()
    bad = [o for o in args.option if "=" not in o]
    if bad:
        parser.error(f"options are written K=V, not {bad[0]!r}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    options = dict(o.split("=", 1) for o in args.option) or None
    names = args.names or borough.games.names()
    unknown = [n for n in names if n not in borough.games.names()]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; the games are "
                     f"{', '.join(borough.games.names())}")
    if not args.json:
        print(f"{'game':>12} {'players':>7} {'decisions/s':>12} {'games/s':>8} "
              f"{'decisions':>9} {'clone mid':>10} {'clone late':>10}")
    for name in names:
        counts = [args.players] if args.players else list(borough.game(name).player_counts())
        for players in counts:
            row = measure(name, args.games, players, options)
            if args.json:
                print(json.dumps(row), flush=True)
            else:
                print(f"{name:>12} {players:>7} {row['decisions_per_second']:>12,.0f} "
                      f"{row['games_per_second']:>8.1f} {row['decisions_per_game']:>9.0f} "
                      f"{row['clone_mid_microseconds']:>8.1f}µs "
                      f"{row['clone_late_microseconds']:>8.1f}µs", flush=True)


if __name__ == "__main__":
    main()
