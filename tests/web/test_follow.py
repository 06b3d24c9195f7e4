"""Moves you can follow: a bot's move is shown settling into place with a short
animation, and its lines in the log are marked while it is the move shown; a
person whose system asks for reduced motion gets the marks and no movement."""

from __future__ import annotations

import random

import httpx
import pytest

from tests.web.conftest import LAPTOP
from tests.web.helpers import click_a_move, wait_ready

# Every animation the page starts for a move it shows, counted as it runs.
WATCH = """
window.__moved = 0;
const seen = new WeakSet();
const look = () => {
  for (const a of document.getAnimations())
    if (a.id === "follow-move" && !seen.has(a)) { seen.add(a); window.__moved += 1; }
  requestAnimationFrame(look);
};
requestAnimationFrame(look);
"""
# the log marks the lines of a bot's move while it is the one shown
MARKED = "document.querySelector('#events li.showing[aria-current=step]') !== null"


def play_until_a_bot_move_is_shown(base: str, contexts, motion: str) -> tuple[int, list]:
    r = httpx.post(f"{base}/api/games", json={
        "game": "architectura", "players": 2, "seed": 6,
        "seats": [{"kind": "human"}, {"kind": "bot", "agent": "greedy"}]})
    assert r.status_code == 201, r.text
    watched = contexts(LAPTOP)
    watched.context.add_init_script(WATCH)
    watched.context.add_init_script("localStorage.setItem('borough.botSpeed', 'normal');")
    page = watched.page()
    page.emulate_media(reduced_motion=motion)
    page.goto(base + r.json()["seats"][0]["join_url"])
    wait_ready(page)
    rng = random.Random(1)
    for _ in range(20):  # the person's turn, to its end
        if page.evaluate(MARKED):
            break
        if page.evaluate("document.body.dataset.turn") == "you":
            click_a_move(page, rng)
        page.wait_for_timeout(100)
    page.wait_for_function(MARKED, timeout=10_000)
    moved = page.locator("#board [data-recent-newest]")
    assert moved.count() > 0, "the bot's move is not marked on the board"
    page.wait_for_timeout(300)
    return page.evaluate("window.__moved"), page.locator("#events li.showing").all_inner_texts()


@pytest.mark.browser
def test_a_bots_move_moves_into_place_unless_motion_is_reduced(web_server, contexts):
    moved, marked = play_until_a_bot_move_is_shown(web_server.url, contexts, "no-preference")
    assert moved > 0, "no animation ran for the bot's move"
    assert marked and all(line.strip() for line in marked)
    still, marked = play_until_a_bot_move_is_shown(web_server.url, contexts, "reduce")
    assert still == 0, f"{still} animations ran under reduced motion"
    assert marked  # the log still says which move is shown
