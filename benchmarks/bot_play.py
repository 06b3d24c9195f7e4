"""Bots-only games: do they end, how long are they, and how often do bots wait?

For every game and level (random play beside them), whole tables of one level
play each other on the same seeds. Reported per row: how many games ended
within the decision limit, the median and longest game in decisions, and the
passive-play rate: of the decisions where the bot could either wait (pass,
skip, finish the step) or make a move that scores or builds, the share where
it waited. What counts as waiting and as a scoring move is listed per game in
PASSIVE. Hard plays at full strength (its CPU-time cap included).

    python benchmarks/bot_play.py [--games N] [--hard-games N] [--workers W] [GAME ...]
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import borough
from borough import match as matches
from borough.agents import SeatView, make_agent

LEVELS = ("random", "easy", "medium", "hard")
LIMIT = 3000  # decisions: far beyond any sensible game (random Rondel City excepted)
RANDOM_LIMIT = 20_000

# game: (waiting moves, scoring moves), by the action's first word
PASSIVE: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "rondelcity": (frozenset({"pass", "skip"}), frozenset({"place"})),
    "smallcity": (frozenset({"done", "pass"}), frozenset({"tile"})),
    "citycouncil": (frozenset({"done", "no_proposal"}), frozenset({"score", "construct"})),
    "ekopolis": (frozenset({"skip"}), frozenset({"green"})),
    "architectura": (frozenset({"done"}), frozenset({"target"})),
}


def waited(name: str, state, seat: int, legal: list, action: tuple) -> tuple[bool, bool]:
    """(could wait or score here, waited), for the passive-play rate."""
    wait, score = PASSIVE[name]
    kinds = {a[0] for a in legal}
    if not (kinds & wait and kinds & score):
        return False, False
    if name == "smallcity" and state.phase == "build" and state.seats[seat].built_now:
        return False, False  # finishing after building is not waiting
    return True, action[0] in wait


def players_for(name: str) -> int:
    return min(c for c in borough.game(name).player_counts() if c >= 2)


def play_one(task: tuple[str, str, int]) -> tuple[bool, int, int, int, float]:
    name, level, seed = task
    g = borough.game(name)
    n = players_for(name)
    m = matches.start(g, n, 40_000 + seed, {})
    agents = [make_agent(level, matches.seat_seed(seed, s)) for s in range(n)]
    limit = RANDOM_LIMIT if level == "random" else LIMIT
    chances = passive = decisions = 0
    started = time.process_time()
    state = m.state
    while not g.is_over(state) and decisions < limit:
        seat = g.to_act(state)[0]
        view = SeatView(g, state, seat)
        action = agents[seat].choose(view)
        could, did = waited(name, state, seat, view.legal_actions, action)
        chances += could
        passive += did
        g.apply(state, seat, action)
        decisions += 1
    return g.is_over(state), decisions, chances, passive, time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="GAME")
    parser.add_argument("--games", type=int, default=10, help="games per level")
    parser.add_argument("--hard-games", type=int, default=3, help="games at level hard")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print("| game | level | games ended | decisions median (max) | waited when it could "
          "score | CPU s per game |")
    print("|---|---|---|---|---|---|")
    with ProcessPoolExecutor(args.workers) as pool:
        for name in args.names or borough.games():
            for level in args.levels.split(","):
                count = args.hard_games if level == "hard" else args.games
                rows = list(pool.map(play_one, [(name, level, i) for i in range(count)]))
                ended = sum(1 for r in rows if r[0])
                lengths = [r[1] for r in rows]
                chances, passive = sum(r[2] for r in rows), sum(r[3] for r in rows)
                rate = f"{passive / chances:.0%} of {chances}" if chances else "never both"
                print(f"| {name} {players_for(name)}p | {level} | {ended}/{count} | "
                      f"{statistics.median(lengths):.0f} ({max(lengths)}) | {rate} | "
                      f"{statistics.fmean(r[4] for r in rows):.1f} |", flush=True)


if __name__ == "__main__":
    main()
