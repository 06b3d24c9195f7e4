"""Small City against the book's solo rating scale (SC-S6).

Plays solo games at level mayor (default content and options) for each level,
for the reference player (`borough/games/smallcity/planner/`, a scripted
plan) and, when named, `search` (hard's search given many more iterations and
no time cap), and two-player games of one player against itself (hard by
default, `--duel-player`) or against a rival (`--duel-rival`, the seats
swapped from one seed to the next; only the duel player's scores are
summarised, to tell what a table's rival costs from what a seat's own play
scores). Reports per player
the score distribution, how many games reached each rating, and the CPU
seconds per decision (median and the slowest).

    python benchmarks/smallcity_rating.py [--solo-games N] [--duel-games N]
        [--players medium,hard,reference,search] [--search-iterations N]
        [--duel-player P] [--duel-rival R] [--workers W] [--first-seed K]
        [--verbose]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed

import borough
from borough import match as matches
from borough.agents import SeatView, make_agent
from borough.agents.mcts import MCTSAgent
from borough.agents.registry import HARD_EXPLORATION
from borough.games.smallcity import scoring
from borough.games.smallcity.planner import Planner

GAME = "smallcity"


def agent_for(player: str, seed: int, search_iterations: int):
    if player == "reference":
        return Planner(seed)
    if player == "search":
        return MCTSAgent(seed, iterations=search_iterations, exploration=HARD_EXPLORATION)
    return make_agent(player, seed)


Task = tuple[str, int, int, int, str]


def play_one(task: Task) -> tuple[list[int], list[float]]:
    """One game: the scores of the seats `player` holds, and the CPU seconds of
    each of its decisions. With a rival, `player` holds seat 1 on even seeds
    and seat 2 on odd ones."""
    player, players, seed, search_iterations, rival = task
    g = borough.game(GAME)
    m = matches.start(g, players, 50_000 + seed, {"level": "mayor"})
    mine = [s for s in range(players) if not rival or s == seed % 2]
    agents = [agent_for(player if s in mine else rival, matches.seat_seed(seed, s),
                        search_iterations) for s in range(players)]
    times = []
    state = m.state
    while not g.is_over(state):
        seat = g.to_act(state)[0]
        started = time.process_time()
        action = agents[seat].choose(SeatView(g, state, seat))
        if seat in mine:
            times.append(time.process_time() - started)
        g.apply(state, seat, action)
    scores = g.result(state).scores
    return [scores[s] for s in mine], times


def played(pool: ProcessPoolExecutor, tasks: list[Task],
           verbose: bool) -> list[tuple[list[int], list[float]]]:
    """Every task's game; with `verbose`, each game's scores as it ends (a
    long run on a busy machine then shows its progress)."""
    futures = {pool.submit(play_one, task): task for task in tasks}
    for future in as_completed(futures):
        if verbose:
            player, players, seed, _, rival = futures[future]
            scores, times = future.result()
            against = f" against {rival}" if rival else ""
            print(f"# {player}{against}, {players} player(s), seed {seed}: {scores}; "
                  f"{len(times)} "
                  f"decisions, CPU s each: median {statistics.median(times):.3f}, "
                  f"max {max(times):.2f}", flush=True)
    return [future.result() for future in futures]


def summary(label: str, scores: list[int], times: list[float]) -> str:
    g = borough.game(GAME)
    q = statistics.quantiles(scores, n=4) if len(scores) > 1 else [scores[0]] * 3
    ratings = Counter(scoring.rating(g.tables, s) for s in scores)
    order = ["below Homestead"] + [title for _, title in g.content.solo["ratings"]]
    counts = ", ".join(f"{name} {ratings[name]}" for name in order if ratings[name])
    return (f"| {label} | {len(scores)} | {statistics.median(scores):.0f} | "
            f"{q[0]:.0f} to {q[2]:.0f} | {min(scores)} to {max(scores)} | {counts} | "
            f"{statistics.median(times):.2f} (max {max(times):.2f}) |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--solo-games", type=int, default=50)
    parser.add_argument("--duel-games", type=int, default=50)
    parser.add_argument("--players", default="medium,hard,reference")
    parser.add_argument("--duel-player", default="hard",
                        help="the player at both seats of the two-player games")
    parser.add_argument("--duel-rival", default="",
                        help="a rival for the duel player at two-player tables instead "
                        "of itself (a level, or reference)")
    parser.add_argument("--search-iterations", type=int, default=4000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--verbose", action="store_true", help="print each game as it ends")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="play seeds from this one on (to split a long run)")
    args = parser.parse_args()
    print("| player | games | median | middle half | range | ratings | CPU s per decision |")
    print("|---|---|---|---|---|---|---|")
    with ProcessPoolExecutor(args.workers) as pool:
        for player in filter(None, args.players.split(",")):
            tasks = [(player, 1, i, args.search_iterations, "")
                     for i in range(args.first_seed, args.first_seed + args.solo_games)]
            games = played(pool, tasks, args.verbose)
            scores = [s[0] for s, _ in games]
            print(summary(f"{player}, solo at mayor", scores,
                          [t for _, ts in games for t in ts]), flush=True)
        if args.duel_games:
            tasks = [(args.duel_player, 2, i, args.search_iterations, args.duel_rival)
                     for i in range(args.first_seed, args.first_seed + args.duel_games)]
            games = played(pool, tasks, args.verbose)
            scores = [x for s, _ in games for x in s]
            label = (f"{args.duel_player} vs {args.duel_rival}, 2 players (seats swapped)"
                     if args.duel_rival else
                     f"{args.duel_player} vs {args.duel_player}, 2 players (both seats)")
            print(summary(label, scores,
                          [t for _, ts in games for t in ts]), flush=True)


if __name__ == "__main__":
    main()
