"""The progress line of `borough simulate`: games done, games per second, time left.

Rich's own time-left column estimates from the last 30 seconds of updates and
stays blank until several of them arrive; games can take longer than that, so
this line works from the whole run: rate = games done / time since the start.
"""

from __future__ import annotations

from types import TracebackType

from rich.console import Console
from rich.progress import BarColumn, Progress, ProgressColumn, Task, TextColumn
from rich.text import Text


def _clock(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def rate_and_time_left(completed: float, total: float, elapsed: float) -> tuple[float, float]:
    """Games per second over the whole run, and the seconds the rest should take."""
    rate = completed / elapsed if completed and elapsed > 0 else 0.0
    left = (total - completed) / rate if rate else float("inf")
    return rate, left


class RateAndTimeLeft(ProgressColumn):
    def render(self, task: Task) -> Text:
        if not task.completed:
            return Text(f"{_clock(task.elapsed or 0)} so far, timing the first game", "dim")
        rate, left = rate_and_time_left(task.completed, task.total or 0, task.elapsed or 0)
        speed = f"{rate:.1f} games/s" if rate >= 0.1 else f"{1 / rate:.0f} s/game"
        return Text(f"{speed}, about {_clock(left)} left", "cyan")


class GamesProgress:
    """`with GamesProgress(console, title, total) as p: ... p.advance()` after each game."""

    def __init__(self, console: Console, title: str, total: int, disable: bool = False) -> None:
        self.progress = Progress(
            TextColumn("{task.description}"), BarColumn(),
            TextColumn("{task.completed}/{task.total} games"), RateAndTimeLeft(),
            console=console, disable=disable, transient=True,
        )
        self.task = self.progress.add_task(title, total=total)

    def __enter__(self) -> GamesProgress:
        self.progress.__enter__()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.progress.__exit__(kind, exc, tb)

    def advance(self) -> None:
        self.progress.advance(self.task)
