"""An owner's copy of a game against the database's word (PostgreSQL).

The owner of a game neither reads the change log before a move nor pings its
connection first: the change log's unique (game, number) key refuses a change
stored behind its back, and a connection the database dropped is made again.
These tests show both: a change written by someone else without a word makes
the owner catch up and answer as for any stale request, the game never
forked; and after every connection of the database is cut, play goes on."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator

import psycopg
import pytest

from borough.core import record as records
from borough.core.serial import freeze
from borough.server import cluster
from borough.server.chat import CHANNEL as CHAT_CHANNEL
from borough.server.store_writes import CHANNEL
from tests.server.client import Client, run_async
from tests.server.conftest import Server, _postgres_database
from tests.server.test_multiprocess import start_both, stored_changes
from tests.server.test_owners import GAME, owner_url, plain, play_turns


@pytest.fixture
def database() -> Iterator[str]:
    yield from _postgres_database()


@pytest.mark.postgres
def test_a_change_stored_behind_the_owners_back_is_caught_up_not_forked(database):
    one, two = start_both(database, [{}, {}])
    try:
        clients = [Client(one.url), Client(two.url)]
        created = clients[0].create(GAME, 2, ["human", "human"], seed=7)
        gid = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        assert clients[0].public(gid)["version"] >= 0  # the first request claims it
        assert owner_url(database, gid) == one.url
        rng = random.Random(7)
        play_turns(clients, gid, tokens, rng, turns=3)
        seat = clients[0].public(gid)["to_act"][0]
        view = clients[0].view(gid, tokens[seat])
        first, second = (a["action"] for a in view["legal_actions"][:2])
        # A stalled writer's change: stored with the next number, and no NOTIFY, so
        # the owner's copy knows nothing of it.
        number = len(stored_changes(database, gid)) + 1
        with psycopg.connect(plain(database)) as conn:
            conn.execute("INSERT INTO actions (game_id, number, kind, seat, action, created) "
                         "VALUES (%s, %s, 'move', %s, %s, now())",
                         (gid, number, seat, json.dumps(first)))
        r = clients[0].act(gid, tokens[seat], view["version"], second)
        assert r.status_code == 409 and "stale" in r.json()["error"], r.text
        log = stored_changes(database, gid)
        assert [n for n, *_ in log] == list(range(1, number + 1))
        assert log[-1][2:] == (seat, first)  # the owner stored nothing of its own
        after = clients[0].view(gid, tokens[seat])
        assert after["version"] > view["version"]
        assert clients[1].view(gid, tokens[seat]) == after  # forwarded to the same copy
        made = play_turns(clients, gid, tokens, rng)  # and the game goes on to its end
        assert [n for n, *_ in stored_changes(database, gid)] == list(
            range(1, number + len(made) + 1))
        record, _ = records.parse(clients[1].http.get(f"/api/games/{gid}/record").json())
        assert record.moves[number - 1] == (seat, freeze(first))  # one game, as stored
        assert len(record.moves) == number + len(made)
    finally:
        for server in (one, two):
            server.stop()


@pytest.mark.postgres
def test_play_goes_on_after_the_database_cuts_every_connection(database):
    server = Server("", database).start()
    try:
        client = Client(server.url)
        created = client.create(GAME, 2, ["human", "human"], seed=8)
        gid = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        rng = random.Random(8)
        made = play_turns([client, client], gid, tokens, rng, turns=3)
        seat = client.public(gid)["to_act"][0]
        view = client.view(gid, tokens[seat])
        with psycopg.connect(plain(database), autocommit=True) as conn:
            cut = conn.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                               "WHERE datname = current_database() "
                               "AND pid <> pg_backend_pid()").fetchone()[0]
        assert cut >= 2  # the pool's and the listening connection at least
        # The next move, the first request since, is stored over a new connection.
        r = client.act(gid, tokens[seat], view["version"], view["legal_actions"][0]["action"])
        assert r.status_code == 200, r.text
        made += play_turns([client, client], gid, tokens, rng, turns=3)
        assert [n for n, *_ in stored_changes(database, gid)] == list(range(1, len(made) + 2))
    finally:
        server.stop()


class _Heard:
    """What `cluster.listen` tells the rooms, in place of a process's rooms."""

    def __init__(self) -> None:
        self.store = type("S", (), {"owner": "me"})()
        self.changes: list[tuple[str, int]] = []
        self.everything = 0

    def heard(self, game_id: str, number: int) -> None:
        self.changes.append((game_id, number))

    def heard_everything(self) -> None:
        self.everything += 1


@pytest.mark.postgres
def test_the_listener_hears_others_changes_again_after_its_connection_is_cut(database):
    async def scenario() -> None:
        rooms, chats, ready = _Heard(), [], asyncio.Event()
        listening = asyncio.create_task(cluster.listen(
            rooms, database, ready, lambda g, n: chats.append((g, n))))
        await asyncio.wait_for(ready.wait(), 10)
        other = await psycopg.AsyncConnection.connect(plain(database), autocommit=True)

        async def say(payload: str, channel: str = CHANNEL) -> None:
            await other.execute("SELECT pg_notify(%s, %s)", (channel, payload))

        async def until(done) -> None:
            for _ in range(200):
                if done():
                    return
                await asyncio.sleep(0.05)
            raise AssertionError("not heard")

        try:
            # Several at once (one packet), this process's own ignored, chat apart.
            async with other.transaction():
                for payload in ("g1:1:them", "g1:2:me", "g2:1:them"):
                    await say(payload)
                await say("g3:4:them", CHAT_CHANNEL)
            await until(lambda: len(rooms.changes) == 2 and chats)
            assert rooms.changes == [("g1", 1), ("g2", 1)] and chats == [("g3", 4)]
            await other.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                "WHERE query LIKE 'LISTEN%%' AND datname = current_database()")
            # Connected again: what was said meanwhile is looked up, and it hears on.
            await until(lambda: rooms.everything == 1)
            await say("g1:3:them")
            await until(lambda: len(rooms.changes) == 3)
            assert rooms.changes[-1] == ("g1", 3)
        finally:
            listening.cancel()
            await other.close()

    run_async(scenario())
