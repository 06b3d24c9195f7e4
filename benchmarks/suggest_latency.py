"""What one seat asking for suggestions as fast as it may costs another seat.

Starts a real server on a fresh SQLite file with the deployment's suggestion
limits (per seat: 120 s of the worker's time at once, coming back at 0.25 s a
second; asking again about the same decision is free) and the action limits
lifted, so only the suggestion limit paces the asker. One seat plays solo
Small City (the dearest suggestions): it asks, plays the suggested move and
asks at its next decision, waiting out each 429 as told. Another seat plays
Rondel City against itself, and its requests (view, action) are timed in
windows that alternate between the asker idle and the asker asking, so a
machine whose load changes over the run weighs on both alike. Reports the
other seat's p50 and p99 in each state, the suggestions answered and their
round trip.

    python benchmarks/suggest_latency.py [--windows 6] [--window 5]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.server.client import Client
from tests.server.conftest import Server

DEPLOYED = {"BOROUGH_HINT_RATE": "0.25", "BOROUGH_HINT_BURST": "120"}


def asker(
    base: str,
    go: threading.Event,
    stop: threading.Event,
    answered: list[float],
    refused: list[float],
) -> None:
    """One seat: ask, follow the suggestion, ask again, while `go` is set
    (each refusal's Retry-After noted in `refused`)."""
    client = Client(base)
    seed = 0
    while not stop.is_set():
        created = client.create("smallcity", 1, ["human"], seed=seed)
        seed += 1
        gid, token = created["id"], created["seats"][0]["token"]
        view = client.view(gid, token)
        while not stop.is_set() and view["status"] != "over":
            if not go.is_set():
                time.sleep(0.01)
                continue
            began = time.perf_counter()
            r = client.http.post(
                f"/api/games/{gid}/suggest", json={"token": token, "version": view["version"]}
            )
            if r.status_code == 429:
                refused.append(float(r.headers.get("Retry-After", "1")))
                time.sleep(refused[-1])
                continue
            r.raise_for_status()
            answered.append(time.perf_counter() - began)
            client.act(gid, token, view["version"], r.json()["move"]["action"])
            view = client.view(gid, token)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--windows", type=int, default=6)
    parser.add_argument("--window", type=float, default=5.0, help="seconds each")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    srv = Server("", f"sqlite:///{folder / 'borough.db'}", settings=DEPLOYED).start()
    go, stop = threading.Event(), threading.Event()
    answered: list[float] = []
    refused: list[float] = []
    thread = threading.Thread(target=asker, args=(srv.url, go, stop, answered, refused))
    thread.start()
    timed: dict[bool, list[float]] = {False: [], True: []}
    try:
        client = Client(srv.url)
        created = client.create("rondelcity", 2, ["human", "human"], seed=5)
        gid, tokens = created["id"], [s["token"] for s in created["seats"]]
        rng = random.Random(5)
        with httpx.Client(base_url=srv.url, timeout=30) as http:
            for window in range(args.windows):
                asking = window % 2 == 1
                go.set() if asking else go.clear()
                end = time.monotonic() + args.window
                while time.monotonic() < end:
                    seat = client.public(gid)["to_act"][0]
                    began = time.perf_counter()
                    view = http.get(f"/api/games/{gid}/view", params={"token": tokens[seat]}).json()
                    timed[asking].append(time.perf_counter() - began)
                    move = rng.choice(view["legal_actions"])["action"]
                    began = time.perf_counter()
                    r = http.post(
                        f"/api/games/{gid}/actions",
                        json={"token": tokens[seat], "version": view["version"], "action": move},
                    )
                    timed[asking].append(time.perf_counter() - began)
                    if r.json()["status"] == "over":
                        created = client.create(
                            "rondelcity", 2, ["human", "human"], seed=len(timed[asking])
                        )
                        gid, tokens = created["id"], [s["token"] for s in created["seats"]]
                    time.sleep(0.02)
    finally:
        stop.set()
        go.set()
        thread.join(60)
        srv.stop()
    print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for asking in (False, True):
        t = timed[asking]
        print(
            f"other seat, asker {'asking' if asking else 'idle  '}: {len(t):>4} requests, "
            f"p50 {1000 * percentile(t, 0.5):6.1f} ms, p99 {1000 * percentile(t, 0.99):6.1f} ms"
        )
    print(f"suggestions refused: {len(refused)}")
    if answered:
        print(
            f"suggestions answered: {len(answered)}, round trip p50 "
            f"{1000 * percentile(answered, 0.5):.0f} ms, p99 "
            f"{1000 * percentile(answered, 0.99):.0f} ms"
        )


if __name__ == "__main__":
    main()
