"""Each game served by one process (owners.py, forwarding.py): requests and sockets
that reach another process are forwarded to the game's owner, which alone holds
the game in memory; when the owner is killed another process takes the game
over and the game goes on, sockets included. On SQLite one process serves as
it always did."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import time
from collections.abc import Iterator

import httpx
import psycopg
import pytest
import websockets

from borough.core import record as records
from tests.server.client import Client, Watcher, run_async
from tests.server.conftest import Server, _postgres_database
from tests.server.test_multiprocess import LEASE, start_both, stored_changes
from tests.server.test_tables import CLOCK, account, open_table

GAME = "architectura"


def plain(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://")


def owner_url(database: str, gid: str) -> str | None:
    """The internal address of the process owning the game, from the database."""
    with psycopg.connect(plain(database)) as conn:
        row = conn.execute("SELECT p.url FROM game_owners o JOIN processes p "
                           "ON p.name = o.owner WHERE o.game_id = %s", (gid,)).fetchone()
    return row[0] if row else None


def served_first(server: Server, gid: str) -> None:
    """The game's first request, at `server`: its process claims the new game."""
    assert Client(server.url).public(gid)["version"] >= 0


def held(server: Server) -> int:
    """The games a process holds in memory."""
    return httpx.get(f"{server.url}/healthz", timeout=10).json()["rooms"]


def play_turns(clients: list[Client], gid: str, tokens: list[str], rng: random.Random,
               turns: int | None = None) -> list[tuple[int, list]]:
    """Seat i plays through clients[i]; `turns` moves, or to the end. The moves made."""
    made: list[tuple[int, list]] = []
    while turns is None or len(made) < turns:
        public = clients[0].public(gid)
        if public["status"] == "over":
            break
        seat = public["to_act"][0]
        view = clients[seat].view(gid, tokens[seat])
        move = rng.choice(view["legal_actions"])["action"]
        r = clients[seat].act(gid, tokens[seat], view["version"], move)
        assert r.status_code == 200, r.text
        made.append((seat, move))
    return made


@pytest.fixture
def database() -> Iterator[str]:
    yield from _postgres_database()


@pytest.mark.postgres
def test_a_game_with_requests_at_both_processes_is_held_by_its_owner_alone(database):
    one, two = start_both(database, [{}, {}])
    try:
        clients = [Client(one.url), Client(two.url)]
        created = clients[0].create(GAME, 2, ["human", "human"], seed=5)
        gid = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        served_first(one, gid)
        assert owner_url(database, gid) == one.url
        # Seat 1 plays and watches through the process that does not own the game.
        socket = Watcher(two.url, gid, tokens[1])
        socket.start()
        assert socket.connected.wait(30)
        rng = random.Random(5)
        made = play_turns(clients, gid, tokens, rng, turns=6)
        assert {seat for seat, _ in made} == {0, 1}
        assert held(two) == 0 and held(one) == 1  # nothing replayed on the other
        # Every kind of request reaches the owner through the other process.
        seat = clients[0].public(gid)["to_act"][0]
        view = clients[1].view(gid, tokens[seat])
        move = view["legal_actions"][0]["action"]
        r = clients[1].http.post(f"/api/games/{gid}/explain",
                                 json={"token": tokens[seat], "action": move})
        assert r.status_code == 200 and r.json()["allowed"], r.text
        r = clients[1].act(gid, tokens[seat], view["version"], move)
        assert r.status_code == 200, r.text
        r = clients[1].http.post(f"/api/games/{gid}/undo", json={"token": tokens[seat]})
        assert r.status_code in (200, 409), r.text  # 409: the move may not be taken back
        r = clients[1].act(gid, tokens[seat], view["version"], move)
        assert r.status_code == 409 and "stale" in r.json()["error"]  # refusals pass too
        assert clients[1].view(gid, tokens[seat]) == clients[0].view(gid, tokens[seat])
        # A request pretending to come from a peer is forwarded like any other.
        r = httpx.get(f"{two.url}/api/games/{gid}", timeout=10,
                      headers={"x-borough-peer": "guess", "x-borough-client": "10.9.8.7"})
        assert r.status_code == 200 and held(two) == 0
        play_turns(clients, gid, tokens, rng)
        socket.join(60)
        assert socket.error is None and socket.views[-1]["status"] == "over"
        assert socket.views[-1] == clients[0].view(gid, tokens[1])
        versions = [v["version"] for v in socket.views]
        assert versions == sorted(set(versions))  # pushed in order, none twice
        assert held(two) == 0
        record = clients[1].http.get(f"/api/games/{gid}/record").json()
        rec, _ = records.parse(record)
        assert len(stored_changes(database, gid)) >= len(rec.moves)
    finally:
        for server in (one, two):
            server.stop()


