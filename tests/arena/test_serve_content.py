"""`serve --content`: the lobby names the content, and its games' records carry the digest."""

import json
import os
import subprocess
import sys
import time

import httpx
from typer.testing import CliRunner

from borough.cli import app
from borough.games import content as contents
from tests.server.conftest import free_port


def test_a_served_game_with_other_content_says_so_and_records_its_digest(tmp_path):
    mine = tmp_path / "mine"
    assert CliRunner().invoke(app, ["content", "export", "architectura", str(mine)]).exit_code == 0
    cards = mine / "cards.toml"
    cards.write_text(cards.read_text().replace("Temple", "Shrine"))
    digest = contents.digest(mine)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "borough", "serve", "--port", str(port), "--db",
         str(tmp_path / "games.db"), "--content", str(mine)],
        env={**os.environ, "BOROUGH_BOT_PAUSE": "0"},
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert server.poll() is None, server.stderr.read().decode()
            try:
                if http.get("/healthz").status_code == 200:
                    break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)
        titles = {g["name"]: g["title"] for g in http.get("/api/meta").json()["games"]}
        assert titles["architectura"] == f"Architectura (content {digest})"
        assert titles["ekopolis"] == "Ekopolis"
        room = http.post("/api/games", json={
            "game": "architectura", "players": 2, "seed": 4,
            "seats": [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}],
        })
        assert room.status_code == 201, room.text
        gid = room.json()["id"]
        while (record := http.get(f"/api/games/{gid}/record")).status_code == 409:
            assert time.monotonic() < deadline + 30, "the bots did not finish"
            time.sleep(0.2)
        saved = tmp_path / "game.json"
        saved.write_text(json.dumps(record.json()))
        assert record.json()["content"] == digest
        # The lobby titles its games from /api/meta; a game's own page from its view.
        public = http.get(f"/api/games/{gid}").json()
        assert public["title"] == f"Architectura (content {digest})"
    finally:
        server.terminate()
        server.wait(10)
    replayed = CliRunner().invoke(app, ["replay", str(saved), "--content", str(mine), "--json"])
    assert replayed.exit_code == 0, replayed.output


def test_a_stored_room_comes_back_only_with_the_content_it_was_created_with(
        tmp_path, monkeypatch):
    """The room's row keeps its content's digest: a server restarted with the same
    content restores it; one playing other content refuses it by name."""
    from concurrent.futures import ThreadPoolExecutor

    import pytest

    from borough.server.bots import BotScheduler
    from borough.server.refusal import RoomError
    from borough.server.rooms import Rooms
    from borough.server.settings import Settings
    from borough.server.store import Store
    from tests.server.client import run_async

    mine = tmp_path / "mine"
    contents.export("architectura", mine)
    cards = mine / "cards.toml"
    cards.write_text(cards.read_text().replace("Temple", "Shrine"))
    digest = contents.digest(mine)
    url = f"sqlite:///{tmp_path / 'rooms.db'}"
    humans = [{"kind": "human"}, {"kind": "human"}]

    def server() -> Rooms:
        store = Store(url)
        store.migrate()
        return Rooms(store, BotScheduler(1, make_executor=ThreadPoolExecutor),
                     Settings(database_url=url, bot_pause=0))

    async def scenario():
        monkeypatch.setenv(contents.environment_name("architectura"), str(mine))
        rooms = server()
        room, _ = await rooms.create({"game": "architectura", "players": 2, "seed": 4,
                                      "options": {}, "seats": humans})
        own, _ = await rooms.create({"game": "rondelcity", "players": 2, "seed": 4,
                                     "options": {}, "seats": humans})
        game = room.game
        seat = game.to_act(room.state)[0]
        await rooms.act(room, seat, room.shown[seat].version,
                        game.legal_actions(room.state, seat)[0])
        stored = rooms.store.load(room.id)
        assert stored.content == digest and rooms.store.load(own.id).content is None
        # Restarted with the same content: the room comes back as it was.
        back = server().restore(stored)
        assert back.record.content == digest and back.record.moves == room.record.moves
        assert {a: s.text for a, s in back.shown.items()} == {
            a: s.text for a, s in room.shown.items()}
        # Restarted without it: refused, naming the content, never replayed on other cards.
        monkeypatch.delenv(contents.environment_name("architectura"))
        plain = server()
        with pytest.raises(RoomError) as err:
            plain.restore(plain.store.load(room.id))
        assert err.value.status == 409
        assert f"content {digest}" in err.value.message and "--content" in err.value.message
        assert plain.restore(plain.store.load(own.id)).record.content is None
        # And a room of the game's own content is refused by a server playing another.
        mixed, _ = await plain.create({"game": "architectura", "players": 2, "seed": 5,
                                       "options": {}, "seats": humans})
        monkeypatch.setenv(contents.environment_name("architectura"), str(mine))
        with pytest.raises(RoomError) as err:
            server().restore(plain.store.load(mixed.id))
        assert "the game's own content" in err.value.message
        for r in (rooms, plain):
            r.store.dispose()

    run_async(scenario())
