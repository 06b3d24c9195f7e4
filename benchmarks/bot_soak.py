"""A soak of a real Borough server under steady bot play: is memory flat?

Starts the server on a fresh SQLite file (or --db URL) and keeps --games games
between bots (--agents, random by default) going for --minutes: each game that ends is replaced by a
new one, so finished rooms keep leaving memory while new ones arrive. Prints
the server's resident memory (RSS) every --every seconds, the games finished,
and the RSS slope over the second half of the run (MB a minute). The run
counts as flat when that slope is within --flat MB a minute (by default 1, an
eighth of the creep an outside probe once saw). Then no new game starts: once
every room has finished and left memory (or --drain minutes have passed), the
RSS is printed again beside the idle server's before the first game.

    python benchmarks/bot_soak.py [--games 200] [--minutes 10] [--pause 1.0]
                                  [--agents random,medium] [--drain 5]
"""

from __future__ import annotations

import argparse
import random
import signal
import statistics
import subprocess
import tempfile
import time

import httpx
import local_server
from local_server import rss_mb

# Games of a few dozen moves, so rooms keep finishing and leaving memory.
GAMES = ("smallcity", "architectura", "ekopolis")


def start_server(db: str, pause: float) -> tuple[subprocess.Popen, str]:
    return local_server.start_server(db, {
        "BOROUGH_BOT_PAUSE": str(pause),
        "BOROUGH_CREATE_RATE": "100000", "BOROUGH_CREATE_BURST": "100000",
        "BOROUGH_READ_RATE": "100000", "BOROUGH_READ_BURST": "100000",
        "BOROUGH_ROOM_OVER_SECONDS": "20", "BOROUGH_SWEEP_SECONDS": "5"}, wait=60.0)


def new_game(http: httpx.Client, rng: random.Random, agents: list[str]) -> str:
    name = rng.choice(GAMES)
    players = 3 if name == "ekopolis" else 2
    seats = [{"kind": "bot", "agent": rng.choice(agents)} for _ in range(players)]
    answer = http.post("/api/games", json={"game": name, "players": players, "seats": seats})
    answer.raise_for_status()
    return answer.json()["id"]


def slope(points: list[tuple[float, float]]) -> float:
    """Least-squares MB per minute over (seconds, MB) points."""
    xs, ys = [p[0] / 60 for p in points], [p[1] for p in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    var = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / var if var else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="live games kept going")
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--pause", type=float, default=1.0, help="seconds a bot waits")
    parser.add_argument("--agents", default="random",
                        help="bot levels, comma-separated (quick ones keep games short)")
    parser.add_argument("--every", type=float, default=30.0, help="seconds between samples")
    parser.add_argument("--db", default=None, help="database URL (default: a temp SQLite file)")
    parser.add_argument("--flat", type=float, default=1.0,
                        help="MB a minute within which the second half's slope is flat")
    parser.add_argument("--drain", type=float, default=5.0,
                        help="minutes to wait at the end for every room to leave memory")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="borough-bot-soak-")
    proc, url = start_server(args.db or f"sqlite:///{folder}/soak.db", args.pause)
    rng = random.Random(1)
    agents = args.agents.split(",")
    http = httpx.Client(base_url=url, timeout=60)
    try:
        time.sleep(5)  # the bot and suggestion workers start at launch
        idle = rss_mb(proc.pid)
        live = {new_game(http, rng, agents) for _ in range(args.games)}
        start = time.monotonic()
        points: list[tuple[float, float]] = []
        finished = 0
        print(f"{args.games} games of {args.agents} bots, bot pause {args.pause} s, "
              f"{args.minutes} minutes")
        print(f"{'s':>6} {'RSS MB':>8} {'finished':>9} {'rooms':>6}")
        while (elapsed := time.monotonic() - start) < args.minutes * 60:
            rows = {row["id"]: row["status"] for row in http.get("/api/games").json()}
            for gid in live - rows.keys():  # older than the lobby's newest 200
                rows[gid] = http.get(f"/api/games/{gid}").json()["status"]
            over = {gid for gid, status in rows.items() if status == "over"}
            for gid in live & over:
                live.discard(gid)
                finished += 1
                live.add(new_game(http, rng, agents))
            if not points or elapsed - points[-1][0] >= args.every:
                points.append((elapsed, rss_mb(proc.pid)))
                rooms = http.get("/healthz").json()["rooms"]
                print(f"{elapsed:6.0f} {points[-1][1]:8.1f} {finished:9d} {rooms:6d}",
                      flush=True)
            time.sleep(2)
        half = [p for p in points if p[0] >= points[-1][0] / 2]
        verdict = "flat" if abs(slope(half)) <= args.flat else "NOT flat"
        print(f"RSS {points[0][1]:.1f} -> {points[-1][1]:.1f} MB; {finished} games "
              f"finished; slope over the second half {slope(half):+.2f} MB/min: {verdict} "
              f"(within {args.flat:g} MB/min)", flush=True)
        ended = time.monotonic()
        rooms = http.get("/healthz").json()["rooms"]
        while rooms and time.monotonic() - ended < args.drain * 60:
            time.sleep(5)
            rooms = http.get("/healthz").json()["rooms"]
        time.sleep(2 * 5)  # two sweeps: the last rooms' memory is handed back
        print(f"after {time.monotonic() - ended:.0f} s with no new game, {rooms} rooms in "
              f"memory: RSS {rss_mb(proc.pid):.1f} MB (idle server before the first "
              f"game: {idle:.1f} MB)")
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    main()
