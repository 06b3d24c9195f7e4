"""`serve --content`: the lobby names the content, and its games' records carry the digest."""

import json
import os
import subprocess
import sys
import time

import httpx
from typer.testing import CliRunner

from borough.arena import content as contents
from borough.cli import app
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