@pytest.mark.postgres
def test_a_game_is_owned_by_the_process_serving_it_first_not_its_creator(database):
    """Created at one process and first asked for at the other: the other claims it
    and holds it; the creator forwards the game's requests and sockets to it. A game
    whose bot moves first stays with its creator, which plays that move at once."""
    one, two = start_both(database, [{}, {}])
    try:
        a, b = Client(one.url), Client(two.url)
        created = a.create(GAME, 2, ["human", "human"], seed=11)
        gid = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        assert owner_url(database, gid) is None and held(one) == 0  # nobody's yet
        served_first(two, gid)
        assert owner_url(database, gid) == two.url
        socket = Watcher(one.url, gid, tokens[0])  # relayed by the creator to the owner
        socket.start()
        assert socket.connected.wait(30)
        made = play_turns([a, a], gid, tokens, random.Random(11), turns=4)
        assert len(made) == 4 and held(one) == 0 and held(two) == 1
        assert owner_url(database, gid) == two.url
        assert a.view(gid, tokens[1]) == b.view(gid, tokens[1])
        deadline = time.monotonic() + 30
        while socket.views[-1]["version"] < a.view(gid, tokens[0])["version"]:
            assert time.monotonic() < deadline, "the relayed socket missed a view"
            time.sleep(0.05)
        assert socket.error is None
        # A bot to move first: its creator owns the game and thinks for it now.
        bot = a.create(GAME, 2, ["medium", "human"], seed=3)
        assert owner_url(database, bot["id"]) == one.url
        deadline = time.monotonic() + 60
        while b.public(bot["id"])["to_act"] == [0]:
            assert time.monotonic() < deadline, "the first bot move never came"
            time.sleep(0.1)
        assert owner_url(database, bot["id"]) == one.url
        # A bot moving second: its game is claimed as any other, and its owner
        # thinks for the bot once the human's move (sent to the creator) is stored.
        later = a.create(GAME, 2, ["human", "medium"], seed=4)
        token = later["seats"][0]["token"]
        assert owner_url(database, later["id"]) is None
        view = b.view(later["id"], token)
        assert owner_url(database, later["id"]) == two.url
        r = a.act(later["id"], token, view["version"], view["legal_actions"][0]["action"])
        assert r.status_code == 200, r.text
        deadline = time.monotonic() + 60
        while a.public(later["id"])["to_act"] != [0]:
            assert time.monotonic() < deadline, "the bot's move never came"
            time.sleep(0.1)
        assert owner_url(database, later["id"]) == two.url
        assert held(one) == 1 and held(two) == 2  # the bot-first game, and the others
    finally:
        for server in (one, two):
            server.stop()


@pytest.mark.postgres
def test_a_socket_and_requests_at_a_non_owner_reach_the_owner(database):
    """A spectator's socket and the seats' requests all through the process that
    does not own the game: every view is pushed, and only the owner holds it."""
    one, two = start_both(database, [{}, {}])
    try:
        created = Client(one.url).create(GAME, 2, ["human", "human"], seed=9)
        gid = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        served_first(one, gid)
        other = Client(two.url)

        async def watch() -> list[dict]:
            async with websockets.connect(f"{two.url.replace('http', 'ws')}/ws/games/{gid}",
                                          max_size=None) as ws:
                seen = [json.loads(await asyncio.wait_for(ws.recv(), 30))]
                await asyncio.to_thread(play_turns, [other, other], gid, tokens,
                                        random.Random(9), 4)
                while seen[-1]["version"] < other.public(gid)["version"]:
                    seen.append(json.loads(await asyncio.wait_for(ws.recv(), 30)))
                return seen

        seen = run_async(watch())
        assert seen[-1] == other.public(gid) == Client(one.url).public(gid)
        assert held(two) == 0 and owner_url(database, gid) == one.url

        async def speak() -> int | None:  # over the size limit: the owner closes it
            async with websockets.connect(f"{two.url.replace('http', 'ws')}/ws/games/{gid}",
                                          max_size=None) as ws:
                await ws.recv()
                await ws.send("x" * 8192)
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await asyncio.wait_for(ws.recv(), 10)
                return closed.value.rcvd.code if closed.value.rcvd else None

        assert run_async(speak()) == 1009  # the owner's reason passes through
    finally:
        for server in (one, two):
            server.stop()


