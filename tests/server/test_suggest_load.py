"""Suggestions are computed out of the serving process: asking for them costs
the server only the asking, so they cannot take from other players the CPU or
the interpreter lock their requests need. Measured in CPU time (the server's
and the worker's, from /proc), which a busy machine does not distort; the
latency another seat sees meanwhile is measured by
benchmarks/suggest_latency.py."""

from __future__ import annotations

import os
from pathlib import Path

import httpx

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
