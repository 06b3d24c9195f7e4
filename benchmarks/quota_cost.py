"""CPU time of this process per rate-limited request, by how the quota is counted:
in memory (one process, SQLite), in PostgreSQL one request per round trip
(batch 1: creation, reads, log-ins, chat), and in PostgreSQL `--batch` at a time
(the moves). Each request is `Limit.take` as a route awaits it, thread hop
included, for `--clients` clients in turn (a client's bucket never runs dry).
Then a socket's cost: its row counted and written as it opens, deleted as it closes.
Last, what counting in a SQLite table would cost (the choice not taken for one
process): an upsert in its own write transaction, WAL mode, without the thread hop.

    python benchmarks/quota_cost.py [--requests 3000] [--clients 50] [--batch 5]
                                    [--db postgresql+psycopg://...]
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import sqlite3
import tempfile
import time
from pathlib import Path

import psycopg

from borough.server.quotas import Counts, Limit
from borough.server.socket_caps import SocketCaps
from borough.server.store import Store

DEFAULT_DB = "postgresql+psycopg://postgres:borough@127.0.0.1:5432/postgres"


async def cost(limit: Limit, requests: int, clients: int) -> float:
    """Microseconds of this process's CPU per request taken."""
    keys = [f"198.51.100.{i}" for i in range(clients)]
    for key in keys:  # warm: connections in the pool, statements prepared
        await limit.take(key)
    start = time.process_time()
    for i in range(requests):
        assert await limit.take(keys[i % clients]) == 0
    return (time.process_time() - start) / requests * 1e6


def sqlite_cost(requests: int, clients: int) -> float:
    """Microseconds of CPU per request counted in a SQLite table."""
    with tempfile.TemporaryDirectory() as folder:
        conn = sqlite3.connect(Path(folder) / "quotas.db", isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")  # as the server's store sets it
        conn.execute("CREATE TABLE quotas (kind TEXT, key TEXT, full_at REAL, "
                     "granted INTEGER, PRIMARY KEY (kind, key))")
        upsert = ("INSERT INTO quotas AS q VALUES ('act', ?, ?, 1) ON CONFLICT (kind, key) "
                  "DO UPDATE SET full_at = max(q.full_at, excluded.full_at) + 1e-6, "
                  "granted = 1 RETURNING granted, full_at")
        start = time.process_time()
        for i in range(requests):
            conn.execute("BEGIN IMMEDIATE")
            conn.execute(upsert, (f"198.51.100.{i % clients}", time.time())).fetchone()
            conn.execute("COMMIT")
        conn.close()
    return (time.process_time() - start) / requests * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--batch", type=int, default=5)
    parser.add_argument("--db", default=DEFAULT_DB)
    args = parser.parse_args()
    name = f"borough_quota_{secrets.token_hex(4)}"
    admin = args.db.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = f"{args.db.rsplit('/', 1)[0]}/{name}"
    store = Store(url)
    try:
        store.migrate()
        rate, burst = 1e6, 1e9  # never refuses: the cost of counting alone
        memory = Limit("act", rate, burst)
        shared = [Limit("read", rate, burst), Limit("act", rate, burst, args.batch)]
        counts = Counts(url)
        for limit in shared:
            limit.share(counts)
        print(f"{args.requests} requests, {args.clients} clients, CPU per request:")
        figure = asyncio.run(cost(memory, args.requests, args.clients))
        print(f"  in memory:                 {figure:7.1f} us")
        for limit in shared:
            figure = asyncio.run(cost(limit, args.requests, args.clients))
            print(f"  PostgreSQL, batch {limit.batch:<2}:       {figure:7.1f} us")
        caps = SocketCaps(counts, "benchmark", 10**6, 10**6, 5.0)
        caps.beat()
        sockets = max(100, args.requests // 10)
        start = time.process_time()
        for i in range(sockets):
            caps.leave(caps.admit(f"198.51.100.{i % args.clients}", "g" * 16, i % 2 == 0))
        figure = (time.process_time() - start) / sockets * 1e6
        print(f"  a socket opened and closed: {figure:7.1f} us ({sockets} sockets)")
        counts.close()
        figure = sqlite_cost(args.requests, args.clients)
        print(f"  SQLite table, per request: {figure:7.1f} us (not used)")
    finally:
        store.dispose()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
