"""A live game as a server process holds it (rooms.py keeps them), and the
sockets that watch it."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from borough.core.game import Game
from borough.core.record import Record
from borough.server.shown import Audience, Played, Shown, Stamped


@dataclass
class Room:
    id: str
    game: Game
    record: Record
    state: Any
    seats: list[dict[str, Any]]
    seed_chosen: bool
    events: list[Stamped] = field(default_factory=list)
    shown: dict[Audience, Shown] = field(default_factory=dict)
    subscribers: set[Subscriber] = field(default_factory=set)
    thinking: dict[int, asyncio.Task] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    used: float = field(default_factory=time.monotonic)  # last request or move
    gone: bool = False  # left memory: a request still holding it must fetch it again
    undo_by: int | None = None  # the seat whose last move the server would take back now
    played: list[Played] = field(default_factory=list)  # each move as others know it
    changes: int = 0  # entries of the game's stored change log that this room reflects
    foreign: int = 0  # changes it caught up on, stored by other processes
    heard: int = 0  # the newest change other processes announced (shared database)
    told: tuple[int, dict[str, Any] | None] | None = None  # the end's breakdown, by move
    # A list of seats, and its names, suggestions allowed and seats as views list them
    seated: tuple[list[dict[str, Any]], list[str], bool, list[dict[str, Any]]] | None = None
    # Per seat, the last state its view listed the legal moves of, and those moves:
    # a move among them needs no second legality check (changes.move).
    listed: dict[int, tuple[Any, tuple[Any, ...]]] = field(default_factory=dict)

    @property
    def move_number(self) -> int:
        return len(self.record.moves)

    @property
    def status(self) -> str:
        return "over" if self.game.is_over(self.state) else "playing"


def waiting(room: Room) -> bool:
    """A table with a seat still open: nobody moves before it is full."""
    return any(seat.get("open") for seat in room.seats)


@dataclass(eq=False)
class Subscriber:
    seat: int | None
    address: str = ""
    queue: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(maxsize=64))
    opened: float = field(default_factory=time.monotonic)

    def push(self, text: str | None) -> None:
        """Queue a view's JSON text for this socket (None: close it)."""
        if self.queue.full():  # a client that stopped reading only needs the newest view
            self.queue.get_nowait()
        self.queue.put_nowait(text)
