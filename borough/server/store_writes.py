"""How the store writes a batch of changes to the log: over SQLite's own driver
with fixed statements, on PostgreSQL as one prepared statement that also
announces each change, and elsewhere through SQLAlchemy's statements.

A change is acknowledged only after its row is committed. The unique (game,
number) key makes the database the authority on the log's order: the process
that loses a race for change N learns it from the refused insert (`Conflict`),
with nothing of its batch stored.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import orjson
import psycopg
from sqlalchemy import case, func, insert, make_url, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from borough.server.pg_loop import TIMESTAMPTZ, UNKNOWN, LoopStatement
from borough.server.store_rows import MOVE, UNDO, ActionRow, Change, GameRow

CHANNEL = "borough_changes"  # NOTIFY payload: "<game id>:<change number>:<process>"

Statements = list[tuple[str, dict[str, Any]]]


class Conflict(Exception):
    """Another process stored this change number first: nothing was stored."""


class SqliteWriter:
    """SQLite's writes. SQLite lets one transaction write at a time, and a thread
    that finds the database locked sleeps in steps of 1, 2, 5, 10 ms and more
    before it looks again: on a busy machine a move's commit that met a
    suggestion's count then waited far longer than the count took. This
    process's writers queue on `lock` instead and each starts the moment the
    one before ends. They share one connection, kept open: taking one from the
    pool and handing it back (with its reset) cost more than a move's insert."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.lock = threading.Lock()
        self.connection: Connection | None = None

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """A write transaction, one of this process's at a time."""
        with self.lock:
            if self.connection is None:
                self.connection = self.engine.connect()
            with self.connection.begin():
                yield self.connection

    def append(self, changes: list[Change], now: datetime) -> None:
        """`Store.append` on SQLite: the rows written through the kept connection's own
        driver, with fixed statements, as SQLAlchemy writes them (JSON as json.dumps
        text, the time as its SQLite DATETIME text, the moves that stand counted
        by the same subquery), without building and compiling each statement:
        about 45 us of CPU a move instead of 200."""
        created = _SQLITE_DATETIME % {
            "year": now.year, "month": now.month, "day": now.day, "hour": now.hour,
            "minute": now.minute, "second": now.second, "microsecond": now.microsecond}
        rows = [(c.game_id, c.entry.number, c.entry.kind, c.entry.seat,
                 json.dumps(c.entry.action), created) for c in changes]
        with self.lock:
            if self.connection is None:
                self.connection = self.engine.connect()
            raw = self.connection.connection.driver_connection
            assert raw is not None
            try:
                raw.executemany(_INSERT_ACTION, rows)
                for c in changes:
                    if c.status != "playing":  # a new game is stored as playing already
                        raw.execute(_GAME_ENDS, (c.status, c.game_id, c.game_id))
                    if c.seats is not None:
                        raw.execute(_SEATS_CHANGE, (json.dumps(c.seats), c.game_id))
                raw.commit()
            except BaseException as exc:
                raw.rollback()
                if isinstance(exc, sqlite3.IntegrityError):
                    raise Conflict(str(exc)) from None
                raise

    def close(self) -> None:
        with self.lock:
            if self.connection is not None:
                self.connection.close()
                self.connection = None


