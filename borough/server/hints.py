"""Move suggestions: the medium level's move for a seat, what it does and why.

The level decides from the seat's own information only: it values each legal
move on full states sampled to agree with what the seat sees (SeatView), never
on the true state. A suggestion is seeded from the game's public id, the seat
and its view version, not from the game's secret seed, so asking again for the
same position gives the same answer and tells nothing about the deal.

Suggestions are computed in a worker process of their own, at a lower CPU
priority than the server's, so a seat asking as fast as it may costs other
players neither the interpreter lock nor the CPU they need. Asks are counted
per seat in the database, so every server process sharing it counts the same
asks; asking again about a decision already answered returns the kept answer
and counts nothing, and a new decision is charged the worker CPU time its
answer took, from an allowance that a person asking at every decision never
spends (settings `hint_burst`, `hint_rate`).

Suggestions are on by default when at most one seat is a person (a game
against bots, or solo); a game between people has them only when its creator
turned them on, which every player sees before playing. The choice is stored
on each seat's record, so it survives a restart without a change of schema.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import multiprocessing
import os
import random
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

import borough
from borough.agents import SeatView, advice, review
from borough.core import record as records
from borough.core.game import Game
from borough.core.record import dump
from borough.server.hint_choice import allowed as allowed
from borough.server.hint_choice import default_on as default_on
from borough.server.hint_choice import resolve as resolve
from borough.server.naming import named
from borough.server.refusal import Refused

if TYPE_CHECKING:
    from borough.server.room import Room
    from borough.server.store import Store

log = logging.getLogger("borough.server")

# The level a suggestion comes from (its move is the one this level would play).
LEVEL = "medium"
# At most this many suggestions wait for the worker process; beyond that the
# server is busy and says so rather than queueing CPU work.
QUEUE = 8
# Worker seconds charged for any answer computed, however quick (its serving).
MIN_COST = 0.02
# How much lower the worker's CPU priority is than the server's (nice steps).
NICENESS = 10


def seed_of(room_id: str, seat: int, version: int) -> int:
    return random.Random(f"hint:{room_id}:{seat}:{version}").getrandbits(32)


def advise(game: Game, state: Any, seat: int, seed: int, names: list[str]) -> dict[str, Any]:
    """The level's suggestion for `seat` in `state`, with what it does and why
    (`borough.agents.advice`). `state` may be the true state: the level and the
    preview read it only through a SeatView, which samples hidden information
    afresh for every valuation."""
    found = advice.advise(SeatView(game, state, seat), LEVEL, seed,
                          lambda text: named(text, names))
    return advice.as_json(found, game.encode)


class HintError(Refused):
    """A refused suggestion (the route answers it as any refused request)."""


def compute(game_name: str, state_json: dict, seat: int, seed: int,
            names: list[str]) -> dict[str, Any]:
    """Run in the worker process: rebuild the position and advise on it."""
    game = borough.game(game_name)
    return advise(game, game.from_json(state_json), seat, seed, names)


def compute_costed(game_name: str, state_json: dict, seat: int, seed: int,
                   names: list[str]) -> tuple[str, float]:
    """Run in the worker process: `compute`, with the worker CPU seconds it took
    (what the seat is charged), the suggestion written as the JSON text the server
    answers with (less its version), so the serving process neither converts nor
    checks it on the way out."""
    start = time.process_time()
    answer = compute(game_name, state_json, seat, seed, names)
    return json.dumps(answer), time.process_time() - start


def with_version(text: str, version: int) -> str:
    """A suggestion's JSON text with the view version it is for."""
    return f'{{"version": {version}, {text[1:]}' if text != "{}" else f'{{"version": {version}}}'


def _start_worker(server: int) -> None:
    """In the worker, once: yield the CPU to the server, and leave with it."""
    os.nice(NICENESS)
    threading.Thread(target=_follow, args=(server,), daemon=True).start()


def _follow(server: int) -> None:
    # A server killed outright cannot stop its worker: the worker sees that its
    # parent changed and exits on its own.
    while os.getppid() == server:
        time.sleep(1.0)
    os._exit(0)


