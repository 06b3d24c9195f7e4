"""The strength table: does each level beat the one below it, with 95% confidence?

For every game, each pairing A vs B is played on paired seeds with seats
rotated: one A against B in every other seat, A taking each seat in turn on
the same seed. A beats B when the lower end of the 95% interval of A's win
share is above the 1/n a seat would win by chance. In a cooperative game
(Ekopolis basic) whole tables of A and of B play the same seeds, and the
group scores are compared instead. In City Council, where the whole table
often loses together, A beats B when its score margin over B is above zero.

    python benchmarks/strength.py [--games N] [--workers W] [GAME ...]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import borough
from borough import match as matches
from borough.agents import make_agent

PAIRINGS = (("hard", "medium"), ("medium", "easy"), ("easy", "random"))


@dataclass(frozen=True)
class Setting:
    game: str
    players: int
    options: tuple
    cooperative: bool = False

    @property
    def label(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options)
        return f"{self.game} {self.players}p" + (f" {opts}" if opts else "")


def settings_for(name: str) -> list[Setting]:
    g = borough.game(name)
    players = min(c for c in g.player_counts() if c >= 2)  # a solo game has no rival
    if name == "ekopolis":
        return [
            Setting(name, 4, (("version", "full"),)),
            Setting(name, 4, (("version", "basic"),), cooperative=True),
        ]
    return [Setting(name, players, ())]


def play_one(task: tuple[Setting, str, str, int]) -> tuple[float, float]:
    setting, a, b, index = task
    g = borough.game(setting.game)
    n = setting.players
    options = dict(setting.options)
    if setting.cooperative:
        seed, side = divmod(index, 2)
        name = a if side == 0 else b
        m = matches.start(g, n, 10_000 + seed, options)
        agents = [make_agent(name, matches.seat_seed(seed, s)) for s in range(n)]
        return float(matches.play(m, agents).result().scores[0]), 0.0
    seed, hero = divmod(index, n)
    m = matches.start(g, n, 10_000 + seed, options)
    agents = [make_agent(a if s == hero else b, matches.seat_seed(seed, s)) for s in range(n)]
    result = matches.play(m, agents).result()
    share = 1.0 / len(result.winners) if hero in result.winners else 0.0
    others = [result.scores[s] for s in range(n) if s != hero]
    return share, result.scores[hero] - sum(others) / len(others)


def everyone_can_lose(name: str) -> bool:
    """Games whose result may have no winner (the whole table loses together)."""
    return name == "citycouncil"


def interval(xs: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return mean, mean - half, mean + half


def share_interval(xs: list[float]) -> tuple[float, float, float]:
    """Wilson's 95% interval for a win share: unlike the normal one it stays
    honest near 0% and 100% (40 wins of 40 give [91%, 100%], not [100%, 100%])."""
    n, p, z = len(xs), statistics.fmean(xs), 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, centre - half, centre + half


def run(setting: Setting, a: str, b: str, games: int, pool: ProcessPoolExecutor) -> dict:
    started = time.perf_counter()
    if setting.cooperative:
        count = games + games % 2  # half the tables are all A, half all B, on paired seeds
        outcomes = [x for x, _ in pool.map(play_one, [(setting, a, b, i) for i in range(count)])]
        diffs = [outcomes[i] - outcomes[i + 1] for i in range(0, count, 2)]
        mean, low, high = interval(diffs)
        beats = low > 0
        measure = f"group score {mean:+.1f} [{low:+.1f}, {high:+.1f}]"
    else:
        count = games - games % setting.players or setting.players
        pairs = list(pool.map(play_one, [(setting, a, b, i) for i in range(count)]))
        mean, low, high = share_interval([w for w, _ in pairs])
        margin, m_low, m_high = interval([m for _, m in pairs])
        measure = (f"win {mean:.1%} [{low:.1%}, {high:.1%}] vs {1 / setting.players:.0%}; "
                   f"score margin {margin:+.1f} [{m_low:+.1f}, {m_high:+.1f}]")
        # Where most games may end with no winner at all, judge by the score margin.
        beats = m_low > 0 if everyone_can_lose(setting.game) else low > 1 / setting.players
    return {
        "setting": setting.label, "a": a, "b": b, "games": count, "measure": measure,
        "beats": beats, "seconds": round(time.perf_counter() - started, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="GAME")
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pairings", default=",".join(f"{a}:{b}" for a, b in PAIRINGS),
                        help="comma-separated A:B pairs (default: the three levels)")
    parser.add_argument("--setting", default="",
                        help="only settings whose label contains this text (e.g. basic)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    with ProcessPoolExecutor(args.workers) as pool:
        for name in args.names or borough.games():
            for setting in settings_for(name):
                if args.setting not in setting.label:
                    continue
                for a, b in (p.split(":") for p in args.pairings.split(",")):
                    row = run(setting, a, b, args.games, pool)
                    rows.append(row)
                    if args.json:
                        print(json.dumps(row), flush=True)
                    else:
                        verdict = "yes" if row["beats"] else "NO"
                        print(f"| {row['setting']} | {a} vs {b} | {row['games']} | "
                              f"{row['measure']} | {verdict} |", flush=True)


if __name__ == "__main__":
    main()
