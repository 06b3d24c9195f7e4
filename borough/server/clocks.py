"""Clocks of open tables: a seat out of time is handed to a bot, and the game goes on.

A table's clock runs per move: each change a process stores starts a new
deadline in the database (`open_tables.deadline`, with the change it belongs
to) while a person is to move. Every server process sweeps for deadlines that
passed; claiming one is a conditional update, so exactly one process acts on
it, and a deadline survives restarts because it lives in the database. The
claiming process hands each person still to move to a bot of the table's level
through the ordinary hand-over change, so the game's change log records it
and the bot's moves are recorded moves: the game replays as it was played.
Where each game is served by one process (owners.py), a deadline is claimed
only by the game's owner, or by a process that takes over a game nobody serves:
another process never loads the game to act on its clock.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.engine import Engine

from borough.server.owners import Owners
from borough.server.refusal import RoomError
from borough.server.rooms import Room, Rooms, waiting
from borough.server.settings import Settings
from borough.server.store_rows import Entry
from borough.server.tables import TableRow

log = logging.getLogger("borough.server")
KNOWN = 10_000  # games remembered as tables or not


class Clocks:
    def __init__(self, rooms: Rooms, settings: Settings, owners: Owners | None = None) -> None:
        self.rooms = rooms
        self.settings = settings
        self.owners = owners
        self.engine: Engine = rooms.store.engine
        self.known: OrderedDict[str, tuple[str, int, str] | None] = OrderedDict()
        self.tasks: set[asyncio.Task] = set()
        self.last: dict[str, asyncio.Task] = {}  # each game's latest change's task
        # Told of each change to a table once its clock is set, in the order of the
        # game's changes: (room, entry, pace, the people to move after the change).
        self.followers: list[Callable[[Room, Entry, str, list[int]], Any]] = []

    def table(self, game_id: str) -> tuple[str, int, str] | None:
        """(pace, seconds per move, bot) of a table; None for any other game."""
        if game_id in self.known:
            self.known.move_to_end(game_id)
            return self.known[game_id]
        with self.engine.connect() as conn:
            row = conn.execute(
                select(TableRow.pace, TableRow.move_seconds, TableRow.bot).where(
                    TableRow.game_id == game_id
                )
            ).first()
        info = None if row is None else (row.pace, row.move_seconds, row.bot)
        self.known[game_id] = info
        while len(self.known) > KNOWN:
            self.known.popitem(last=False)
        return info

    # ------------------------------------------------ after each stored change
    def watch(self, room: Room, entry: Entry) -> None:
        """A rooms watcher: set the table's clock after the change, in the background."""
        if room.id in self.known and self.known[room.id] is None:
            # Most games are no table: no task and no thread for their changes.
            self.known.move_to_end(room.id)
            return
        # What the change left, read now: the room may have moved on when the task runs.
        people = [s for s in room.game.to_act(room.state) if room.seats[s]["kind"] == "human"]
        over = room.game.is_over(room.state)
        before = self.last.get(room.id)
        task = asyncio.get_running_loop().create_task(
            self.after(room, entry, [] if over else people, over, waiting(room), before)
        )
        self.tasks.add(task)
        self.last[room.id] = task
        task.add_done_callback(lambda done: self._done(room.id, done))

    def _done(self, game_id: str, task: asyncio.Task) -> None:
        self.tasks.discard(task)
        if self.last.get(game_id) is task:
            del self.last[game_id]

    async def after(
        self, room: Room, entry: Entry, people: list[int], over: bool, still_open: bool,
        before: asyncio.Task | None = None,
    ) -> None:
        """Set the clock after `entry` and tell the followers, once the game's earlier
        change (`before`) is done: a turn's start and end are seen in their order."""
        if before is not None:
            await asyncio.wait([before])
        try:
            info = self.known.get(room.id)
            if info is None:
                info = await asyncio.to_thread(self.table, room.id)
            if info is None or still_open:
                return
            await asyncio.to_thread(
                self.set_clock, room.id, entry.number, info[1], bool(people), over
            )
            for follower in self.followers:
                await follower(room, entry, info[0], people)
        except Exception:
            log.exception("the clock of game %s failed after change %s", room.id, entry.number)

    def set_clock(self, game_id: str, number: int, seconds: int, running: bool, over: bool) -> None:
        now = datetime.now(UTC)
        due = now + timedelta(seconds=seconds * self.settings.clock_scale) if running else None
        with self.engine.begin() as conn:
            conn.execute(
                update(TableRow)
                .where(TableRow.game_id == game_id, TableRow.waiting.is_(True))
                .values(waiting=False, started=now)
            )
            # A later change's clock is never put back by an earlier one's.
            conn.execute(
                update(TableRow)
                .where(
                    TableRow.game_id == game_id,
                    (TableRow.deadline_change.is_(None)) | (TableRow.deadline_change < number),
                )
                .values(deadline=None if over else due, deadline_change=number)
            )

    # ------------------------------------------------ the sweep, in every process
    def overdue(self, now: datetime) -> list[tuple[str, int | None]]:
        """The tables whose deadline passed (not yet claimed), oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(TableRow.game_id, TableRow.deadline_change)
                .where(TableRow.deadline < now)
                .order_by(TableRow.deadline)
                .limit(20)
            ).all()
        return [(game_id, number) for game_id, number in rows]

    def claim(self, game_id: str, number: int | None, now: datetime) -> bool:
        """Take a passed deadline, so that this process alone acts on it."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(TableRow)
                .where(
                    TableRow.game_id == game_id,
                    TableRow.deadline_change == number,
                    TableRow.deadline < now,
                )
                .values(deadline=None)
            )
        return done.rowcount == 1

    async def due(self) -> list[tuple[str, int | None]]:
        """Claim the tables whose deadline passed: each goes to one process, the
        game's owner where processes own games (claiming a game nobody serves)."""
        now = datetime.now(UTC)
        claimed = []
        for game_id, number in await asyncio.to_thread(self.overdue, now):
            if self.owners is not None and await self.owners.where(game_id) is not None:
                continue  # served by another process: its own sweep takes the deadline
            if await asyncio.to_thread(self.claim, game_id, number, now):
                claimed.append((game_id, number))
        return claimed

    async def out_of_time(self, game_id: str, number: int | None) -> None:
        """Hand each person still to move after change `number` to the table's bot."""
        info = await asyncio.to_thread(self.table, game_id)
        if info is None:
            return
        room = await self.rooms.get(game_id, fresh=True)
        if room.changes != number:  # the game moved on: its own clock is set anew
            people = [s for s in room.game.to_act(room.state) if room.seats[s]["kind"] == "human"]
            await asyncio.to_thread(
                self.set_clock,
                game_id,
                room.changes,
                info[1],
                bool(people),
                room.game.is_over(room.state),
            )
            return
        for seat in room.game.to_act(room.state):
            if room.seats[seat]["kind"] != "human":
                continue
            try:
                room = await self.rooms.hand_to_bot(room, seat, info[2], at=number, why="time")
            except RoomError as exc:  # a move came first: its clock runs now
                log.info("game %s: seat %s kept (%s)", game_id, seat, exc.message)
                return
            number = room.changes
            log.info("game %s: seat %s ran out of time; a %s bot plays it", game_id, seat, info[2])

    async def sweep(self) -> None:
        while True:
            await asyncio.sleep(self.settings.clock_sweep_seconds)
            try:
                for game_id, number in await self.due():
                    try:
                        await self.out_of_time(game_id, number)
                    except RoomError as exc:
                        log.error("game %s: %s", game_id, exc.message)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the clock sweep failed; trying again")


def start(rooms: Rooms, settings: Settings, owners: Owners | None = None
          ) -> tuple[Clocks, asyncio.Task]:
    """Set the clocks of open tables after each change, and sweep for ones run out."""
    clocks = Clocks(rooms, settings, owners)
    rooms.watchers.append(clocks.watch)
    return clocks, asyncio.get_running_loop().create_task(clocks.sweep())
