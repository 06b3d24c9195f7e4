"""The stored games' rows: the tables of games, their change logs, the bot
queue and the suggestion counts (and `Base`, which the server's other tables
join), with the records a game's rows are read into and written from.

A game is its setup (a `GameRow`) plus an append-only change log (its
`ActionRow`s): the moves, the take-backs, the seats handed to bots and the
open seats taken, numbered 1, 2, 3, ... within the game.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

MOVE, UNDO, SEATS, JOIN = "move", "undo", "seats", "join"


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict] = mapped_column(JSON)
    seats: Mapped[list] = mapped_column(JSON)  # [{kind, agent, name, token_hash}]
    status: Mapped[str] = mapped_column(String(16), default="playing")
    rules_version: Mapped[int] = mapped_column(Integer, default=1)
    seed_chosen: Mapped[bool] = mapped_column(Boolean, default=False)  # by the creator
    content: Mapped[str | None] = mapped_column(String(16), nullable=True)  # its digest
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    moves: Mapped[int | None] = mapped_column(Integer, nullable=True)  # once over


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    number: Mapped[int] = mapped_column(Integer)  # 1, 2, 3, ... within the game
    kind: Mapped[str] = mapped_column(String(8), default=MOVE)  # move | undo | seats
    seat: Mapped[int] = mapped_column(Integer)
    # A move: the action. A take-back: []. A hand-over: [old kind, old agent, new agent]
    # and, for a seat whose table clock ran out, "time".
    # An open seat taken: [old name, new name, old token hash, new token hash].
    action: Mapped[list] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class BotTurnRow(Base):
    """A game with a bot to move, and the server process thinking for it (PostgreSQL)."""

    __tablename__ = "bot_turns"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer)
    owner: Mapped[str | None] = mapped_column(String(80), nullable=True)
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True),
                                                         nullable=True)
    due: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class HintRow(Base):
    """A seat's suggestions: its bucket of asks, and the last answer it was given."""

    __tablename__ = "hint_asks"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    tokens: Mapped[float] = mapped_column(Float)
    at: Mapped[float] = mapped_column(Float)  # epoch seconds: every process's clock
    version: Mapped[int] = mapped_column(Integer)
    answer: Mapped[dict | None] = mapped_column(JSON, nullable=True)


@dataclass(frozen=True)
class HintAsk:
    """What the store says to a seat asking for a suggestion: the answer it
    already has for this decision, else how long it must wait (0: go ahead)."""

    answer: dict[str, Any] | None
    wait: float


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Entry:
    """One change of a game's log, as stored."""

    number: int
    kind: str
    seat: int
    action: Any


@dataclass(frozen=True)
class Change:
    """A change to store: a log entry and what it does to the game's row."""

    game_id: str
    entry: Entry
    status: str  # the game's status after it
    seats: list[dict[str, Any]] | None = None  # a hand-over: the seats after it
    bots: bool | None = False  # a bot is to move after it (None: the game has no bot seat)


@dataclass
class StoredGame:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    status: str
    created: datetime
    log: list[Entry]
    rules_version: int
    seed_chosen: bool = False
    content: str | None = None
    """The digest of the content the game was created with (None: the game's own)."""

    @property
    def moves(self) -> list[tuple[int, Any]]:
        """The moves that stand: the log's moves less those taken back."""
        moves: list[tuple[int, Any]] = []
        for e in self.log:
            if e.kind == MOVE:
                moves.append((e.seat, e.action))
            elif e.kind == UNDO:
                moves.pop()
        return moves

    def initial_seats(self) -> list[dict[str, Any]]:
        """The seats as created: the hand-overs undone, newest first."""
        seats = [dict(x) for x in self.seats]
        for e in reversed(self.log):
            if e.kind == SEATS:
                seats[e.seat]["kind"], seats[e.seat]["agent"] = e.action[0], e.action[1]
            elif e.kind == JOIN:
                seats[e.seat]["name"], seats[e.seat]["token_hash"] = e.action[0], e.action[2]
                seats[e.seat]["open"] = True
        return seats