class SharedAppender:
    """PostgreSQL's appends, sent over psycopg connections of their own (not the
    engine's), each opened on first use and again after it is lost: one for
    threads (`run`) and one for the event loop (`run_async`)."""

    def __init__(self, url: str) -> None:
        self.url = (make_url(url).set(drivername="postgresql")
                    .render_as_string(hide_password=False))
        self.connection: psycopg.Connection | None = None
        self.lock = threading.Lock()
        # run_async's connection and cursor, and its statement for every move
        self.on_loop: tuple[psycopg.AsyncConnection, psycopg.AsyncCursor] | None = None
        self.append_on_loop = LoopStatement("borough_append", numbered(APPEND, APPEND_ORDER),
                                            APPEND_TYPES)

    def run(self, statements: Statements, transaction: bool) -> None:
        """From a thread (the group commit stores on the event loop: `run_async`):
        `shared_statements` over the kept psycopg connection."""
        with self.lock:
            if self.connection is None or self.connection.closed:
                self.connection = psycopg.connect(self.url, autocommit=True)
            conn = self.connection
            try:
                if not transaction:
                    conn.execute(*statements[0])
                    return
                with conn.transaction():
                    for statement in statements:
                        conn.execute(*statement)
            except psycopg.IntegrityError as exc:
                raise Conflict(str(exc)) from None
            except psycopg.OperationalError:  # lost: the next batch opens another
                self.connection = None
                conn.close()
                raise

    async def run_async(self, statements: Statements, transaction: bool) -> None:
        """`run` on the event loop: the statement is sent and its answer read by
        the loop, between other work, over a connection of the loop's own. From
        a worker thread each batch cost a hand-over each way and the two threads'
        turns at the interpreter lock, about as much CPU as the statement itself."""
        if self.on_loop is None or self.on_loop[0].closed:
            self.append_on_loop.release()  # off a socket that may be gone
            conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            # One cursor kept: it converts the parameters of the statement it ran
            # last with the same adapters, instead of setting up new ones per batch.
            self.on_loop = conn, conn.cursor()
        conn, cursor = self.on_loop
        try:
            if not transaction:
                sql, values = statements[0]
                if sql is APPEND:  # every move's: sent without the cursor (pg_loop.py)
                    await self.append_on_loop.run(conn, [
                        str(values[name]).encode() for name in APPEND_ORDER])
                else:
                    self.append_on_loop.release()  # psycopg reads the socket now
                    await cursor.execute(sql, values)
                return
            self.append_on_loop.release()
            async with conn.transaction():
                for statement in statements:
                    await cursor.execute(*statement)
        except psycopg.IntegrityError as exc:
            raise Conflict(str(exc)) from None
        except psycopg.OperationalError:  # lost: the next batch opens another
            if self.on_loop is not None and self.on_loop[0] is conn:
                self.on_loop = None
            self.append_on_loop.release()
            await conn.close()
            raise
        except asyncio.CancelledError:  # an answer left unread: the connection is dropped
            if self.on_loop is not None and self.on_loop[0] is conn:
                self.on_loop = None
            self.append_on_loop.release()
            conn.pgconn.finish()
            raise

    def close(self) -> None:
        if self.on_loop is not None:  # closed without its loop: no answer awaited
            self.append_on_loop.release()
            self.on_loop[0].pgconn.finish()
            self.on_loop = None
        with self.lock:
            if self.connection is not None:
                self.connection.close()
                self.connection = None


def shared_statements(changes: list[Change], now: datetime, owner: str, lease: float
                      ) -> tuple[Statements, bool]:
    """PostgreSQL: the statements that store `changes` (sorted by game), and
    whether they need a transaction. Most batches are one statement, one
    round trip in autocommit (a statement is its own transaction): the rows
    go as one JSON text, so it is prepared once whatever the batch's size,
    and each change is announced in it. Through SQLAlchemy a batch took four round
    trips (BEGIN, the insert, the NOTIFY, COMMIT) and about 1.1 ms of CPU a
    move. A change that also ends a game, hands over a seat or concerns a
    bot seat adds its other statements, in one transaction. `owner` is the
    process storing them, which thinks for a bot left to move, for `lease`
    seconds."""
    rows = orjson.dumps([{"g": c.game_id, "n": c.entry.number, "k": c.entry.kind,
                          "s": c.entry.seat, "a": c.entry.action} for c in changes])
    statements: Statements = [(APPEND, {
        "rows": rows.decode(), "created": now, "me": owner, "channel": CHANNEL})]
    for c in changes:
        if c.status != "playing":
            statements.append((GAME_OVER, {"g": c.game_id, "status": c.status}))
        if c.seats is not None:
            statements.append((NEW_SEATS, {"g": c.game_id,
                                           "seats": orjson.dumps(c.seats).decode()}))
        if c.bots:  # the process storing it thinks for the bot
            statements.append((OWN_BOT_TURN, {"g": c.game_id, "n": c.entry.number,
                                              "me": owner, "lease": lease}))
        elif c.bots is not None:
            statements.append(("DELETE FROM bot_turns WHERE game_id = %(g)s",
                               {"g": c.game_id}))
    return statements, len(statements) > 1


def append_rows(engine: Engine, changes: list[Change], now: datetime) -> None:
    """`Store.append` on any other database: SQLAlchemy's statements, in one transaction."""
    try:
        with engine.begin() as conn:
            conn.execute(insert(ActionRow), [
                {"game_id": c.game_id, "number": c.entry.number, "kind": c.entry.kind,
                 "seat": c.entry.seat, "action": _listify(c.entry.action), "created": now}
                for c in changes
            ])
            for c in changes:
                values = _game_values(c)
                if values:
                    conn.execute(update(GameRow).where(GameRow.id == c.game_id)
                                 .values(**values))
    except IntegrityError as exc:
        raise Conflict(str(exc.orig)) from None


