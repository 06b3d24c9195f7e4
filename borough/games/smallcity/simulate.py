"""A short simulation of whole games, to check the designed content.

Each seat plays a sampled one-step greedy policy: it looks at up to 24
legal actions, tries each on a copy and keeps the one that most improves a
plain estimate of its position. The figures (game length, win share by seat,
scores, what was chosen) show whether games end and whether one choice
dominates.

    python -m borough.games.smallcity.simulate [--games N] [--players P ...] [--mode M]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from borough.games.smallcity import pollution
from borough.games.smallcity.rules import CARDS, SmallCity
from borough.games.smallcity.state import SmallCityState

GAME = SmallCity()


def estimate(st: SmallCityState, s: int) -> float:
    """Votes now and to come, money, buildings, minus pollution and the likely
    cost of Special Promises."""
    seat = st.seats[s]
    if seat.eliminated:
        return -1000.0
    left = 9 - st.round
    covered = sum(len(t.cells) for t in seat.tiles if t is not None)
    return (seat.votes + pollution.votes_of(GAME.tables, st, s) * left + 0.6 * seat.money
            + 0.8 * covered + 0.5 * sum(seat.disc_col) - 1.2 * seat.pollution
            - 4 * (len(seat.specials) + (1 if st.draw and st.current == s else 0)))


FOLLOW_UPS = frozenset({"place", "warehouse", "extend", "to", "keep", "benefit", "staff",
                        "waive", "spend", "store"})


def _value(st: SmallCityState, s: int, rng: random.Random, depth: int) -> float:
    """The estimate once the seat has finished the compound decision it started
    (a tile and its placement, a citizen and its destination), looking ahead
    greedily over a few follow-ups."""
    step = st.seats[s].bstep if st.phase == "build" else st.step
    if depth == 0 or s not in GAME.to_act(st) or step not in FOLLOW_UPS:
        return estimate(st, s)
    acts = GAME.legal_actions(st, s)
    best = None
    for a in rng.sample(acts, min(6, len(acts))):
        trial = st.copy()
        GAME._apply(trial, s, a)
        v = _value(trial, s, rng, depth - 1)
        best = v if best is None or v > best else best
    return estimate(st, s) if best is None else best


def choose(st: SmallCityState, s: int, rng: random.Random) -> tuple:
    acts = GAME.legal_actions(st, s)
    if len(acts) == 1:
        return acts[0]
    sample = rng.sample(acts, min(24, len(acts)))
    best, best_value = sample[0], None
    for a in sample:
        trial = st.copy()
        GAME._apply(trial, s, a)
        value = _value(trial, s, rng, 2) + rng.random() * 0.5
        if best_value is None or value > best_value:
            best, best_value = a, value
    return best


def play(players: int, seed: int, options: dict | None = None):
    rng = random.Random(seed)
    st = GAME.setup(players, seed, options or {})
    verbs: Counter = Counter()
    cards: Counter = Counter()
    built: Counter = Counter()
    decisions = 0
    while not GAME.is_over(st):
        s = rng.choice(GAME.to_act(st))
        a = choose(st, s, rng)
        verbs[a[0]] += 1
        if a[0] == "card":
            cards[CARDS[st.circle[a[1]]]] += 1
        if a[0] == "tile":
            built[GAME.types[a[1]].key] += 1
        GAME._apply(st, s, a)
        decisions += 1
    return st, decisions, verbs, cards, built


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, nargs="*", default=[1, 2, 3, 4])
    parser.add_argument("--mode", default="basic",
                        help="basic, votes, economic, citizens or cultural")
    args = parser.parse_args()
    for n in args.players:
        wins: Counter = Counter()
        lengths, scores, seconds = [], [], []
        verbs: Counter = Counter()
        cards: Counter = Counter()
        built: Counter = Counter()
        kept = deaths = lost = 0
        for seed in range(args.games):
            t0 = time.perf_counter()
            st, decisions, v, c, b = play(n, seed, {"mode": args.mode})
            seconds.append(time.perf_counter() - t0)
            res = GAME.result(st)
            for w in res.winners:
                wins[w] += 1 / len(res.winners)
            lengths.append(decisions)
            scores += res.scores
            verbs += v
            cards += c
            built += b
            kept += sum(r["promise_kept"] for r in res.detail["rows"])
            deaths += sum(len(seat.cemeteries) for seat in st.seats)
            lost += sum(seat.eliminated for seat in st.seats)
        games = args.games
        print(f"{n} players, {games} games: decisions median {statistics.median(lengths)} "
              f"(min {min(lengths)}, max {max(lengths)}), {statistics.median(seconds):.2f} s/game")
        print("  win share by seat: "
              + ", ".join(f"P{s + 1} {wins[s] / games:.2f}" for s in range(n)))
        print(f"  scores: median {statistics.median(scores)}, min {min(scores)}, "
              f"max {max(scores)}; promises kept {kept}/{games * n}; cemeteries {deaths}; "
              f"eliminated {lost}")
        print("  cards taken: " + ", ".join(f"{k} {v}" for k, v in cards.most_common()))
        print("  tiles chosen: " + ", ".join(f"{k} {v}" for k, v in built.most_common()))
        print("  decisions: " + ", ".join(f"{k} {v}" for k, v in verbs.most_common()))


if __name__ == "__main__":
    main()
