"""Load on a real Borough server over loopback: many live games and WebSocket clients.

Starts the server on a fresh SQLite file (or --db URL), opens --games
two-player games with two human seats each, connects one WebSocket client per
seat, and lets every client play: on each pushed view where it is to move, it
waits --think seconds and posts a random legal action. Reports the action
round trip (POST to answer) and the push delay (POST to the other seat's
WebSocket message) at p50 and p99 after the first five seconds (while the
sockets open), the throughput, and the CPU time the server processes used per
action (steadier than the delays on a machine shared with other work). Stops
by itself after --seconds.

With --servers N (PostgreSQL only) N server processes share the database and
the load: game i is created on process i mod N, and its two seats connect and
post to two different processes, so every push crosses from one process to
another (through the database's NOTIFY).

    python benchmarks/server_load.py [--games 200] [--seconds 30] [--think 1.0]
                                     [--db URL] [--servers N]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import signal
import statistics
import subprocess
import tempfile
import time

import httpx
import local_server
import websockets

GAME = "architectura"
WARM_UP = 5.0  # seconds in which the clients connect and the first moves start


def cpu_seconds(pid: int) -> float:
    """CPU time (user and system) a process has used so far, from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(db: str) -> tuple[subprocess.Popen, str]:
    # Every client here shares one address: lift the per-client rate limits.
    return local_server.start_server(db, {
        "BOROUGH_ACT_RATE": "100000", "BOROUGH_ACT_BURST": "100000",
        "BOROUGH_CREATE_RATE": "100000", "BOROUGH_CREATE_BURST": "100000",
        "BOROUGH_READ_RATE": "100000", "BOROUGH_READ_BURST": "100000",
        "BOROUGH_SOCKETS_PER_ADDRESS": "100000"})


class Stats:
    def __init__(self) -> None:
        self.round_trips: list[float] = []
        self.pushes: list[float] = []
        self.warm = 0.0  # samples before this moment (connections opening) are left out
        self.errors = 0
        self.sent: dict[str, tuple[int, float]] = {}  # game: (seat that moved, when)


async def seat_client(http: httpx.AsyncClient, ws_url: str, gid: str, token: str, seat: int,
                      stats: Stats, think: float, stop: float, rng: random.Random) -> None:
    async with websockets.connect(f"{ws_url}/ws/games/{gid}?token={token}",
                                  max_size=None) as ws:
        while time.monotonic() < stop:
            try:
                remaining = max(0.1, stop - time.monotonic())
                view = json.loads(await asyncio.wait_for(ws.recv(), remaining))
            except TimeoutError:
                return
            mover, sent = stats.sent.get(gid, (seat, 0.0))
            if mover != seat:  # the first push after the other seat's move
                del stats.sent[gid]
                if sent > stats.warm:
                    stats.pushes.append(time.perf_counter() - sent)
            if view["status"] == "over" or not view["your_turn"]:
                continue
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            move = rng.choice(view["legal_actions"])["action"]
            started = time.perf_counter()
            stats.sent[gid] = (seat, started)
            r = await http.post(f"/api/games/{gid}/actions", json={
                "token": token, "version": view["version"], "action": move})
            if r.status_code == 200:
                if started > stats.warm:
                    stats.round_trips.append(time.perf_counter() - started)
            else:
                stats.errors += 1


async def run(urls: list[str], games: int, seconds: float, think: float) -> Stats:
    stats = Stats()
    limits = httpx.Limits(max_connections=games * 2, max_keepalive_connections=games * 2)
    https = [httpx.AsyncClient(base_url=url, timeout=60, limits=limits) for url in urls]
    n = len(urls)
    try:
        created = []
        for i in range(games):
            r = await https[i % n].post("/api/games", json={
                "game": GAME, "players": 2, "seed": i,
                "seats": [{"kind": "human"}, {"kind": "human"}]})
            created.append(r.json())
        stop = time.monotonic() + seconds
        stats.warm = time.perf_counter() + WARM_UP
        clients = []
        for i, c in enumerate(created):
            for s in c["seats"]:
                k = (i + s["seat"]) % n  # with two processes, each seat on its own
                clients.append(seat_client(
                    https[k], urls[k].replace("http", "ws"), c["id"], s["token"], s["seat"],
                    stats, think, stop, random.Random(i * 2 + s["seat"])))
        await asyncio.gather(*clients, return_exceptions=True)
    finally:
        for http in https:
            await http.aclose()
    return stats


def pct(xs: list[float], q: float) -> float:
    return statistics.quantiles(xs, n=100)[q - 1] * 1000 if len(xs) > 1 else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds per move")
    parser.add_argument("--db", default=None, help="database URL (default: a temp SQLite file)")
    parser.add_argument("--servers", type=int, default=1,
                        help="server processes sharing the database (above 1: PostgreSQL)")
    args = parser.parse_args()
    if args.servers > 1 and not (args.db or "").startswith("postgresql"):
        parser.error("--servers above 1 needs --db postgresql+psycopg://...")
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or f"sqlite:///{folder}/load.db"
        servers = [start_server(db) for _ in range(args.servers)]
        try:
            started = time.monotonic()
            # The clients' own garbage collection would stall all 400 of them at
            # once and be counted as server latency; tune it as the server does.
            gc.freeze()
            gc.set_threshold(50_000, 20, 100)
            cpu = sum(cpu_seconds(proc.pid) for proc, _ in servers)
            stats = asyncio.run(run([url for _, url in servers], args.games, args.seconds,
                                    args.think))
            elapsed = time.monotonic() - started
            cpu = sum(cpu_seconds(proc.pid) for proc, _ in servers) - cpu
        finally:
            for proc, _ in servers:
                proc.send_signal(signal.SIGTERM)
            for proc, _ in servers:
                proc.wait(10)
    n = len(stats.round_trips)
    print(f"{args.games} games, {args.games * 2} WebSocket clients, {args.seconds:.0f} s, "
          f"think {args.think} s, database {db.split(':')[0]}, {args.servers} server "
          f"process{'es' if args.servers > 1 else ''}")
    print(f"actions: {n} ({n / elapsed:.1f}/s), errors {stats.errors}; server CPU "
          f"{cpu:.1f} s, {cpu / max(n, 1) * 1000:.1f} ms per action (the database's not counted)")
    print(f"action round trip: p50 {pct(stats.round_trips, 50):.1f} ms, "
          f"p99 {pct(stats.round_trips, 99):.1f} ms")
    print(f"push to the other seat: p50 {pct(stats.pushes, 50):.1f} ms, "
          f"p99 {pct(stats.pushes, 99):.1f} ms")


if __name__ == "__main__":
    main()
