"""Games per second of `borough arena` jobs on 1 and 2 local workers and on Ray.

Each configuration plays the same seeded games. Besides the wall-clock rate it
reports the CPU seconds the games themselves used (each job times its own
process), so the figures can be read on a busy machine: `cpu-bound` is the
rate the workers would reach with a core each to themselves, and `share` is
the fraction of their cores the workers actually got.

    python benchmarks/arena_throughput.py [--game G] [--agent A] [--games N] [--ray]
"""

from __future__ import annotations

import argparse
import os
import time

from borough.arena import runner
from borough.arena.jobs import Job


def measure(jobs: list[Job], workers: int, ray: str | None) -> dict[str, float]:
    """Rates from the first result to the last, so that starting the workers (or Ray,
    which takes seconds) is not counted."""
    cpu: list[float] = []
    stamps: list[float] = []

    def keep(result: dict) -> None:
        cpu.append(result["cpu_seconds"])
        stamps.append(time.perf_counter())

    runner.run_jobs(jobs, keep, workers, ray)
    wall = stamps[-1] - stamps[0]
    timed = cpu[1:]
    return {"games/s": len(timed) / wall,
            "cpu-bound games/s": workers * len(timed) / sum(timed),
            "share": sum(timed) / (workers * wall)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ekopolis")
    parser.add_argument("--agent", default="easy")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--ray", action="store_true", help="Also measure Ray (local).")
    args = parser.parse_args()
    from borough.games import load

    players = load(args.game).player_counts()[0]
    jobs = [Job(f"g{i}", args.game, players, i, (args.agent,) * players)
            for i in range(args.games)]
    print(f"{args.game}, {players} players, {args.agent}, {args.games} games; "
          f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    configs = [("local", 1, None), ("local", 2, None)]
    if args.ray:
        configs += [("ray", 1, "local"), ("ray", 2, "local")]
    for kind, workers, ray in configs:
        row = measure(jobs, workers, ray)
        print(f"{kind:5} {workers} cpu: {row['games/s']:.2f} games/s wall, "
              f"{row['cpu-bound games/s']:.2f} cpu-bound, workers got {row['share']:.0%} "
              f"of their cores; load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
