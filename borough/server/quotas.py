"""Rate limits counted across every server process sharing a PostgreSQL database.

Each limit is a token bucket per key (a client address, a seat, a user name).
One process on SQLite keeps its buckets in memory (limits.RateLimit): nothing
else counts, and a write per request would queue behind the moves' writes.
On PostgreSQL a bucket is a row of `quotas` holding the time it is full again
(the database's clock, so machines' clocks need not agree); one upsert takes
up to `batch` requests from it at once (more for a key that spends them
within a second, up to a quarter of the burst), or answers how long until
one is back, under the row's lock, so two processes never spend the same
request. A process spends what it took before asking again: a limit on the
moves (every request a move) then costs a round trip every few moves instead
of every move. What it
took and has not spent within `sweep` goes back to the row; a process that dies
loses only that (its client is refused a little early, never let past the
limit), and the counts stay in the row. Each process counts in autocommit (a
statement, a round trip) on connections of its own: requests on the event
loop's, the sweeps and socket caps on one used from threads. Through
SQLAlchemy's pool and an explicit transaction a count cost about three times
the CPU.
"""

from __future__ import annotations

import asyncio
import hashlib
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

import psycopg
from sqlalchemy import make_url

from borough.server.limits import RateLimit

NOW = "extract(epoch from clock_timestamp())"
# Requests the bucket can give: burst less what it is ahead of now, in requests.
_FREE = f"floor((%(burst)s * %(step)s - greatest(q.full_at - {NOW}, 0)) / %(step)s + 1e-9)"
_GIVE = f"greatest(0, least(%(batch)s, {_FREE}))"
_FIRST = "least(%(batch)s, floor(%(burst)s))"
CLAIM = f"""
INSERT INTO quotas AS q (kind, key, full_at, granted)
VALUES (%(kind)s, %(key)s, {NOW} + %(step)s * {_FIRST}, {_FIRST})
ON CONFLICT (kind, key) DO UPDATE SET
    granted = {_GIVE},
    full_at = greatest(q.full_at, {NOW}) + %(step)s * {_GIVE}
RETURNING granted, full_at - {NOW}
"""
PEEK = f"SELECT full_at - {NOW} FROM quotas WHERE kind = %(kind)s AND key = %(key)s"
GIVE_BACK = ("UPDATE quotas SET full_at = full_at - %(step)s * %(n)s "
             "WHERE kind = %(kind)s AND key = %(key)s")
FORGET_FULL = f"DELETE FROM quotas WHERE full_at < {NOW}"
NEVER = 1e9  # seconds per request of a limit that never refills (rate 0)
T = TypeVar("T")


class Counts:
    """This process's connections for counting, each opened on first use and
    again after it fails (the database restarted); one statement at a time on
    each. Requests count on the event loop (`ask`); the rest, in threads."""

    def __init__(self, database_url: str) -> None:
        self.url = make_url(database_url).set(drivername="postgresql").render_as_string(
            hide_password=False)
        self.conn: psycopg.Connection | None = None
        self.lock = threading.Lock()
        # ask's: its loop, connection, cursor (kept: it reuses its adapters for
        # the statement it ran last) and lock
        self.asking: tuple[asyncio.AbstractEventLoop, psycopg.AsyncConnection,
                           psycopg.AsyncCursor, asyncio.Lock] | None = None

    def run(self, sql: str, params: Any, many: bool = False) -> Any:
        """The first row `sql` answers (None if none; always None for `many`)."""

        def one(conn: psycopg.Connection) -> Any:
            if many:
                conn.cursor().executemany(sql, params)
                return None
            cursor = conn.execute(sql, params)
            return cursor.fetchone() if cursor.rownumber is not None else None

        return self.within(one, transaction=False)

    async def ask(self, sql: str, params: Any) -> Any:
        """The first row of a statement that answers one, on the event loop: a
        request's count was a hand-over to a thread and back, about as much CPU
        as the statement. Once more on a new connection if the old one failed,
        as `within`. A request that goes away while its statement runs (a
        socket closing) leaves the connection as it was: psycopg cancels the
        statement and reads its answer before the request ends."""
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            asking = self.asking
            if asking is None or asking[0] is not loop or asking[1].closed:
                if asking is not None:  # another loop's (tests), or lost
                    asking[1].pgconn.finish()
                conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
                now = self.asking
                if now is not None and now[0] is loop and not now[1].closed:
                    conn.pgconn.finish()  # another request connected meanwhile
                    asking = now
                else:
                    asking = self.asking = (loop, conn, conn.cursor(), asyncio.Lock())
            _, conn, cursor, lock = asking
            async with lock:
                try:
                    await cursor.execute(sql, params)
                    return await cursor.fetchone()
                except psycopg.OperationalError:
                    if self.asking is asking:
                        self.asking = None
                    conn.pgconn.finish()
                    if attempt:
                        raise
        raise AssertionError("unreachable")

    def within(self, work: Callable[[psycopg.Connection], T], transaction: bool = True) -> T:
        """`work` done on the connection, in one transaction unless told otherwise;
        once more on a new connection if the old one failed (a count whose answer
        was lost then counts twice: its client is refused early, never let past)."""
        with self.lock:
            for attempt in range(2):
                try:
                    if self.conn is None or self.conn.closed:
                        self.conn = psycopg.connect(self.url, autocommit=True)
                    if not transaction:
                        return work(self.conn)
                    with self.conn.transaction():
                        return work(self.conn)
                except psycopg.OperationalError:
                    if self.conn is not None:
                        self.conn.close()
                    self.conn = None
                    if attempt:
                        raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.asking is not None:  # closed without its loop: no answer awaited
            self.asking[1].pgconn.finish()
            self.asking = None
        with self.lock:
            if self.conn is not None:
                self.conn.close()
                self.conn = None


