"""Rooms: the live games a server holds, their seats, bots and subscribers.

Every change goes through `Room.lock`: the action is tried on a clone,
committed to the store, and only then becomes the room's state and is pushed
to the subscribers. Bots think in a pool of worker processes so the server
keeps answering while they do.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import borough
from borough import match as matches
from borough.agents import AGENT_NAMES, SeatView, make_agent
from borough.core.errors import IllegalAction
from borough.core.game import Event, Game
from borough.core.record import Record, dump, rules_mismatch
from borough.core.serial import freeze
from borough.server.store import Store, StoredGame, hash_token

MAX_SEED = 2**53
log = logging.getLogger("borough.server")
UNDO_SAMPLES = 4


class RoomError(Exception):
    """A refused request: an HTTP status and a sentence for the client."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class Room:
    id: str
    game: Game
    record: Record
    state: Any
    seats: list[dict[str, Any]]
    events: list[tuple[int, Event]] = field(default_factory=list)
    subscribers: set[Subscriber] = field(default_factory=set)
    thinking: dict[int, asyncio.Task] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # Per seat: the move after which its view last changed, and that view. A move
    # sent from an older view is stale; one sent while only hidden things changed
    # (others' sealed choices in a step everyone plays at once) still counts.
    seen_at: list[int] = field(default_factory=list)
    seen: list[dict[str, Any] | None] = field(default_factory=list)
    # Views built at the current version, per seat (None: spectators), with
    # their JSON text: a move builds each seat's view once for all its sockets.
    version: int = 0
    views: dict[int | None, tuple[dict[str, Any], str]] = field(default_factory=dict)

    def changed(self) -> None:
        self.version += 1
        self.views.clear()

    def note_views(self) -> None:
        """Record which seats' views the last move changed."""
        if not self.seen:
            self.seen_at = [0] * self.record.players
            self.seen = [None] * self.record.players
        for seat in range(self.record.players):
            view = self.game.observe(self.state, seat)
            if view != self.seen[seat]:
                self.seen[seat] = view
                self.seen_at[seat] = self.move_number

    @property
    def move_number(self) -> int:
        return len(self.record.moves)

    @property
    def status(self) -> str:
        return "over" if self.game.is_over(self.state) else "playing"


@dataclass(eq=False)
class Subscriber:
    seat: int | None
    queue: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(maxsize=64))

    def push(self, text: str) -> None:
        """Queue a view's JSON text for this socket."""
        if self.queue.full():  # a client that stopped reading only needs the newest view
            self.queue.get_nowait()
        self.queue.put_nowait(text)


def bot_decision(game_name: str, state_json: dict, seat: int, agent: str, seed: int) -> Any:
    """Run in a worker process: rebuild the state and let the agent choose."""
    game = borough.game(game_name)
    state = game.from_json(state_json)
    return make_agent(agent, seed).choose(SeatView(game, state, seat))


