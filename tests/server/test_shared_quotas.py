"""Two real server processes on one PostgreSQL database count a client's
requests together: a client sending to both gets one quota, not one per
process, and a process that dies takes none of the counts with it. (Each test
is its own client: a different X-Forwarded-For from this machine, a trusted proxy.)"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import cycle

import httpx
import pytest

from tests.server.conftest import Server, _postgres_database
from tests.server.test_multiprocess import start_both

pytestmark = [pytest.mark.postgres, pytest.mark.slow]  # two servers start: ~20 s

READS, MOVES, LOGINS = 6, 10, 4  # bursts, refilled too slowly to matter here
LIMITS = {"BOROUGH_READ_BURST": str(READS), "BOROUGH_READ_RATE": "0.0001",
          "BOROUGH_ACT_BURST": str(MOVES), "BOROUGH_ACT_RATE": "0.0001",
          "BOROUGH_ACT_BATCH": "5",
          "BOROUGH_LOGIN_BURST": str(LOGINS), "BOROUGH_LOGIN_RATE": "0.0001"}


@pytest.fixture(scope="module")
def pair() -> Iterator[list[Server]]:
    for database in _postgres_database():
        servers = start_both(database, [LIMITS, LIMITS])
        try:
            yield servers
        finally:
            for server in servers:
                server.stop()


def allowed(http: httpx.Client, servers: list[Server], tries: int, send) -> list[int]:
    """Answers to `tries` requests sent to the servers in turn."""
    return [send(http, server.url).status_code for server, _ in zip(cycle(servers),
                                                                    range(tries), strict=False)]


def test_a_client_of_two_processes_has_one_quota(pair):
    with httpx.Client(timeout=30, headers={"X-Forwarded-For": "203.0.113.1"}) as http:
        reads = allowed(http, pair, 2 * READS, lambda h, url: h.get(f"{url}/api/games"))
        assert reads == [200] * READS + [429] * READS

        body = {"game": "rondelcity", "players": 2, "seats": [{"kind": "human"}] * 2}
        created = http.post(f"{pair[0].url}/api/games", json=body).json()
        gid, token = created["id"], created["seats"][0]["token"]
        # Undo with nothing to take back: refused (409), and counted as an action.
        undos = allowed(http, pair, 2 * MOVES, lambda h, url: h.post(
            f"{url}/api/games/{gid}/undo", json={"token": token}))
        assert undos.count(409) == MOVES and set(undos[MOVES:]) == {429}, undos

        logins = allowed(http, pair, 2 * LOGINS, lambda h, url: h.post(
            f"{url}/api/account/login", json={"name": "nobody", "password": "x" * 12}))
        assert logins.count(401) == LOGINS and set(logins[LOGINS:]) == {429}, logins


def test_counts_outlive_the_process_that_made_them(pair):
    first, second = pair
    with httpx.Client(timeout=30, headers={"X-Forwarded-For": "203.0.113.2"}) as http:
        answers = [http.get(f"{first.url}/api/games").status_code for _ in range(READS)]
        assert answers == [200] * READS
        first.kill()  # SIGKILL: nothing is flushed or given back
        refused = http.get(f"{second.url}/api/games")
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 1
