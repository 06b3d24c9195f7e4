"""Chat between the people at a table, stored with the game.

A game's chat is open while two or more of its seats are played by people:
they write to each other, a message at most 500 characters of plain text
(checked in schemas.py before anything else is done). Messages are numbered
1, 2, 3, ... within the game; the unique (game, number) key lets any number of
server processes add to one chat, as with a game's changes. A finished game's
chat stays readable but takes no more messages.

Spectators (and anyone holding a bot seat's link) read the chat only when the
players let them: each person's seat has its own switch, off until they turn
it on, and the chat is open to spectators while every seat played by a person
now, and every seat that has written in it, has it on. One seat turning it
off closes it again.

New messages, and changes of who may read, are pushed to the game's sockets
as `{"type": "chat", ...}` beside its views; on PostgreSQL the process that
stores one tells the others with NOTIFY (in the same transaction), and each
pushes to its own sockets.

Each seat has a bucket of chat changes, its messages and the turns of its
switch (`chat_burst` at once, refilled at `chat_rate` a second), counted per
server process, and a game holds at most `chat_messages` messages.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    DateTime,
    ForeignKey,
    Integer,
    Text,
    UniqueConstraint,
    delete,
    func,
    insert,
    select,
    text,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from borough.server.quotas import Limit
from borough.server.refusal import RoomError
from borough.server.rooms import Room, Rooms
from borough.server.settings import Settings
from borough.server.store import Store
from borough.server.store_rows import Base

CHANNEL = "borough_chat"  # NOTIFY payload: "<game id>:<message number, 0: readers>:<process>"
log = logging.getLogger("borough.server")


class ChatRow(Base):
    __tablename__ = "chat_messages"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    number: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatReaderRow(Base):
    """A seat that lets spectators read its game's chat."""

    __tablename__ = "chat_readers"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)


@dataclass(frozen=True)
class Access:
    """Who is asked before spectators may read a chat, and who said yes."""

    people: frozenset[int]  # seats played by a person now
    writers: frozenset[int]  # seats that have written in the chat
    allowed: frozenset[int]  # seats that let spectators read it

    @property
    def asked(self) -> frozenset[int]:
        return self.people | self.writers

    @property
    def spectators(self) -> bool:
        return bool(self.asked) and self.asked <= self.allowed

    def to_json(self) -> dict[str, Any]:
        return {"spectators": self.spectators, "allowed": sorted(self.allowed),
                "asked": sorted(self.asked)}


def people(room: Room) -> frozenset[int]:
    return frozenset(i for i, s in enumerate(room.seats) if s["kind"] == "human")


def _message(row: Any, names: list[str]) -> dict[str, Any]:
    created = row.created if row.created.tzinfo else row.created.replace(tzinfo=UTC)
    return {"number": row.number, "seat": row.seat,
            "name": names[row.seat] if 0 <= row.seat < len(names) else "",
            "text": row.text, "at": created.isoformat()}


class ChatStore:
    """The chat's rows in the game's database."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    def messages(self, game_id: str, after: int = 0) -> list[Any]:
        with self.engine.connect() as conn:
            return list(conn.execute(
                select(ChatRow.number, ChatRow.seat, ChatRow.text, ChatRow.created)
                .where(ChatRow.game_id == game_id, ChatRow.number > after)
                .order_by(ChatRow.number)).all())

    def message(self, game_id: str, number: int) -> Any | None:
        with self.engine.connect() as conn:
            return conn.execute(
                select(ChatRow.number, ChatRow.seat, ChatRow.text, ChatRow.created)
                .where(ChatRow.game_id == game_id, ChatRow.number == number)).first()

    def access(self, game_id: str, people: frozenset[int]) -> Access:
        with self.engine.connect() as conn:
            writers = conn.execute(select(ChatRow.seat).distinct()
                                   .where(ChatRow.game_id == game_id)).scalars()
            allowed = conn.execute(select(ChatReaderRow.seat)
                                   .where(ChatReaderRow.game_id == game_id)).scalars()
            return Access(people, frozenset(writers), frozenset(allowed))

    def add(self, game_id: str, seat: int, words: str, most: int) -> Any | None:
        """Store a message as the game's next; None when the game holds `most` already."""
        for _ in range(3):  # two processes taking the same number: the loser tries again
            try:
                with self.engine.begin() as conn:
                    last = conn.execute(select(func.coalesce(func.max(ChatRow.number), 0))
                                        .where(ChatRow.game_id == game_id)).scalar_one()
                    if last >= most:
                        return None
                    row = {"game_id": game_id, "number": last + 1, "seat": seat,
                           "text": words, "created": datetime.now(UTC)}
                    conn.execute(insert(ChatRow), [row])
                    self._notify(conn, game_id, last + 1)
                    return conn.execute(
                        select(ChatRow.number, ChatRow.seat, ChatRow.text, ChatRow.created)
                        .where(ChatRow.game_id == game_id, ChatRow.number == last + 1)).one()
            except IntegrityError:
                continue
        raise RoomError(409, "the chat changed meanwhile; send the message again")

    def allow(self, game_id: str, seat: int, allowed: bool) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(ChatReaderRow).where(ChatReaderRow.game_id == game_id,
                                                     ChatReaderRow.seat == seat))
            if allowed:
                conn.execute(insert(ChatReaderRow), [{"game_id": game_id, "seat": seat}])
            self._notify(conn, game_id, 0)

    def _notify(self, conn: Any, game_id: str, number: int) -> None:
        if self.store.shared:
            conn.execute(text("SELECT pg_notify(:channel, :payload)"), {
                "channel": CHANNEL, "payload": f"{game_id}:{number}:{self.store.owner}"})


