"""Running many games at once, as `arena` and `balance` do: where they run and a
progress line."""

from __future__ import annotations

import time
from typing import Annotated, Any

import typer

from borough.arena import runner
from borough.arena.jobs import Job, default_workers
from borough.cli.base import Failure, err
from borough.cli.progress import GamesProgress

Workers = Annotated[
    int | None,
    typer.Option("--workers", "-w", min=1,
                 help="Local worker processes (with --ray local: the CPUs Ray may use). "
                      "Default: this machine's cores."),
]
Ray = Annotated[
    str | None,
    typer.Option("--ray", metavar="ADDRESS",
                 help="Run the games as Ray tasks: 'local' starts Ray here; 'auto' or "
                      "ray://HOST:PORT joins a running cluster."),
]
def play_all(title: str, jobs: list[Job], on_result: runner.OnResult, workers: int | None,
             ray: str | None, quiet: bool) -> float:
    """Run the jobs with a progress line; the wall-clock seconds they took."""
    if ray not in (None, "local") and workers is not None:
        raise Failure("--workers goes with --ray local only: a cluster has its own CPUs")
    started = time.perf_counter()
    with GamesProgress(err, title, len(jobs), disable=quiet) as progress:

        def keep(result: dict[str, Any]) -> None:
            on_result(result)
            progress.advance()

        try:
            runner.run_jobs(jobs, keep, workers or default_workers(), ray)
        except (ValueError, ConnectionError) as exc:
            raise Failure(str(exc)) from None
    return time.perf_counter() - started
