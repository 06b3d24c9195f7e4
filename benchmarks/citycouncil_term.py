"""City Council without a term (CC-58): how long do bots' games run, and why do some never end?

Whole tables of one level play the book's game (term=none) on seeds SEED, SEED+1, ...
for every player count and mode, each game stopped after CAP rounds. Reported per
level: the games still running after 20, 30 and 50 rounds, those that reached the
cap, and for those what was left to play with: building tiles (face up and in the
stacks), Favor cards (deck and hands), the round of the last point scored and the
cubes in the city.

    python benchmarks/citycouncil_term.py [--levels random,easy,medium] [--games N ...]
"""

from __future__ import annotations

import argparse
import json
import time

import borough
from borough import match as matches

CAP = 200  # rounds: far past any game that can still end


def play(level: str, players: int, mode: str, seed: int) -> dict:
    game = borough.game("citycouncil")
    m = matches.start(game, players, seed, {"mode": mode, "term": "none"})
    agents = [matches.Bot(level, m, s) for s in range(players)]
    st = m.state
    scores, last_point = list(st.scores), 1
    while not game.is_over(st) and st.round <= CAP:
        seat = game.to_act(st)[0]
        action = agents[seat].choose(matches.SeatView(game, st, seat))
        game.apply(st, seat, action)
        m.record.moves.append((seat, action))
        if st.scores != scores:
            scores, last_point = list(st.scores), st.round
    return {
        "seed": seed, "rounds": st.round, "outcome": st.outcome or "running",
        "tiles_left": len(st.display) + sum(len(s) for s in st.stacks),
        "favors_left": len(st.deck) + sum(len(h) for h in st.hands),
        "last_point_round": last_point, "top_score": max(st.scores),
        "criminality": sum(st.red), "pollution": sum(st.grey),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="random,easy,medium",
                        help="levels, each playing every seat (default: random,easy,medium)")
    parser.add_argument("--games", default="250,100,50",
                        help="games per player count and mode, one number per level")
    parser.add_argument("--seed", type=int, default=50000, help="first seed (default 50000)")
    parser.add_argument("--json", action="store_true", help="print every game as JSON lines")
    args = parser.parse_args()
    levels = [x for x in args.levels.split(",") if x]
    counts = [int(x) for x in args.games.split(",")]
    if len(counts) != len(levels):
        parser.error("give one --games number per level")
    print(f"City Council, rules version {borough.game('citycouncil').rules_version}, "
          f"term=none, seeds from {args.seed}, stopped at round {CAP}")
    for level, n in zip(levels, counts, strict=True):
        started = time.process_time()
        games = [play(level, p, mode, args.seed + i)
                 for p in (2, 3, 4, 5) for mode in ("basic", "advanced") for i in range(n)]
        if args.json:
            for g in games:
                print(json.dumps({"level": level, **g}))
        rounds = [g["rounds"] for g in games]
        stuck = [g for g in games if g["outcome"] == "running"]
        print(f"{level}: {len(games)} games ({time.process_time() - started:.0f} s CPU); "
              f"past round 20: {sum(r > 20 for r in rounds)}, past 30: "
              f"{sum(r > 30 for r in rounds)}, past 50: {sum(r > 50 for r in rounds)}, "
              f"still running at {CAP}: {len(stuck)}")
        for g in stuck:
            print(f"  seed {g['seed']}: {g['tiles_left']} tiles and {g['favors_left']} Favor "
                  f"cards left, last point in round {g['last_point_round']}, top score "
                  f"{g['top_score']}, criminality {g['criminality']}, pollution "
                  f"{g['pollution']}")


if __name__ == "__main__":
    main()
