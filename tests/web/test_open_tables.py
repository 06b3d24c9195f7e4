"""An open table in the lobby: one account opens it in one browser, a second account
in another browser finds it under "Open tables" and takes the open seat, and the
table starts; names made of markup are shown as text."""

from __future__ import annotations

import secrets

from tests.web.conftest import LAPTOP, PHONE, screenshot

PASSWORD = "lantern quarry violet"


def sign_up(page, base: str, name: str) -> None:
    """An account for this browser context (the page's requests share its cookies)."""
    r = page.request.post(base + "/api/account/signup", data={"name": name, "password": PASSWORD})
    assert r.ok, r.text()


def test_an_open_table_is_filled_by_a_second_account_from_the_lobby(web_server, contexts):
    base = web_server.url
    ada_name = f"<b>ada</b>{secrets.token_hex(2)}"
    bob_name = f"<script>window.y=1</script>{secrets.token_hex(2)}"
    ada = contexts(LAPTOP).page()
    sign_up(ada, base, ada_name)
    ada.goto(base + "/")
    ada.wait_for_selector("#open-table-form:not([hidden])")
    # This server sends no e-mail: the turn e-mail form says so instead of asking.
    ada.wait_for_selector("#turn-email p")
    assert "sends no e-mail" in ada.inner_text("#turn-email")
    ada.select_option("#table-game", "architectura")
    ada.select_option("#table-players", "2")
    ada.select_option("#table-pace", "turns")
    ada.select_option("#table-unit", "hours")
    ada.fill("#table-per-move", "20")
    ada.click("#open-table-button")
    ada.wait_for_url("**/play/**")
    gid = ada.url.split("/play/")[1].split("?")[0]

    bob = contexts(PHONE).page()
    bob.goto(base + "/")
    bob.wait_for_selector(f"[data-open-table='{gid}']")
    assert bob.is_disabled(f"[data-join-table='{gid}']")  # a guest cannot take a seat
    sign_up(bob, base, bob_name)
    bob.goto(base + "/")
    row = bob.locator(f"[data-open-table='{gid}']")
    row.wait_for()
    assert row.locator("[data-seat-name='0']").inner_text() == ada_name  # as text
    assert row.locator("[data-seat-name='1']").inner_text() == "open seat"
    assert "20 h per move" in row.inner_text()
    assert bob.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1
    screenshot(bob, "lobby-open-tables-phone")
    bob.click(f"[data-join-table='{gid}']")
    bob.wait_for_url(f"**/play/{gid}?token=*")
    bob.wait_for_selector("body[data-live]")
    view = bob.request.get(f"{base}/api/games/{gid}").json()
    assert [s["name"] for s in view["seats"]] == [ada_name, bob_name]
    assert all("open" not in s for s in view["seats"])  # full: the table started
    assert bob.evaluate("window.y") is None
    assert bob.locator("script:has-text('window.y')").count() == 0

    ada.goto(base + "/")
    ada.wait_for_selector("#open-tables ul, #open-tables p")
    assert ada.locator(f"[data-open-table='{gid}']").count() == 0  # no longer open
