"""Move suggestions: the medium level's move for a seat, what it does and why.

The bot decides from the seat's own information only: it values each legal
move on full states sampled to agree with what the seat sees (SeatView), never
on the true state. A suggestion is seeded from the game's public id, the seat
and its view version, not from the game's secret seed, so asking again for the
same position gives the same answer and tells nothing about the deal.

Suggestions are on by default when at most one seat is a person (a game
against bots, or solo); a game between people has them only when its creator
turned them on, which every player sees before playing. The choice is stored
on each seat's record, so it survives a restart without a change of schema.
"""

from __future__ import annotations

import asyncio
import math
import random
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from borough.agents import SeatView, advice
from borough.core.game import Game
from borough.server.limits import RateLimit
from borough.server.naming import named

if TYPE_CHECKING:
    from borough.server.rooms import Room

# The level a suggestion comes from (its move is the one this level would play).
LEVEL = "medium"
# A seat may ask this many times at once, then once every PERIOD seconds.
BURST = 5
PERIOD = 2.0
# At most this many suggestions wait for the one thread that computes them;
# beyond that the server is busy and says so rather than queueing CPU work.
QUEUE = 8


def default_on(seats: list[dict[str, Any]]) -> bool:
    """On unless two or more seats are people."""
    return sum(1 for s in seats if s["kind"] == "human") <= 1


def resolve(asked: bool | None, seats: list[dict[str, Any]]) -> bool:
    """The creator's choice, or the default for these seats when they made none."""
    return default_on(seats) if asked is None else asked


def allowed(seats: list[dict[str, Any]]) -> bool:
    """Whether this game's seats may ask for suggestions (games stored before
    the option existed get the default)."""
    default = default_on(seats)
    return all(s.get("hints", default) for s in seats)


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


class HintError(Exception):
    """A refused suggestion: an HTTP status and a sentence (the route answers it
    as any refused request; rooms.RoomError cannot be imported here, as the
    views import this module)."""

    def __init__(self, status: int, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after


class Advisor:
    """Computes suggestions one at a time in a thread of its own, with a rate
    limit per seat, so asking can neither stall the server nor take its CPU."""

    def __init__(self, burst: int = BURST, period: float = PERIOD, queue: int = QUEUE) -> None:
        self.limit = RateLimit(1 / period, burst)
        self.executor = ThreadPoolExecutor(1, thread_name_prefix="hints")
        self.queue = queue
        self.pending = 0

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
        self.check(room, seat, version)
        wait = self.limit.take(f"{room.id}:{seat}")
        if wait:
            raise HintError(429, f"one suggestion every {PERIOD:g} s: try again in "
                                 f"{math.ceil(wait)} s", retry_after=wait)
        if self.pending >= self.queue:
            raise HintError(503, "the server is busy with other suggestions; try again "
                                 "in a few seconds", retry_after=2)
        # A snapshot taken now, with no await since the checks: the answer is for
        # exactly the position the seat asked about.
        state = room.game.clone(room.state)
        names = [s["name"] for s in room.seats]
        args = (room.game, state, seat, seed_of(room.id, seat, version), names)
        self.pending += 1
        try:
            answer = await asyncio.get_running_loop().run_in_executor(
                self.executor, advise, *args)
        finally:
            self.pending -= 1
        if len(self.limit.buckets) > 10_000:
            self.limit.forget_idle()
        return {**answer, "version": version}
