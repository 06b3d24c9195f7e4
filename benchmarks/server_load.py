"""Load on a real Borough server over loopback: many live games and WebSocket clients.

Starts the server on a fresh SQLite file (or a fresh database on the PostgreSQL
server of --db), opens --games games of --game with --players human seats,
connects one WebSocket client per seat, and lets every client play: on each
pushed view where it is to move, it waits --think seconds and sends a random
legal action, as the browser does: over its socket (--moves ws, the default;
the new view comes back by the push), or posted (--moves http). After the
first five seconds (while the sockets open and the first moves start) it
counts, until --seconds have passed: the actions, the CPU time the server
processes used (steadier than the delays on a machine shared with other work;
the database's own is not counted), the action round trip (ws: the move sent
to the mover's push of its new view; http: POST to answer) and the push delay
(the move sent to another seat's WebSocket message) at p50 and p99.

With --servers N (PostgreSQL only) N server processes share the database and
the load: game i is created on process i mod N, and owned by the process that
serves it first. With --route spread its seats connect and post to different
processes, so half the traffic is forwarded to the owner; with --route owner
every seat talks to the game's creator, which its first socket makes the
owner; with --route game every request and socket of a game goes to process
int(id, 16) mod N, as deploy/nginx's front hashing the game id sends it, and
that process owns the game.

With --server-cpu C each server process runs in a CPU cgroup of its own
allowed C of a core (cpu_quota.py; needs a writable cgroup hierarchy), so the
servers, not the load generator (given a group of its own with a core's
share) or the database sharing the machine, are the bottleneck: drive them to
saturation (short --think, enough --games) and the actions per second show
what each process adds.

With --compare REF the same load runs against the code of git ref REF (checked
out into a temporary worktree: the "before") and against this checkout (the
"after"), alternating, for each of --configs, and one table is printed; a
ref whose server takes no moves on its sockets is sent them by POST, and each
row says which way its moves went.

    python benchmarks/server_load.py [--games 200] [--seconds 30] [--think 1.0]
        [--game architectura] [--players 2] [--db URL] [--servers N] [--moves ws|http]
    python benchmarks/server_load.py --compare 31ea089 --configs sqlite,pg1,pg2
        --db postgresql+psycopg://postgres:borough@127.0.0.1:5432/postgres
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import secrets
import signal
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import local_server
import websockets
from cpu_quota import CpuQuotas, QuotaUnavailable

CLIENT_CPU = 1.0  # cores for the load generator with --server-cpu
WARM_UP = 5.0  # seconds in which the clients connect and the first moves start
HERE = Path(__file__).resolve().parent.parent


def cpu_seconds(pid: int) -> float:
    """CPU time (user and system) a process has used so far, from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(db: str, profile: str | None = None, code: str | None = None
                 ) -> tuple[subprocess.Popen, str]:
    python = [sys.executable, "-m", "cProfile", "-o", profile] if profile else None
    # Every client here shares one address: lift the per-client rate limits.
    return local_server.start_server(db, python=python, cwd=code, settings={
        "BOROUGH_ACT_RATE": "100000", "BOROUGH_ACT_BURST": "100000",
        "BOROUGH_CREATE_RATE": "100000", "BOROUGH_CREATE_BURST": "100000",
        "BOROUGH_READ_RATE": "100000", "BOROUGH_READ_BURST": "100000",
        "BOROUGH_SOCKETS_PER_ADDRESS": "100000"})


@dataclass
class Stats:
    round_trips: list[float] = field(default_factory=list)
    pushes: list[float] = field(default_factory=list)
    warm: float = 0.0  # samples before this moment (connections opening) are left out
    errors: int = 0
    sent: dict[str, tuple[int, float]] = field(default_factory=dict)  # game: (mover, when)
    cpu: float = 0.0  # the servers' CPU seconds from the end of the warm-up to the stop
    steady: float = 0.0  # seconds from the end of the warm-up to the stop