def _ready() -> int:
    return os.getpid()


class Advisor:
    """Computes suggestions in a worker process, counting each seat's asks in
    the store (see the module)."""

    def __init__(self, store: Store, rate: float = 0.25, burst: float = 120.0,
                 queue: int = QUEUE) -> None:
        self.store = store
        self.rate = rate
        self.burst = burst
        self.queue = queue
        self.pending = 0
        self._executor: Executor | None = None

    @property
    def executor(self) -> Executor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                1, mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker, initargs=(os.getpid(),))
        return self._executor

    def warm(self) -> asyncio.Future:
        """Start the worker now: its first suggestion would otherwise wait seconds
        for a new process to load the games."""
        return asyncio.get_running_loop().run_in_executor(self.executor, _ready)

    def shutdown(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)

    def check(self, room: Room, seat: int, version: int) -> None:
        """Refuse, with the reason, a suggestion this seat may not have now."""
        if not allowed(room.seats):
            raise HintError(403, "move suggestions are off in this game: its players "
                                 "chose at its creation to play without them")
        if room.seats[seat]["kind"] != "human":
            raise HintError(403, "a bot plays this seat")
        if room.game.is_over(room.state):
            raise HintError(409, "the game is over")
        if seat not in room.game.to_act(room.state):
            raise HintError(409, "it is not your turn: a suggestion is for a decision "
                                 "you face now")
        current = room.shown[seat].version
        if version != current:
            raise HintError(409, f"version {version} is stale: your view is at version "
                                 f"{current}; fetch the view again")

    async def suggest(self, room: Room, seat: int, version: int) -> dict[str, Any]:
        """The suggestion for `seat` at view `version`, as a dict (see `suggest_text`)."""
        return json.loads(await self.suggest_text(room, seat, version))

    async def suggest_text(self, room: Room, seat: int, version: int) -> str:
        """The suggestion for `seat` at view `version`, as the JSON text to answer:
        written in the worker, stored from a thread, so the serving process only
        passes it on."""
        self.check(room, seat, version)
        # A snapshot taken now, with no await since the checks: the answer is for
        # exactly the position the seat asked about.
        args = (room.game.name, room.game.to_json(room.state), seat,
                seed_of(room.id, seat, version), [s["name"] for s in room.seats])
        if self.pending >= self.queue:  # before counting: a busy server costs no ask
            raise HintError(503, "the server is busy with other suggestions; try again "
                                 "in a few seconds", retry_after=2)
        self.pending += 1
        try:
            asked = await asyncio.to_thread(self.store.ask_hint, room.id, seat, version,
                                            self.rate, self.burst, time.time())
            if asked.answer is not None:  # this decision was answered already
                return json.dumps({**asked.answer, "version": version})
            if asked.wait:
                raise HintError(429, "this seat has used its share of the suggestion "
                                     f"worker ({self.burst:g} s of its time at once, then "
                                     f"{self.rate:g} s each second): try again in "
                                     f"{math.ceil(asked.wait)} s", retry_after=asked.wait)
            answer, cost = await asyncio.get_running_loop().run_in_executor(
                self.executor, compute_costed, *args)
        finally:
            self.pending -= 1
        await asyncio.to_thread(self._keep, room.id, seat, version, answer, max(MIN_COST, cost))
        return with_version(answer, version)

    def _keep(self, game_id: str, seat: int, version: int, answer: str, cost: float) -> None:
        self.store.keep_hint(game_id, seat, version, json.loads(answer), cost)


# ---------------------------------------------------------------- the review
# Worker CPU seconds a finished game's review may take, decisions judged per
# part (between parts the worker takes any suggestion waiting), reviews kept.
REVIEW_SECONDS = 30.0
REVIEW_PART = 6
REVIEW_SAMPLES = 2
REVIEWS_KEPT = 256
REVIEWS_RUNNING = 4


def review_count(data: dict, seats: list[int]) -> dict[int, int]:
    """In the worker: how many decisions of each seat the record's review judges."""
    record, _ = records.parse(data)
    game = borough.game(record.game)
    return {s: review.choices(game, record, [s]) for s in seats}


