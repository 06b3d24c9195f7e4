"""Spreading jobs over local worker processes or Ray tasks, gathering results.

Both ways hand each job to `jobs.run` and pass every result back as it comes;
the caller keeps them (and their order does not matter: reports sort results
by job). Ray is only asked to run tasks and return their values.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from itertools import islice
from typing import Any

from borough.arena.jobs import Job, run

OnResult = Callable[[dict[str, Any]], None]


def run_jobs(jobs: Sequence[Job], on_result: OnResult, workers: int = 1,
             ray_address: str | None = None) -> None:
    """Run every job; call on_result with each result as soon as it is back."""
    if not jobs:
        return
    if ray_address is not None:
        _on_ray(jobs, on_result, ray_address, workers)
    elif workers <= 1:
        for job in jobs:
            on_result(run(job))
    else:
        _on_processes(jobs, on_result, workers)


def _on_processes(jobs: Sequence[Job], on_result: OnResult, workers: int) -> None:
    # A bounded number of jobs in flight keeps memory flat on long runs and lets
    # an interrupted run stop soon.
    pending = iter(jobs)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        running: set[Future[dict[str, Any]]] = set()
        _top_up(pool, pending, running, 2 * workers)
        try:
            while running:
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    on_result(future.result())
                _top_up(pool, pending, running, 2 * workers)
        except BaseException:
            for future in running:
                future.cancel()
            raise


def _top_up(pool: ProcessPoolExecutor, pending: Iterable[Job],
            running: set[Future[dict[str, Any]]], limit: int) -> None:
    for job in pending:
        running.add(pool.submit(run, job))
        if len(running) >= limit:
            break


def _on_ray(jobs: Sequence[Job], on_result: OnResult, address: str, cpus: int) -> None:
    """`local` starts Ray on this machine with `cpus` CPUs (and stops it after);
    `auto` or `ray://HOST:PORT` joins a running cluster."""
    import ray

    if address == "local":
        ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False,
                 configure_logging=False)
    else:
        ray.init(address=address, log_to_driver=False, configure_logging=False)
    try:
        _gather(ray, jobs, on_result)
    finally:
        ray.shutdown()


def _gather(ray: Any, jobs: Sequence[Job], on_result: OnResult) -> None:
    task = ray.remote(run)
    # Waves of submissions keep the driver's memory flat on very long runs.
    limit = max(4, 4 * int(ray.cluster_resources().get("CPU", 1)))
    pending = iter(jobs)
    running = [task.remote(job) for job in islice(pending, limit)]
    while running:
        done, running = ray.wait(running, num_returns=1)
        for ref in done:
            on_result(ray.get(ref))
        running += [task.remote(job) for job in islice(pending, len(done))]
