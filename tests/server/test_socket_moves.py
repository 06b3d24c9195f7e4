"""Moves sent over the game's WebSocket a seat holds (socket_moves.py): taken and
pushed to every socket of the game as a POST's are, refused in a message of
their own with the POST's status and words, under the POST's rate limit, with
nothing stored for a move not taken; relayed to the owner between processes,
and across the owner being killed (PostgreSQL)."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
import websockets

from tests.server.client import Client, run_async
from tests.server.conftest import Server, _postgres_database
from tests.server.test_multiprocess import start_both
from tests.server.test_owners import owner_url

GAME = "architectura"


def stored(server: Server, gid: str) -> int:
    """The changes of the game in the database."""
    if server.database_url.startswith("sqlite"):
        with sqlite3.connect(server.database_url.removeprefix("sqlite:///")) as conn:
            return conn.execute("SELECT count(*) FROM actions WHERE game_id = ?",
                                (gid,)).fetchone()[0]
    plain = server.database_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain) as conn:
        return conn.execute("SELECT count(*) FROM actions WHERE game_id = %s",
                            (gid,)).fetchone()[0]


class Socket:
    """A game's socket, every message it is sent kept in order."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.got: list[dict] = []

    @classmethod
    async def open(cls, base: str, gid: str, token: str | None = None) -> Socket:
        query = f"?token={token}" if token else ""
        ws = await websockets.connect(f"{base.replace('http', 'ws')}/ws/games/{gid}{query}",
                                      max_size=None)
        socket = cls(ws)
        await socket.next()  # the first view
        return socket

    async def next(self, timeout: float = 30) -> dict:
        message = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.got.append(message)
        return message

    @property
    def view(self) -> dict:
        return [m for m in self.got if "type" not in m][-1]

    async def view_after(self, version: int, timeout: float = 30) -> dict:
        """The first view pushed past `version` (a refusal fails)."""
        while True:
            message = await self.next(timeout)
            assert message.get("type") != "refused", message
            if "type" not in message and message["version"] > version:
                return message

    async def move(self, version: int, action: list, ref: int | None = None) -> None:
        body: dict[str, Any] = {"version": version, "action": action}
        if ref is not None:
            body["ref"] = ref
        await self.ws.send(json.dumps(body))

    async def refusal(self, timeout: float = 30) -> dict:
        message = await self.next(timeout)
        assert message.get("type") == "refused", message
        return message

    def versions(self) -> list[int]:
        return [m["version"] for m in self.got if "type" not in m]


def test_moves_over_the_sockets_are_taken_and_pushed_to_every_socket(server):
    """Both seats play over their sockets (and a move now and then by POST): each
    move is stored and pushed once to the mover, the other seat and a spectator,
    versions only growing, nothing else sent; the views pushed are those asked for."""
    client = Client(server.url)
    created = client.create(GAME, 2, ["human", "human"], seed=3)
    gid = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    rng = random.Random(3)

    async def scenario() -> int:
        seats = [await Socket.open(server.url, gid, t) for t in tokens]
        spectator = await Socket.open(server.url, gid)
        made = 0
        for turn in range(12):
            public = await asyncio.to_thread(client.public, gid)
            seat = public["to_act"][0]
            view = await asyncio.to_thread(client.view, gid, tokens[seat])
            action = rng.choice(view["legal_actions"])["action"]
            if turn % 4 == 3:  # the POST still works beside the sockets
                r = await asyncio.to_thread(client.act, gid, tokens[seat], view["version"],
                                            action)
                assert r.status_code == 200, r.text
            else:
                await seats[seat].move(view["version"], action, ref=turn)
            made += 1
            pushed = await seats[seat].view_after(view["version"])
            assert pushed == await asyncio.to_thread(client.view, gid, tokens[seat])
            assert await asyncio.to_thread(stored, server, gid) == made
            other = seats[1 - seat]
            now = await asyncio.to_thread(client.view, gid, tokens[1 - seat])
            if now["version"] > other.view["version"]:
                assert await other.view_after(other.view["version"]) == now
            now = await asyncio.to_thread(client.public, gid)
            if now["version"] > spectator.view["version"]:
                assert await spectator.view_after(spectator.view["version"]) == now
        await asyncio.sleep(0.3)  # anything sent twice would have arrived by now
        for socket in (*seats, spectator):
            with pytest.raises(TimeoutError):
                await socket.next(0.2)
            assert all(m.get("type") != "refused" for m in socket.got)
            versions = socket.versions()
            assert versions == sorted(set(versions))  # each view once, in order
            await socket.ws.close()
        return made

    made = run_async(scenario())
    assert stored(server, gid) == made


