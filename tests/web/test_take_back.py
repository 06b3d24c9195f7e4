"""Take back at the browser table against a bot: the action bar's button takes the
person's move back to the very view it came from, and once the turn has passed it
stays, disabled, saying why in the server's words."""

from __future__ import annotations

import random

import httpx
import pytest

from tests.web.conftest import LAPTOP, screenshot
from tests.web.helpers import click_a_move, wait_ready

ENABLED = "!document.querySelector('#undo').disabled"


def own_view(base: str, gid: str, token: str) -> dict:
    view = httpx.get(f"{base}/api/games/{gid}/view", params={"token": token}).json()
    view.pop("version")
    return view


@pytest.mark.browser
def test_take_back_a_move_against_a_bot(web_server, contexts):
    base = web_server.url
    # Rondel City: turning the rondel draws nothing and hides nothing, and the turn
    # goes on (where to build), so the first move of a turn may be taken back.
    created = httpx.post(f"{base}/api/games", json={
        "game": "rondelcity", "players": 2, "seed": 2,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "agent": "random"}],
    }).json()
    gid, token = created["id"], created["seats"][0]["token"]
    watched = contexts(LAPTOP)
    watched.context.add_init_script("localStorage.setItem('borough.botSpeed', 'instant');")
    page = watched.page()
    page.goto(base + created["seats"][0]["join_url"])
    wait_ready(page)
    assert page.is_visible("#undo") and page.is_disabled("#undo")  # nothing to take back
    first = page.inner_text("#undo .why")
    assert first in ("(you have made no move to take back)",
                     "(you have made no move yet this turn)")
    before = own_view(base, gid, token)
    rng = random.Random(2)
    version = page.evaluate("document.body.dataset.version")
    while page.evaluate("document.body.dataset.version") == version:
        click_a_move(page, rng)  # a place on the board may first narrow the choice
    page.wait_for_function(ENABLED)
    assert page.inner_text("#undo .why") == ""
    page.click("#undo")
    page.wait_for_function(
        "document.querySelector('#message').innerText.includes('taken back')")
    page.wait_for_function("document.querySelector('#undo').disabled")
    assert own_view(base, gid, token) == before  # the very view the move came from
    assert page.inner_text("#undo .why") == first
    # play on until the turn passes to the bot, then wait for it to come back. The
    # bot's move is told by the person's view (the moves since theirs), not by the
    # page's turn: a bot moving at once hands the turn back before a read of the
    # page can see it waiting, and the person would play turn after turn.
    while wait_ready(page) == "playing" and not any(
            m["seat"] == 1 for m in httpx.get(f"{base}/api/games/{gid}/view",
                                               params={"token": token}).json()["recent"]):
        click_a_move(page, rng)
    assert wait_ready(page) == "playing"
    mine = httpx.get(f"{base}/api/games/{gid}/view", params={"token": token}).json()
    page.wait_for_function(f"document.body.dataset.version === '{mine['version']}'")
    assert mine["undo_refusal"] == "you have made no move yet this turn"
    assert page.is_disabled("#undo")
    assert page.inner_text("#undo .why") == f"({mine['undo_refusal']})"
    screenshot(page, "take-back-refused")
