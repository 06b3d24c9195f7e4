"""Turn alerts: the tab's title and icon tell a person when the turn comes to them.

A game against a bot, played by clicks: after the person's turn ends the title and
icon go back to the game's own, and within a second of the bot handing the turn back
(as the server tells it) they say "your turn" again. The choices of sound and
notifications are kept in the browser.
"""

from __future__ import annotations

import random
import time

import httpx

from tests.web.conftest import LAPTOP, PHONE, screenshot
from tests.web.helpers import click_a_move, wait_ready

MARK = "▶ Your turn"

# Every change of the title and of the icon, with the page's clock (ms since 1970).
WATCH = """
window.__alerts = [];
new MutationObserver(() => {
  const link = document.querySelector("link[rel=icon]");
  const last = window.__alerts[window.__alerts.length - 1];
  const now = { at: Date.now(), title: document.title, turn: link ? link.dataset.turn || "" : "",
                icon: link ? link.href : "" };
  if (!last || last.title !== now.title || last.icon !== now.icon) window.__alerts.push(now);
}).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
"""


def start(base: str, seed: int) -> dict:
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "greedy"}]
    r = httpx.post(f"{base}/api/games", json={
        "game": "architectura", "players": 2, "options": {}, "seed": seed, "seats": seats})
    assert r.status_code == 201, r.text
    created = r.json()
    token = created["seats"][0]["token"]
    url = f"{base}/api/games/{created['id']}/view"
    return {"url": base + created["seats"][0]["join_url"],
            "view": lambda: httpx.get(url, params={"token": token}).json()}


def test_title_and_icon_change_within_a_second_of_the_turn(web_server, contexts):
    game = start(web_server.url, seed=3)
    watched = contexts(LAPTOP)
    watched.context.add_init_script(WATCH)
    # the pace a person gets by default: a bot's move stays in sight for 700 ms, but the
    # title tells of the turn as soon as it arrives, before the moves are shown
    watched.context.add_init_script("localStorage.setItem('borough.botSpeed', 'normal');")
    page = watched.page()
    page.goto(game["url"])
    wait_ready(page)
    page.wait_for_function(f"document.title.startsWith({MARK!r})")
    assert page.evaluate("document.querySelector('link[rel=icon]').dataset.turn") == "you"
    turn_icon = page.evaluate("document.querySelector('link[rel=icon]').href")
    assert turn_icon.startswith("data:image/svg+xml")
    screenshot(page, "alerts-your-turn")
    rng = random.Random(2)
    checked = 0
    for _ in range(2):  # two hand-overs (a short game): each must be quick
        # the person's turn, to its end
        seen = page.evaluate("window.__alerts.length")
        ended = f"window.__alerts.slice({seen}).some(c => !c.title.startsWith({MARK!r}))"
        while not page.evaluate(ended):
            wait_ready(page)
            click_a_move(page, rng)
        assert page.evaluate("document.body.dataset.status") != "over"
        # the server's word that the turn is back with the person
        for _ in range(400):
            view = game["view"]()
            if view["status"] == "over" or view["your_turn"]:
                break
            time.sleep(0.02)
        assert view["status"] != "over"
        back = time.time() * 1000
        page.wait_for_function(f"document.title.startsWith({MARK!r})", timeout=5000)
        changes = page.evaluate("window.__alerts")
        after = changes[seen:]
        off = [c for c in after if not c["title"].startswith(MARK)]
        assert off, "the title kept saying 'your turn' while the bot played"
        assert off[0]["turn"] == "" and off[0]["icon"] != turn_icon, off[0]
        on = [c for c in after if c["title"].startswith(MARK) and c["at"] >= off[0]["at"]]
        assert on and on[0]["turn"] == "you" and on[0]["icon"] == turn_icon, after
        assert on[0]["at"] - back <= 1000, f"the title changed {on[0]['at'] - back:.0f} ms late"
        checked += 1
        wait_ready(page)
    assert checked == 2, f"only {checked} hand-overs were seen"


def test_alert_choices_are_kept_in_the_browser(web_server, contexts):
    game = start(web_server.url, seed=4)
    watched = contexts(PHONE)
    page = watched.page()
    page.goto(game["url"])
    wait_ready(page)
    sound = page.locator("#alert-sound")
    assert not sound.is_checked()
    sound.check()
    # a tone was made in the page at once, as a sample
    page.wait_for_function("Number(document.body.dataset.toned || 0) >= 1")
    assert page.evaluate("JSON.parse(localStorage.getItem('borough.alerts')).sound") is True
    # notifications need the browser's permission: refused, the box stays unticked
    watched.context.clear_permissions()
    page.evaluate("Notification.requestPermission = async () => 'denied'")
    page.locator("#alert-notify").click()
    page.wait_for_function("!document.getElementById('alert-notify').checked")
    assert "not allowed" in page.locator("#alerts-status").inner_text()
    screenshot(page, "alerts-panel-phone")
    page.reload()
    wait_ready(page)
    assert page.locator("#alert-sound").is_checked()
    assert not page.locator("#alert-notify").is_checked()
    # granted, the choice is kept
    watched.context.grant_permissions(["notifications"])
    page.locator("#alert-notify").check()
    page.wait_for_function(
        "JSON.parse(localStorage.getItem('borough.alerts')).notify === true")
    page.reload()
    wait_ready(page)
    assert page.locator("#alert-notify").is_checked()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"] + 1
