"""Bot thinking in worker processes, shared fairly between games.

Two lanes: slow agents (the searching ones, up to about two seconds a move)
get one process per core; quick agents get a process of their own, so a game
with a medium bot never waits behind a queue of hard ones. Within a lane each
game has at most one decision in flight, and a free process goes to the
waiting game served longest ago, so one busy game cannot starve the others.
"""

from __future__ import annotations

import asyncio
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import borough
from borough.agents import SeatView, make_agent

SLOW_AGENTS = frozenset({"hard", "expert", "mcts"})


def bot_decision(game_name: str, state_json: dict, seat: int, agent: str, seed: int) -> Any:
    """Run in a worker process: rebuild the state and let the agent choose."""
    game = borough.game(game_name)
    state = game.from_json(state_json)
    return make_agent(agent, seed).choose(SeatView(game, state, seat))


def ready() -> None:
    """Nothing to do: run once so a worker process exists with the games loaded."""


PR_SET_PDEATHSIG = 1  # linux/prctl.h


def follow_parent(parent: int) -> None:
    """Run first in each worker process: end it when the server process ends,
    however it ends (a SIGKILL runs no shutdown code in the server).

    On Linux the kernel sends the worker SIGKILL when its parent dies; a thread
    watching the parent's id covers other systems, and the case where the parent
    died before the request took effect. With no worker left, the pool's
    resource tracker reads the end of its pipe and exits too."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass  # the watching thread still ends the worker

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    if os.getppid() != parent:
        os._exit(0)
    threading.Thread(target=watch, name="follow-parent", daemon=True).start()


@dataclass
class Lane:
    executor: Executor
    size: int
    busy: int = 0
    running: set[str] = field(default_factory=set)  # games with a decision in flight
    waiting: list[tuple[str, int, asyncio.Future]] = field(default_factory=list)
    served: dict[str, float] = field(default_factory=dict)  # game: when it last got a process
    arrivals: int = 0


class BotScheduler:
    def __init__(self, workers: int, make_executor: Callable[[int], Executor] | None = None
                 ) -> None:
        make = make_executor or _process_pool
        self.lanes = {True: Lane(make(workers), workers), False: Lane(make(1), 1)}

    async def decide(self, game_id: str, agent: str, *args: Any) -> Any:
        """The agent's decision, computed when a process is free and it is this game's turn."""
        lane = self.lanes[agent in SLOW_AGENTS]
        loop = asyncio.get_running_loop()
        granted = loop.create_future()
        lane.arrivals += 1
        entry = (game_id, lane.arrivals, granted)
        lane.waiting.append(entry)
        self._dispatch(lane)
        try:
            await granted
        except asyncio.CancelledError:
            if entry in lane.waiting:
                lane.waiting.remove(entry)
            elif granted.done() and not granted.cancelled():
                self._release(lane, game_id)  # granted just before the cancel arrived
            raise
        try:
            return await loop.run_in_executor(lane.executor, bot_decision, *args)
        finally:
            self._release(lane, game_id)

    def _release(self, lane: Lane, game_id: str) -> None:
        lane.busy -= 1
        lane.running.discard(game_id)
        self._dispatch(lane)

    def _dispatch(self, lane: Lane) -> None:
        while lane.busy < lane.size:
            ready = [e for e in lane.waiting if e[0] not in lane.running]
            if not ready:
                return
            entry = min(ready, key=lambda e: (lane.served.get(e[0], 0.0), e[1]))
            lane.waiting.remove(entry)
            game_id, _, granted = entry
            if granted.done():  # its waiter was cancelled meanwhile
                continue
            lane.busy += 1
            lane.running.add(game_id)
            lane.served[game_id] = time.monotonic()
            granted.set_result(None)

    def warm(self) -> asyncio.Future:
        """Start the quick lane's process now: its first decision would otherwise
        wait seconds for a new process to load the games."""
        return asyncio.get_running_loop().run_in_executor(self.lanes[False].executor, ready)

    def forget(self, game_id: str) -> None:
        """A game left memory: its fairness record goes too."""
        for lane in self.lanes.values():
            if game_id not in lane.running:
                lane.served.pop(game_id, None)

    def shutdown(self) -> None:
        for lane in self.lanes.values():
            lane.executor.shutdown(wait=False, cancel_futures=True)


def _process_pool(workers: int) -> Executor:
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=follow_parent, initargs=(os.getpid(),))