class Chat:
    """The chat of every game this process serves: reads, posts, and pushes."""

    def __init__(self, rooms: Rooms, settings: Settings, limit: Limit) -> None:
        self.rooms = rooms
        self.settings = settings
        self.limit = limit  # per seat of a game
        self.rows = ChatStore(rooms.store)

    def _reader(self, room: Room, token: str) -> int | None:
        """The person's seat a token belongs to; None for a spectator or a bot's seat.
        A token that belongs to no seat is refused."""
        if not token:
            return None
        seat = self.rooms.seat_of(room, token)
        return seat if room.seats[seat]["kind"] == "human" else None

    async def log(self, room: Room, token: str) -> dict[str, Any]:
        """The chat as `token`'s holder may read it."""
        seat = self._reader(room, token)
        access = await asyncio.to_thread(self.rows.access, room.id, people(room))
        readable = seat is not None or access.spectators
        rows = await asyncio.to_thread(self.rows.messages, room.id) if readable else []
        names = [s["name"] for s in room.seats]
        return {
            "available": len(access.people) >= 2 or bool(access.writers),
            "readable": readable,
            "seat": seat,
            "can_post": self._closed(room, seat, access) is None,
            **access.to_json(),
            "messages": [_message(r, names) for r in rows],
        }

    def _closed(self, room: Room, seat: int | None, access: Access) -> str | None:
        """Why `seat` cannot write in the chat now; None when it can."""
        if seat is None:
            return "only the people playing the game write in its chat"
        if room.status == "over":
            return "the game is over: its chat takes no more messages"
        if len(access.people) < 2:
            return "the chat is for games with two or more people"
        return None

    async def post(self, room: Room, token: str, words: str) -> dict[str, Any]:
        """`words` (checked by the schema) from the seat of `token`, stored, then pushed."""
        seat = self.rooms.seat_of(room, token)
        if room.seats[seat]["kind"] != "human":
            raise RoomError(403, "a bot plays this seat: it does not chat")
        access = await asyncio.to_thread(self.rows.access, room.id, people(room))
        closed = self._closed(room, seat, access)
        if closed is not None:
            raise RoomError(409, closed)
        await self._take(room, seat)
        row = await asyncio.to_thread(self.rows.add, room.id, seat, words,
                                      self.settings.chat_messages)
        if row is None:
            raise RoomError(409, f"this game's chat holds its {self.settings.chat_messages} "
                                 "messages already")
        message = _message(row, [s["name"] for s in room.seats])
        self._push_message(room, message, Access(access.people, access.writers | {seat},
                                                 access.allowed))
        return message

    async def allow(self, room: Room, token: str, allowed: bool) -> dict[str, Any]:
        """The seat of `token` lets spectators read the chat, or stops letting them."""
        seat = self.rooms.seat_of(room, token)
        if room.seats[seat]["kind"] != "human":
            raise RoomError(403, "a bot plays this seat: only people choose who reads the chat")
        await self._take(room, seat)  # each change makes every spectator read the chat again
        await asyncio.to_thread(self.rows.allow, room.id, seat, allowed)
        answer = await self.log(room, token)
        self._push_access(room)
        return answer

    async def _take(self, room: Room, seat: int) -> None:
        """One of the seat's chat changes (a message, a turn of its switch), if it has
        one left; else a refusal saying when."""
        wait = await self.limit.take(f"{room.id}:{seat}")
        if wait:
            raise RoomError(429, f"too many chat changes from this seat; try again in "
                                 f"{math.ceil(wait)} s", retry_after=wait)

    # ------------------------------------------------------------- pushes
    def _push_message(self, room: Room, message: dict[str, Any], access: Access) -> None:
        text = json.dumps({"type": "chat", "message": message})
        person = people(room)
        for sub in list(room.subscribers):
            if sub.seat in person or access.spectators:
                sub.push(text)

    def _push_access(self, room: Room) -> None:
        """Everyone watching hears that who may read changed (spectators then fetch it)."""
        text = json.dumps({"type": "chat", "access": True})
        for sub in list(room.subscribers):
            sub.push(text)

    def heard(self, game_id: str, number: int) -> None:
        """Another process stored message `number` of a game (0: changed its readers):
        the sockets held here hear of it."""
        room = self.rooms.rooms.get(game_id)
        if room is None or not room.subscribers:
            return
        task = asyncio.get_running_loop().create_task(self._relay(room, number))
        self.rooms.tasks.add(task)
        task.add_done_callback(self.rooms.tasks.discard)

    async def _relay(self, room: Room, number: int) -> None:
        try:
            if number == 0:
                self._push_access(room)
                return
            row = await asyncio.to_thread(self.rows.message, room.id, number)
            if row is None:
                return
            access = await asyncio.to_thread(self.rows.access, room.id, people(room))
            self._push_message(room, _message(row, [s["name"] for s in room.seats]), access)
        except Exception:
            log.exception("relaying chat message %s of game %s failed", number, room.id)