@pytest.mark.postgres
def test_the_owner_killed_mid_game_is_taken_over_and_the_game_finishes(database):
    owner, other = start_both(database, [{}, {}])
    try:
        a, b = Client(owner.url), Client(other.url)
        created = a.create(GAME, 2, ["human", "human"], seed=13)
        gid = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        served_first(owner, gid)
        socket = Watcher(other.url, gid, tokens[0])  # relayed to the owner, then served
        socket.start()
        assert socket.connected.wait(30)
        rng = random.Random(13)
        acknowledged = play_turns([a, b], gid, tokens, rng, turns=4)
        before = stored_changes(database, gid)
        owner.kill()
        killed = time.monotonic()
        # The next request waits for the dead owner's lease and is served by the other.
        public = b.public(gid)
        assert time.monotonic() - killed < float(LEASE["BOROUGH_BOT_LEASE"]) * 1.5 + 5
        assert owner_url(database, gid) == other.url
        acknowledged += play_turns([b, b], gid, tokens, rng)
        assert b.public(gid)["status"] == "over" and public["version"] > 0
        socket.join(60)
        assert socket.error is None  # one socket from the first view to the end
        assert socket.views[-1] == b.view(gid, tokens[0])
        changes = stored_changes(database, gid)
        assert changes[:len(before)] == before
        rec, _ = records.parse(b.http.get(f"/api/games/{gid}/record").json())
        assert [(s, list(m)) for s, m in rec.moves] == [(s, list(m)) for s, m in acknowledged]
    finally:
        owner.kill()
        other.stop()


@pytest.mark.postgres
def test_a_process_restarted_at_its_address_takes_its_games_at_once(database):
    """A process killed and started again at the same address within its lease:
    the new one is the only process there, so the old one's games are its to
    claim at once, never forwarded to the address it listens on itself."""
    server = Server("", database, settings={"BOROUGH_BOT_LEASE": "30"}).start()
    try:
        client = Client(server.url)
        created = client.create(GAME, 2, ["human", "human"], seed=17)
        gid = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        served_first(server, gid)
        before = owner_name(database, gid)
        assert before is not None
        server.kill()
        server.start()  # same port, same database, well within the 30 s lease
        client = Client(server.url)
        made = play_turns([client, client], gid, tokens, random.Random(17), turns=2)
        assert len(made) == 2
        after = owner_name(database, gid)
        assert after is not None and after != before
        with psycopg.connect(plain(database)) as conn:
            listed = conn.execute("SELECT name FROM processes WHERE url = %s",
                                  (server.url,)).fetchall()
        assert listed == [(after,)]
    finally:
        server.stop()


@pytest.mark.postgres
def test_a_seat_out_of_time_is_handed_over_by_the_owner_alone(database):
    """A table's clock runs out while its game is served by one process: the other
    process, sweeping for deadlines ten times as often, leaves the deadline to the
    owner and never loads the game; the owner hands the seat to the table's bot."""
    one, two = start_both(database, [{**CLOCK, "BOROUGH_CLOCK_SWEEP_SECONDS": "0.5"},
                                     {**CLOCK, "BOROUGH_CLOCK_SWEEP_SECONDS": "0.05"}])
    try:
        ada, bob = account(one.url, "ada"), account(one.url, "bob")
        gid = open_table(ada, [{"kind": "me"}, {"kind": "open"}], hours=1)["id"]
        assert bob.write(f"/api/tables/{gid}/join").status_code == 200
        assert owner_url(database, gid) == one.url  # the join was the game's first request
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # nobody moves: the clock runs out
            view = Client(one.url).public(gid)
            if any(x["kind"] == "bot" for x in view["seats"]):
                break
            time.sleep(0.2)
        else:
            raise AssertionError(f"no seat was handed to a bot: {view['seats']}")
        handed = [c for c in stored_changes(database, gid) if c[1] == "seats"]
        assert handed and all(c[3][-1] == "time" for c in handed)
        assert held(two) == 0 and held(one) == 1
        assert owner_url(database, gid) == one.url
    finally:
        for server in (one, two):
            server.stop()


def owner_name(database: str, gid: str) -> str | None:
    with psycopg.connect(plain(database)) as conn:
        row = conn.execute("SELECT owner FROM game_owners WHERE game_id = %s",
                           (gid,)).fetchone()
    return row[0] if row else None


def test_one_process_on_sqlite_owns_nothing_and_forwards_nothing(tmp_path):
    server = Server("", f"sqlite:///{tmp_path / 'borough.db'}").start()
    try:
        client = Client(server.url)
        created = client.create(GAME, 2, ["human", "human"], seed=2)
        gid = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        play_turns([client, client], gid, tokens, random.Random(2), turns=5)
        # A stranger's claim to be a peer changes nothing either.
        r = client.http.get(f"/api/games/{gid}", headers={"x-borough-peer": "x"})
        assert r.status_code == 200
    finally:
        server.stop()
    with sqlite3.connect(tmp_path / "borough.db") as conn:
        assert conn.execute("SELECT count(*) FROM game_owners").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM processes").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM actions").fetchone()[0] == 5
