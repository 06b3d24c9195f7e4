"""A soak of a real Borough server: connection churn, hostile requests, bots under load.

Starts the server on a fresh SQLite file (or --db URL), then
1. opens --games all-human games and, in --rounds rounds, connects and closes
   --sockets WebSockets per round (each reads its first view), printing the
   server's resident memory (RSS) after each round once the sweeper has run;
2. sends --bad hostile or malformed requests (floats and bools in actions,
   loose types, wrong tokens, stale versions, broken JSON, oversized bodies,
   unknown games) mixed with legal moves;
3. keeps --hard games of hard bots against each other thinking, and measures
   the bot wait in a new game: from a person's move to the medium bot's answer.
Prints the requests by status (any 500 is a failure) and the figures.

    python benchmarks/server_soak.py [--games 20] [--rounds 4] [--sockets 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import signal
import statistics
import subprocess
import tempfile
import time
from collections import Counter

import httpx
import local_server
import websockets
from local_server import rss_mb

QUICK = {"BOROUGH_BOT_PAUSE": "0", "BOROUGH_SWEEP_SECONDS": "1",
         # one client address plays every seat here: lift the per-client limits
         "BOROUGH_ACT_RATE": "100000", "BOROUGH_ACT_BURST": "100000",
         "BOROUGH_CREATE_RATE": "100000", "BOROUGH_CREATE_BURST": "100000",
         "BOROUGH_READ_RATE": "100000", "BOROUGH_READ_BURST": "100000",
         "BOROUGH_SOCKETS_PER_ADDRESS": "100000", "BOROUGH_SPECTATORS_PER_GAME": "1000",
         "BOROUGH_SPECTATOR_SHARE": "1"}


def start_server(db: str) -> tuple[subprocess.Popen, str]:
    return local_server.start_server(db, QUICK)


async def churn(ws_url: str, games: list[dict], count: int, statuses: Counter) -> None:
    """`count` sockets opened and closed, 50 at a time, each reading its first view."""
    async def one(i: int) -> None:
        game = games[i % len(games)]
        seat = game["seats"][i % len(game["seats"])]
        token = f"?token={seat['token']}" if i % 3 else ""  # some watch as spectators
        try:
            async with websockets.connect(f"{ws_url}/ws/games/{game['id']}{token}") as ws:
                await asyncio.wait_for(ws.recv(), 30)
                statuses["ws ok"] += 1
        except (OSError, websockets.exceptions.WebSocketException, TimeoutError):
            statuses["ws refused"] += 1

    for start in range(0, count, 50):
        await asyncio.gather(*(one(i) for i in range(start, min(count, start + 50))))


def hostile(http: httpx.Client, games: list[dict], count: int, rng: random.Random,
            statuses: Counter) -> None:
    for i in range(count):
        game = rng.choice(games)
        gid = game["id"]
        public = http.get(f"/api/games/{gid}").json()
        if public["status"] == "over":
            continue
        seat = public["to_act"][0]
        token = game["seats"][seat]["token"]
        view = http.get(f"/api/games/{gid}/view", params={"token": token}).json()
        move = rng.choice(view["legal_actions"])["action"]
        ints = [j for j, p in enumerate(move) if type(p) is int]
        bent = list(move)
        if ints:
            j = rng.choice(ints)
            bent[j] = rng.choice([float(bent[j]), bent[j] == 1])
        kind = i % 10
        url = f"/api/games/{gid}/actions"
        body = {"token": token, "version": view["version"], "action": move}
        if kind == 0:
            r = http.post(url, json={**body, "action": bent})
        elif kind == 1:
            r = http.post(url, json={**body, "version": rng.choice(["0", True, 0.5])})
        elif kind == 2:
            r = http.post(url, json={**body, "token": "not-a-token"})
        elif kind == 3:
            r = http.post(url, json={**body, "version": view["version"] + 5})
        elif kind == 4:
            r = http.post(url, content=b"{broken", headers={"content-type": "application/json"})
        elif kind == 5:
            r = http.post(url, content=b"x" * 100_000)
        elif kind == 6:
            r = http.get(f"/api/games/{'0' * 16}")
        elif kind == 7:
            r = http.post(url, json={**body, "action": [move[0], [1], {"a": None}]})
        else:
            r = http.post(url, json=body)  # a legal move keeps the games going
        statuses[str(r.status_code)] += 1


def bot_wait(http: httpx.Client, hard: int, samples: int) -> list[float]:
    """Seconds from a person's move to the bot's answer while `hard` games of
    hard bots keep every bot process busy."""
    for i in range(hard):
        http.post("/api/games", json={"game": "ekopolis", "players": 3, "seed": i,
                                      "seats": [{"kind": "bot", "agent": "hard"}] * 3})
    time.sleep(3)  # the hard bots are thinking
    waits = []
    created = http.post("/api/games", json={
        "game": "rondelcity", "players": 2, "seed": 1,
        "seats": [{"kind": "human"}, {"kind": "bot", "agent": "medium"}]}).json()
    gid, token = created["id"], created["seats"][0]["token"]
    rng = random.Random(1)
    deadline = time.monotonic() + 600
    while len(waits) < samples and time.monotonic() < deadline:
        view = http.get(f"/api/games/{gid}/view", params={"token": token}).json()
        if view["status"] == "over":
            break
        if not view["your_turn"]:
            time.sleep(0.01)
            continue
        move = rng.choice(view["legal_actions"])["action"]
        r = http.post(f"/api/games/{gid}/actions",
                      json={"token": token, "version": view["version"], "action": move})
        if r.status_code != 200 or r.json()["your_turn"] or r.json()["status"] == "over":
            continue  # still this person's decision: no bot to wait for
        sent = time.monotonic()
        while True:
            now = http.get(f"/api/games/{gid}/view", params={"token": token}).json()
            if now["your_turn"] or now["status"] == "over":
                waits.append(time.monotonic() - sent)
                break
            time.sleep(0.01)
    return waits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--sockets", type=int, default=1000, help="connects per round")
    parser.add_argument("--bad", type=int, default=2000, help="hostile requests")
    parser.add_argument("--hard", type=int, default=30, help="games of hard bots")
    parser.add_argument("--samples", type=int, default=20, help="bot waits measured")
    parser.add_argument("--db", default=None, help="database URL (default: a temp SQLite file)")
    args = parser.parse_args()
    statuses: Counter = Counter()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or f"sqlite:///{folder}/soak.db"
        proc, url = start_server(db)
        try:
            http = httpx.Client(base_url=url, timeout=60)
            games = []
            for i in range(args.games):
                r = http.post("/api/games", json={
                    "game": ["architectura", "smallcity", "ekopolis"][i % 3],
                    "players": [2, 2, 3][i % 3], "seed": i,
                    "seats": [{"kind": "human"}] * [2, 2, 3][i % 3]})
                statuses[str(r.status_code)] += 1
                games.append(r.json())
            ws_url = url.replace("http", "ws")
            memory = []
            for _ in range(args.rounds):
                asyncio.run(churn(ws_url, games, args.sockets, statuses))
                time.sleep(2.5)  # the sweeper's full collection after sockets closed
                memory.append(rss_mb(proc.pid))
            started = time.process_time()
            hostile(http, games, args.bad, random.Random(7), statuses)
            client_cpu = time.process_time() - started
            memory.append(rss_mb(proc.pid))
            waits = bot_wait(http, args.hard, args.samples)
            health = http.get("/healthz").json()
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(10)
    print(f"{args.games} games, {args.rounds} rounds of {args.sockets} WebSocket connects and "
          f"closes, {args.bad} hostile or mixed requests, database {db.split(':')[0]}")
    print("requests by status: " + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items())))
    print(f"500s: {statuses['500']}")
    rounds = ", ".join(f"{m:.0f}" for m in memory[:-1])
    print(f"server RSS after each round (MB): {rounds}; after the hostile requests "
          f"{memory[-1]:.0f} MB (client CPU for them {client_cpu:.1f} s)")
    if waits:
        print(f"bot wait with {args.hard} hard-bot games running: {len(waits)} samples, "
              f"median {statistics.median(waits):.2f} s, max {max(waits):.2f} s")
    print(f"sockets still open at the end: {health['sockets']}")
    if statuses["500"]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
