"""Turn e-mails on both databases, through a real SMTP server on this machine
(aiosmtpd): an address is verified by the link sent to it; a seat at a
turn-based table whose account asked to be told gets one message each time its
turn begins, with the game's link; an account that opted out gets none."""

from __future__ import annotations

import re
import time
from email import message_from_bytes

import httpx
import pytest
from aiosmtpd.controller import Controller

from tests.server.conftest import POSTGRES_PARAM, Server, _database, free_port
from tests.server.test_accounts import Person, fresh_name


class Inbox:
    """The messages the SMTP server received: (recipient, subject, text)."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, str, str]] = []

    async def handle_DATA(self, server, session, envelope):
        message = message_from_bytes(envelope.content)
        text = message.get_payload(decode=True).decode()
        for to in envelope.rcpt_tos:
            self.messages.append((to, message["Subject"], text))
        return "250 OK"

    def to(self, address: str) -> list[tuple[str, str, str]]:
        return [m for m in self.messages if m[0] == address]

    def wait_for(self, address: str, count: int, seconds: float = 20) -> list:
        deadline = time.monotonic() + seconds
        while len(self.to(address)) < count and time.monotonic() < deadline:
            time.sleep(0.1)
        return self.to(address)


@pytest.fixture(scope="module")
def inbox():
    box = Inbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield box, controller.port
    finally:
        controller.stop()


@pytest.fixture(scope="module", params=["sqlite", POSTGRES_PARAM])
def server(request, tmp_path_factory, inbox):
    _, smtp_port = inbox
    port = free_port()
    settings = {
        "BOROUGH_SMTP_HOST": "127.0.0.1",
        "BOROUGH_SMTP_PORT": str(smtp_port),
        "BOROUGH_SMTP_FROM": "borough@localhost",
        "BOROUGH_PUBLIC_URL": f"http://127.0.0.1:{port}",
    }
    for url in _database(request.param, tmp_path_factory.mktemp("db")):
        srv = Server("", url, port=port, settings=settings).start()
        try:
            yield srv
        finally:
            srv.stop()


def verified(person: Person, box: Inbox, address: str, notify: bool) -> None:
    r = person.write("/api/account/email", {"address": address, "notify": notify})
    assert r.status_code == 200 and r.json()["verified"] is False, r.text
    (_, subject, text), *_ = box.wait_for(address, 1)
    assert "Verify" in subject
    link = re.search(r"http://\S+/api/account/email/verify\?token=\S+", text).group(0)
    assert httpx.get(link.replace("token=", "token=x")).status_code in (404, 400)
    page = httpx.get(link, headers={"Accept": "text/html,*/*"})  # a person's browser
    assert page.status_code == 200 and "Address verified" in page.text, page.text
    assert httpx.get(link).status_code == 404  # used once
    again = httpx.get(link, headers={"Accept": "text/html"})
    assert again.status_code == 404 and "no longer works" in again.text
    state = person.http.get("/api/account/email").json()
    assert state == {"address": address, "verified": True, "notify": notify, "sending": True}


def test_a_turn_email_has_the_games_link_and_none_goes_to_who_opted_out(server, inbox):
    box, _ = inbox
    ada, bob = Person(server.url), Person(server.url)
    assert ada.sign_up(fresh_name("ada")).status_code == 201
    assert bob.sign_up(fresh_name("bob")).status_code == 201
    ada_mail, bob_mail = f"{fresh_name('ada')}@example.org", f"{fresh_name('bob')}@example.org"
    verified(ada, box, ada_mail, notify=True)
    verified(bob, box, bob_mail, notify=False)
    for bad in ("no-at-sign", "two@@example.org", "a b@example.org", "x@y\r\nBcc: z@q"):
        assert ada.write("/api/account/email", {"address": bad}).status_code == 400, bad

    r = ada.write(
        "/api/tables",
        {
            "game": "architectura",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "open"}],
            "clock": {"pace": "turns", "per_move": 24, "unit": "hours"},
        },
    )
    assert r.status_code == 201, r.text
    gid, ada_token = r.json()["id"], r.json()["token"]
    joined = bob.write(f"/api/tables/{gid}/join")
    assert joined.status_code == 200, joined.text
    tokens = {0: ada_token, 1: joined.json()["token"]}

    turns = 0  # how often ada's turn began
    was_to_move = False
    for _ in range(8):
        view = ada.http.get(f"/api/games/{gid}").json()
        if view["status"] == "over":
            break
        ada_to_move = 0 in view["to_act"]
        turns += ada_to_move and not was_to_move
        was_to_move = ada_to_move
        box.wait_for(ada_mail, 1 + turns)  # the verification, then one per turn
        seat = view["to_act"][0]
        mine = ada.http.get(f"/api/games/{gid}/view", params={"token": tokens[seat]}).json()
        move = ada.http.post(
            f"/api/games/{gid}/actions",
            json={
                "token": tokens[seat],
                "version": mine["version"],
                "action": mine["legal_actions"][0]["action"],
            },
        )
        assert move.status_code == 200, move.text
    view = ada.http.get(f"/api/games/{gid}").json()
    turns += view["status"] == "playing" and 0 in view["to_act"] and not was_to_move
    assert turns >= 1
    box.wait_for(ada_mail, 1 + turns)  # the last turn's message may still be on its way
    time.sleep(1.0)  # any message wrongly sent has arrived by now
    told = [m for m in box.to(ada_mail) if "Your turn" in m[1]]
    assert len(told) == turns  # one message per turn, no more
    assert f"{server.url}/play/{gid}?token={ada_token}" in told[0][2]
    assert box.to(bob_mail)[1:] == []  # opted out: only the verification message


def test_addresses_given_per_account_are_limited(server, inbox):
    """Each address given may send a message: an account gives five at once, then
    waits (verify_mail_burst, verify_mail_rate), whichever process it asks."""
    box, _ = inbox
    eve = Person(server.url)
    assert eve.sign_up(fresh_name("eve")).status_code == 201
    sent = [eve.write("/api/account/email", {"address": f"{fresh_name('e')}@example.org"})
            for _ in range(6)]
    assert [r.status_code for r in sent] == [200] * 5 + [429], [r.text for r in sent]
    assert int(sent[-1].headers["Retry-After"]) > 500
    assert box.wait_for(sent[0].json()["address"], 1)
