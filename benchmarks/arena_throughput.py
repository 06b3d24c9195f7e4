"""Games per second of `borough arena` jobs on 1 and 2 local workers and on Ray.

Each configuration plays the same seeded games. Besides the wall-clock rate it
reports the CPU seconds the games themselves used (each job times its own
process), so the figures can be read on a busy machine: `cpu-bound` is the
rate the workers would reach with a core each to themselves, and `share` is
the fraction of their cores the workers actually got. `all-in` counts every
CPU second the run cost on this machine, not only the games': the parent
(sending jobs, receiving results), starting the workers, and for Ray its own
processes (raylet, GCS, idle workers); it is counted from the first result to the
last (the start is reported apart), `overhead` being the part of it that was
not the games themselves.

    python benchmarks/arena_throughput.py [--game G] [--agent A] [--games N] [--ray]
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from pathlib import Path

from borough.arena import runner
from borough.arena.jobs import Job

TICK = os.sysconf("SC_CLK_TCK")


def own_cpu() -> float:
    """CPU seconds of this process and of the children it has reaped."""
    return sum(r.ru_utime + r.ru_stime for r in (
        resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)))


def tree_cpu() -> float:
    """CPU seconds of this process and of every live descendant (read from /proc), so
    Ray's processes are counted while they run."""
    parents: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended meanwhile
        parents[int(entry.name)] = int(fields[1])
        ticks[int(entry.name)] = int(fields[11]) + int(fields[12])  # utime + stime
    mine, frontier = {os.getpid()}, [os.getpid()]
    while frontier:
        pid = frontier.pop()
        for child, parent in parents.items():
            if parent == pid and child not in mine:
                mine.add(child)
                frontier.append(child)
    return own_cpu() + sum(ticks.get(p, 0) for p in mine - {os.getpid()}) / TICK


def measure(jobs: list[Job], workers: int, ray: str | None) -> dict[str, float]:
    """Rates from the first result to the last, so that starting the workers (or Ray,
    which takes seconds) is not counted; the all-in CPU counts everything."""
    cpu: list[float] = []
    stamps: list[float] = []
    at_first: list[float] = []

    def keep(result: dict) -> None:
        cpu.append(result["cpu_seconds"])
        stamps.append(time.perf_counter())
        if not at_first:
            at_first.append(tree_cpu())

    if ray is None:
        before = own_cpu()
        runner.run_jobs(jobs, keep, workers)
        end = own_cpu()  # the pool's workers are reaped when it closes
    else:
        import ray as ray_module

        before = tree_cpu()
        ray_module.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
                        configure_logging=False)
        try:
            runner._gather(ray_module, jobs, keep)
            end = tree_cpu()
        finally:
            ray_module.shutdown()
    wall = stamps[-1] - stamps[0]
    timed = cpu[1:]
    steady = end - at_first[0]  # everything from the first result to the last
    return {"games/s": len(timed) / wall,
            "cpu-bound games/s": workers * len(timed) / sum(timed),
            "share": sum(timed) / (workers * wall),
            "all-in cpu-bound games/s": workers * len(timed) / steady,
            "overhead": 1 - sum(timed) / steady,
            "start cpu": at_first[0] - before}


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
              f"of their cores; all-in {row['all-in cpu-bound games/s']:.2f} cpu-bound "
              f"({row['overhead']:.0%} not the games), {row['start cpu']:.1f} cpu s to "
              f"the first result; load {os.getloadavg()[0]:.1f}",
              flush=True)


if __name__ == "__main__":
    main()