class GroupCommit:
    """Actions stored together: those that arrive while a commit is under way
    wait for the next one, which stores them all in a single transaction.
    Each caller returns only once its own action is committed."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.pending: list[tuple[tuple[str, int, int, Any, str], asyncio.Future]] = []
        self.writer: asyncio.Task | None = None

    async def append(self, game_id: str, number: int, seat: int, action: Any,
                     status: str) -> None:
        future = asyncio.get_running_loop().create_future()
        self.pending.append(((game_id, number, seat, action, status), future))
        if self.writer is None or self.writer.done():
            self.writer = asyncio.get_running_loop().create_task(self._write())
        await future

    async def _write(self) -> None:
        while self.pending:
            batch, self.pending = self.pending, []
            try:
                await asyncio.to_thread(self.store.append, [row for row, _ in batch])
            except Exception as exc:  # every waiter hears why its action was not stored
                for _, future in batch:
                    if not future.done():
                        future.set_exception(exc)
            else:
                for _, future in batch:
                    if not future.done():
                        future.set_result(None)


class Rooms:
    def __init__(self, store: Store, executor: Executor, bot_pause: float = 0.0) -> None:
        self.store = store
        self.commits = GroupCommit(store)
        self.executor = executor
        self.bot_pause = bot_pause
        self.rooms: dict[str, Room] = {}
        self.tasks: set[asyncio.Task] = set()

    # ---------------------------------------------------------------- setup
    async def create(self, request: dict[str, Any]) -> tuple[Room, list[str]]:
        name = request["game"]
        try:
            game = borough.game(name)
        except ValueError as exc:
            raise RoomError(400, str(exc)) from None
        players = request["players"]
        try:
            options = game.resolve_options(players, request.get("options") or {})
        except ValueError as exc:
            raise RoomError(400, str(exc)) from None
        seats_in = request["seats"]
        if len(seats_in) != players:
            raise RoomError(400, f"{players} players need {players} seats, not {len(seats_in)}")
        seed = request.get("seed")
        if seed is None:
            seed = secrets.randbelow(MAX_SEED)
        tokens, seats = [], []
        for i, seat in enumerate(seats_in):
            agent = seat.get("agent") or ("medium" if seat["kind"] == "bot" else None)
            if seat["kind"] == "bot" and agent not in AGENT_NAMES:
                raise RoomError(400, f"unknown agent {agent!r}; choose from "
                                     f"{', '.join(AGENT_NAMES)}")
            token = secrets.token_urlsafe(18)
            tokens.append(token)
            seats.append({
                "kind": seat["kind"], "agent": agent if seat["kind"] == "bot" else None,
                "name": seat.get("name") or f"Player {i + 1}", "token_hash": hash_token(token),
            })
        room_id = secrets.token_hex(8)
        state = game.setup(players, seed=seed, options=options)
        room = Room(room_id, game, Record.start(game, players, seed, options), state, seats)
        room.note_views()
        await asyncio.to_thread(self.store.create_game, {
            "id": room_id, "game": name, "players": players, "seed": seed,
            "options": options, "seats": seats,
            "status": room.status, "rules_version": game.rules_version,
        })
        self.rooms[room_id] = room
        self.kick(room)
        return room, tokens

    def restore(self, stored: StoredGame) -> Room:
        """Rebuild a room from its stored setup and actions.

        A stored game that no longer replays (a row edited by hand, or a game
        kept from before its rules changed) is refused with a clear error; the
        rows stay as they are, so nothing is lost."""
        try:
            game = borough.game(stored.game)
            mismatch = rules_mismatch(game, stored.rules_version)
            if mismatch is not None:
                raise RoomError(409, f"game {stored.id} cannot be replayed: {mismatch}")
            record = Record.start(game, stored.players, stored.seed, stored.options)
            state = game.setup(stored.players, seed=stored.seed, options=stored.options)
            room = Room(stored.id, game, record, state, stored.seats)
            room.note_views()
            for number, (seat, action) in enumerate(stored.moves, start=1):
                try:
                    events = game.apply(state, seat, freeze(action))
                except IllegalAction as exc:
                    raise RoomError(409, f"game {stored.id} cannot be replayed: its move "
                                         f"{number} is refused ({exc.reason})") from None
                record.moves.append((seat, freeze(action)))
                room.events.extend((room.move_number, e) for e in events)
                room.note_views()
        except (KeyError, ValueError, TypeError) as exc:
            raise RoomError(409, f"game {stored.id} cannot be replayed: {exc}") from None
        self.rooms[room.id] = room
        return room

    async def resume_all(self) -> int:
        """Rebuild every unfinished game and restart its bots; a game that no
        longer replays is reported and left out, and the server still starts."""
        stored = await asyncio.to_thread(self.store.unfinished)
        resumed = 0
        for s in stored:
            try:
                room = self.restore(s)
            except RoomError as exc:
                log.error("%s", exc.message)
                continue
            self.kick(room)
            resumed += 1
        return resumed

    async def get(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        stored = await asyncio.to_thread(self.store.load, room_id)
        if stored is None:
            raise RoomError(404, f"there is no game {room_id!r}")
        return self.restore(stored)

    # ---------------------------------------------------------------- seats
    def seat_of(self, room: Room, token: str | None) -> int:
        if token:
            digest = hash_token(token)
            for seat, data in enumerate(room.seats):
                if secrets.compare_digest(data["token_hash"], digest):
                    return seat
        raise RoomError(403, "that token belongs to no seat of this game")

    def view(self, room: Room, seat: int | None) -> dict[str, Any]:
        return self._cached(room, seat)[0]

    def view_text(self, room: Room, seat: int | None) -> str:
        return self._cached(room, seat)[1]

    def _cached(self, room: Room, seat: int | None) -> tuple[dict[str, Any], str]:
        hit = room.views.get(seat)
        if hit is None:
            view = self._build_view(room, seat)
            hit = room.views[seat] = (view, json.dumps(view))
        return hit

    def _build_view(self, room: Room, seat: int | None) -> dict[str, Any]:
        game, state = room.game, room.state
        to_act = list(game.to_act(state))
        legal = []
        if seat is not None and seat in to_act:
            legal = [
                {"action": list(_listify(a)), "index": game.encode(a),
                 "text": game.describe(a, state)}
                for a in game.legal_actions(state, seat)
            ]
        view: dict[str, Any] = {
            "id": room.id,
            "game": game.name,
            "title": game.title,
            "players": room.record.players,
            "options": room.record.options,
            "seat": seat,
            "status": room.status,
            "move_number": room.move_number,
            "to_act": to_act,
            "your_turn": seat is not None and seat in to_act,
            "observation": game.observe(state, seat),
            "legal_actions": legal,
            "events": [
                {"number": n, "text": e.text, "kind": e.kind, "seat": e.seat}
                for n, e in room.events if e.visible_to(seat)
            ],
            "seats": [
                {"seat": i, "kind": s["kind"], "agent": s["agent"], "name": s["name"]}
                for i, s in enumerate(room.seats)
            ],
        }
        if game.is_over(state):
            view["result"] = game.result(state).to_json()
        return view

    def record(self, room: Room) -> dict[str, Any]:
        if not room.game.is_over(room.state):
            raise RoomError(409, "the record is published once the game is over, "
                                 "so it cannot reveal hidden information")
        return dump(room.record, room.game.result(room.state).to_json())

    # -------------------------------------------------------------- actions
    async def act(self, room: Room, seat: int, move_number: int, action: Any) -> None:
        async with room.lock:
            if room.game.is_over(room.state):
                raise RoomError(409, "the game is over")
            if seat not in room.game.to_act(room.state):
                raise RoomError(403, f"it is not {room.seats[seat]['name']}'s turn")
            if room.seats[seat]["kind"] != "human":
                raise RoomError(403, "a bot plays this seat")
            if not room.seen_at[seat] <= move_number <= room.move_number:
                raise RoomError(409, f"move {move_number} is stale: the game is at move "
                                     f"{room.move_number}; fetch the view again")
            await self._commit(room, seat, action)

    async def _commit(self, room: Room, seat: int, action: Any) -> None:
        """Apply on a clone, store, then publish. Caller holds room.lock."""
        game = room.game
        trial = game.clone(room.state)
        try:
            events = game.apply(trial, seat, action)
        except IllegalAction as exc:
            raise RoomError(422, exc.reason) from None
        number = room.move_number + 1
        status = "over" if game.is_over(trial) else "playing"
        await self.commits.append(room.id, number, seat, action, status)
        room.state = trial
        room.record.moves.append((seat, freeze(action)))
        room.events.extend((number, e) for e in events)
        room.note_views()
        self.publish(room)
        self.kick(room)

    def publish(self, room: Room) -> None:
        room.changed()
        for sub in list(room.subscribers):
            sub.push(self.view_text(room, sub.seat))

    async def undo(self, room: Room, seat: int) -> None:
        """Take back the seat's own last move, when that cannot help anyone cheat."""
        async with room.lock:
            if any(s["kind"] != "human" for s in room.seats):
                raise RoomError(403, "undo is only for games in which every seat is human")
            if not room.record.moves or room.record.moves[-1][0] != seat:
                raise RoomError(409, "only the last move can be taken back, by its player")
            before = self._replay(room, room.record.moves[:-1])
            last = room.record.moves[-1][1]
            if self._revealed(room.game, before, room.state, last, seat):
                raise RoomError(409, "that move revealed hidden information; it stands")
            await asyncio.to_thread(self.store.remove_last, room.id, room.move_number)
            number = room.move_number
            room.record.moves.pop()
            room.state = before
            room.seen = []  # every view may have changed back: start afresh
            room.note_views()
            room.events = [(n, e) for n, e in room.events if n != number]
            self.publish(room)

    @staticmethod
    def _replay(room: Room, moves: list[tuple[int, Any]]) -> Any:
        game, rec = room.game, room.record
        state = game.setup(rec.players, seed=rec.seed, options=rec.options)
        for s, a in moves:
            game.apply(state, s, a)
        return state

    @staticmethod
    def _revealed(game: Game, before: Any, after: Any, action: Any, actor: int) -> bool:
        """Did the move show any seat something it could not know before?

        For every seat, the move is replayed on states that seat cannot tell
        apart from the real one; if what the seat sees afterwards differs, the
        move drew on hidden information (a card drawn, a stack reshuffled).
        """
        rng = random.Random(0)
        for viewer in range(game.num_seats(before)):
            seen = game.observe(after, viewer)
            for _ in range(UNDO_SAMPLES):
                world = game.determinize(before, viewer, rng)
                try:
                    game.apply(world, actor, action)
                except IllegalAction:
                    return True
                if game.observe(world, viewer) != seen:
                    return True
        return False

    async def hand_to_bot(self, room: Room, seat: int, agent: str) -> None:
        if agent not in AGENT_NAMES:
            raise RoomError(400, f"unknown agent {agent!r}; choose from {', '.join(AGENT_NAMES)}")
        async with room.lock:
            seats = [dict(s) for s in room.seats]
            seats[seat]["kind"], seats[seat]["agent"] = "bot", agent
            await asyncio.to_thread(self.store.set_seats, room.id, seats)
            room.seats = seats
            self.publish(room)
            self.kick(room)

    # ----------------------------------------------------------------- bots
    def kick(self, room: Room) -> None:
        """Start a bot turn for every bot seat that must decide now."""
        if room.game.is_over(room.state):
            return
        for seat in room.game.to_act(room.state):
            if room.seats[seat]["kind"] == "bot" and seat not in room.thinking:
                task = asyncio.get_running_loop().create_task(self._bot_turn(room, seat))
                room.thinking[seat] = task
                self.tasks.add(task)
                task.add_done_callback(self.tasks.discard)

    async def _bot_turn(self, room: Room, seat: int) -> None:
        loop = asyncio.get_running_loop()
        try:
            while True:
                async with room.lock:
                    if room.game.is_over(room.state) or seat not in room.game.to_act(room.state):
                        return
                    number = room.move_number
                    state_json = room.game.to_json(room.state)
                    agent = room.seats[seat]["agent"]
                    seed = matches.seat_seed(room.record.seed, seat) + number
                if self.bot_pause:
                    await asyncio.sleep(self.bot_pause)
                action = await loop.run_in_executor(
                    self.executor, bot_decision, room.game.name, state_json, seat, agent, seed
                )
                async with room.lock:
                    if room.move_number != number:
                        continue  # the game moved on while the bot thought: think again
                    room.thinking.pop(seat, None)  # so the next bot turn can start
                    await self._commit(room, seat, action)
                    return
        except Exception:
            log.exception("bot of seat %s in game %s failed", seat, room.id)
        finally:
            if room.thinking.get(seat) is asyncio.current_task():
                room.thinking.pop(seat)

    async def idle(self) -> None:
        """Wait until no bot is thinking (for tests and shutdown)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)


def _listify(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_listify(v) for v in value]
    return value