async def seat_client(http: httpx.AsyncClient, ws_url: str, gid: str, token: str, seat: int,
                      stats: Stats, think: float, stop: float, rng: random.Random,
                      moves: str = "ws") -> None:
    async with websockets.connect(f"{ws_url}/ws/games/{gid}?token={token}",
                                  max_size=None) as ws:
        pending: tuple[int, float] | None = None  # a move sent on the socket: version, when
        ref = 0
        while time.monotonic() < stop:
            try:
                remaining = max(0.1, stop - time.monotonic())
                view = json.loads(await asyncio.wait_for(ws.recv(), remaining))
            except TimeoutError:
                return
            if view.get("type") == "refused":  # a move sent on the socket, refused
                stats.errors += 1
                pending = None
                continue
            if pending is not None and view["version"] > pending[0]:
                if pending[1] > stats.warm:  # the mover's push of its new view
                    stats.round_trips.append(time.perf_counter() - pending[1])
                pending = None
            mover, sent = stats.sent.get(gid, (seat, 0.0))
            if mover != seat:  # the first push to another seat after a move
                del stats.sent[gid]
                if sent > stats.warm:
                    stats.pushes.append(time.perf_counter() - sent)
            if view["status"] == "over" or not view["your_turn"] or pending is not None:
                continue
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            move = rng.choice(view["legal_actions"])["action"]
            started = time.perf_counter()
            stats.sent[gid] = (seat, started)
            if moves == "ws":
                ref += 1
                pending = (view["version"], started)
                await ws.send(json.dumps({"version": view["version"], "action": move,
                                          "ref": ref}))
                continue
            r = await http.post(f"/api/games/{gid}/actions", json={
                "token": token, "version": view["version"], "action": move})
            if r.status_code == 200:
                if started > stats.warm:
                    stats.round_trips.append(time.perf_counter() - started)
            else:
                stats.errors += 1


async def measure_cpu(pids: list[int], stats: Stats, stop: float) -> None:
    await asyncio.sleep(max(0.0, stats.warm - time.perf_counter()))
    # A generator busy opening sockets wakes late: count actions and delays from
    # when the CPU is first read, so both figures cover the same window.
    stats.warm = max(stats.warm, time.perf_counter())
    cpu, began = sum(map(cpu_seconds, pids)), time.monotonic()
    await asyncio.sleep(max(0.0, stop - time.monotonic()))
    stats.cpu = sum(map(cpu_seconds, pids)) - cpu
    stats.steady = time.monotonic() - began


async def play(urls: list[str], pids: list[int], game: str, players: int, games: int,
               seconds: float, think: float, route: str = "spread",
               moves: str = "ws") -> Stats:
    stats = Stats()
    limits = httpx.Limits(max_connections=games * players,
                          max_keepalive_connections=games * players)
    # One TLS context for every client (none is used over plain HTTP): each client
    # making its own read the CA bundle again, 10-100 ms apiece on a busy machine,
    # and at 200 clients the run's time could pass before the last one was made.
    tls = ssl.create_default_context()
    https = [httpx.AsyncClient(base_url=url, timeout=60, limits=limits, verify=tls)
             for url in urls]
    n = len(urls)
    try:
        created = []
        for i in range(games):
            r = await https[i % n].post("/api/games", json={
                "game": game, "players": players, "seed": i,
                "seats": [{"kind": "human"}] * players})
            r.raise_for_status()
            created.append(r.json())
        stop = time.monotonic() + seconds
        stats.warm = time.perf_counter() + WARM_UP
        clients = []
        for i, c in enumerate(created):
            for s in c["seats"]:
                # spread: a game's seats on different processes; owner: on its
                # creator; game: on the process its id hashes to (deploy/nginx)
                k = ((i + s["seat"]) % n if route == "spread"
                     else int(c["id"], 16) % n if route == "game" else i % n)
                # A client of its own per seat: one pool for all of them spent
                # most of the load generator's CPU scanning its connections.
                own = httpx.AsyncClient(base_url=urls[k], timeout=60, verify=tls,
                                        limits=httpx.Limits(max_connections=1))
                https.append(own)
                clients.append(seat_client(
                    own, urls[k].replace("http", "ws"), c["id"], s["token"], s["seat"],
                    stats, think, stop, random.Random(i * players + s["seat"]), moves))
        clients.append(measure_cpu(pids, stats, stop))
        await asyncio.gather(*clients, return_exceptions=True)
    finally:
        for http in https:
            await http.aclose()
    return stats


@contextmanager
def database(kind: str, admin: str | None, folder: str) -> Iterator[str]:
    """A fresh database of `kind` ("sqlite", or "postgresql" on the server `admin` names),
    dropped afterwards."""
    if kind == "sqlite":
        path = Path(folder) / f"load-{secrets.token_hex(4)}.db"
        yield f"sqlite:///{path}"
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        return
    with local_server.scratch_postgres(admin or "", "borough_load") as url:
        yield url