def row_key(key: str) -> str:
    """The key as stored: long ones (user names) by their digest."""
    return key if len(key) <= 100 else hashlib.sha256(key.encode()).hexdigest()


class Limit:
    """A token bucket per key: `burst` requests at once, `rate` more a second;
    in memory until `share` puts it in the database."""

    def __init__(self, kind: str, rate: float, burst: float, batch: int = 1) -> None:
        self.kind = kind
        self.rate = rate
        self.burst = burst
        self.batch = max(1, batch)
        # A key that spends its block within a second of claiming it (many
        # clients behind one address) asks for twice as many next time, up to a
        # quarter of the burst: what one process may hold that another cannot
        # spend (or that is lost if it dies) stays a small share of the bucket.
        self.most = max(self.batch, int(burst // 4))
        self.local = RateLimit(rate, int(burst))
        self.counts: Counts | None = None
        self.held: dict[str, tuple[int, float]] = {}  # key: (requests taken, last use)
        self.blocks: dict[str, tuple[int, float]] = {}  # key: (last claim's size, when)

    @property
    def step(self) -> float:
        return 1 / self.rate if self.rate > 0 else NEVER

    def share(self, counts: Counts) -> None:
        self.counts = counts

    async def take(self, key: str) -> float:
        """Spend one request of `key`'s; 0 when allowed, else the seconds until one is back."""
        if self.counts is None:
            return self.local.take(key)
        held = self.held.get(key, (0, 0.0))[0]
        if held == 0:
            granted, ahead = await self._claim(key, self._block(key))
            if not granted:
                return max(ahead - (self.burst - 1) * self.step, 1e-3)
            held = self.held.get(key, (0, 0.0))[0] + granted  # others may have claimed too
        self.held[key] = (held - 1, time.monotonic())
        return 0.0

    async def wait(self, key: str) -> float:
        """The seconds until `key` has a request again (0: it has one), spending none."""
        if self.counts is None:
            return self.local.wait(key)
        if self.held.get(key, (0, 0.0))[0]:
            return 0.0
        ahead = await self._peek(key)
        return max(0.0, ahead - (self.burst - 1) * self.step)

    def _block(self, key: str) -> int:
        """How many requests to claim for `key`: `batch`, doubled while each block
        lasts less than a second, up to `most`."""
        now = time.monotonic()
        size, claimed = self.blocks.get(key, (0, -1.0))
        size = min(size * 2, self.most) if now - claimed < 1.0 else self.batch
        self.blocks[key] = (size, now)
        return size

    async def _claim(self, key: str, block: int) -> tuple[int, float]:
        assert self.counts is not None
        granted, ahead = await self.counts.ask(CLAIM, {
            "kind": self.kind, "key": row_key(key), "step": self.step,
            "burst": float(self.burst), "batch": block})
        return int(granted), float(ahead)

    async def _peek(self, key: str) -> float:
        assert self.counts is not None
        row = await self.counts.ask(PEEK, {"kind": self.kind, "key": row_key(key)})
        return max(0.0, float(row[0])) if row else 0.0

    def idle(self, seconds: float) -> list[tuple[str, int]]:
        """Forget the keys unused for `seconds`: (key, requests taken and not spent)."""
        if self.counts is None:
            self.local.forget_idle()
            return []
        now = time.monotonic()
        gone = [(key, held) for key, (held, used) in self.held.items() if now - used >= seconds]
        for key, _ in gone:
            del self.held[key]
        self.blocks = {key: block for key, block in self.blocks.items()
                       if now - block[1] < seconds}
        return [(key, held) for key, held in gone if held]

    def give_back(self, unspent: list[tuple[str, int]]) -> None:
        """Return requests taken and not spent to their rows (in a thread)."""
        if self.counts is None or not unspent:
            return
        self.counts.run(GIVE_BACK, [{"kind": self.kind, "key": row_key(key), "n": n,
                                     "step": self.step} for key, n in unspent], many=True)


class Quotas:
    """The server's limits by kind, counted in the database once `share` is called."""

    def __init__(self) -> None:
        self.limits: dict[str, Limit] = {}
        self.counts: Counts | None = None

    def add(self, kind: str, rate: float, burst: float, batch: int = 1) -> Limit:
        limit = self.limits[kind] = Limit(kind, rate, burst, batch)
        if self.counts is not None:
            limit.share(self.counts)
        return limit

    def share(self, database_url: str) -> None:
        """Count in the PostgreSQL database at `database_url` from now on."""
        self.counts = Counts(database_url)
        for limit in self.limits.values():
            limit.share(self.counts)

    def close(self) -> None:
        if self.counts is not None:
            self.counts.close()

    async def sweep(self, idle: float) -> None:
        """Give back what idle keys took and did not spend; drop the rows of full
        buckets (they count as no row), whichever process does it."""
        unspent = [(limit, limit.idle(idle)) for limit in self.limits.values()]
        if self.counts is None:
            return
        for limit, keys in unspent:
            await asyncio.to_thread(limit.give_back, keys)
        await asyncio.to_thread(self.counts.run, FORGET_FULL, None)
