"""The play page sends its moves over the game's socket while it is open, and
posts them while it is not; a refusal on the socket is handled as the POST's
(a stale move: the view fetched again and the move sent again if still open)."""

from __future__ import annotations

import json
import random

import pytest

from tests.web.conftest import PHONE, screenshot
from tests.web.helpers import HTTP, click_a_move, create_in_lobby, wait_ready

DESK = {"width": 1400, "height": 900}


def open_game(page, base: str, seed: int) -> dict:
    created = create_in_lobby(page, base, "architectura", 2, {}, ["human", "random"],
                              seed=seed)
    return created


def moves_sent(page) -> int:
    return int(page.evaluate("document.body.dataset.sent || '0'"))


def wait_live(page) -> None:
    """The socket is open: a move clicked now goes over it, not by POST."""
    page.wait_for_function("document.body.dataset.live === '1'")


def posts_of_moves(page) -> list[str]:
    posted: list[str] = []
    page.on("request", lambda r: posted.append(r.url)
            if r.method == "POST" and r.url.endswith("/actions") else None)
    return posted


@pytest.mark.parametrize(("size", "name"), [(DESK, "socket-moves-desk"),
                                            (PHONE, "socket-moves-phone")])
def test_moves_go_over_the_socket_and_the_table_follows(web_server, contexts, size, name):
    """A few moves by clicking: each sent on the socket as {version, action, ref},
    none posted; the table shows the server's view after each."""
    page = contexts(size).page()
    created = open_game(page, web_server.url, seed=21)
    frames: list[dict] = []
    page.on("websocket", lambda ws: ws.on(
        "framesent", lambda payload: frames.append(json.loads(payload))))
    posted = posts_of_moves(page)
    page.goto(web_server.url + created["links"][0])
    wait_live(page)
    rng = random.Random(4)
    for _ in range(60):  # a click may only narrow the choice: three moves sent
        if wait_ready(page) == "over" or moves_sent(page) >= 3:
            break
        click_a_move(page, rng)
    wait_ready(page)
    assert page.evaluate("document.body.dataset.sentBy") == "socket"
    sent = int(page.evaluate("document.body.dataset.sent"))
    assert sent >= 3 and not posted, posted
    assert len(frames) == sent
    assert all(set(f) == {"version", "action", "ref"} for f in frames), frames
    token = created["links"][0].split("token=")[1]
    view = HTTP.get(f"{web_server.url}/api/games/{created['id']}/view",
                    params={"token": token}).json()
    assert page.evaluate("document.body.dataset.version") == str(view["version"])
    assert not page.locator("#message .notice.error").count()
    screenshot(page, name)


def test_a_stale_move_on_the_socket_is_fetched_again_and_sent_again(web_server, contexts):
    """The first move leaves with an old version (changed on its way): the server
    refuses it as stale (409) on the socket, the page fetches the view and sends the
    same move again, which is taken; no error is shown."""
    page = contexts(DESK).page()
    created = open_game(page, web_server.url, seed=22)
    answers: list[dict] = []
    sent: list[dict] = []

    def route(ws) -> None:
        server = ws.connect_to_server()

        def up(message) -> None:
            move = json.loads(message)
            sent.append(dict(move))
            if len(sent) == 1:
                move["version"] -= 1  # as if another change had come first
            server.send(json.dumps(move))

        def down(message) -> None:
            data = json.loads(message)
            if data.get("type") == "refused":
                answers.append(data)
            ws.send(message)

        ws.on_message(up)
        server.on_message(down)

    page.route_web_socket("**/ws/games/**", route)
    page.goto(web_server.url + created["links"][0])
    wait_ready(page)
    wait_live(page)
    before = int(page.evaluate("document.body.dataset.version"))
    rng = random.Random(1)
    while not moves_sent(page):  # a click may only narrow the choice
        click_a_move(page, rng)
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    wait_ready(page)
    assert [a["status"] for a in answers] == [409] and "stale" in answers[0]["error"]
    assert answers[0]["ref"] == sent[0]["ref"]
    assert len(sent) >= 2 and sent[1]["action"] == sent[0]["action"]
    assert sent[1]["version"] == sent[0]["version"]  # the view was fetched: the same one
    assert not page.locator("#message .notice.error").count()


def test_moves_are_posted_while_the_socket_is_closed(web_server, contexts):
    """A socket that closes as it opens (a proxy refusing it): moves are posted, and
    the game goes on."""
    page = contexts(DESK, allowed=("WebSocket",)).page()
    created = open_game(page, web_server.url, seed=23)
    page.route_web_socket("**/ws/games/**", lambda ws: ws.close(code=1011))
    posted = posts_of_moves(page)
    page.goto(web_server.url + created["links"][0])
    rng = random.Random(2)
    for _ in range(60):
        if wait_ready(page) == "over" or moves_sent(page) >= 2:
            break
        click_a_move(page, rng)
    wait_ready(page)
    assert page.evaluate("document.body.dataset.sentBy") == "post"
    assert len(posted) == int(page.evaluate("document.body.dataset.sent")) >= 2
