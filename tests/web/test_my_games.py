"""A returning visitor finds their seat under "My games" in the lobby, with whose
turn it is, and can share a seat this browser holds with a link."""

from __future__ import annotations

import httpx

from tests.web.conftest import PHONE, screenshot
from tests.web.helpers import create_in_lobby


def test_a_returning_visitor_finds_the_seat_under_my_games(web_server, contexts):
    base = web_server.url
    watched = contexts(PHONE)
    page = watched.page()
    created = create_in_lobby(page, base, "architectura", 2, {}, ["human", "human"], seed=31,
                              names={0: "Ada", 1: "Bo"})
    gid = created["id"]
    page.goto(base + created["links"][0])  # Ada opens her seat, then closes the tab
    page.wait_for_selector("body[data-live]")
    page.close()
    lobby = watched.page()
    lobby.goto(base + "/")
    lobby.reload()
    row = lobby.locator(f"[data-my-game='{gid}']")
    row.wait_for()
    public = httpx.get(f"{base}/api/games/{gid}").json()
    now = row.locator(f"[data-now='{gid}']").inner_text()
    assert now == ("your turn" if 0 in public["to_act"] else "waiting for Bo"), now
    # Bo's seat, held by this browser but never opened here, can be shared with a link
    share = row.locator(f"[data-share='{gid}:1']")
    assert "Bo" in share.inner_text()
    share.click()
    lobby.wait_for_function(
        f"""() => {{ const b = document.querySelector("[data-share='{gid}:1']");
                     return !b || b.textContent.includes('copied'); }}""")
    if lobby.locator(f"[data-share='{gid}:1']").count() == 0:  # no clipboard: shown instead
        assert created["links"][1] in row.locator(".share-link").inner_text()
    screenshot(lobby, "lobby-my-games-phone")
    assert lobby.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1
    lobby.click(f"[data-my-seat='{gid}:0']")
    lobby.wait_for_selector(".status-bar h1")
    assert "You play Ada" in lobby.inner_text(".status-bar")
