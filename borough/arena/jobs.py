"""One game to play, and what it left behind: the unit of work sent to a worker.

A job is plain data (it crosses process and machine boundaries); running it
is a pure function of the job, so the same job gives the same result on a
local worker, a Ray node or a resumed run.
"""

from __future__ import annotations

import importlib
import inspect
import itertools
import os
import random
import time
from dataclasses import asdict, dataclass, field
from functools import cache
from typing import Any

from borough import match as matches
from borough.agents.base import Agent, SeatView
from borough.agents.evaluation import values
from borough.agents.registry import AGENT_NAMES
from borough.arena import counts, forgoing
from borough.core.game import Action, Game
from borough.games import content

# What a result holds and how it is counted (which moves use a component, say). A
# results file names it in its plan, so a run resumed with other counting is refused
# rather than mixed; raise it whenever a result's fields or their meaning change.
RESULTS_FORMAT = 5


@dataclass(frozen=True)
class Job:
    key: str
    """Names the job within its run (a resumed run skips the keys already done)."""
    game: str
    players: int
    seed: int
    seats: tuple[str, ...]
    """An agent per seat: a registered name or `module:Class`."""
    options: dict[str, Any] = field(default_factory=dict)
    content: str | None = None
    """A content folder (None: the game's own data)."""
    watch: tuple[str, ...] = ()
    """Component names whose use by each seat the result should report."""
    track_lead: bool = False
    """Whether to follow which seat leads by the game's position estimate."""
    game_counts: bool = False
    """Whether to report the game's own counts (`arena.counts`), where it has any."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class UserAgent:
    """A `module:Class` agent. Its class is built with a seed when its constructor
    takes one, then asked for each decision like a registered agent."""

    def __init__(self, spec: str, seed: int) -> None:
        cls = agent_class(spec)
        takes_seed = bool(inspect.signature(cls).parameters)
        self.agent: Agent = cls(seed) if takes_seed else cls()
        self.name = spec

    def choose(self, view: SeatView) -> Action:
        return self.agent.choose(view)


@cache
def agent_class(spec: str) -> type:
    module_name, sep, class_name = spec.partition(":")
    if not sep or not module_name or not class_name:
        raise ValueError(f"an agent is a registered name ({', '.join(AGENT_NAMES)}) or "
                         f"module:Class, not {spec!r}")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"cannot import {module_name!r} for agent {spec!r}: {exc}") from None
    cls = getattr(module, class_name, None)
    if not isinstance(cls, type) or not callable(getattr(cls, "choose", None)):
        raise ValueError(f"{spec!r} is not a class with a choose(view) method")
    return cls


def check_agent(spec: str) -> None:
    """Fail early, in the parent, on an agent no worker could build."""
    forgoing_spec = forgoing.parse(spec)
    if forgoing_spec is not None:
        level = forgoing_spec[0]
        if level not in AGENT_NAMES:
            raise ValueError(f"{spec!r}: a level that forgoes components is a registered "
                             f"one ({', '.join(AGENT_NAMES)}), not {level!r}")
    elif spec not in AGENT_NAMES:
        agent_class(spec)


def _seat_agent(job: Job, m: matches.Match, seat: int) -> Agent:
    spec = job.seats[seat]
    if spec in AGENT_NAMES:
        return matches.Bot(spec, m, seat)
    forgoing_spec = forgoing.parse(spec)
    if forgoing_spec is not None:
        level, names = forgoing_spec
        return forgoing.ForgoingAgent(matches.Bot(level, m, seat), names,
                                      content.component_names(job.game, job.content), spec, m)
    return UserAgent(spec, matches.seat_seed(m.record.seed, seat))


def run(job: Job) -> dict[str, Any]:
    """Play the job's game to the end; the summary a report needs, as plain data."""
    started = time.process_time()
    game = content.game_with(job.game, job.content)
    m = matches.start(game, job.players, job.seed, job.options, unattended=True)
    agents = [_seat_agent(job, m, seat) for seat in range(len(job.seats))]
    leaders: list[int] = []
    if job.track_lead:
        leaders.append(_leader(game, m))
    try:
        matches.play(m, agents, on_move=(lambda mm: leaders.append(_leader(game, mm)))
                     if job.track_lead else None)
    except matches.Stalled as exc:  # a plain error crosses processes and Ray alike
        options = ", ".join(f"{k}={v}" for k, v in sorted(m.record.options.items()))
        raise ValueError(f"{exc} (seed {job.seed}, seats {', '.join(job.seats)}"
                         f"{', ' + options if options else ''}): the agents stalled") from None
    result = m.result()
    summary: dict[str, Any] = {
        "key": job.key,
        "seed": job.seed,
        "seats": list(job.seats),
        "scores": list(result.scores),
        "winners": list(result.winners),
        "length": len(m.record.moves),
        "content": content.played_digest(job.game, job.content),
        "options": dict(m.record.options),  # with any unattended default it took
    }
    if job.track_lead:
        summary["lead"] = _lead_story(leaders, result.winners)
    if job.watch:
        summary["used"] = _used(game, m, job.watch)
    own = counts.of(game, m.state, m.record) if job.game_counts else None
    if own is not None:
        summary["counts"] = own
    summary["cpu_seconds"] = time.process_time() - started  # the worker's own CPU time
    return summary


def _leader(game: Game, m: matches.Match) -> int:
    """The seat the game's position estimate rates highest (-1 on a tie). Every game
    ships its own estimate, so the generator (for playouts) goes unused."""
    estimate = values(game, m.state, random.Random(m.record.seed))
    best = max(estimate)
    top = [s for s, v in enumerate(estimate) if v == best]
    return top[0] if len(top) == 1 else -1


def _lead_story(leaders: list[int], winners: list[int]) -> dict[str, Any]:
    """Lead changes, and when (as a share of the game) the eventual sole winner took
    the lead for good; None for a shared or lost game."""
    clear = [s for s in leaders if s != -1]  # a tie for the lead is no change yet
    changes = sum(1 for a, b in itertools.pairwise(clear) if a != b)
    settled: float | None = None
    if len(winners) == 1:
        last_other = max((i for i, s in enumerate(leaders) if s != winners[0]), default=-1)
        settled = (last_other + 1) / max(1, len(leaders) - 1)
        settled = min(1.0, settled)
    return {"changes": changes, "settled": settled}


def _used(game: Game, m: matches.Match, names: tuple[str, ...]) -> list[list[str]]:
    """Per seat, the watched components its moves used: named in what the game says
    each move uses (a discard names a tile without using it, say)."""
    said: list[list[str]] = [[] for _ in range(m.record.players)]
    for seat, action in m.record.moves:
        said[seat].append(game.what_it_uses(action))
    return [content.named_in("\n".join(lines), names) for lines in said]


def default_workers() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1
