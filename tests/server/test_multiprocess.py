"""Two real server processes on one PostgreSQL database: any process serves any
game, the database decides the order of moves, pushes reach sockets on either
process, and a process that dies leaves its bot turns to the other."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest
import websockets
from typer.testing import CliRunner

import borough
from borough.cli import app as cli
from borough.core import record as records
from tests.server.client import Client, Watcher, check_no_leak, run_async
from tests.server.conftest import Server, _postgres_database
from tests.server.test_rooms import humans, rooms_on

LEASE = {"BOROUGH_BOT_LEASE": "1.5"}  # a dead process's bot turns are taken over soon


def start_both(url: str, settings: list[dict[str, str]]) -> list[Server]:
    """Servers on one database, started side by side (each takes seconds to start)."""
    servers = [Server("", url, settings={**LEASE, **extra}) for extra in settings]
    with ThreadPoolExecutor(len(servers)) as pool:
        list(pool.map(Server.start, servers))
    return servers


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    """A fresh PostgreSQL database for this module (per xdist worker)."""
    yield from _postgres_database()


@pytest.fixture(scope="module")
def pair(database) -> Iterator[list[Server]]:
    servers = start_both(database, [{}, {}])
    try:
        yield servers
    finally:
        for server in servers:
            server.stop()


def stored_changes(url: str, gid: str) -> list[tuple[int, str, int, list]]:
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as conn:
        return [tuple(row) for row in conn.execute(
            "SELECT number, kind, seat, action FROM actions WHERE game_id = %s "
            "ORDER BY number", (gid,))]


@pytest.mark.parametrize("name", borough.games())
@pytest.mark.postgres
def test_a_full_game_of_every_game_with_seats_on_both_processes(pair, name):
    g = borough.game(name)
    # Two people, each through a process of its own, and a bot thought for by the
    # process that stored the change before its turn (now one, now the other).
    players, kinds = 3, ["human", "human", "greedy"]
    clients = [Client(server.url) for server in pair]
    created = clients[0].create(name, players, kinds, seed=7)
    gid = created["id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"] if kinds[s["seat"]] == "human"}
    # Seat 0 plays through the first process and watches its socket on the second.
    watcher = Watcher(pair[1].url, gid, tokens[0])
    watcher.start()
    assert watcher.connected.wait(60)
    rng = random.Random(7)
    captured: list = []
    compared = 0
    for turn in range(20_000):
        public = clients[turn % 2].public(gid)
        if public["status"] == "over":
            break
        movers = [s for s in public["to_act"] if s in tokens]
        if not movers:
            time.sleep(0.02)  # the bot is thinking
            continue
        seat = movers[0]
        here, there = clients[seat % 2], clients[1 - seat % 2]
        view = here.view(gid, tokens[seat])
        if not view["your_turn"]:
            continue
        captured.append((seat, view))
        r = here.act(gid, tokens[seat], view["version"],
                     rng.choice(view["legal_actions"])["action"])
        assert r.status_code in (200, 409), r.text  # 409: the bot moved first
        if r.status_code == 200:
            # The other process catches up to the very same view at the same version
            # (unless the bot moved meanwhile: then to a later version).
            answer, seen = r.json(), there.view(gid, tokens[seat])
            assert seen["version"] >= answer["version"]
            if seen["version"] == answer["version"]:
                assert seen == answer
                compared += 1
    else:
        raise AssertionError("the game did not end")
    assert compared >= 5
    final = [c.public(gid) for c in clients]
    assert final[0] == final[1] and final[0]["status"] == "over"
    watcher.join(120)
    # Pushed by the process seat 0 did not play through: each move's view, the last one
    # the same as the process it played through shows.
    assert watcher.error is None and watcher.views[-1] == clients[0].view(gid, tokens[0])
    versions = [v["version"] for v in watcher.views]
    assert versions == list(range(versions[0], versions[-1] + 1)) and len(versions) > 3
    record = clients[1].http.get(f"/api/games/{gid}/record").json()
    assert record == clients[0].http.get(f"/api/games/{gid}/record").json()
    rec, claimed = records.parse(record)
    state, _ = records.replay(g, rec)
    assert g.result(state).to_json() == final[0]["result"] == claimed
    check_no_leak(clients[0], gid, captured)
    assert len(stored_changes(pair[0].database_url, gid)) == len(rec.moves)


@pytest.mark.postgres
def test_chat_written_on_one_process_reaches_sockets_on_the_other(pair):
    clients = [Client(server.url) for server in pair]
    created = clients[0].create("architectura", 2, ["human", "human"], seed=4)
    gid = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    ws = pair[1].url.replace("http", "ws")

    async def scenario():
        async with (websockets.connect(f"{ws}/ws/games/{gid}?token={tokens[1]}") as other,
                    websockets.connect(f"{ws}/ws/games/{gid}") as spectator):
            await other.recv()
            await spectator.recv()  # the first views
            for i in (0, 1):  # both people let spectators read, each on another process
                r = clients[i].http.post(f"/api/games/{gid}/chat/spectators",
                                         json={"token": tokens[i], "spectators": True})
                assert r.status_code == 200, r.text
            assert json.loads(await asyncio.wait_for(spectator.recv(), 10))["access"]
            r = clients[0].http.post(f"/api/games/{gid}/chat",
                                     json={"token": tokens[0], "text": "from process one"})
            assert r.status_code == 200, r.text
            for socket in (other, spectator):
                while (said := json.loads(await asyncio.wait_for(socket.recv(), 10))
                       ).get("message") is None:
                    pass
                assert said["message"] == r.json()

    run_async(scenario())
    both = [c.http.get(f"/api/games/{gid}/chat", params={"token": tokens[1]}).json()
            for c in clients]
    assert both[0] == both[1] and len(both[0]["messages"]) == 1


@pytest.mark.postgres
def test_the_same_move_sent_to_both_processes_at_once_is_accepted_once(pair):
    clients = [Client(server.url) for server in pair]
    created = clients[0].create("architectura", 2, ["human", "human"], seed=3)
    gid = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    accepted = 0
    for round_ in range(6):
        seat = clients[0].public(gid)["to_act"][0]
        view = clients[round_ % 2].view(gid, tokens[seat])
        assert clients[1 - round_ % 2].view(gid, tokens[seat]) == view
        moves = [a["action"] for a in view["legal_actions"][:2]]
        gate = threading.Barrier(2)

        def send(i: int, seat: int = seat, view: dict = view, moves: list = moves,
                 gate: threading.Barrier = gate):
            gate.wait()
            return clients[i].act(gid, tokens[seat], view["version"], moves[i % len(moves)])

        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(send, [0, 1]))
        codes = sorted(a.status_code for a in answers)
        assert codes == [200, 409], [a.text for a in answers]
        assert "fetch the view again" in next(a for a in answers
                                              if a.status_code == 409).json()["error"]
        accepted += 1
        winner = next(a for a in answers if a.status_code == 200).json()
        # Both processes now show the winner's move, and only it was stored.
        assert all(c.view(gid, tokens[seat]) == winner for c in clients)
    changes = stored_changes(pair[0].database_url, gid)
    assert [n for n, *_ in changes] == list(range(1, accepted + 1))


@pytest.mark.postgres
def test_a_process_that_lost_the_race_stores_nothing_and_catches_up(database):
    """The database alone decides: a process whose copy missed the other's move
    up to the last moment is refused by the unique (game, number) key, stores
    nothing, and answers as for any stale request."""

    async def scenario():
        one, two = rooms_on(database), rooms_on(database)
        room, _ = await one.create({"game": "architectura", "players": 2, "seed": 4,
                                    "options": {}, "seats": humans(2)})
        copy = await two.get(room.id)
        seat = room.game.to_act(room.state)[0]
        version = room.shown[seat].version
        first, second = room.game.legal_actions(room.state, seat)[:2]
        missed = two.store.after
        calls = []

        def blind_once(game_id, number):  # the move lands just after this look
            calls.append(number)
            return [] if len(calls) == 1 else missed(game_id, number)

        two.store.after = blind_once
        await one.act(room, seat, version, first)
        with pytest.raises(Exception) as err:
            await two.act(copy, seat, version, second)
        assert getattr(err.value, "status", None) == 409, err.value
        assert "stale" in err.value.message and len(calls) == 2  # it looked again
        assert copy.record.moves == room.record.moves == [(seat, first)]
        assert {a: s.text for a, s in copy.shown.items()} == {
            a: s.text for a, s in room.shown.items()}
        assert [(n, s) for n, _, s, _ in stored_changes(database, room.id)] == [(1, seat)]
        for rooms in (one, two):
            rooms.store.dispose()

    run_async(scenario())


@pytest.fixture
def own_database() -> Iterator[str]:
    yield from _postgres_database()


@pytest.mark.postgres
def test_a_killed_process_leaves_its_bot_turns_to_the_other(own_database):
    """SIGKILL one process with bot turns pending: the other takes them over and
    the game ends with every acknowledged move in its record."""
    database = own_database
    slow, other = start_both(database, [{"BOROUGH_BOT_PAUSE": "0.4"}, {}])
    try:
        a, b = Client(slow.url), Client(other.url)
        created = a.create("ekopolis", 3, ["human", "random", "greedy"], seed=11)
        gid, token = created["id"], created["seats"][0]["token"]
        rng = random.Random(11)
        acknowledged: list = []
        while True:  # a few human moves through the doomed process
            view = a.view(gid, token)
            if not view["your_turn"]:
                time.sleep(0.05)
                continue
            move = rng.choice(view["legal_actions"])["action"]
            r = a.act(gid, token, view["version"], move)
            assert r.status_code == 200, r.text
            acknowledged.append(move)
            if len(acknowledged) >= 3 and not r.json()["your_turn"]:
                break  # the bots are to move, and wait: kill now
        before = stored_changes(database, gid)
        slow.kill()
        final = b.play(gid, {0: token}, rng)  # the human goes on through the other process
        assert final["status"] == "over"
        changes = stored_changes(database, gid)
        assert changes[:len(before)] == before  # nothing stored before the kill was lost
        rec, _ = records.parse(b.http.get(f"/api/games/{gid}/record").json())
        humans_moves = [list(a) for s, a in rec.moves if s == 0]
        assert humans_moves[:len(acknowledged)] == acknowledged
        assert {s for s, _ in rec.moves} == {0, 1, 2}
        with psycopg.connect(database.replace("postgresql+psycopg://", "postgresql://")) as c:
            assert c.execute("SELECT count(*) FROM bot_turns WHERE game_id = %s",
                             (gid,)).fetchone()[0] == 0  # the finished game left the queue
    finally:
        slow.kill()
        other.stop()


def test_more_than_one_process_needs_postgresql(tmp_path):
    result = CliRunner().invoke(cli, ["serve", "--workers", "2", "--db",
                                      str(tmp_path / "games.db")])
    assert result.exit_code != 0
    assert "needs PostgreSQL" in result.output