def run(args: argparse.Namespace, kind: str, servers: int, code: str | None = None,
        profile: str | None = None, moves: str | None = None) -> Stats:
    """One load run on a fresh database of `kind` with `servers` processes of the
    checkout at `code` (this one by default), moves sent `moves` (--moves by default)."""
    with tempfile.TemporaryDirectory() as folder, database(kind, args.db, folder) as db:
        quotas = CpuQuotas() if args.server_cpu else None
        procs = [start_server(db, profile, code) for _ in range(servers)]
        print(f"server pids: {' '.join(str(p.pid) for p, _ in procs)}", file=sys.stderr,
              flush=True)
        try:
            if quotas is not None:
                for proc, _ in procs:
                    quotas.limit(proc.pid, args.server_cpu)
                # The load generator gets a group too, so on a machine busy with
                # other (niced) work it has a core's headroom and the capped
                # servers, not the clients, are what runs out.
                quotas.limit(os.getpid(), CLIENT_CPU)
            # The clients' own garbage collection would stall all of them at
            # once and be counted as server latency; tune it as the server does.
            gc.collect()
            gc.freeze()
            gc.set_threshold(50_000, 20, 100)
            return asyncio.run(play([url for _, url in procs], [p.pid for p, _ in procs],
                                    args.game, args.players, args.games, args.seconds,
                                    args.think, args.route, moves or args.moves))
        finally:
            for proc, _ in procs:
                # (SIGINT: a profiled server writes its statistics as it stops)
                proc.send_signal(signal.SIGINT if profile else signal.SIGTERM)
            for proc, _ in procs:
                proc.wait(30)
            if quotas is not None:
                quotas.close()


def pct(xs: list[float], q: int) -> float:
    return statistics.quantiles(xs, n=100)[q - 1] * 1000 if len(xs) > 1 else float("nan")


def figures(stats: Stats) -> dict[str, float]:
    n = len(stats.round_trips)
    return {"actions": n, "per_s": n / max(stats.steady, 1e-9),
            "cpu_ms": stats.cpu / max(n, 1) * 1000, "errors": stats.errors,
            "cores": stats.cpu / max(stats.steady, 1e-9),
            "rt50": pct(stats.round_trips, 50), "rt99": pct(stats.round_trips, 99),
            "push50": pct(stats.pushes, 50), "push99": pct(stats.pushes, 99)}


CONFIGS = {"sqlite": ("sqlite", 1), "pg1": ("postgresql", 1), "pg2": ("postgresql", 2)}


def takes_socket_moves(ref: str) -> bool:
    """Whether the server at git ref `ref` takes moves on its sockets."""
    return subprocess.run(["git", "-C", str(HERE), "cat-file", "-e",
                           f"{ref}:borough/server/socket_moves.py"],
                          capture_output=True).returncode == 0


@contextmanager
def checkout(ref: str) -> Iterator[str]:
    """The code of git ref `ref` in a temporary worktree of this repository."""
    folder = tempfile.mkdtemp(prefix="borough-before-")
    subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", folder, ref],
                   check=True, capture_output=True)
    try:
        yield folder
    finally:
        subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", folder],
                       check=False, capture_output=True)


