"""Two real server processes on one PostgreSQL database count a client's
requests together: a client sending to both gets one quota, not one per
process, and a process that dies takes none of the counts with it. (Each test
is its own client: a different X-Forwarded-For from this machine, a trusted proxy.)

Forwarding to a game's owner (owners.py) is off here (no internal address), so
each process serves what reaches it and both count the same game's moves and
sockets: the hard case. With it on, a game's requests all reach its owner;
tests/server/test_deploy.py counts those behind nginx."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from itertools import cycle

import httpx
import pytest
import websockets

from tests.server.client import run_async
from tests.server.conftest import Server, _postgres_database
from tests.server.test_multiprocess import start_both

pytestmark = [pytest.mark.postgres, pytest.mark.slow]  # two servers start: ~20 s

READS, MOVES, LOGINS = 6, 10, 4  # bursts, refilled too slowly to matter here
SOCKETS, SPECTATORS = 3, 2  # per address, per game
LIMITS = {"BOROUGH_SOCKETS_PER_ADDRESS": str(SOCKETS),
          "BOROUGH_SPECTATORS_PER_GAME": str(SPECTATORS),
          "BOROUGH_READ_BURST": str(READS), "BOROUGH_READ_RATE": "0.0001",
          "BOROUGH_ACT_BURST": str(MOVES), "BOROUGH_ACT_RATE": "0.0001",
          "BOROUGH_ACT_BATCH": "5",
          "BOROUGH_LOGIN_BURST": str(LOGINS), "BOROUGH_LOGIN_RATE": "0.0001",
          "BOROUGH_INTERNAL_URL": ""}


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
        # Each process takes 5 at a time: one may hold the last few while the
        # other is refused, never more than the burst between them.
        undos = allowed(http, pair, 2 * MOVES, lambda h, url: h.post(
            f"{url}/api/games/{gid}/undo", json={"token": token}))
        assert MOVES - 4 <= undos.count(409) <= MOVES and set(undos) == {409, 429}, undos

        logins = allowed(http, pair, 2 * LOGINS, lambda h, url: h.post(
            f"{url}/api/account/login", json={"name": "nobody", "password": "x" * 12}))
        assert logins.count(401) == LOGINS and set(logins[LOGINS:]) == {429}, logins


def new_game(url: str) -> dict:
    body = {"game": "rondelcity", "players": 2, "seats": [{"kind": "human"}] * 2}
    answer = httpx.post(f"{url}/api/games", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    return answer.json()


async def opened(server: Server, gid: str, client: str, token: str | None = None) -> object:
    """A socket on `server` from `client` (its X-Forwarded-For), or the refusal."""
    url = f"{server.url.replace('http', 'ws')}/ws/games/{gid}"
    try:
        return await websockets.connect(url + (f"?token={token}" if token else ""),
                                        additional_headers={"X-Forwarded-For": client})
    except websockets.exceptions.InvalidStatus as refused:
        return refused


def test_socket_caps_count_the_sockets_of_both_processes(pair):
    first, second = pair
    mine, theirs, watched = new_game(first.url), new_game(second.url), new_game(first.url)
    client = "203.0.113.3"

    async def scenario() -> None:
        # A game's spectators, one on each process: the game has as many as it takes.
        watching = [await opened(first, watched["id"], "203.0.113.31"),
                    await opened(second, watched["id"], "203.0.113.32")]
        assert all(isinstance(ws, websockets.ClientConnection) for ws in watching)
        third = await opened(first, watched["id"], "203.0.113.33")
        assert isinstance(third, websockets.exceptions.InvalidStatus)
        for ws in watching:
            await ws.close()

        held = [await opened(first, mine["id"], client),
                await opened(second, theirs["id"], client),
                await opened(second, theirs["id"], client, theirs["seats"][0]["token"])]
        assert all(isinstance(ws, websockets.ClientConnection) for ws in held)
        # The address holds its three sockets, two of them on the other process.
        over = await opened(first, mine["id"], client, mine["seats"][0]["token"])
        assert isinstance(over, websockets.exceptions.InvalidStatus)
        assert over.response.status_code == 403  # closed before the handshake: 4429
        await held[1].close()
        for _ in range(100):  # the second process notices the close and drops its row
            again = await opened(first, mine["id"], client, mine["seats"][0]["token"])
            if isinstance(again, websockets.ClientConnection):
                break
            await asyncio.sleep(0.1)
        assert isinstance(again, websockets.ClientConnection)
        for ws in (held[0], held[2], again):
            await ws.close()

    run_async(scenario())


def test_counts_outlive_the_process_that_made_them(pair):
    """Requests counted by a process killed with SIGKILL still count; its sockets
    stop counting once its heartbeat is a lease old (1.5 s here)."""
    first, second = pair
    created, other = new_game(first.url), new_game(second.url)
    gid, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    client = "203.0.113.2"

    with httpx.Client(timeout=30, headers={"X-Forwarded-For": client}) as http:
        answers = [http.get(f"{first.url}/api/games").status_code for _ in range(READS)]
        assert answers == [200] * READS

    async def scenario() -> float:
        held = [await opened(first, gid, client, token) for token in tokens]
        held.append(await opened(first, gid, client))
        assert all(isinstance(ws, websockets.ClientConnection) for ws in held)
        # Another game, on the other process: the first's sockets count there.
        refused = await opened(second, other["id"], client)
        assert isinstance(refused, websockets.exceptions.InvalidStatus)
        first.kill()  # SIGKILL: nothing is flushed, given back or deleted
        killed = time.monotonic()
        while time.monotonic() - killed < 20:
            ws = await opened(second, other["id"], client)
            if isinstance(ws, websockets.ClientConnection):
                await ws.close()
                return time.monotonic() - killed
            await asyncio.sleep(0.2)
        raise AssertionError("the dead process's sockets still count")

    # Not before the dead process's heartbeat (renewed every 0.5 s) is a lease old.
    assert run_async(scenario()) >= 1.0
    with httpx.Client(timeout=30, headers={"X-Forwarded-For": client}) as http:
        refused = http.get(f"{second.url}/api/games")
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 1
