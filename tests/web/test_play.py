"""Every registered game, played to its end in the browser by clicking.

One person against bots: the game is created through the lobby's form, every
decision is a click on a highlighted place of the board or on a move button,
and the end screen's scores must be the server's result.
"""

from __future__ import annotations

import random

import httpx
import pytest

import borough
from tests.web.conftest import LAPTOP, PHONE, screenshot
from tests.web.helpers import create_in_lobby, play_to_end, wait_ready

# The shortest way to play each game; a game not named here plays its defaults.
SHORTEST = {"ekopolis": {"version": "basic"}, "citycouncil": {"mode": "basic"}}


@pytest.mark.parametrize("game", borough.games())
def test_play_a_whole_game_by_clicking(game, web_server, contexts):
    g = borough.game(game)
    players = min(g.player_counts())  # the fewest players make the shortest game
    seats = ["human"] + ["greedy"] * (players - 1)
    watched = contexts(LAPTOP)
    page = watched.page()
    created = create_in_lobby(page, web_server.url, game, players, SHORTEST.get(game, {}),
                              seats, seed=11)
    page.goto(web_server.url + created["links"][0])
    wait_ready(page)
    has_board = httpx.get(f"{web_server.url}/api/content/{game}").json()["board_module"]
    if has_board:
        assert page.locator("#board svg").count() >= 1, "the game's own board was not drawn"
    else:
        assert page.locator("#generic-board").count() == 1

    def shoot(clicks: int) -> None:
        if clicks == 6:
            screenshot(page, f"{game}-board")

    counts = play_to_end(page, random.Random(5), on_click=shoot)
    if has_board:
        assert counts["board"] > 0, "no move was made on the board itself"

    result = httpx.get(f"{web_server.url}/api/games/{created['id']}").json()["result"]
    page.wait_for_selector("#endscreen:not([hidden])")
    shown = {int(cell.get_attribute("data-final-score")): int(cell.inner_text())
             for cell in page.locator("#final-scores [data-final-score]").all()}
    assert shown == dict(enumerate(result["scores"]))
    winners = page.locator("#final-scores tr.winner").all()
    # a solo score is rated on the game's scale: nobody is starred as its winner
    starred = result["winners"] if players > 1 else []
    assert sorted(int(w.get_attribute("data-seat")) for w in winners) == sorted(starred)
    screenshot(page, f"{game}-end")
    # the finished table at a phone's width: nothing wider than the screen but the board
    page.set_viewport_size(PHONE)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"] + 1, f"the page is {width}px wide on a phone"
    screenshot(page, f"{game}-phone")


def test_a_game_without_its_own_board_still_plays_by_buttons(web_server, contexts):
    """A newly registered game has no board module yet: the generic drawing stands in."""
    page = contexts(PHONE).page()

    def no_board_module(route):
        answer = route.fetch()
        content = answer.json()
        assert content["board_module"], "the game under test should have a board of its own"
        route.fulfill(response=answer, json={**content, "board_module": False})

    page.route("**/api/content/architectura", no_board_module)
    created = create_in_lobby(page, web_server.url, "architectura", 2, {}, ["human", "random"],
                              seed=12)
    page.goto(web_server.url + created["links"][0])
    wait_ready(page)
    assert page.locator("#generic-board").count() == 1
    assert page.locator("#board svg").count() == 0
    # the viewer's hand is listed, the opponent's is not
    assert "hidden" in page.inner_text("#generic-board")
    counts = play_to_end(page, random.Random(8))
    assert counts == {"board": 0, "button": counts["button"]} and counts["button"] > 0
    result = httpx.get(f"{web_server.url}/api/games/{created['id']}").json()["result"]
    shown = {int(c.get_attribute("data-final-score")): int(c.inner_text())
             for c in page.locator("[data-final-score]").all()}
    assert shown == dict(enumerate(result["scores"]))
    screenshot(page, "generic-board-phone")
