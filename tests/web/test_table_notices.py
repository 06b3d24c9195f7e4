"""Small things of the table: the log keeps its numbers whole from 100 up; a click
out of turn says whose turn it is, in a notice that floats over the page instead
of pushing the board down; none of it logs a console error."""

from __future__ import annotations

import httpx

from tests.web.conftest import LAPTOP
from tests.web.helpers import wait_ready
from tests.web.sizes import PHONE
from tests.web.test_end_screen import finished_bot_game

# The width the widest list number needs ("123. "), in the list's own font, against the
# room the list leaves for its numbers.
_ROOM = """(selector) => {
  const ol = document.querySelector(selector);
  const items = [...ol.querySelectorAll('li')];
  const canvas = document.createElement('canvas').getContext('2d');
  let widest = 0, label = '';
  for (const li of items) {
    const number = li.value || (items.indexOf(li) + 1);
    const style = getComputedStyle(li);
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const w = canvas.measureText(`${number}. `).width;
    if (w > widest) { widest = w; label = String(number); }
  }
  return { widest, label, room: parseFloat(getComputedStyle(ol).paddingLeft) };
}"""


def test_event_numbers_from_100_up_are_not_clipped(web_server, contexts):
    gid = finished_bot_game(web_server.url, "rondelcity", 3, {}, seed=9)
    page = contexts(LAPTOP).page()
    page.goto(f"{web_server.url}/play/{gid}")
    page.wait_for_selector("#endscreen:not([hidden])")
    room = page.evaluate(_ROOM, "#events")
    assert len(room["label"]) >= 3, room  # the game reached three-digit numbers
    assert room["widest"] <= room["room"], room
    page.goto(f"{web_server.url}/replay/{gid}")
    page.wait_for_selector("#replay-moves li")
    room = page.evaluate(_ROOM, "#replay-moves")
    assert len(room["label"]) >= 3 and room["widest"] <= room["room"], room


def test_a_click_out_of_turn_says_so_without_moving_the_board(web_server, contexts):
    base = web_server.url
    r = httpx.post(f"{base}/api/games", json={
        "game": "rondelcity", "players": 2, "seed": 3,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]}).json()
    waiting = 1 - httpx.get(f"{base}/api/games/{r['id']}").json()["to_act"][0]
    mover = r["seats"][1 - waiting]["name"]
    for size in (LAPTOP, PHONE):
        page = contexts(size).page()
        page.goto(base + r["seats"][waiting]["join_url"])
        page.wait_for_selector("body[data-live]")
        assert page.evaluate("document.body.dataset.turn") == "wait"
        top = page.evaluate("document.querySelector('#board').getBoundingClientRect().top")
        page.locator("#board svg").click(position={"x": 20, "y": 20})
        notice = page.locator("#message .notice")
        notice.wait_for()
        assert notice.inner_text().startswith(f"It is not your turn: {mover} is deciding.")
        assert page.evaluate(
            "document.querySelector('#board').getBoundingClientRect().top") == top
        page.click("#message .close")
        assert page.locator("#message .notice").count() == 0
    other = contexts(LAPTOP).page()  # and the one to move is not told so
    other.goto(base + r["seats"][1 - waiting]["join_url"])
    wait_ready(other)
    assert other.locator("#message .notice").count() == 0
