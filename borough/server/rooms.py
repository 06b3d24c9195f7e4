"""Rooms: the live games a server holds, their seats, bots and subscribers.

Every change goes through `Room.lock`: the action is applied on a clone and
every audience's new view is built and serialised; only then is it committed
to the store, becomes the room's state and is pushed to the sockets whose
view changed. Anything that fails before the commit leaves no trace.

Rooms are a cache of the store: an idle or finished room without sockets
leaves memory and is rebuilt from its stored changes when asked for again.

On PostgreSQL each game is owned by one process, which alone holds it as a
rule (owners.py, forwarding.py); but any process may hold any game (one with
no internal address, or one that lost its lease while stalled), so the store
decides the order of changes (see store.py): a process replays the changes
other processes stored as it hears of them (and before acting, any it heard of
but has not replayed); a change another process stored first makes this one
catch up from the store and check again, and a request that is then stale
answers 409. Every process hears of each change (cluster.py)
and pushes the new views to its own sockets. The process that stores a change
leaving a bot to move thinks for that bot; a turn whose process died is claimed
by another.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from borough import match as matches
from borough.agents import AGENT_NAMES
from borough.core.errors import IllegalAction
from borough.core.record import dump
from borough.core.refusals import Refusal
from borough.server import changes, views
from borough.server.bots import BotScheduler
from borough.server.changes import Step
from borough.server.group_commit import GroupCommit
from borough.server.naming import named
from borough.server.refusal import RULES_STATUS, RoomError, by_rules
from borough.server.room import Room, waiting
from borough.server.room_setup import new_room, replay, restore
from borough.server.room_sockets import Sockets
from borough.server.settings import Settings
from borough.server.store import Store
from borough.server.store_rows import Change, Entry, StoredGame, hash_token
from borough.server.store_writes import Conflict

log = logging.getLogger("borough.server")


class Rooms(Sockets):
    def __init__(self, store: Store, bots: BotScheduler, settings: Settings) -> None:
        super().__init__(settings)  # the views and the sockets (room_sockets.py)
        self.store = store
        self.commits = GroupCommit(store)
        self.bots = bots
        self.rooms: dict[str, Room] = {}
        self.tasks: set[asyncio.Task] = set()
        self.loading = asyncio.Lock()
        self.following: set[str] = set()  # games about to catch up on changes heard of
        self.on_over: list[Callable[[Room], None]] = []  # told of each end this process stores
        # Called with each change this process stores, once it is installed (tables.py).
        self.watchers: list[Callable[[Room, Entry], None]] = []
        self.left: list[str] = []  # games that left memory since the sweeper last looked

    # ---------------------------------------------------------------- setup
    async def create(self, request: dict[str, Any]) -> tuple[Room, list[str]]:
        room, tokens, row = new_room(request)
        bots = changes.bots_to_move(room, room.state, room.seats)
        # Several processes (owners.py): the process that gets the game's first
        # request claims it, so a front routing by game id has its owner serve it.
        # A bot to move first is thought for at once by the creator, which keeps it.
        handed_on = self.store.owns_games and not bots
        await asyncio.to_thread(self.store.create_game, row, bots, not handed_on)
        if handed_on:  # not held here: whoever claims it loads it from the store
            room.gone = True
            return room, tokens
        self.rooms[room.id] = room
        self.kick(room)
        return room, tokens

    def restore(self, stored: StoredGame) -> Room:
        """Rebuild a room from its stored setup and changes (room_setup.py)."""
        return restore(stored)

    async def _catch_up(self, room: Room) -> None:
        """Replay the changes other processes stored since this room last looked.
        Caller holds room.lock. Only on a shared database: with one process the
        room is always current."""
        if not self.store.shared:
            return
        entries = await asyncio.to_thread(self.store.after, room.id, room.changes)
        if not entries:
            return
        for entry in entries:
            self._publish(room, replay(room, entry).shown)
        room.foreign += 1
        # The process that stored those changes thinks for the bots now.
        for seat, task in list(room.thinking.items()):
            if task is not asyncio.current_task():
                task.cancel()
                del room.thinking[seat]

    def heard(self, game_id: str, number: int) -> None:
        """Another process may have stored change `number` of a game: a room held
        here catches up and pushes the new views to its sockets."""
        room = self.rooms.get(game_id)
        if room is None:
            return
        room.heard = max(room.heard, number)
        if number <= room.changes or game_id in self.following:
            return
        self.following.add(game_id)
        task = asyncio.get_running_loop().create_task(self._follow_store(room))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _follow_store(self, room: Room) -> None:
        try:
            async with room.lock:
                self.following.discard(room.id)  # a later change schedules a new look
                if not room.gone:
                    await self._catch_up(room)
        except RoomError as exc:
            log.error("%s", exc.message)
        except Exception:
            log.exception("catching up game %s failed", room.id)
        finally:
            self.following.discard(room.id)

    def heard_everything(self) -> None:
        """Changes may have gone unheard (the listening connection was lost): every
        room held here looks at the store."""
        for room in list(self.rooms.values()):
            self.heard(room.id, room.changes + 1)

    async def resume_all(self) -> int:
        """Restart the bots of every unfinished game; a game that no longer
        replays is reported and left out, and the server still starts. Games
        waiting only for people stay in the store until someone asks for them.
        On a shared database those games are offered to the bot queue instead,
        for whichever process claims them."""
        if self.store.shared:
            await asyncio.to_thread(self.store.queue_unfinished_bot_games)
            return 0
        stored = await asyncio.to_thread(self.store.unfinished_with_bots)
        resumed = 0
        for s in stored:
            try:
                room = await asyncio.to_thread(self.restore, s)
            except RoomError as exc:
                log.error("%s", exc.message)
                continue
            self.rooms[room.id] = room
            self.kick(room)
            resumed += 1
        return resumed

    async def get(self, room_id: str, fresh: bool = False) -> Room:
        """The room of a game, loaded from the store if not held here; with `fresh`,
        caught up with changes other processes stored."""
        room = self.rooms.get(room_id)
        if room is None:
            async with self.loading:  # one rebuild per game, however many ask at once
                room = self.rooms.get(room_id)
                if room is None:
                    stored = await asyncio.to_thread(self.store.load, room_id)
                    if stored is None:
                        raise RoomError(404, f"there is no game {room_id!r}")
                    room = await asyncio.to_thread(self.restore, stored)
                    self.rooms[room_id] = room
                    if not self.store.shared:  # shared: bot turns are claimed
                        self.kick(room)
        if fresh and self.store.shared:  # (a change may also land while it loads)
            async with room.lock:
                await self._catch_up(room)
        room.used = time.monotonic()
        return room

    def sweep(self) -> int:
        """Let rooms nobody watches leave memory: finished ones soon, idle ones later."""
        now = time.monotonic()
        gone = 0
        for room in list(self.rooms.values()):
            if room.subscribers or room.thinking or room.lock.locked():
                continue
            limit = (self.settings.room_over_seconds if room.status == "over"
                     else self.settings.room_idle_seconds)
            if now - room.used >= limit:
                room.gone = True
                del self.rooms[room.id]
                self.left.append(room.id)
                self.bots.forget(room.id)
                gone += 1
        return gone

    # ---------------------------------------------------------------- seats
    def seat_of(self, room: Room, token: str | None) -> int:
        if token:
            digest = hash_token(token)
            for seat, data in enumerate(room.seats):
                if secrets.compare_digest(data["token_hash"], digest):
                    return seat
        raise RoomError(403, "that token belongs to no seat of this game")

    def record(self, room: Room) -> dict[str, Any]:
        if not room.game.is_over(room.state):
            raise RoomError(409, "the record is published once the game is over, "
                                 "so it cannot reveal hidden information")
        return dump(room.record, room.game.result(room.state).to_json())

    # -------------------------------------------------------------- actions
    def explain(self, room: Room, seat: int, action: Any) -> dict[str, Any]:
        """Whether `action` would be allowed for `seat` now, and the rules' reason if not."""
        try:
            reason = room.game.refusal(room.state, seat, action)
        except IllegalAction as exc:  # not an action of this game at all
            raise RoomError(RULES_STATUS[exc.code], exc.reason) from None
        names = [s["name"] for s in room.seats]
        rule = None
        if isinstance(reason, Refusal):  # the rule behind it, and where the rules say it
            rule = {"id": reason.rule, "words": reason.words,
                    "href": f"/rules/{room.game.name}#{reason.rule}"}
        return {"allowed": reason is None,
                "reason": None if reason is None else named(str(reason), names),
                "rule": rule}

    async def act(self, room: Room, seat: int, version: int, action: Any) -> Room:
        """Take `action` for `seat`, sent from the seat's view at `version`."""

        def step() -> Step:
            # The rules answer a move after the end or out of turn (refusal.py).
            if waiting(room):
                raise RoomError(409, "the table starts once every open seat is taken")
            # Stale first: a request that lost a race to another move hears that it
            # must fetch the view again, whoever is to move now.
            current = room.shown[seat].version
            if version != current:
                raise RoomError(409, f"version {version} is stale: your view is at version "
                                     f"{current}; fetch the view again")
            if room.seats[seat]["kind"] != "human":
                raise RoomError(403, "a bot plays this seat")
            return self._move(room, seat, action)

        async with room.lock:
            room = self._current(room)
            await self._change(room, step)
            return room

    def _current(self, room: Room) -> Room:
        if room.gone or self.rooms.get(room.id) is not room:
            raise RoomError(409, "the game was reloaded meanwhile; fetch the view again")
        return room

    def _move(self, room: Room, seat: int, action: Any) -> Step:
        """The move worked out with the views it changes that are about to be sent
        serialised (the mover's, and those of the audiences with a socket), or a
        refusal. Others are written when first asked for."""
        try:
            step = changes.move(room, seat, action, room.changes + 1)
            watched = {sub.seat for sub in room.subscribers}
            watched.add(seat)
            for fresh in views.changed(room.shown, step.shown):
                if fresh in watched:
                    step.shown[fresh].serialise()  # now: a view that cannot be is a refusal
        except IllegalAction as exc:
            names = [s["name"] for s in room.seats]
            raise RoomError(*by_rules(exc, names[seat], named(exc.reason, names)),
                            code=exc.code.value) from None
        except Exception:
            log.exception("game %s failed on %r from seat %s", room.id, action, seat)
            raise RoomError(500, "the server could not apply that action; nothing was "
                                 "stored and the game goes on as before") from None
        return step

    async def _change(self, room: Room, make: Callable[[], Step], tries: int = 3) -> None:
        """Work out a change on the current room, store it, then publish it.
        Caller holds room.lock.

        On a shared database the room first catches up with every change announced
        to it. It is then checked as it is, without asking the store again: a
        change another process stored meanwhile makes the store refuse this one
        (the unique key), and a refusal here may come from a copy one change
        behind; either way the room catches up from the store and the change is
        checked again, so no answer rests on a stale copy."""
        looked = not self.store.shared  # compared with the store since the lock was taken
        if room.heard > room.changes:
            await self._catch_up(room)
            looked = True
        for _ in range(tries):
            try:
                step = make()
            except RoomError:
                if looked:
                    raise
                await self._catch_up(room)
                looked = True
                step = make()
            try:
                await self._store(room, step)
            except Conflict:
                await self._catch_up(room)
                looked = True
                continue
            self._install(room, step)
            return
        raise RoomError(409, "the game changed meanwhile; fetch the view again")

    async def _store(self, room: Room, step: Step) -> None:
        over = room.game.is_over(step.state)
        bots = (changes.bots_to_move(room, step.state, step.seats)
                if any(s["kind"] == "bot" for s in step.seats) else None)
        change = Change(room.id, step.entry, "over" if over else "playing",
                        step.seats if step.seats is not room.seats else None, bots)
        try:
            await self.commits.append(change)
        except Conflict:
            raise
        except Exception:
            log.exception("storing change %s of game %s failed", step.entry.number, room.id)
            raise RoomError(500, "the change could not be stored; the game goes on "
                                 "as before") from None

    def _install(self, room: Room, step: Step) -> None:
        changes.install(room, step)
        self._publish(room, step.shown)
        self.kick(room)
        if room.game.is_over(room.state):
            for tell in self.on_over:
                tell(room)
        for watcher in self.watchers:
            try:
                watcher(room, step.entry)
            except Exception:  # the change stands whatever a watcher does
                log.exception("watching change %s of game %s failed", step.entry.number,
                              room.id)

    async def undo(self, room: Room, seat: int) -> Room:
        """Take back the seat's own last move, made within its turn, when that cannot
        help anyone cheat; again, the move before it, and so on while the turn lasts.

        A refusal gives the reason the seat's view gives, which rests on what the
        seat may see alone, so it never tells whether someone else moved in secret."""

        def step() -> Step:
            if room.seats[seat]["kind"] != "human":
                raise RoomError(403, "a bot plays this seat")
            if seat != room.undo_by:
                reason = views.take_back_refusal(room.game, room.state, room.seats, seat,
                                                 room.played, room.undo_by)
                raise RoomError(409, f"nothing can be taken back: {reason}")
            return changes.take_back(room, seat, room.changes + 1)

        async with room.lock:
            room = self._current(room)
            await self._change(room, step)
            return room

    async def hand_to_bot(self, room: Room, seat: int, agent: str, at: int | None = None,
                          why: str | None = None) -> Room:
        """A bot takes the seat over; with `at`, only if the game is still at that
        change (a table's clock ran out after it), and `why` is kept in the log."""
        if agent not in AGENT_NAMES:
            raise RoomError(400, f"unknown agent {agent!r}; choose from {', '.join(AGENT_NAMES)}")

        def step() -> Step:
            if waiting(room):
                raise RoomError(409, "the table starts once every open seat is taken")
            if at is not None and room.changes != at:
                raise RoomError(409, "the game moved on meanwhile")
            return changes.hand_over(room, seat, agent, room.changes + 1, why)

        async with room.lock:
            room = self._current(room)
            await self._change(room, step)
            return room

    async def take_seat(self, room: Room, seat: int, name: str, token_hash: str) -> Room:
        """An open seat of a table gets its player (tables.py decides who)."""

        def step() -> Step:
            if not room.seats[seat].get("open"):
                raise RoomError(409, "that seat is taken")
            return changes.seat_taken(room, seat, name, token_hash, room.changes + 1)

        async with room.lock:
            room = self._current(room)
            await self._change(room, step)
            return room

    # ----------------------------------------------------------------- bots
    def kick(self, room: Room) -> None:
        """Start a bot turn for every bot seat that must decide now."""
        if room.game.is_over(room.state) or waiting(room):
            return
        for seat in room.game.to_act(room.state):
            if room.seats[seat]["kind"] == "bot" and seat not in room.thinking:
                task = asyncio.get_running_loop().create_task(self._bot_turn(room, seat))
                room.thinking[seat] = task
                self.tasks.add(task)
                task.add_done_callback(self.tasks.discard)

    async def _bot_turn(self, room: Room, seat: int) -> None:
        try:
            while True:
                async with room.lock:
                    if room.game.is_over(room.state) or seat not in room.game.to_act(room.state):
                        return
                    number, foreign = room.changes, room.foreign
                    state_json = room.game.to_json(room.state)
                    agent = room.seats[seat]["agent"]
                    seed = matches.seat_seed(room.record.seed, seat) + room.move_number
                if self.settings.bot_pause:
                    await asyncio.sleep(self.settings.bot_pause)
                action = await self.bots.decide(room.id, agent, room.game.name, state_json,
                                                seat, agent, seed)
                async with room.lock:
                    if room.gone:
                        return
                    await self._catch_up(room)
                    if room.foreign != foreign:
                        return  # another process changed the game: it thinks for the bots
                    if room.changes != number:
                        continue  # the game moved on while the bot thought: think again
                    room.thinking.pop(seat, None)  # so the next bot turn can start
                    step = self._move(room, seat, action)
                    try:
                        await self._store(room, step)
                    except Conflict:
                        return  # another process stored a change first: it thinks now
                    self._install(room, step)
                    return
        except Exception:
            log.exception("bot of seat %s in game %s failed", seat, room.id)
        finally:
            if room.thinking.get(seat) is asyncio.current_task():
                room.thinking.pop(seat)

    async def take_bot_turn(self, game_id: str) -> None:
        """This process claimed the game's bot turn (shared database): think for it,
        or give the turn back if no bot is to move after all."""
        try:
            room = await self.get(game_id)
        except RoomError as exc:
            log.error("%s", exc.message)
            await asyncio.to_thread(self.store.release_bot_turn, game_id, 2**31 - 1)
            return
        async with room.lock:
            await self._catch_up(room)
            if changes.bots_to_move(room, room.state, room.seats):
                self.kick(room)
            else:
                await asyncio.to_thread(self.store.release_bot_turn, game_id, room.changes)

    def thinking(self) -> list[str]:
        """The games this process is thinking for, whose bot turns it keeps."""
        return [room.id for room in self.rooms.values() if room.thinking]

    async def idle(self) -> None:
        """Wait until no bot is thinking (for tests and shutdown)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)