def compare(args: argparse.Namespace) -> None:
    commit = subprocess.run(["git", "-C", str(HERE), "rev-parse", "--short", args.compare],
                            check=True, capture_output=True, text=True).stdout.strip()
    here = subprocess.run(["git", "-C", str(HERE), "rev-parse", "--short", "HEAD"],
                          check=True, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", str(HERE), "status", "--porcelain", "--", "borough"],
                           check=True, capture_output=True, text=True).stdout.strip()
    rows = []
    # A ref whose server takes no moves on its sockets is sent them by POST.
    ways = {"before": args.moves if takes_socket_moves(args.compare) else "http",
            "after": args.moves}
    with checkout(args.compare) as before:
        for name in args.configs.split(","):
            kind, servers = CONFIGS[name]
            for rep in range(args.repeat):
                # Alternate which side goes first, so neither always meets a warmer machine.
                sides = [("before", before), ("after", None)]
                for side, code in sides if rep % 2 == 0 else sides[::-1]:
                    f = figures(run(args, kind, servers, code, moves=ways[side]))
                    rows.append((name, side, f))
                    print(f"{name:6} {side:6} moves {ways[side]:4} {f['cpu_ms']:6.2f} ms/action "
                          f"{f['per_s']:7.1f}/s rt p50 {f['rt50']:.1f} p99 {f['rt99']:.1f} ms "
                          f"push p50 {f['push50']:.1f} p99 {f['push99']:.1f} ms "
                          f"errors {f['errors']}", file=sys.stderr, flush=True)
    print(f"{args.games} games of {args.game} with {args.players} people, "
          f"{args.games * args.players} WebSocket clients, {args.seconds:.0f} s "
          f"({WARM_UP:.0f} s warm-up not counted), think {args.think} s; before = {commit}, "
          f"after = {here}{' with changes' if dirty else ''}")
    print()
    print("| config | code | moves | CPU ms/action | actions/s | round trip p50 / p99 ms "
          "| push p50 / p99 ms | errors |")
    print("|---|---|---|---|---|---|---|---|")
    labels = {"sqlite": "SQLite, 1 process", "pg1": "PostgreSQL, 1 process",
              "pg2": "PostgreSQL, 2 processes"}
    for name, side, f in rows:
        print(f"| {labels[name]} | {side} | {ways[side]} | {f['cpu_ms']:.2f} | {f['per_s']:.1f} "
              f"| {f['rt50']:.1f} / {f['rt99']:.1f} | {f['push50']:.1f} / {f['push99']:.1f} "
              f"| {f['errors']} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds per move")
    parser.add_argument("--game", default="architectura")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--db", default=None,
                        help="a PostgreSQL server's URL (postgresql+psycopg://...): each run "
                             "gets a fresh database there (default: a temp SQLite file)")
    parser.add_argument("--servers", type=int, default=1,
                        help="server processes sharing the database (above 1: PostgreSQL)")
    parser.add_argument("--route", choices=("spread", "owner", "game"), default="spread",
                        help="with --servers above 1: a game's seats on different processes "
                             "(spread), all on its creator (owner), or all on the process "
                             "its id hashes to, as behind deploy/nginx (game)")
    parser.add_argument("--server-cpu", type=float, default=None, metavar="CORES",
                        help="cap each server process at this share of a core in a cgroup "
                             "of its own (e.g. 0.3), so the servers are the bottleneck")
    parser.add_argument("--moves", choices=("ws", "http"), default="ws",
                        help="send the moves over each seat's socket, as the browser does "
                             "(ws), or post them (http)")
    parser.add_argument("--profile", default=None,
                        help="write the server's cProfile statistics to this file")
    parser.add_argument("--compare", metavar="REF", default=None,
                        help="also run the code of git ref REF, alternating, and tabulate")
    parser.add_argument("--configs", default="sqlite",
                        help="with --compare: comma-separated sqlite, pg1, pg2")
    parser.add_argument("--repeat", type=int, default=1,
                        help="with --compare: runs of each side per config")
    args = parser.parse_args()
    if args.server_cpu is not None:
        try:
            CpuQuotas().close()  # refuse before any server starts
        except QuotaUnavailable as exc:
            parser.error(f"--server-cpu: {exc}")
    if args.compare:
        compare(args)
        return
    kind = "postgresql" if (args.db or "").startswith("postgresql") else "sqlite"
    if args.servers > 1 and kind != "postgresql":
        parser.error("--servers above 1 needs --db postgresql+psycopg://...")
    f = figures(run(args, kind, args.servers, profile=args.profile))
    print(f"{args.games} games of {args.game} with {args.players} people, "
          f"{args.games * args.players} WebSocket clients, {args.seconds:.0f} s "
          f"({WARM_UP:.0f} s warm-up not counted), think {args.think} s, database {kind}, "
          f"{args.servers} server process{'es' if args.servers > 1 else ''}"
          + (f", route {args.route}" if args.servers > 1 else "")
          + (f", {args.server_cpu} of a core each" if args.server_cpu else "")
          + f", moves {'over the sockets' if args.moves == 'ws' else 'posted'}")
    print(f"actions: {f['actions']} ({f['per_s']:.1f}/s), errors {f['errors']}; server CPU "
          f"{f['cpu_ms']:.2f} ms per action (the database's not counted), "
          f"{f['cores']:.2f} cores in all"
          + (f" of {args.server_cpu * args.servers:.2f} allowed" if args.server_cpu else ""))
    print(f"action round trip: p50 {f['rt50']:.1f} ms, p99 {f['rt99']:.1f} ms")
    print(f"push to another seat: p50 {f['push50']:.1f} ms, p99 {f['push99']:.1f} ms")


if __name__ == "__main__":
    main()