def review_part(data: dict, seats: list[int], first: int, count: int
                ) -> tuple[list[tuple[int, review.Mistake | None]], int, float]:
    """In the worker: judge the next part of a review, with the CPU it took."""
    started = time.process_time()
    record, _ = records.parse(data)
    found, after = review.judge_part(borough.game(record.game), record, seats, first,
                                     count, REVIEW_SAMPLES)
    return found, after, time.process_time() - started


class ReviewJob:
    """One finished game's review, judged part by part in the worker."""

    def __init__(self, seats: list[int], names: list[str]) -> None:
        self.seats = seats
        self.names = names
        self.total: int | None = None
        self.done = 0
        self.spent = 0.0
        self.decisions = dict.fromkeys(seats, 0)
        self.judged = dict.fromkeys(seats, 0)
        self.mistakes: dict[int, list[review.Mistake]] = {s: [] for s in seats}
        self.finished = False
        self.failed = False
        self.task: asyncio.Task | None = None

    def as_json(self) -> dict[str, Any]:
        def told(text: str) -> str:
            return named(text, self.names)

        return {
            "status": "failed" if self.failed else "done" if self.finished else "running",
            "done": self.done, "total": self.total, "reviewer": review.REVIEWER,
            "complete": self.finished and self.judged == self.decisions,
            "seats": [{"seat": s, "name": self.names[s], "decisions": self.decisions[s],
                       "judged": self.judged[s],
                       "mistakes": [{"number": m.number, "prompt": told(m.prompt),
                                     "played": told(m.played), "better": told(m.better),
                                     "cost": round(100 * m.cost, 1)}
                                    for m in sorted(self.mistakes[s],
                                                    key=lambda m: (-m.cost, m.number))
                                    [:review.KEPT]] if self.finished else []}
                      for s in self.seats]}


class Reviewer:
    """Reviews of finished games, run in the background in the suggestions'
    worker process (at its lower priority), part by part, never delaying a move."""

    def __init__(self, advisor: Advisor) -> None:
        self.advisor = advisor
        self.jobs: dict[str, ReviewJob] = {}

    def status(self, room: Room) -> dict[str, Any]:
        """The review of a finished game: started on first asking, then its progress,
        then its marks."""
        if not room.game.is_over(room.state):
            raise HintError(409, "the review comes once the game is over")
        job = self.jobs.get(room.id)
        if job is None:
            if sum(1 for j in self.jobs.values() if not j.finished) >= REVIEWS_RUNNING:
                raise HintError(503, "the server is busy reviewing other games; try again "
                                     "in a minute", retry_after=30)
            seats = [s for s, seat in enumerate(room.seats) if seat["kind"] == "human"]
            job = ReviewJob(seats, [s["name"] for s in room.seats])
            self.jobs[room.id] = job
            job.task = asyncio.get_running_loop().create_task(
                self._run(job, dump(room.record)))
            while len(self.jobs) > REVIEWS_KEPT:  # the oldest finished one goes
                oldest = next((k for k, j in self.jobs.items() if j.finished), None)
                if oldest is None:
                    break
                del self.jobs[oldest]
        return job.as_json()

    async def _run(self, job: ReviewJob, data: dict) -> None:
        loop = asyncio.get_running_loop()
        executor = self.advisor.executor
        try:
            job.decisions = await loop.run_in_executor(executor, review_count, data,
                                                       job.seats)
            job.total = sum(job.decisions.values())
            first = 1
            while job.done < job.total and job.spent < REVIEW_SECONDS:
                found, first, spent = await loop.run_in_executor(
                    executor, review_part, data, job.seats, first, REVIEW_PART)
                job.spent += spent
                for seat, mistake in found:
                    job.judged[seat] += 1
                    if mistake is not None:
                        job.mistakes[seat].append(mistake)
                job.done += len(found)
                if not found:
                    break
        except Exception:  # a review is an extra: its failure is reported, not raised
            log.exception("reviewing a game failed")
            job.failed = True
        job.finished = True

    def shutdown(self) -> None:
        for job in self.jobs.values():
            if job.task is not None:
                job.task.cancel()

