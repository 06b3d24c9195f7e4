"""A prepared statement run from the event loop straight over a psycopg
connection's libpq connection (`AsyncConnection.pgconn`, psycopg's libpq
wrapper), for the one statement every move sends (store_writes.APPEND).

Through an async cursor each run went through psycopg's query conversion,
its prepared-statement cache, its connection lock and a generator driven by a
waiting coroutine: about twice the CPU of the statement's own send and read.
Here the statement is prepared once per connection, sent with its parameters
as text, and its answer read by a reader on the connection's socket, as the
listener reads notifications (cluster.py). The connection stays psycopg's
for everything else: each run leaves it idle, as a cursor's would.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

import psycopg
from psycopg import pq

TIMESTAMPTZ = 1184  # the type psycopg gives an aware datetime
UNKNOWN = 0  # the type psycopg gives a str: the server infers it from its use


class LoopStatement:
    """`sql` (with $1, $2... placeholders of the `types` oids), prepared as `name`
    on each connection it runs on."""

    def __init__(self, name: str, sql: str, types: Sequence[int]) -> None:
        self.name = name.encode()
        self.sql = sql.encode()
        self.types = list(types)
        self.prepared: pq.abc.PGconn | None = None  # the libpq connection it is prepared on

    async def run(self, conn: psycopg.AsyncConnection, params: Sequence[bytes | None]
                  ) -> None:
        """Run the statement with `params` (text) on `conn`, idle and in autocommit,
        and read its answer; raises psycopg's error for the server's refusal
        (IntegrityError for a unique key) and OperationalError for a connection
        that failed. A run cut short (cancelled) leaves the connection broken, as
        its answer was never read: the caller drops it."""
        pgconn = conn.pgconn
        if self.prepared is not pgconn:
            pgconn.send_prepare(self.name, self.sql, self.types)
            await _answer(pgconn)
            self.prepared = pgconn
        pgconn.send_query_prepared(self.name, params)
        await _answer(pgconn)


async def _answer(pgconn: pq.abc.PGconn) -> None:
    """Flush what was sent, wait for the whole answer and raise its error, if any."""
    loop = asyncio.get_running_loop()
    fd = pgconn.socket
    while pgconn.flush():  # the socket took only part of it: wait until it takes more
        await _ready(loop, fd, loop.add_writer, loop.remove_writer, None)
    if pgconn.is_busy():
        await _ready(loop, fd, loop.add_reader, loop.remove_reader, pgconn)
    failed: psycopg.Error | None = None
    while (result := pgconn.get_result()) is not None:
        if failed is None and result.status == pq.ExecStatus.FATAL_ERROR:
            failed = _error(result)
    if failed is not None:
        raise failed


async def _ready(loop: asyncio.AbstractEventLoop, fd: int,
                 add: Callable[[int, Callable[[], None]], Any], remove: Callable[[int], Any],
                 pgconn: pq.abc.PGconn | None) -> None:
    """Until `fd` is writable (`pgconn` None) or `pgconn` has read its whole answer."""
    done: asyncio.Future[None] = loop.create_future()

    def wake() -> None:
        if done.done():
            return
        try:
            if pgconn is not None:
                pgconn.consume_input()
                if pgconn.is_busy():
                    return
            done.set_result(None)
        except Exception as exc:  # the connection failed
            done.set_exception(exc)

    add(fd, wake)
    try:
        await done
    finally:
        remove(fd)


def _error(result: pq.abc.PGresult) -> psycopg.Error:
    """The psycopg error for a refused statement, by its SQLSTATE."""
    state = (result.error_field(pq.DiagnosticField.SQLSTATE) or b"").decode()
    message = (result.error_field(pq.DiagnosticField.MESSAGE_PRIMARY)
               or result.error_message).decode(errors="replace").strip()
    try:
        kind = psycopg.errors.lookup(state)
    except KeyError:
        kind = psycopg.DatabaseError
    return kind(message)
