"""The game server, as a real process on a real database (SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio
import json
import random

import httpx
import pytest
import websockets

import borough
from tests.server.client import Client, check_no_leak, run_async
from tests.server.conftest import Server


@pytest.mark.parametrize("name", borough.games())
def test_a_full_game_of_every_game_through_the_api(server, name):
    client = Client(server.url)
    g = borough.game(name)
    players = g.player_counts()[0]
    created = client.create(name, players, ["human"] * players, seed=5)
    gid = created["id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    captured: list = []
    versions: dict = {}
    final = client.play(gid, tokens, random.Random(5), captured, versions=versions)
    assert final["status"] == "over" and "result" in final
    check_no_leak(client, gid, captured)
    assert all(view["seed_chosen"] is True for _, view in captured)
    # Over means over: nobody takes a move back once the record is published.
    for token in tokens.values():
        r = client.http.post(f"/api/games/{gid}/undo", json={"token": token})
        assert r.status_code == 409, r.text
    assert client.public(gid)["status"] == "over"
    # The stored record replays to the same result, and the lobby knows the game.
    data = client.http.get(f"/api/games/{gid}/record").json()
    from borough.core import record as records

    rec, claimed = records.parse(data)
    state, _ = records.replay(g, rec)
    assert g.result(state).to_json() == final["result"] == claimed
    lobby = {row["id"]: row for row in client.http.get("/api/games").json()}
    assert lobby[gid]["status"] == "over" and lobby[gid]["moves"] == len(rec.moves)


def test_bots_play_their_seats(server):
    client = Client(server.url)
    created = client.create("ekopolis", 3, ["human", "random", "easy"], seed=8)
    tokens = {0: created["seats"][0]["token"]}
    final = client.play(created["id"], tokens, random.Random(2))
    assert final["status"] == "over"
    assert {e["seat"] for e in final["events"] if e["kind"] == "place"} == {0, 1, 2}


def test_refusals_have_the_right_status_and_store_nothing(server):
    client = Client(server.url)
    created = client.create("ekopolis", 3, ["human", "human", "human"], seed=3)
    gid, seats = created["id"], created["seats"]
    view = client.view(gid, seats[0]["token"])
    move = view["legal_actions"][0]["action"]
    http = client.http

    def refused(response, status, words):
        assert response.status_code == status, response.text
        assert words in response.json()["error"]

    refused(client.act(gid, "not-a-token", 0, move), 403, "token")
    refused(client.act(gid, seats[1]["token"], 0, move), 403, "turn")
    refused(client.act(gid, seats[0]["token"], 7, move), 409, "stale")
    refused(client.act(gid, seats[0]["token"], 0, ["place", 0, 0]), 422, "")
    refused(client.act(gid, seats[0]["token"], 0, ["fly"]), 422, "not an action")
    refused(http.post(f"/api/games/{gid}/actions", content=b"{broken"), 400, "malformed")
    refused(http.post(f"/api/games/{gid}/actions", json={"token": 1}), 400, "malformed")
    refused(http.post(f"/api/games/{gid}/actions", json=[1, 2]), 400, "malformed")
    refused(http.post(f"/api/games/{gid}/actions", content=b"x" * 200_000), 413, "over")
    refused(http.post("/api/games", json={"game": "chess", "players": 2,
                                          "seats": [{"kind": "human"}] * 2}), 400, "unknown game")
    refused(http.post("/api/games", json={"game": "ekopolis", "players": 6,
                                          "seats": [{"kind": "human"}] * 6}), 400, "players")
    refused(http.post("/api/games", json={"game": "ekopolis", "players": 3, "options":
                                          {"version": "x"}, "seats": [{"kind": "human"}] * 3}),
            400, "not allowed")
    refused(http.post("/api/games", json={"game": "ekopolis", "players": 3,
                                          "seats": [{"kind": "bot", "agent": "genius"}] * 3}),
            400, "unknown agent")
    refused(http.get("/api/games/nosuchgame"), 404, "no game")
    refused(http.get(f"/api/games/{gid}/view", params={"token": "x"}), 403, "token")
    refused(http.get(f"/api/games/{gid}/record"), 409, "over")
    after = client.view(gid, seats[0]["token"])
    assert after["version"] == 0 and after["observation"] == view["observation"]
    ok = client.act(gid, seats[0]["token"], 0, move)
    assert ok.status_code == 200 and ok.json()["version"] == 1


def test_websocket_pushes_each_seat_its_own_view(server):
    client = Client(server.url)
    created = client.create("ekopolis", 3, ["human"] * 3, seed=4, options={"version": "full"})
    gid, seats = created["id"], created["seats"]
    ws_base = server.url.replace("http", "ws")

    async def scenario():
        async with (
            websockets.connect(f"{ws_base}/ws/games/{gid}?token={seats[1]['token']}") as other,
            websockets.connect(f"{ws_base}/ws/games/{gid}") as spectator,
        ):
            first = json.loads(await other.recv())
            assert first["seat"] == 1 and first["version"] == 0
            assert json.loads(await spectator.recv())["seat"] is None
            view = client.view(gid, seats[0]["token"])
            move = view["legal_actions"][0]["action"]
            assert client.act(gid, seats[0]["token"], 0, move).status_code == 200
            pushed = json.loads(await asyncio.wait_for(other.recv(), 10))
            public = json.loads(await asyncio.wait_for(spectator.recv(), 10))
            assert pushed["version"] == public["version"] == 1
            hands = [s["hand"] for s in pushed["observation"]["seats"]]
            assert hands[1] is not None and hands[0] is None and hands[2] is None
            assert all(s["hand"] is None for s in public["observation"]["seats"])

        with pytest.raises(websockets.exceptions.InvalidStatus):
            async with websockets.connect(f"{ws_base}/ws/games/{gid}?token=wrong"):
                pass

    run_async(scenario())


def test_undo_only_when_nothing_hidden_was_revealed(server):
    client = Client(server.url)
    # The basic version plays with open hands, so building reveals nothing hidden.
    created = client.create("ekopolis", 3, ["human"] * 3, seed=0, options={"version": "basic"})
    gid, seats = created["id"], created["seats"]
    tokens = [s["token"] for s in seats]
    tiles = borough.game("ekopolis").tiles

    def undo(seat):
        return client.http.post(f"/api/games/{gid}/undo", json={"token": tokens[seat]})

    assert undo(0).status_code == 409  # nothing to take back yet
    view = client.view(gid, tokens[0])
    # Seed 0 deals seat 0 a Coal power plant: its pollution step comes before any draw.
    coal = next(a for a in view["legal_actions"]
                if a["action"][0] == "place" and tiles[a["action"][1]].pollution)
    assert client.act(gid, tokens[0], 0, coal["action"]).status_code == 200
    assert client.public(gid)["to_act"] == [0]
    assert undo(1).status_code == 409  # not their move
    r = undo(0)
    assert r.status_code == 200 and r.json()["version"] == 2
    assert r.json()["observation"] == view["observation"]
    assert client.act(gid, tokens[0], 0, coal["action"]).status_code == 409  # stale view
    assert client.act(gid, tokens[0], 2, coal["action"]).status_code == 200
    while client.public(gid)["to_act"] == [0]:
        v = client.view(gid, tokens[0])
        pick = next((a for a in v["legal_actions"] if a["action"] == ["skip"]),
                    v["legal_actions"][0])
        assert client.act(gid, tokens[0], v["version"], pick["action"]).status_code == 200
    # The turn ended (with a tile drawn from the hidden stack): it stands.
    r = undo(0)
    assert r.status_code == 409 and "your turn has ended" in r.json()["error"]
    assert client.view(gid, tokens[0])["undo_refusal"] == "your turn has ended"


def test_a_tile_played_from_the_own_hidden_hand_can_be_taken_back(server):
    """It shows the others only what its player knew; nothing was drawn yet."""
    client = Client(server.url)
    created = client.create("ekopolis", 3, ["human"] * 3, seed=6, options={"version": "full"})
    gid, token = created["id"], created["seats"][0]["token"]
    view = client.view(gid, token)
    assert client.act(gid, token, 0, view["legal_actions"][0]["action"]).status_code == 200
    assert client.view(gid, token)["can_undo"] is True
    r = client.http.post(f"/api/games/{gid}/undo", json={"token": token})
    assert r.status_code == 200 and r.json()["observation"] == view["observation"]


def test_undo_against_bots_says_there_is_nothing_yet(server):
    client = Client(server.url)
    created = client.create("ekopolis", 3, ["human", "random", "random"], seed=2)
    r = client.http.post(f"/api/games/{created['id']}/undo",
                         json={"token": created["seats"][0]["token"]})
    assert r.status_code == 409 and "no move to take back" in r.json()["error"]


def test_a_leaving_player_hands_the_seat_to_a_bot(server):
    client = Client(server.url)
    created = client.create("ekopolis", 3, ["human", "human", "random"], seed=9)
    gid, seats = created["id"], created["seats"]
    bad = client.http.post(f"/api/games/{gid}/seats/0/bot",
                           json={"token": seats[1]["token"], "agent": "easy"})
    assert bad.status_code == 403
    for seat in (0, 1):
        r = client.http.post(f"/api/games/{gid}/seats/{seat}/bot",
                             json={"token": seats[seat]["token"], "agent": "random"})
        assert r.status_code == 200, r.text
    for _ in range(600):
        if client.public(gid)["status"] == "over":
            break
        import time

        time.sleep(0.05)
    assert client.public(gid)["status"] == "over"


def test_sigkill_loses_no_acknowledged_action_and_bots_resume(database_url):
    server = Server("", database_url).start()
    client = Client(server.url)
    created = client.create("ekopolis", 3, ["human", "random", "random"], seed=12)
    gid, token = created["id"], created["seats"][0]["token"]
    rng = random.Random(3)
    acknowledged = []
    for _ in range(6):
        public = client.public(gid)
        while public["to_act"] != [0]:
            public = client.public(gid)
        view = client.view(gid, token)
        move = rng.choice(view["legal_actions"])["action"]
        r = client.act(gid, token, view["version"], move)
        assert r.status_code == 200
        acknowledged.append(move)
    server.kill()
    server.start()  # same port, same database
    client = Client(server.url)
    final = client.play(gid, {0: token}, rng)
    assert final["status"] == "over"
    moves = client.http.get(f"/api/games/{gid}/record").json()["moves"]
    assert [a for s, a in moves if s == 0][: len(acknowledged)] == acknowledged
    server.stop()


def test_the_openapi_page_documents_the_api(server):
    """Every body is described (a write with none acts on the session and its CSRF
    header), and the statuses listed are those the server answers:
    400 for a malformed request, 422 only for an action the rules refuse."""
    r = httpx.get(f"{server.url}/openapi.json")
    paths = r.json()["paths"]
    assert "/api/games" in paths and "/api/games/{game_id}/actions" in paths
    for path, item in paths.items():
        for method, operation in item.items():
            answers = set(operation["responses"])
            if method == "post":
                # Bodiless writes are the account's own (log out): they act on the
                # session cookie and must carry its CSRF header instead.
                takes = {q["name"] for q in operation.get("parameters", [])}
                session = {"x-csrf-token", "borough_session"}
                assert "requestBody" in operation or session <= takes, path
                assert {"400", "408", "413", "429"} <= answers, path
            assert ("422" in answers) == path.endswith(("/actions", "/explain")), path
    actions = paths["/api/games/{game_id}/actions"]["post"]
    assert {"200", "400", "403", "404", "409", "422", "429", "500"} <= set(actions["responses"])
    body = actions["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    assert body.endswith("/ActionRequest")


def test_a_stored_game_that_no_longer_replays_is_refused_and_the_rest_resume(database_url):
    """A row edited behind the server's back must not stop it starting: that game
    answers 409 with the reason, its rows stay, and every other game goes on."""
    import sqlalchemy as sa

    server = Server("", database_url).start()
    client = Client(server.url)
    rng = random.Random(5)
    games = [client.create("architectura", 2, ["human", "human"], seed=s) for s in (1, 2)]
    for created in games:
        gid, token = created["id"], created["seats"][0]["token"]
        view = client.view(gid, token)
        move = rng.choice(view["legal_actions"])["action"]
        assert client.act(gid, token, view["version"], move).status_code == 200
    server.stop()
    broken, healthy = games[0]["id"], games[1]["id"]
    engine = sa.create_engine(database_url)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE actions SET action = :a WHERE game_id = :g"),
                     {"a": json.dumps(["no-such-move", 99]), "g": broken})
    engine.dispose()
    server.start()
    r = httpx.get(f"{server.url}/api/games/{broken}")
    assert r.status_code == 409 and "move 1 is refused" in r.json()["error"]
    view = client.view(healthy, games[1]["seats"][1]["token"])
    assert view["version"] == 1 and view["status"] == "playing"
    with sa.create_engine(database_url).connect() as conn:  # nothing was deleted
        assert conn.execute(sa.text("SELECT count(*) FROM actions WHERE game_id = :g"),
                            {"g": broken}).scalar() == 1
    server.stop()
