"""Rooms of bot games that end and leave memory give it back: rounds of games
between bots on a real server leave its RSS where the first round left it.
The full soak (200 live games for 10 minutes) is benchmarks/bot_soak.py."""

from __future__ import annotations

import time

import pytest

from tests.server.client import Client
from tests.server.conftest import Server


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


# Rooms of finished games leave after this long, looked for as often: the
# test's idle waits between rounds (3 s a round at 1 s) come from these, and
# the same rooms leave, the same memory is given back, only sooner.
SWEEP = 0.25


@pytest.mark.slow
def test_rounds_of_bot_games_leave_memory_where_the_first_round_left_it(tmp_path):
    server = Server("", f"sqlite:///{tmp_path / 'borough.db'}", settings={
        "BOROUGH_ROOM_OVER_SECONDS": str(SWEEP), "BOROUGH_SWEEP_SECONDS": str(SWEEP)}).start()
    try:
        client = Client(server.url)
        after = []
        for round_ in range(4):
            games = [client.create(name, players, ["random"] * players, seed=round_ * 30 + i)
                     ["id"] for i in range(5)
                     for name, players in (("architectura", 2), ("smallcity", 2),
                                           ("ekopolis", 3))]
            deadline = time.monotonic() + 300
            while time.monotonic() < deadline and any(
                    client.public(g)["status"] != "over" for g in games):
                time.sleep(0.2)
            while (time.monotonic() < deadline
                   and client.http.get("/healthz").json()["rooms"] > 0):
                time.sleep(0.1)  # every finished room leaves memory
            # The sweep in which the rooms left gives their memory back just after
            # (app.py); two more sweep periods and it surely has.
            time.sleep(2 * SWEEP)
            after.append(rss_kb(server.process.pid))
        assert after[-1] - after[0] < 8_000, f"RSS after each round (KB): {after}"
    finally:
        server.stop()
