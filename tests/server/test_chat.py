"""Chat between the people at a table: stored with the game, pushed live to the
people's sockets, read by spectators only while the players let them, and
refused whole (nothing stored) when its input is anything but a short line of
plain text from a person's seat of a game still being played.

Each test runs on SQLite and PostgreSQL (the `server` fixture)."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
import websockets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.client import Client, run_async
from tests.server.conftest import Server

HTML = '<img src=x onerror="alert(1)"><script>alert(2)</script> & <b>bold</b>'


def post(client: Client, gid: str, token: str, text: object):
    return client.http.post(f"/api/games/{gid}/chat", json={"token": token, "text": text})


def chat(client: Client, gid: str, token: str = "") -> dict:
    r = client.http.get(f"/api/games/{gid}/chat", params={"token": token} if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def allow(client: Client, gid: str, token: str, spectators: bool):
    return client.http.post(f"/api/games/{gid}/chat/spectators",
                            json={"token": token, "spectators": spectators})


def test_people_chat_live_and_spectators_read_only_with_everyones_leave(server):
    client = Client(server.url)
    created = client.create("ekopolis", 3, ["human", "human", "greedy"], seed=5)
    gid, seats = created["id"], created["seats"]
    ana, bo, bot = (s["token"] for s in seats)
    ws_base = server.url.replace("http", "ws")

    async def scenario():
        async with (
            websockets.connect(f"{ws_base}/ws/games/{gid}?token={bo}") as other,
            websockets.connect(f"{ws_base}/ws/games/{gid}") as spectator,
        ):
            assert "version" in json.loads(await other.recv())  # the first view
            assert "version" in json.loads(await spectator.recv())
            r = post(client, gid, ana, f"  {HTML}  ")
            assert r.status_code == 200, r.text
            sent = r.json()
            assert sent["number"] == 1 and sent["seat"] == 0 and sent["text"] == HTML
            # pushed to the other person as it is stored, beside the views
            while True:
                pushed = json.loads(await asyncio.wait_for(other.recv(), 10))
                if pushed.get("type") == "chat":
                    break
            assert pushed["message"] == sent
            # the spectator hears of nothing but the players' leave, later
            assert allow(client, gid, ana, True).json()["spectators"] is False
            said = json.loads(await asyncio.wait_for(spectator.recv(), 10))
            assert said == {"type": "chat", "access": True}
            assert allow(client, gid, bo, True).json()["spectators"] is True
            assert json.loads(await asyncio.wait_for(spectator.recv(), 10))["access"] is True
            r = post(client, gid, bo, "Spectators read this")
            assert r.status_code == 200, r.text
            pushed = json.loads(await asyncio.wait_for(spectator.recv(), 10))
            assert pushed["message"]["text"] == "Spectators read this"

    # before the socket scenario: the people read, a spectator is told nothing
    assert chat(client, gid, ana)["can_post"] is True
    closed = chat(client, gid)
    assert closed["available"] is True and closed["can_post"] is False
    run_async(scenario())
    for token in (ana, bo):
        log = chat(client, gid, token)
        assert [m["text"] for m in log["messages"]] == [HTML, "Spectators read this"]
        assert [m["name"] for m in log["messages"]] == ["Player 1", "Player 2"]
    watching = chat(client, gid)
    assert watching["readable"] and len(watching["messages"]) == 2
    # a bot's seat is no person: it reads as a spectator and never writes
    as_bot = chat(client, gid, bot)
    assert as_bot["seat"] is None and as_bot["can_post"] is False
    assert post(client, gid, bot, "beep").status_code == 403
    assert allow(client, gid, bot, True).status_code == 403
    # one person taking the leave back closes the chat to spectators again
    assert allow(client, gid, bo, False).json()["spectators"] is False
    hidden = chat(client, gid)
    assert hidden["readable"] is False and hidden["messages"] == []
    assert hidden["allowed"] == [0] and hidden["asked"] == [0, 1]


@pytest.mark.parametrize("text", [
    "", "   ", "x" * 501, "a\nb", "a\x00b", "tab\there", "\x1b[31mred", "\u202eevil",
    "\u2028", "a\x7fb", 12, None, ["hi"], {"text": "hi"},
])
def test_hostile_messages_are_refused_and_nothing_is_stored(server, text):
    client = Client(server.url)
    gid, seats = _two_people(client)
    r = post(client, gid, seats[0], text)
    assert r.status_code == 400, r.text
    assert r.json()["error"].startswith("malformed request")
    assert chat(client, gid, seats[0])["messages"] == []


def test_refusals_of_whom_and_when(server):
    client = Client(server.url)
    gid, seats = _two_people(client)
    # a lone surrogate, which no database can store as text
    raw = json.dumps({"token": seats[0], "text": "a"}).replace('"a"', '"a\\ud800b"')
    r = client.http.post(f"/api/games/{gid}/chat", content=raw,
                         headers={"content-type": "application/json"})
    assert r.status_code == 400, r.text
    r = client.http.post(f"/api/games/{gid}/chat",
                         json={"token": seats[0], "text": "hi", "html": True})
    assert r.status_code == 400  # no unknown fields
    assert post(client, gid, "not-a-seat", "hi").status_code == 403
    assert post(client, gid, "", "hi").status_code == 403
    r = client.http.get(f"/api/games/{gid}/chat", params={"token": "wrong"})
    assert r.status_code == 403
    assert post(client, "nosuchgame", seats[0], "hi").status_code == 404
    assert post(client, gid, seats[0], "é" * 500).status_code == 200  # 500 characters
    assert len(chat(client, gid, seats[1])["messages"]) == 1
    # one person against a bot: no chat
    alone = client.create("architectura", 2, ["human", "greedy"], seed=2)
    r = post(client, alone["id"], alone["seats"][0]["token"], "hello?")
    assert r.status_code == 409 and "two or more people" in r.json()["error"]
    assert chat(client, alone["id"], alone["seats"][0]["token"])["available"] is False
    # a finished game keeps its chat but takes no more messages
    assert post(client, gid, seats[1], "good luck").status_code == 200
    client.play(gid, dict(enumerate(seats)), random.Random(3))
    r = post(client, gid, seats[0], "well played")
    assert r.status_code == 409 and "over" in r.json()["error"]
    log = chat(client, gid, seats[0])
    assert [m["text"] for m in log["messages"]] == ["é" * 500, "good luck"]
    assert log["can_post"] is False


def test_a_seat_writing_too_fast_waits(server):
    client = Client(server.url)
    gid, seats = _two_people(client)
    answers = [post(client, gid, seats[0], f"message {i}") for i in range(12)]
    codes = [r.status_code for r in answers]
    assert codes[:6] == [200] * 6, codes  # the default burst
    refused = [r for r in answers if r.status_code == 429]
    assert refused and int(refused[0].headers["Retry-After"]) >= 1
    assert allow(client, gid, seats[0], True).status_code == 429  # the same bucket
    stored = chat(client, gid, seats[1])["messages"]
    assert len(stored) == codes.count(200)
    # the other seat has its own bucket
    assert post(client, gid, seats[1], "my turn to talk").status_code == 200


def test_any_text_is_stored_exactly_as_accepted_or_refused_whole(database_url):
    """Drawn text of every kind (markup, emoji, other scripts, controls, lengths around
    the limit): each is stored trimmed and read back the same, or refused with 400
    and nothing stored; never a failure of the database."""
    srv = Server("", database_url, settings={"BOROUGH_CHAT_RATE": "100000",
                                             "BOROUGH_CHAT_BURST": "100000"}).start()
    try:
        client = Client(srv.url)
        gid, seats = _two_people(client)
        stored: list[str] = []
        alphabet = st.characters(exclude_categories=["Cs"])

        @given(st.one_of(st.text(alphabet, max_size=40), st.text(alphabet, min_size=490,
                                                                  max_size=510)))
        @settings(max_examples=30, deadline=None, database=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))
        def sent(text):
            r = post(client, gid, seats[len(stored) % 2], text)
            assert r.status_code in (200, 400), r.text
            if r.status_code == 200:
                stored.append(text.strip())
                assert r.json()["text"] == text.strip()
            log = chat(client, gid, seats[0])["messages"]
            assert [m["text"] for m in log] == stored

        sent()
        assert stored, "no drawn text was accepted"
    finally:
        srv.stop()


def _two_people(client: Client) -> tuple[str, list[str]]:
    created = client.create("architectura", 2, ["human", "human"], seed=7)
    return created["id"], [s["token"] for s in created["seats"]]
