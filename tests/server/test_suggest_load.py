"""Suggestions are computed out of the serving process: asking for them costs
the server only the asking, so they cannot take from other players the CPU or
the interpreter lock their requests need. Measured two ways against a real
server: in CPU time (the server's and the worker's, from /proc), which a busy
machine does not distort; and as the latency another seat sees while one seat
asks as fast as the deployed limits allow (the bound the server promises,
p99 under 50 ms). benchmarks/suggest_latency.py measures the latter over
longer runs, with Rondel City as the other seat's game.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from tests.server.client import Client
from tests.server.conftest import Server
from tests.server.test_suggest import children

GAMES = 16  # solo Small City games (the dearest suggestions), each asked about once
UNLIMITED = {"BOROUGH_HINT_RATE": "1000", "BOROUGH_HINT_BURST": "100000"}


def cpu_seconds(pid: int) -> float:
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat[stat.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_the_serving_process_spends_little_cpu_per_suggestion(tmp_path):
    srv = Server("", f"sqlite:///{tmp_path / 'borough.db'}", settings=UNLIMITED).start()
    try:
        client = Client(srv.url)
        games = []
        for seed in range(GAMES + 1):
            created = client.create("smallcity", 1, ["human"], seed=seed)
            token = created["seats"][0]["token"]
            games.append((created["id"], token, client.view(created["id"], token)["version"]))

        def ask(gid: str, token: str, version: int) -> httpx.Response:
            return client.http.post(f"/api/games/{gid}/suggest",
                                    json={"token": token, "version": version})

        assert ask(*games.pop()).status_code == 200  # the worker has loaded the games
        own = os.getpriority(os.PRIO_PROCESS, srv.process.pid)
        worker = [pid for pid, nice in children(srv.process.pid).items() if nice > own]
        assert len(worker) == 1
        server_before, worker_before = cpu_seconds(srv.process.pid), cpu_seconds(worker[0])
        for game in games:
            r = ask(*game)
            assert r.status_code == 200 and r.json()["level"] == "medium"
        served = (cpu_seconds(srv.process.pid) - server_before) / GAMES
        computed = (cpu_seconds(worker[0]) - worker_before) / GAMES
    finally:
        srv.stop()
    print(f"\nper suggestion: {1000 * served:.1f} ms of the server's CPU, "
          f"{1000 * computed:.1f} ms of the worker's")
    # computed in the server, a suggestion cost it about 100 ms of Small City
    assert served < 0.025, f"{1000 * served:.1f} ms of the server's CPU per suggestion"
    assert computed > 2 * served


# ---------------------------------------------------- another seat's latency
# Alternately without and with the asker, so load from elsewhere weighs on both: four
# of each, some 600 timed requests a side (10 windows gave 800), the p99 among the
# six highest.
WINDOWS = 8
WINDOW = 3.0  # seconds each
WARM_UP = (2.0, 8.0)  # seconds at least, and at most while the asker has not yet answered
BOUND = 0.050  # p99 another seat's requests must stay under while a seat asks


def ask_as_fast_as_allowed(base: str) -> None:
    """Run in a process of its own: one seat of solo Small City (the dearest
    suggestions) asks at every decision, plays the suggested move and asks
    again, waiting out each refusal as long as told; prints each answer's
    round trip in ms, and "refused" for each ask the limit refused. It runs at
    the lowest CPU priority: a real asker's client runs on another machine, and
    here its own CPU would otherwise be taken from the server it measures."""
    os.nice(19)
    client = Client(base)
    for seed in range(10_000):
        created = client.create("smallcity", 1, ["human"], seed=seed)
        gid, token = created["id"], created["seats"][0]["token"]
        view = client.view(gid, token)
        while view["status"] != "over":
            began = time.perf_counter()
            r = client.http.post(f"/api/games/{gid}/suggest",
                                 json={"token": token, "version": view["version"]})
            if r.status_code == 429:
                print("refused", flush=True)
                time.sleep(float(r.headers["Retry-After"]))
                continue
            assert r.status_code == 200, r.text
            print(f"{1000 * (time.perf_counter() - began):.1f}", flush=True)
            client.act(gid, token, view["version"], r.json()["move"]["action"])
            view = client.view(gid, token)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))]


def measure(url: str, windows: int = WINDOWS, window: float = WINDOW
            ) -> tuple[list[float], list[float], list[str]]:
    """Another seat's request times (s) on the server at `url` without and with a
    seat asking in a process of its own, and what the asker printed. The other
    seat plays Architectura against another person at the same table, each
    request timed until its whole answer has arrived; the asker is stopped
    (SIGSTOP) in the windows without it, so only the asking differs."""
    timed: dict[bool, list[float]] = {False: [], True: []}
    said: list[str] = []  # what the asker printed, read as it prints
    root = str(Path(__file__).resolve().parents[2])
    asker = subprocess.Popen(
        [sys.executable, "-c", "import sys; from tests.server.test_suggest_load import "
         "ask_as_fast_as_allowed as a; a(sys.argv[1])", url],
        stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": os.pathsep.join(
            [root, os.environ.get("PYTHONPATH", "")])})

    def read() -> None:
        assert asker.stdout is not None
        for line in asker.stdout:
            said.extend(line.split())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        client = Client(url)
        rng = random.Random(44)
        with httpx.Client(base_url=url, timeout=30) as http:

            def timed_request(asking: bool, method: str, path: str, **kw) -> httpx.Response:
                began = time.perf_counter()
                r = http.request(method, path, **kw)  # the body is read before it returns
                timed[asking].append(time.perf_counter() - began)
                assert r.status_code == 200, r.text
                return r

            game = None
            for number in range(-1, windows):  # -1: warming up both sides, not timed
                asking = number % 2 == 1
                asker.send_signal(signal.SIGCONT if asking or number < 0 else signal.SIGSTOP)
                began = time.monotonic()
                end = began + (WARM_UP[1] if number < 0 else window)
                while time.monotonic() < end:
                    if number < 0 and time.monotonic() > began + WARM_UP[0] and any(
                            w != "refused" for w in said):
                        break  # warm: the worker has answered the asker
                    if game is None or game[2]:
                        created = client.create("architectura", 2, ["human", "human"],
                                                seed=rng.randrange(10**6))
                        game = [created["id"], [s["token"] for s in created["seats"]], False]
                    gid, tokens, _ = game
                    seat = client.public(gid)["to_act"][0]
                    view = timed_request(asking, "GET", f"/api/games/{gid}/view",
                                         params={"token": tokens[seat]}).json()
                    move = rng.choice(view["legal_actions"])["action"]
                    done = timed_request(asking, "POST", f"/api/games/{gid}/actions", json={
                        "token": tokens[seat], "version": view["version"], "action": move})
                    game[2] = done.json()["status"] == "over"
                    time.sleep(0.02)
                if number < 0:
                    timed[True].clear()
    finally:
        asker.send_signal(signal.SIGCONT)
        asker.kill()
    reader.join(10)
    return timed[False], timed[True], said


def summary(idle: list[float], asked: list[float], said: list[str]) -> str:
    answered = [float(word) for word in said if word != "refused"]
    return (f"other seat's p50 / p99 without the asker {1000 * percentile(idle, 0.5):.1f} / "
            f"{1000 * percentile(idle, 0.99):.1f} ms ({len(idle)} requests), while it asked "
            f"{1000 * percentile(asked, 0.5):.1f} / {1000 * percentile(asked, 0.99):.1f} ms "
            f"({len(asked)}); {len(answered)} suggestions answered (p50 "
            f"{percentile(answered or [0], 0.5):.0f} ms), {said.count('refused')} asks "
            f"refused by the limit; load average {os.getloadavg()[0]:.1f} on "
            f"{os.cpu_count()} cores")


def within_bound(idle: list[float], asked: list[float]) -> bool:
    """The bound: 50 ms. A machine so busy that the other seat's p99 is near or
    over it with nobody asking cannot show that bound; there the asking must not
    stand out from the baseline measured in the same run, between the same
    windows, by more than twice (work in the serving process's own thread once
    took the p99 from 13 to 148 ms)."""
    return percentile(asked, 0.99) < max(BOUND, 2.0 * percentile(idle, 0.99))


@pytest.mark.slow
def test_another_seats_p99_stays_under_50_ms_while_a_seat_asks(tmp_path):
    srv = Server("", f"sqlite:///{tmp_path / 'borough.db'}").start()  # deployed hint limits
    try:
        reports = []
        # Measured again once if the first run misses the bound: the suite's
        # other tests load the same 2 cores unevenly between the windows, and
        # such a spike passes; the fault this guards against fails both runs.
        for _ in range(2):
            idle, asked, said = measure(srv.url)
            reports.append(summary(idle, asked, said))
            print("\n" + reports[-1])
            assert len([word for word in said if word != "refused"]) >= 10, reports  # it asked
            if within_bound(idle, asked):
                break
        else:
            raise AssertionError("\n".join(reports))
    finally:
        srv.stop()