def test_refused_moves_are_answered_on_the_socket_and_store_nothing(server):
    """Stale, out of turn, from a spectator, malformed (not JSON, extra keys, a bool
    for a number, a binary message): each is answered with the POST's status and
    words and the ref it came with; nothing is stored, and the socket goes on.
    A message over the size limit closes the socket (1009)."""
    client = Client(server.url)
    created = client.create(GAME, 2, ["human", "human"], seed=4)
    gid = created["id"]
    tokens = [s["token"] for s in created["seats"]]

    async def scenario() -> None:
        seats = [await Socket.open(server.url, gid, t) for t in tokens]
        spectator = await Socket.open(server.url, gid)
        public = await asyncio.to_thread(client.public, gid)
        mover = public["to_act"][0]
        idle = 1 - mover
        view = seats[mover].view
        action = view["legal_actions"][0]["action"]
        before = await asyncio.to_thread(stored, server, gid)

        def post(seat: int, body: dict) -> tuple[int, str]:
            r = client.http.post(f"/api/games/{gid}/actions", json={"token": tokens[seat],
                                                                   **body})
            return r.status_code, r.json()["error"]

        # Stale and out of turn: the status and words of the POST, the rules' kind.
        for seat, body, code in ((mover, {"version": view["version"] - 1, "action": action},
                                  None),
                                 (idle, {"version": seats[idle].view["version"],
                                         "action": action}, "turn")):
            await seats[seat].move(body["version"], body["action"], ref=41)
            refused = await seats[seat].refusal()
            status, words = await asyncio.to_thread(post, seat, body)
            assert refused == {"type": "refused", "status": status, "error": words,
                               "code": code, "ref": 41}
            assert status in (403, 409)
        # A spectator's socket takes no moves.
        await spectator.move(view["version"], action, ref=7)
        refused = await spectator.refusal()
        assert (refused["status"], refused["ref"]) == (403, 7)
        assert "spectator" in refused["error"]
        # Malformed: each a 400 (with the ref when one could be read).
        for raw in ("{", "[1, 2]", json.dumps({"version": view["version"], "action": action,
                                               "token": tokens[mover]}),
                    json.dumps({"version": True, "action": action}),
                    json.dumps({"version": view["version"], "action": [True]}),
                    json.dumps({"version": view["version"], "action": action, "ref": -1}),
                    json.dumps({"version": view["version"], "action": ["x" * 41]}),
                    json.dumps({"version": view["version"], "action": action, "ref": 3,
                                "extra": 1}),
                    b"\x00binary"):
            await seats[mover].ws.send(raw)
            refused = await seats[mover].refusal()
            assert refused["status"] == 400 and refused["error"].startswith("malformed move")
            assert refused.get("ref") == (3 if isinstance(raw, str) and '"extra"' in raw
                                          else None), raw
            assert refused["code"] is None and "retry_after" not in refused
        assert await asyncio.to_thread(stored, server, gid) == before
        # The socket still takes a good move after all that.
        await seats[mover].move(view["version"], action)
        await seats[mover].view_after(view["version"])
        assert await asyncio.to_thread(stored, server, gid) == before + 1
        # Too big a message: the socket is closed before it is read.
        view = await asyncio.to_thread(client.view, gid, tokens[idle])
        await seats[idle].ws.send(json.dumps({"version": view["version"], "action": action,
                                              "pad": "x" * 5000}))
        with pytest.raises(websockets.ConnectionClosed) as closed:
            while True:
                await seats[idle].next(10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        assert await asyncio.to_thread(stored, server, gid) == before + 1

    run_async(scenario())


def test_every_message_spends_the_moves_limit_of_the_address(database_url):
    """The POST's limit per address: malformed messages spend it too; past it a move
    is refused 429 with retry_after, nothing stored, and the POST is refused alike."""
    server = Server("", database_url, settings={"BOROUGH_ACT_RATE": "0.01",
                                                "BOROUGH_ACT_BURST": "3"}).start()
    try:
        client = Client(server.url)
        created = client.create(GAME, 2, ["human", "human"], seed=5)
        gid = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        mover = client.public(gid)["to_act"][0]

        async def scenario() -> None:
            socket = await Socket.open(server.url, gid, tokens[mover])
            view = socket.view
            for _ in range(3):
                await socket.ws.send("not json")
                assert (await socket.refusal())["status"] == 400
            await socket.move(view["version"], view["legal_actions"][0]["action"], ref=9)
            refused = await socket.refusal()
            assert refused["status"] == 429 and refused["ref"] == 9, refused
            assert refused["error"].startswith("too many requests from 127.0.0.1")
            assert refused["retry_after"] >= 1
            await socket.ws.close()

        run_async(scenario())
        view = client.view(gid, tokens[mover])
        r = client.act(gid, tokens[mover], view["version"], view["legal_actions"][0]["action"])
        assert r.status_code == 429 and "retry-after" in r.headers
        assert stored(server, gid) == 0
    finally:
        server.stop()


@pytest.fixture
def postgres_url() -> Iterator[str]:
    yield from _postgres_database()


@pytest.mark.postgres
def test_moves_over_a_relayed_socket_reach_the_owner_and_outlive_it(postgres_url):
    """Both seats play over sockets opened at the process that does not own the
    game (relayed frame by frame); the owner is killed mid-game; the same sockets
    go on to the end, served by the other process, every move stored once."""
    database = postgres_url
    owner, other = start_both(database, [{}, {}])
    try:
        created = Client(owner.url).create(GAME, 2, ["human", "human"], seed=6)
        gid = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        assert Client(owner.url).public(gid)["version"] >= 0  # the first request claims it
        assert owner_url(database, gid) == owner.url
        rng = random.Random(6)
        reader = Client(other.url)  # reads forwarded to whoever owns the game

        async def turns(seats: list[Socket], count: int | None) -> int:
            made = 0
            while count is None or made < count:
                public = await asyncio.to_thread(reader.public, gid)
                if public["status"] == "over":
                    break
                seat = public["to_act"][0]
                view = await asyncio.to_thread(reader.view, gid, tokens[seat])
                await seats[seat].move(view["version"],
                                       rng.choice(view["legal_actions"])["action"])
                await seats[seat].view_after(view["version"], timeout=60)
                made += 1
            return made

        async def scenario() -> tuple[int, int]:
            seats = [await Socket.open(other.url, gid, t) for t in tokens]
            first = await turns(seats, 6)
            owner.kill()  # the sockets stay open: the other process takes them over
            rest = await turns(seats, None)
            for socket in seats:
                await socket.ws.close()
            return first, rest

        first, rest = run_async(scenario())
        assert first == 6 and rest > 0
        assert owner_url(database, gid) == other.url
        assert Client(other.url).public(gid)["status"] == "over"
        assert stored(other, gid) == first + rest
    finally:
        owner.kill()
        other.stop()


def test_a_socket_left_mid_move_leaves_the_move_whole(server):
    """A client that sends a move and closes at once: the move is stored and the
    room goes on from it (the next move at the new version is taken)."""
    client = Client(server.url)
    created = client.create(GAME, 2, ["human", "human"], seed=8)
    gid = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    seat = client.public(gid)["to_act"][0]
    view = client.view(gid, tokens[seat])

    async def scenario() -> None:
        socket = await Socket.open(server.url, gid, tokens[seat])
        await socket.move(view["version"], view["legal_actions"][0]["action"])
        await socket.ws.close()

    run_async(scenario())
    for _ in range(100):
        if stored(server, gid) == 1:
            break
        time.sleep(0.05)
    assert stored(server, gid) == 1
    after = client.view(gid, tokens[seat])
    assert after["version"] > view["version"]


@pytest.mark.postgres
def test_a_relayed_sockets_moves_count_against_the_clients_own_address(postgres_url):
    """A socket opened through a proxy (X-Forwarded-For from a trusted peer) at the
    process that does not own the game: the owner counts its messages against the
    client's address, not the proxy's nor the relaying process's."""
    settings = {"BOROUGH_ACT_RATE": "0.01", "BOROUGH_ACT_BURST": "2"}
    owner, other = start_both(postgres_url, [settings, settings])
    try:
        created = Client(owner.url).create(GAME, 2, ["human", "human"], seed=7)
        gid = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        mover = Client(owner.url).public(gid)["to_act"][0]

        async def scenario() -> dict:
            ws = await websockets.connect(
                f"{other.url.replace('http', 'ws')}/ws/games/{gid}?token={tokens[mover]}",
                max_size=None, additional_headers={"X-Forwarded-For": "10.1.2.3"})
            socket = Socket(ws)
            await socket.next()
            for _ in range(2):
                await ws.send("{")
                assert (await socket.refusal())["status"] == 400
            await ws.send("{")
            refused = await socket.refusal()
            await ws.close()
            return refused

        refused = run_async(scenario())
        assert refused["status"] == 429 and "from 10.1.2.3" in refused["error"], refused
        assert owner_url(postgres_url, gid) == owner.url
        # The proxy's own address has its moves still.
        view = Client(owner.url).view(gid, tokens[mover])
        r = Client(other.url).act(gid, tokens[mover], view["version"],
                                  view["legal_actions"][0]["action"])
        assert r.status_code == 200, r.text
    finally:
        owner.stop()
        other.stop()
