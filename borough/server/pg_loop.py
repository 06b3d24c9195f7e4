"""A prepared statement run from the event loop straight over a psycopg
connection's libpq connection (`AsyncConnection.pgconn`, psycopg's libpq
wrapper), for the one statement every move sends (store_writes.APPEND).

Through an async cursor each run went through psycopg's query conversion,
its prepared-statement cache, its connection lock and a generator driven by a
waiting coroutine: about twice the CPU of the statement's own send and read.
Here the statement is prepared once per connection, sent with its parameters
as text, and its answer read by a reader on the connection's socket, as the
listener reads notifications (cluster.py). The reader stays on the socket
between runs: setting one up and taking it down for each run cost nearly as
much as the rest of the run (13 of 30 us). The connection stays psycopg's for
everything else: each run leaves it idle, as a cursor's would, and the reader
is taken off (`release`) before psycopg uses or closes the connection.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

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
        # The libpq connection whose socket (`fd`, on `loop`) this statement reads,
        # and the run waiting for its answer.
        self.reading: pq.abc.PGconn | None = None
        self.fd = -1
        self.loop: asyncio.AbstractEventLoop | None = None
        self.waiter: asyncio.Future[None] | None = None

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
            await self._answer(pgconn)
            self.prepared = pgconn
        pgconn.send_query_prepared(self.name, params)
        await self._answer(pgconn)

    def release(self) -> None:
        """Take the reader off the socket: psycopg is about to use the connection,
        or it is closing."""
        loop = self.loop
        if self.reading is not None and loop is not None and not loop.is_closed():
            loop.remove_reader(self.fd)
        self.reading = None

    async def _answer(self, pgconn: pq.abc.PGconn) -> None:
        """Flush what was sent, wait for the whole answer and raise its error, if any."""
        loop = asyncio.get_running_loop()
        while pgconn.flush():  # the socket took only part of it: wait until it takes more
            await _writable(loop, pgconn.socket)
        if pgconn.is_busy():
            if self.reading is not pgconn or self.loop is not loop:
                self.release()
                self.fd, self.loop, self.reading = pgconn.socket, loop, pgconn
            # Set each time: nearly free while it is on, and back on should
            # anything have taken it off.
            loop.add_reader(self.fd, self._readable)
            self.waiter = loop.create_future()
            try:
                await self.waiter
            finally:
                self.waiter = None
        failed: psycopg.Error | None = None
        while (result := pgconn.get_result()) is not None:
            if failed is None and result.status == pq.ExecStatus.FATAL_ERROR:
                failed = _error(result)
        if failed is not None:
            raise failed

    def _readable(self) -> None:
        """The socket has data: read it, and wake the run once its answer is whole.
        Data with no run waiting (a notice) is read all the same."""
        pgconn, waiter = self.reading, self.waiter
        if pgconn is None:
            return
        try:
            pgconn.consume_input()
        except Exception as exc:  # the connection failed: nothing more to read on it
            self.release()
            if waiter is not None and not waiter.done():
                waiter.set_exception(exc)
            return
        if waiter is not None and not waiter.done() and not pgconn.is_busy():
            waiter.set_result(None)


async def _writable(loop: asyncio.AbstractEventLoop, fd: int) -> None:
    done: asyncio.Future[None] = loop.create_future()

    def wake() -> None:
        if not done.done():
            done.set_result(None)

    loop.add_writer(fd, wake)
    try:
        await done
    finally:
        loop.remove_writer(fd)


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