def _listify(value: Any) -> Any:
    return json.loads(json.dumps(value))


# How SQLAlchemy's SQLite dialect writes a DateTime, and the statements of SQLite's `append`.
_SQLITE_DATETIME = ("%(year)04d-%(month)02d-%(day)02d %(hour)02d:%(minute)02d:"
                    "%(second)02d.%(microsecond)06d")
_INSERT_ACTION = ("INSERT INTO actions (game_id, number, kind, seat, action, created) "
                  "VALUES (?, ?, ?, ?, ?, ?)")
_GAME_ENDS = ("UPDATE games SET status = ?, moves = (SELECT coalesce(sum(CASE WHEN "
              f"kind = '{MOVE}' THEN 1 WHEN kind = '{UNDO}' THEN -1 ELSE 0 END), 0) "
              "FROM actions WHERE game_id = ?) WHERE id = ?")
_SEATS_CHANGE = "UPDATE games SET seats = ? WHERE id = ?"


# PostgreSQL's append (shared_statements): the rows come as one JSON text, so one
# prepared statement stores a batch of any size with a single parameter to
# convert (as arrays, psycopg's conversion of each element took more CPU than
# the rest of the statement), and each stored change is announced in the same
# statement (sent only if it commits).
APPEND = """
WITH stored AS (
    INSERT INTO actions (game_id, number, kind, seat, action, created)
    SELECT g, n, k, s, a, %(created)s
    FROM json_to_recordset(CAST(%(rows)s AS json)) AS c(g varchar, n int, k varchar, s int, a json)
    RETURNING game_id, number)
SELECT pg_notify(%(channel)s, game_id || ':' || number || ':' || %(me)s) FROM stored
"""
# APPEND's parameters in the order of their first use, as psycopg numbers them,
# with the types psycopg gives them (an aware datetime, and strs left to the
# server to infer from their use).
APPEND_ORDER = ("created", "rows", "channel", "me")
APPEND_TYPES = (TIMESTAMPTZ, UNKNOWN, UNKNOWN, UNKNOWN)


def numbered(sql: str, names: Sequence[str]) -> str:
    """`sql` with its %(name)s placeholders written $1, $2... in the order of `names`."""
    for i, name in enumerate(names, 1):
        sql = sql.replace(f"%({name})s", f"${i}")
    return sql


# The moves that stand when a game ends (a take-back undoes one), counted with
# the change being stored: it was inserted earlier in the same transaction.
GAME_OVER = """
UPDATE games SET status = %(status)s, moves = (
    SELECT coalesce(sum(CASE kind WHEN 'move' THEN 1 WHEN 'undo' THEN -1 ELSE 0 END), 0)
    FROM actions WHERE actions.game_id = %(g)s)
WHERE id = %(g)s
"""
NEW_SEATS = "UPDATE games SET seats = CAST(%(seats)s AS json) WHERE id = %(g)s"
OWN_BOT_TURN = """
INSERT INTO bot_turns (game_id, number, owner, lease_until, due)
VALUES (%(g)s, %(n)s, %(me)s, now() + make_interval(secs => %(lease)s), now())
ON CONFLICT (game_id) DO UPDATE SET number = excluded.number, owner = excluded.owner,
    lease_until = excluded.lease_until, due = excluded.due
"""


def _game_values(c: Change) -> dict[str, Any]:
    """What a change does to its game's row beside the log."""
    values: dict[str, Any] = {}
    if c.status != "playing":  # a new game is stored as playing already
        values["status"] = c.status
        values["moves"] = _standing_moves(c.game_id)  # this one counted
    if c.seats is not None:
        values["seats"] = c.seats
    return values


def _standing_moves(game_id: str) -> Any:
    """The moves a game's change log leaves standing (a take-back undoes one), as
    a subquery, so it counts the change being stored with it."""
    standing = case((ActionRow.kind == MOVE, 1), (ActionRow.kind == UNDO, -1), else_=0)
    return (select(func.coalesce(func.sum(standing), 0))
            .where(ActionRow.game_id == game_id).scalar_subquery())
